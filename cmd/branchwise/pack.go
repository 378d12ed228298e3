package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/polyform"
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
	maxTime                           time.Duration
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
--checkpoint or --resume counts in subtrees (docs/distributed.md).`,
		Example: `  branchwise pack pentomino-8x8 --count --unique -j 2
  branchwise pack board.txt --pieces "L*2,P*0-2,Y*0-2,U*0-1" --count`,
		Args: argsUsage(cobra.ExactArgs(1)),
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
	fs.DurationVar(&f.maxTime, "max-time", 0, "stop the search after this long, e.g. 60s, with partial counts (0: no limit)")
	fs.StringVar(&f.dlx, "dlx", "", "write the exact cover problem (with --unique: restricted) in Knuth's DLX format to this file and stop")
	fs.BoolVar(&f.spec.LargestRegion, "largest-region", false, "with --dead-regions: test the largest empty region only, as Korekawa et al.'s program does")
	fs.BoolVar(&f.spec.PieceCut, "piece-cut", false, "with --cells-only on the bitboard kernel: end a path where a piece left has no placement left")
	fs.BoolVar(&f.spec.ColourCut, "colour-cut", false, "with --dead-regions on the bitboard kernel: also cut a region whose cells of one colour the pieces left cannot match")
	fs.IntVar(&f.problem, "problem", 1, "the problem of a BurrTools .xmpuzzle file, from 1")
	fs.BoolVar(&f.color, "color", false, "colour the pictures (the default when standard output is a terminal)")
	cliflag.AddJSON(fs, &f.asJSON)
	cliflag.AddWorkers(fs, &f.workers)
	addShardFlags(fs, &f.shard)
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
	var pk *polyform.Packing
	burr := polyform.IsBurrFile(arg)
	if burr {
		pk, err = loadBurr(e, arg, f.problem)
	} else {
		pk, err = polyform.Load(arg, f.spec.Pieces)
	}
	if err != nil {
		return err
	}
	if pk.Ranges != nil && f.unique {
		return usagef("--unique restricts one piece, which copies and ranges rule out: use --count, which counts the unique solutions too")
	}
	pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly, pk.ColourCut = f.spec.CellsOnly, f.spec.DeadRegions, f.spec.LargestRegion, f.spec.ColourCut
	pk.PieceCut = f.spec.PieceCut
	ctx, cancel := cliflag.Context(e.ctx, search.Limits{MaxTime: f.maxTime})
	defer cancel()
	if shardActive(f.shard) {
		switch {
		case pk.Ranges != nil || burr:
			return usagef("--split-depth, --shard, --checkpoint and --resume walk Algorithm C's tree: not for copies and ranges of pieces or .xmpuzzle files")
		case !f.count:
			return usagef("--split-depth, --shard, --checkpoint and --resume are for --count")
		}
		f.spec.Puzzle, f.spec.Symmetry = arg, f.unique
		return runSharded(e, ctx, f.spec, f.shard, shard.NoDepthLimit, f.workers, f.asJSON)
	}
	pk.Engine, pk.FirstEmpty = engine, firstEmpty
	if err := pk.CheckEngine(); err != nil {
		return fmt.Errorf("%s: %v", arg, err)
	}
	if f.burr.disassemble {
		return runDisassemble(e, ctx, arg, f, pk, strat)
	}
	if f.dlx != "" {
		prob := pk.Problem()
		if f.unique {
			prob = pk.RestrictedProblem(pk.Restrict())
		}
		return cliflag.CreateFile(f.dlx, prob.WriteDLX)
	}
	if cliflag.IsTerminal(e.stdout) && os.Getenv("NO_COLOR") == "" {
		f.color = true
	}
	o := polyform.RunOptions{Name: arg, StrategyName: f.spec.Strategy, Strategy: strat, Workers: f.workers,
		All: f.all, Unique: f.unique, Stats: f.stats, KeepShown: f.asJSON}
	o.Choose, o.FixedDead = auto && f.count && pk.AutoApplies(), f.fixedDead
	var rep polyform.Report
	if f.count {
		rep = packCount(e, ctx, pk, o)
	} else if rep, err = packList(e, ctx, pk, o, f); err != nil {
		return err
	}
	return outputDone(e, f.asJSON, &rep)
}

// packList prints the first solution, or all, or one of each class, and
// draws them with --svg.
func packList(e *env, ctx context.Context, pk *polyform.Packing, o polyform.RunOptions, f packFlags) (polyform.Report, error) {
	pics := polyform.NewPictures(pk.Board, o.Name)
	shown := 0
	o.Show = func(labels []string) {
		if !f.asJSON {
			if shown > 0 || f.all {
				fmt.Fprintln(e.stdout)
			}
			writeRows(e.stdout, pk.Board.Rows(labels), f.color)
		}
		shown++
		pics.Add(labels)
	}
	rep := pk.List(ctx, o)
	if f.svg != "" {
		return rep, cliflag.CreateFile(f.svg, pics.WriteSVG)
	}
	return rep, nil
}

// writeRows prints a solution's rows, in colour on a terminal.
func writeRows(w io.Writer, rows []string, color bool) {
	if color {
		render.WriteANSI(w, rows)
		return
	}
	for _, row := range rows {
		fmt.Fprintln(w, row)
	}
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

// loadBurr reads problem k (from 1) of a BurrTools .xmpuzzle file and
// says on stderr what of it branchwise leaves out.
func loadBurr(e *env, file string, k int) (*polyform.Packing, error) {
	pz, err := polyform.OpenBurr(file)
	if err != nil {
		return nil, err
	}
	if k < 1 || k > len(pz.Problems) {
		return nil, usagef("--problem %d: %s has problems 1 to %d", k, file, len(pz.Problems))
	}
	pk, err := pz.Packing(k - 1)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	fmt.Fprint(e.stderr, pz.About(file, k-1))
	return pk, nil
}

// uniqueHintNodes is the estimated tree size from which pack --count
// suggests --unique: below it the count takes seconds anyway.
const uniqueHintNodes = 1e8

// packCount counts all and unique solutions on the workers. On a terminal
// it first estimates the search's size by a second of Knuth's probes, and
// shows the nodes searched, the solutions and the time left as it goes.
func packCount(e *env, ctx context.Context, pk *polyform.Packing, o polyform.RunOptions) polyform.Report {
	prog := cliflag.NewProgress(e.stderr)
	var done atomic.Int64
	var est float64
	if prog.Enabled && !o.Unique && pk.Ranges == nil { // the estimator walks Algorithm C's tree
		est = pk.EstimateNodes(ctx, o.Strategy, o.Workers, time.Second)
		fmt.Fprintf(e.stderr, "%s: about %s nodes to search (estimated)\n", o.Name, cliflag.Estimate(est))
		if n := len(pk.Symmetries()); n > 1 && est >= uniqueHintNodes {
			fmt.Fprintf(e.stderr, "%s: hint: --count --unique gives the same counts from a search up to %d times smaller (one solution of each symmetry class)\n", o.Name, n)
		}
	}
	start := time.Now()
	var all, uniq int64
	show := func() {
		n, elapsed := done.Load(), time.Since(start)
		prog.Printf("%s: %s solutions, %s unique, %s nodes, %s%s", o.Name, cliflag.Count(all), cliflag.Count(uniq), cliflag.Count(n), elapsed.Round(time.Second), estimate.TimeLeft(est, float64(n), elapsed))
	}
	var mu sync.Mutex // for all, uniq and prog: Found and Progress come from several workers
	o.Found = func(a, u int64) {
		mu.Lock()
		defer mu.Unlock()
		all, uniq = a, u
		show()
	}
	if prog.Enabled {
		pk.Progress = func(n int64) {
			done.Add(n)
			mu.Lock()
			defer mu.Unlock()
			show()
		}
	}
	rep := pk.CountAll(ctx, o)
	prog.Done()
	return rep
}
