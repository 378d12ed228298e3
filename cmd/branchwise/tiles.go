package main

import (
	"context"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"os"
	"strings"
	"time"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func init() { register(newTilesCmd) }

func newTilesCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "tiles",
		Short: "Sliding-tile puzzles: solve instances, run Korf's 100",
		Long: `Sliding-tile puzzles from 2x2 to 8x8. A board is its tiles row-major, 0 the
blank; the default goal is Korf's (blank top-left, tile t in cell t); moves
are the blank's: U(p), L(eft), R(ight), D(own). docs/tiles.md.`,
	}
	c.AddCommand(newTilesSolveCmd(e), newTilesKorfCmd(e), newTilesRandomCmd(e), newTilesKorf24Cmd(e))
	return c
}

// tilesFlags are the search settings shared by the tiles commands, bound
// to the library's options where they have a field there.
type tilesFlags struct {
	opt    tiles.SolveOptions
	setup  tiles.Setup
	asJSON bool
	lim    search.Limits
	pdb    tilesPDB
}

func (f *tilesFlags) add(c *cobra.Command) {
	fs := c.Flags()
	fs.StringVar(&f.opt.Algorithm, "algo", "ida", "search algorithm: "+strings.Join(search.Names(), ", "))
	fs.Float64Var(&f.opt.Weight, "weight", 1.8, "mu of --algo wastar (f = g + mu*h)")
	fs.IntVar(&f.opt.Increment, "increment", 2, "bound increment of --algo dfid")
	fs.StringVar(&f.setup.Heuristic, "heuristic", "md", "md or manhattan (Manhattan distance), lc (with linear conflicts), or a pattern database: "+strings.Join(tiles.PartitionNames(), ", "))
	fs.StringVar(&f.opt.Store, "dedup", "hash", "duplicate store of the graph searches: hash or trie")
	fs.IntVar(&f.setup.FSMLen, "fsm", 0, "prune depth-first searches with a learned FSM of duplicate move strings up to this length")
	cliflag.AddJSON(fs, &f.asJSON)
	cliflag.AddLimits(fs, &f.lim)
}

// options checks the flags and returns the search's options.
func (f *tilesFlags) options() (tiles.SolveOptions, error) {
	o := f.opt
	o.Limits = f.lim
	o.MaxTime = 0 // the command's context's (cliflag.Context), for the whole run
	f.setup.Workers = f.pdb.workers
	return f.setup.Check(o)
}

// start readies a search within the limits (tiles.Setup.Apply): the
// context of --max-time and Ctrl-C (cancel it when done), the FSM of --fsm
// (a limit leaves the automaton learned so far, with a note on standard
// error) and the pattern databases. gcShare is the limits' share of the
// heap's goal (search.Limits.SetGCLimit).
func (f *tilesFlags) start(e *env, o *tiles.SolveOptions, gcShare int) (context.Context, context.CancelFunc, error) {
	ctx, cancel := cliflag.Bound(e.ctx, f.lim, gcShare)
	s, err := f.pdb.setup(e, f.setup, f.lim.MaxMem)
	if err == nil {
		s.Learn, s.Note = heapLimited, func(note string) { fmt.Fprintln(e.stderr, "branchwise: "+note) }
		err = s.Apply(ctx, o)
	}
	if err != nil {
		cancel()
		return nil, nil, err
	}
	return ctx, cancel, nil
}

func newTilesSolveCmd(e *env) *cobra.Command {
	var f tilesFlags
	var size, goalText string
	c := &cobra.Command{
		Use:   "solve [flags] INSTANCE|FILE|korf:N",
		Short: "Solve sliding-tile instances, optimally by default (IDA*, Manhattan distance)",
		Long: `Solve one instance (its tiles, quoted or as separate arguments), every
instance of a file (one per line, optionally indexed as in Korf's files), or
korf:N, Korf's fifteen-puzzle N (1..100). Prints the moves, the length, the
nodes and the time. --algo ida with --heuristic md runs the specialised IDA*
(Korf's counting conventions); other algorithms the engines of package search.`,
		Example: `  branchwise tiles solve korf:12 --json
  branchwise tiles solve --size 3x4 "1 2 3 0 4 5 6 7 8 9 10 11"`,
		Args: cliflag.ArgsUsage(cobra.MinimumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			opt, err := f.options()
			if err != nil {
				return err
			}
			insts, err := tiles.ReadSized(args, size)
			if err != nil {
				return err
			}
			ctx, cancel, err := f.start(e, &opt, 1)
			if err != nil {
				return err
			}
			defer cancel()
			prog := cliflag.NewProgress(e.stderr)
			sols, err := tiles.SolveAll(ctx, insts, tiles.SolveAllOptions{Solve: opt, Interrupt: e.ctx, Done: prog.Done, GoalText: goalText, Printf: prog.Func()})
			if err != nil {
				return err
			}
			return outputDone(e, f.asJSON, sols)
		},
	}
	f.add(c)
	f.pdb.add(c.Flags(), true)
	c.Flags().StringVar(&size, "size", "", "board size RxC (default: square, from the tile count)")
	c.Flags().StringVar(&goalText, "goal", "", "goal board (default: blank top-left, tile t in cell t)")
	return c
}

