package main

import (
	"io"
	"strings"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/puzzles/polyform/disassembly"
	"github.com/branchwise/branchwise/render"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func init() { register(newPackCmd) }

type packFlags struct {
	spec                              polyform.CountSpec
	engine, svg, dlx                  string
	first, count, all, unique, asJSON bool
	stats, color                      bool
	workers, problem                  int
	fixedDead                         bool // --dead-regions given: strategy auto keeps it
	shard                             shard.CountJob
	lim                               search.Limits // --max-time, --max-mem
	burr                              burrFlags
}

func newPackCmd(e *env) *cobra.Command {
	var f packFlags
	c := &cobra.Command{
		Use:   "pack NAME|BOARDFILE|FILE.xmpuzzle",
		Short: "Packing puzzles: first solution, all solutions, or counts, with pictures",
		Long: `Pack pieces into a board by exact cover, branching on the cell or piece with
the fewest remaining placements (docs/pack.md).

NAME is a built-in puzzle: ` + strings.Join(polyform.NamedPuzzles(), ", ") + `.
A BOARDFILE draws a board in text ('.' a cell; headers "grid:", "pieces:");
a BurrTools .xmpuzzle file gives the board and pieces of --problem N.
--pieces names a set (` + strings.Join(polyform.SetNames(), ", ") + `),
picks pieces of the puzzle's set by letter, or lists copies and ranges
("L*2,T,I*0-1").

--first (the default) prints one solution, --all every one, --count counts
all and the unique ones (rotations and reflections removed); --unique
searches one solution per class. --count with --split-depth, --shard,
--checkpoint, --resume or --subtree counts in subtrees (docs/distributed.md).`,
		Example: `  branchwise pack pentomino-8x8 --count --unique -j 2
  branchwise pack board.txt --pieces "L*2,P*0-2,Y*0-2,U*0-1" --count`,
		Args: cliflag.ArgsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			f.fixedDead = c.Flags().Changed("dead-regions")
			return runPackCmd(e, args[0], f)
		},
	}
	fs := c.Flags()
	fs.StringVar(&f.spec.Pieces, "pieces", "", "a piece set by name, or pieces of the puzzle's set by letter")
	fs.BoolVar(&f.first, "first", false, "print the first solution (the default)")
	fs.BoolVar(&f.count, "count", false, "count all solutions and the unique ones")
	fs.BoolVar(&f.all, "all", false, "print every solution")
	fs.BoolVar(&f.unique, "unique", false, "only solutions that are not a rotation or reflection of another")
	addEngineFlags(fs, &f.engine, &f.spec.Strategy, polyform.StrategyAuto)
	fs.StringVar(&f.svg, "svg", "", "draw the solutions found to this SVG file")
	fs.BoolVar(&f.stats, "stats", false, "print nodes and mean minimum branching factor per depth")
	fs.BoolVar(&f.spec.CellsOnly, "cells-only", false, "branch on cells only, never on pieces")
	fs.BoolVar(&f.spec.DeadRegions, "dead-regions", false, "cut nodes with an empty region no remaining pieces fill")
	fs.DurationVar(&f.lim.MaxTime, "max-time", 0, "stop the search after this long, e.g. 60s, with partial counts (0: no limit)")
	cliflag.AddMaxMem(fs, &f.lim)
	fs.StringVar(&f.dlx, "dlx", "", "write the exact cover problem (with --unique: restricted) in Knuth's DLX format to this file and stop")
	fs.BoolVar(&f.spec.LargestRegion, "largest-region", false, "with --dead-regions: test the largest empty region only, as Korekawa et al.'s program does")
	fs.BoolVar(&f.spec.PieceCut, "piece-cut", false, "with --cells-only on the bitboard kernel: end a path where a piece left has no placement left")
	fs.BoolVar(&f.spec.ColourCut, "colour-cut", false, "with --dead-regions on the bitboard kernel: also cut a region whose cells of one colour the pieces left cannot match")
	fs.IntVar(&f.problem, "problem", 1, "the problem of a BurrTools .xmpuzzle file, from 1")
	fs.BoolVar(&f.color, "color", false, "colour the pictures (the default when standard output is a terminal)")
	cliflag.AddJSON(fs, &f.asJSON)
	cliflag.AddWorkers(fs, &f.workers)
	addShardFlags(fs, &f.shard)
	fs.StringVar(&f.spec.Subtree, "subtree", "", "with --count: count only the subtree below this path of child numbers from the root, e.g. 3,7,120,5, in subtrees (--split-depth below it)")
	addBurrFlags(fs, &f.burr)
	return c
}

