package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/cobra"
)

func newTilesKorfCmd(e *env) *cobra.Command {
	var f tilesFlags
	var which string
	var lf ledgerFlags
	var workers int
	c := &cobra.Command{
		Use:   "korf100 [flags]",
		Short: "Run Korf's 100 fifteen-puzzles and compare with the published results",
		Long: `Run Korf's 100 random fifteen-puzzle instances (Korf 1985) on -j workers, one
instance per worker at a time, and print per instance the length found, the
optimal length, generated and expanded nodes and the time, then the totals.

With the default --algo ida --heuristic md, the lengths must equal the
optimal ones (sum 5305) and the generated nodes Korf's counts (36,302,807,931
in all, without the roots); a difference is reported and makes the exit
status 1. With other algorithms (e.g. --algo wastar --weight 1.8 --max-mem
4GB) the summary gives the instances solved, the mean nodes expanded and the
mean length relative to the optimum.`,
		Example: `  branchwise tiles korf100 --instances 1-10
  branchwise tiles korf100 -j 2 --json > korf100.json
  branchwise tiles korf100 --algo wastar --weight 1.8 --max-mem 4GB`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			opt, err := f.options()
			if err != nil {
				return err
			}
			sel, err := parseSelection(which, len(tiles.Korf100()))
			if err != nil {
				return err
			}
			if workers < 1 {
				return usagef("-j must be at least 1")
			}
			f.lim.setGCLimit(workers)
			ctx, cancel := f.lim.context(e.ctx)
			defer cancel()
			f.learn(ctx, e, &opt)
			if err := f.pdb.load(ctx, e, f.heuristic, int64(f.lim.MaxMem)); err != nil {
				return err
			}
			opt.PDB, opt.Workers = f.pdb.h, f.pdb.workers
			spec := fmt.Sprintf("tiles korf100 --algo %s --heuristic %s --weight %v --increment %d --dedup %s --fsm %d --max-nodes %d --max-mem %d",
				f.algo, f.heuristic, f.weight, f.increment, f.store, f.fsmLen, f.lim.MaxNodes, f.lim.MaxMem)
			slot, err := lf.slot()
			if err != nil {
				return err
			}
			mine := sel[:0:0]
			for j, n := range sel {
				if j%slot.N == slot.I {
					mine = append(mine, n)
				}
			}
			sel = mine
			ledger, err := lf.open(spec)
			if err != nil {
				return err
			}
			resumed, err := korfResumed(ledger)
			if err != nil {
				return err
			}
			prog := newProgress(e)
			done, nodes := len(resumed), int64(0)
			start := time.Now()
			var ledgerErr error
			res, err := tiles.RunKorf100(ctx, tiles.Korf100Options{Solve: opt, Instances: sel, Workers: workers, Resumed: resumed,
				Done: func(r tiles.KorfRun) {
					done, nodes = done+1, nodes+r.Generated
					prog.Printf("korf100: %d/%d instances done, %.3g nodes, %s", done, len(sel), float64(nodes), time.Since(start).Round(time.Second))
					// An instance the time limit stopped runs again on resume.
					if ledger != nil && ledgerErr == nil && (r.Status != "stopped" || ctx.Err() == nil) {
						ledgerErr = ledger.Add(r.Index, r)
					}
				}})
			prog.Done()
			if err := closeLedger(e, ledger, ledgerErr, ctx.Err() != nil); err != nil {
				return err
			}
			if err != nil {
				return err
			}
			if f.asJSON {
				err = writeJSON(e.stdout, res)
			} else {
				printKorf(e, &res)
			}
			switch {
			case err != nil:
				return err
			case res.Interrupted:
				return errInterrupted
			case res.CheckCounts && res.Matches != len(res.Runs):
				return fmt.Errorf("%d of %d instances differ from the published lengths or node counts", len(res.Runs)-res.Matches, len(res.Runs))
			}
			return nil
		},
	}
	f.add(c)
	f.pdb.add(c.Flags(), false)
	c.Flags().StringVar(&which, "instances", "1-100", "instances to run: numbers and ranges, e.g. 1,3,60 or 1-10")
	lf.add(c.Flags(), "instance")
	addWorkersFlag(c.Flags(), &workers)
	return c
}

// korfResumed reads the runs a checkpoint holds.
func korfResumed(l *shard.Ledger) (map[int]tiles.KorfRun, error) {
	resumed := map[int]tiles.KorfRun{}
	if l == nil {
		return resumed, nil
	}
	for i, raw := range l.Done() {
		var r tiles.KorfRun
		if err := json.Unmarshal(raw, &r); err != nil || r.Index != i {
			l.Close()
			return nil, fmt.Errorf("%s: instance %d: not a Korf run", l.Name(), i)
		}
		resumed[i] = r
	}
	return resumed, nil
}

// parseSelection parses "1,3,5-9" into sorted instance numbers in 1..n.
func parseSelection(s string, n int) ([]int, error) {
	var out []int
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err1 := strconv.Atoi(lo)
		b := a
		var err2 error
		if isRange {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || a < 1 || b > n || a > b {
			return nil, usagef("--instances %q: want numbers or ranges within 1-%d, e.g. 1,3,60 or 1-10", s, n)
		}
		for i := a; i <= b; i++ {
			if !seen[i] {
				seen[i] = true
				out = append(out, i)
			}
		}
	}
	return out, nil
}

func printKorf(e *env, s *tiles.Korf100Result) {
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tstatus\tlength\toptimal\tgenerated\texpanded\tseconds\t")
	for _, r := range s.Runs {
		mark := ""
		if s.CheckCounts && !r.MatchesPublished {
			mark = fmt.Sprintf("  differs (Korf: %d)", r.KorfGenerated)
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t%.2f\t%s\n", r.Index, r.Status, r.Length, r.Optimal, r.Generated, r.Expanded, r.Seconds, mark)
	}
	tw.Flush()
	fmt.Fprintf(e.stdout, "\n%s", s.Algorithm)
	if s.Weight != 0 {
		fmt.Fprintf(e.stdout, " (mu = %g)", s.Weight)
	}
	fmt.Fprintf(e.stdout, ", heuristic %s, %d workers\n", s.Heuristic, s.Workers)
	fmt.Fprintf(e.stdout, "solved          %d of %d (%d run)\n", s.Solved, s.Instances, len(s.Runs))
	fmt.Fprintf(e.stdout, "optimal length  %d of %d solved; sum of lengths %d, of optima %d; mean ratio %.4f\n", s.Optimal, s.Solved, s.SumLength, s.SumOptimal, s.MeanLengthRatio)
	if s.CheckCounts {
		fmt.Fprintf(e.stdout, "published       %d of %d match Korf's length and generated-node count\n", s.Matches, len(s.Runs))
	}
	fmt.Fprintf(e.stdout, "generated       %d (%.3g nodes/s over %.1f s wall, %.1f s CPU)\n", s.Generated, s.NodesPerSecond, s.WallSeconds, s.CPUSeconds)
	if s.Resumed > 0 {
		fmt.Fprintf(e.stdout, "resumed         %d instances from the checkpoint (the rate is this run's)\n", s.Resumed)
	}
	fmt.Fprintf(e.stdout, "expanded        %d (mean %.4g per instance)\n", s.Expanded, s.MeanExpanded)
}