func newTilesRandomCmd(e *env) *cobra.Command {
	var size string
	var seed int64
	var count, walk int
	c := &cobra.Command{
		Use:   "random [flags]",
		Short: "Print random solvable instances, reproducibly from a seed",
		Long: `Print random instances that can reach Korf's goal, one per line as "tiles
solve FILE" reads them: uniform among the solvable boards, or with --walk N
the end of a random walk of N blank moves from the goal.`,
		Example: `  branchwise tiles random --size 3x3 --count 200 --seed 1 > eight.txt`,
		Args:    cliflag.ArgsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			return tiles.WriteRandom(e.stdout, size, count, walk, seed)
		},
	}
	c.Flags().StringVar(&size, "size", "4x4", "board size RxC")
	c.Flags().IntVar(&count, "count", 1, "number of instances")
	c.Flags().IntVar(&walk, "walk", 0, "make each instance by a random walk of this many moves from the goal")
	cliflag.AddSeed(c.Flags(), &seed)
	return c
}

func newTilesKorfCmd(e *env) *cobra.Command {
	var f tilesFlags
	var which string
	var lf shard.Checkpointing
	var workers int
	c := &cobra.Command{
		Use:   "korf100 [flags]",
		Short: "Run Korf's 100 fifteen-puzzles and compare with the published results",
		Long: `Run Korf's 100 fifteen-puzzles (Korf 1985) on -j workers and print per
instance the length found and the optimal one, the nodes and the time, then
the totals. With --algo ida --heuristic md the lengths must be optimal (sum
5305) and the nodes Korf's (36,302,807,931): a difference makes the exit
status 1. With other algorithms the summary gives the instances solved and
the mean length relative to the optimum.`,
		Example: `  branchwise tiles korf100 --instances 1-10 -j 2`,
		Args:    cliflag.ArgsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			opt, err := f.options()
			if err != nil {
				return err
			}
			sel, err := cliflag.ParseSelection("instances", which, len(tiles.Korf100()))
			if err != nil {
				return err
			}
			ctx, cancel, err := f.start(e, &opt, workers)
			if err != nil {
				return err
			}
			defer cancel()
			run := tiles.Korf100Options{Solve: opt, Workers: workers}
			spec, err := run.LedgerSpec()
			if err != nil {
				return err
			}
			slot, ledger, err := lf.Start(spec, os.Getenv)
			if err != nil {
				return err
			}
			sel = shard.Keep(sel, slot)
			prog := cliflag.NewProgress(e.stderr)
			run.Instances, run.Ledger, run.Printf = sel, ledger, prog.Func()
			res, err := tiles.RunKorf100(ctx, run)
			prog.Done()
			if err := ledger.Finish(e.stderr, ctx.Err() != nil); err != nil {
				return err
			}
			if err != nil {
				return err
			}
			if err := cliflag.Output(e.stdout, f.asJSON, &res); err != nil {
				return err
			}
			if res.Status == search.Interrupted {
				return errInterrupted
			}
			return res.Err()
		},
	}
	f.add(c)
	f.pdb.add(c.Flags(), false)
	c.Flags().StringVar(&which, "instances", "1-100", "instances to run: numbers and ranges, e.g. 1,3,60 or 1-10")
	addLedgerFlags(c.Flags(), &lf, "instance")
	cliflag.AddWorkers(c.Flags(), &workers)
	return c
}

// tilesPDB is the pattern-database side of the tiles commands: the tables'
// cache, the reflected lookup, and the workers of the parallel IDA* on one
// instance.
type tilesPDB struct {
	pf        pdbFlags
	noReflect bool
	workers   int
}

func (t *tilesPDB) add(fs *pflag.FlagSet, solve bool) {
	t.pf.add(fs)
	fs.BoolVar(&t.noReflect, "no-reflect", false, "pattern databases: leave out the lookup of the board reflected about the diagonal")
	if solve {
		fs.IntVarP(&t.workers, "workers", "j", 1, "workers of the parallel IDA* on each instance (--algo ida with md or a pattern database)")
	} else {
		fs.IntVar(&t.workers, "solve-workers", 1, "workers of the parallel IDA* on each instance (with -j instances at once)")
	}
}