func runPackCmd(e *env, arg string, f packFlags) error {
	if f.first && f.count || f.first && f.all || f.count && f.all {
		return usagef("--first, --count and --all exclude each other")
	}
	// Strategy auto chooses a count's rule by estimation below; listings,
	// shards (whose machines must walk one tree: --strategy names it) and
	// --dlx use fewest.
	auto := f.spec.Strategy == polyform.StrategyAuto
	if auto {
		f.spec.Strategy = "fewest"
	}
	engine, strat, firstEmpty, err := polyform.ParseEngineStrategy(f.engine, f.spec.Strategy)
	if err != nil {
		return err
	}
	f.spec.Puzzle = arg
	pk, burr, err := f.spec.Open(f.problem, e.stderr)
	if err != nil {
		return err
	}
	ctx, cancel := cliflag.HeapBound(e.ctx, f.lim)
	defer cancel()
	if f.shard.Split() || f.spec.Subtree != "" {
		if err := pk.CheckSplit(burr, f.count); err != nil {
			return err
		}
		f.spec.Symmetry = f.unique
		return runSharded(e, ctx, f.spec, f.shard, shard.NoDepthLimit, f.workers, f.asJSON)
	}
	if err := pk.UseEngine(arg, engine, firstEmpty); err != nil {
		return err
	}
	if f.burr.disassemble {
		o := disassembly.Options{Strategy: strat, Limits: search.Limits{MaxNodes: int64(f.burr.maxNodes)}}
		return disassembly.WriteFile(ctx, e.stdout, arg, f.problem-1, pk, o, f.burr.minLevel)
	}
	if f.dlx != "" {
		return cliflag.CreateFile(f.dlx, func(w io.Writer) error { return pk.WriteDLX(w, f.unique) })
	}
	f.color = f.color || cliflag.Colour(e.stdout)
	o := polyform.RunOptions{Name: arg, StrategyName: f.spec.Strategy, Strategy: strat, Workers: f.workers,
		All: f.all, Unique: f.unique, Stats: f.stats, KeepShown: f.asJSON}
	o.Choose, o.FixedDead = auto && f.count && pk.AutoApplies(), f.fixedDead
	var rep polyform.Report
	if f.count {
		prog := cliflag.NewProgress(e.stderr)
		rep = pk.CountWatched(ctx, o, polyform.CountWatch{Notes: e.stderr, Printf: prog.Func()})
		prog.Done()
	} else {
		var list *render.Listing
		if !f.asJSON {
			list = &render.Listing{W: e.stdout, Lead: f.all, Color: f.color}
		}
		var pics *polyform.Pictures
		if rep, pics = pk.ListDrawn(ctx, o, list); f.svg != "" {
			if err := cliflag.CreateFile(f.svg, pics.WriteSVG); err != nil {
				return err
			}
		}
	}
	return outputDone(e, f.asJSON, &rep)
}

// addEngineFlags declares --engine and --strategy of pack and estimate
// (polyform.ParseEngineStrategy reads them).
func addEngineFlags(fs *pflag.FlagSet, engine, strategy *string, def string) {
	fs.StringVar(engine, "engine", "auto", "search engine: auto (the bitboard kernel where it applies), bitboard or xcover (dancing links)")
	usage := "item choice: fewest, fixed, sorted, or first-empty (bitboard only: the first empty cell along the short side, the scarcest piece first)"
	if def == polyform.StrategyAuto {
		usage += "; auto: for --count, the rule (first-empty or fewest, with or without --dead-regions) that a short estimate predicts fastest, on one solution of each symmetry class; otherwise fewest"
	}
	fs.StringVar(strategy, "strategy", def, usage)
}

// burrFlags are pack's flags for BurrTools' disassembly.
type burrFlags struct {
	disassemble bool
	minLevel    int
	maxNodes    int
}

func addBurrFlags(fs *pflag.FlagSet, f *burrFlags) {
	fs.BoolVar(&f.disassemble, "disassemble", false, "a .xmpuzzle file: count assemblies and solutions (those that come apart), with their levels, as BurrTools does")
	fs.IntVar(&f.minLevel, "min-level", 0, "with --disassemble: print the solutions whose first level is at least this, with their moves")
	cliflag.CountVar(fs, &f.maxNodes, "max-positions", 0, "with --disassemble: at most this many positions per breadth-first search (0: no limit)")
}
