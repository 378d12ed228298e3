package main

import (
	"os"
	"time"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

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
			done, nodes, start := 0, int64(0), time.Now()
			done = len(ledger.Done())
			run.Instances, run.Ledger = sel, ledger
			run.Done = func(r tiles.KorfRun) {
				done, nodes = done+1, nodes+r.Generated
				prog.Printf("korf100: %d/%d instances done, %s nodes, %s", done, len(sel), cliflag.Count(nodes), time.Since(start).Round(time.Second))
			}
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
			if res.Interrupted {
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
	var which string
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
			if o.Heuristic, err = tiles.LoadHeuristic(ctx, "pdb6666", s.Load, s.Built, s.Notes); err != nil {
				return err
			}
			if o.Instances = sel; !asJSON {
				o.Log = e.stderr
			}
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
		prog.Printf("building pattern database: depth %d, %d of %d entries, %s", l.Depth, l.Filled, l.Size, l.Elapsed.Round(time.Second))
	}}
}

// done clears the build's progress line.
func (f *pdbFlags) done() { f.prog.Done() }