// setup returns s with the tables' settings: the cache, the reflection,
// the builds' progress line and memory, where the tables came from.
func (t *tilesPDB) setup(e *env, s tiles.Setup, maxMem int64) (tiles.Setup, error) {
	dir, err := t.pf.dir()
	s.Load = tiles.LoadOptions{Dir: dir, NoReflect: t.noReflect, Build: t.pf.options(e, 0, maxMem)}
	s.Built, s.Notes = t.pf.done, e.stderr
	return s, err
}

func newTilesKorf24Cmd(e *env) *cobra.Command {
	var t tilesPDB
	var which, heur, project string
	var o tiles.Korf24Options
	var asJSON bool
	c := &cobra.Command{
		Use:   "korf24 [flags]",
		Short: "Solve Korf and Felner's 50 twenty-four puzzles with the 6-6-6-6 pattern databases",
		Long: `Solve Korf and Felner's (2002) 50 twenty-four puzzles optimally by parallel
IDA* on -j workers with the 6-6-6-6 pattern databases and their reflection
(61 MB each), and compare with the published lengths. --max-time bounds the
whole run.`,
		Example: `  branchwise tiles korf24 --instances 1,25 -j 2`,
		Args:    cliflag.ArgsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			if project != "" {
				p, err := cliflag.ReadFile(project, os.Stdin, tiles.ReadKorf24Projection)
				if err != nil {
					return err
				}
				return cliflag.Output(e.stdout, asJSON, &p)
			}
			sel, err := cliflag.ParseSelection("instances", which, len(tiles.Korf24()))
			if err != nil {
				return err
			}
			ctx, cancel := cliflag.Context(e.ctx, o.Limits)
			defer cancel()
			if o.Workers < 1 {
				return usagef("workers must be at least 1")
			}
			s, err := t.setup(e, tiles.Setup{}, o.MaxMem)
			if err != nil {
				return err
			}
			if o.Heuristic, err = tiles.LoadHeuristic(ctx, heur, s.Load, s.Built, s.Notes); err != nil {
				return err
			}
			if o.Instances = sel; !asJSON {
				o.Log = e.stderr
			}
			prog := cliflag.NewProgress(e.stderr)
			o.Printf, o.Done = prog.Func(), func(tiles.Solution) { prog.Done() }
			res, err := tiles.RunKorf24(ctx, o)
			if err != nil {
				return err
			}
			if err := cliflag.Output(e.stdout, asJSON, &res); err != nil {
				return err
			}
			if err := res.Err(); err != nil {
				return err
			}
			return interrupted(e)
		},
	}
	fs := c.Flags()
	fs.StringVar(&which, "instances", "1-50", "instances to run: numbers and ranges, e.g. 1,3,25 or 1-10")
	fs.StringVar(&project, "project", "", "instead of running, project the stopped instances of this --json report's file (reports concatenated, - for stdin) to their published lengths")
	fs.StringVar(&heur, "heuristic", "pdb6666", "pattern databases: pdb6666 or pdb7755 (two 7-tile tables, 1.2 GB each)")
	t.pf.add(fs)
	fs.BoolVar(&t.noReflect, "no-reflect", false, "leave out the lookup of the board reflected about the diagonal")
	cliflag.AddWorkers(fs, &o.Workers)
	cliflag.AddJSON(fs, &asJSON)
	cliflag.AddLimits(fs, &o.Limits)
	return c
}

// pdbFlags are the pattern-database settings shared by tiles and rubik.
type pdbFlags struct {
	cacheDir string
	noCache  bool
	prog     *cliflag.Progress // the build's, from options
}

func (f *pdbFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&f.cacheDir, "cache-dir", "", "pattern-database cache directory (default $"+pdb.CacheEnv+", else branchwise under the user cache directory)")
	fs.BoolVar(&f.noCache, "no-cache", false, "build the pattern databases without reading or writing the cache")
}

func (f *pdbFlags) dir() (string, error) { return pdb.CacheDir(f.cacheDir, f.noCache) }

// options returns build options that show each layer on the progress line.
func (f *pdbFlags) options(e *env, workers int, maxMem int64) pdb.Options {
	prog := cliflag.NewProgress(e.stderr)
	f.prog = prog
	return pdb.Options{Workers: workers, Limits: search.Limits{MaxMem: maxMem}, Progress: func(l pdb.Layer) {
		prog.Printf("building pattern database: depth %d, %s of %s entries, %s", l.Depth, numfmt.Count(int64(l.Filled)), numfmt.Count(int64(l.Size)), l.Elapsed.Round(time.Second))
	}}
}

// done clears the build's progress line.
func (f *pdbFlags) done() { f.prog.Done() }
