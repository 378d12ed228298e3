package main

import (
	"context"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/search"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// tilesPDB is the pattern-database side of the tiles commands: the tables'
// cache, the reflected lookup, and the workers of the parallel IDA* on one
// instance.
type tilesPDB struct {
	pf        pdbFlags
	noReflect bool
	workers   int
	h         *tiles.PDBHeuristic
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

// load loads or builds the tables of heuristic name when it is a partition.
func (t *tilesPDB) load(ctx context.Context, e *env, name string, maxMem int64) error {
	if t.workers < 1 {
		return usagef("workers must be at least 1")
	}
	if _, ok := tiles.Partitions[name]; !ok {
		return nil
	}
	dir, err := t.pf.dir()
	if err != nil {
		return err
	}
	h, srcs, err := tiles.LoadPartition(ctx, name, tiles.LoadOptions{Dir: dir, NoReflect: t.noReflect,
		Build: t.pf.options(e, 0, maxMem)})
	newProgress(e).Done()
	if err != nil {
		return err
	}
	for i, s := range srcs {
		what := "loaded"
		if s.Built {
			what = "built"
		}
		if s.Rebuilt != nil {
			what = fmt.Sprintf("rebuilt (%v)", s.Rebuilt)
		}
		fmt.Fprintf(e.stderr, "pattern %v: %d entries, %d MB, %s in %.1f s %s\n", h.Patterns[i].Tiles(), h.Tables[i].Size(),
			h.Tables[i].Bytes()>>20, what, s.Elapsed.Seconds(), s.Path)
	}
	t.h = h
	return nil
}

// solve runs the parallel IDA* with the loaded tables, or with the
// Manhattan distance when none are.
func (t *tilesPDB) solve(ctx context.Context, p *tiles.Puzzle, maxNodes int64) search.Result {
	return tiles.ParallelIDA(ctx, p, tiles.ParallelOptions{Heuristic: t.h, Workers: t.workers, MaxNodes: maxNodes})
}

func newTilesKorf24Cmd(e *env) *cobra.Command {
	var t tilesPDB
	var which string
	var lim limits
	var asJSON bool
	c := &cobra.Command{
		Use:   "korf24 [flags]",
		Short: "Solve Korf and Felner's 50 twenty-four puzzles with the 6-6-6-6 pattern databases",
		Long: `Solve the 50 random twenty-four puzzles of Korf and Felner (2002) optimally by
parallel IDA* with the 6-6-6-6 additive pattern databases and their reflection
(127,512,000 entries each, 61 MB at 4 bits), one instance at a time on -j
workers, and compare the lengths with the published ones. --max-time bounds
the whole run; instances not finished are reported as stopped.`,
		Example: `  branchwise tiles korf24 --instances 1,25 -j 2`,
		Args:    argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			all := tiles.Korf24()
			sel, err := parseSelection(which, len(all))
			if err != nil {
				return err
			}
			ctx, cancel := lim.context(e.ctx)
			defer cancel()
			if err := t.load(ctx, e, "pdb6666", int64(lim.MaxMem)); err != nil {
				return err
			}
			var rows []tiles.Solution
			bad := 0
			for _, i := range sel {
				in := all[i-1]
				p, err := tiles.NewPuzzle(in.Board, tiles.Goal(5, 5), false)
				if err != nil {
					return err
				}
				start := time.Now()
				r := t.solve(ctx, p, lim.MaxNodes)
				s := tiles.Solution{Name: fmt.Sprint(in.Index), Board: in.Board.String(), Status: r.Status.String(),
					Length: r.Cost, Generated: r.Stats.Generated, Expanded: r.Stats.Expanded,
					Seconds: time.Since(start).Seconds(), Optimal: in.Optimal}
				for _, m := range r.Path {
					s.Moves += string(tiles.MoveLetters[m])
				}
				if r.Status == search.Stopped {
					s.Length, s.Reason = 0, r.Err.Error()
				} else if s.Length != in.Optimal {
					bad++
				}
				rows = append(rows, s)
				if !asJSON {
					fmt.Fprintf(e.stderr, "#%d %s length %d (published %d), %d nodes, %.1f s\n", in.Index, s.Status, s.Length, in.Optimal, s.Generated, s.Seconds)
				}
				if ctx.Err() != nil {
					break
				}
			}
			if asJSON {
				err = writeJSON(e.stdout, map[string]any{"instances": rows})
			} else {
				tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
				fmt.Fprintln(tw, "#\tstatus\tlength\tpublished\tgenerated\tseconds\t")
				for _, s := range rows {
					fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%.1f\t\n", s.Name, s.Status, s.Length, s.Optimal, s.Generated, s.Seconds)
				}
				tw.Flush()
			}
			switch {
			case err != nil:
				return err
			case bad > 0:
				return fmt.Errorf("%d instances differ from the published optimal lengths", bad)
			case e.ctx.Err() != nil:
				return errInterrupted
			}
			return nil
		},
	}
	fs := c.Flags()
	fs.StringVar(&which, "instances", "1-50", "instances to run: numbers and ranges, e.g. 1,3,25 or 1-10")
	t.pf.add(fs)
	fs.BoolVar(&t.noReflect, "no-reflect", false, "leave out the lookup of the board reflected about the diagonal")
	addWorkersFlag(fs, &t.workers)
	addJSONFlag(fs, &asJSON)
	addLimitFlags(fs, &lim)
	return c
}
