package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/branchwise/branchwise/puzzles/gaps"
	"github.com/spf13/cobra"
)

func parseColumns(s string) (int, int, error) {
	a, b, found := strings.Cut(s, "..")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := lo, error(nil)
	if found {
		hi, err2 = strconv.Atoi(b)
	}
	if err1 != nil || err2 != nil || lo < gaps.MinCols || hi > gaps.MaxCols || lo > hi {
		return 0, 0, usagef("--columns %q: want K or K1..K2 within %d..%d", s, gaps.MinCols, gaps.MaxCols)
	}
	return lo, hi, nil
}

func newGapsSurveyCmd(e *env) *cobra.Command {
	var (
		seed            int64
		colText, algos  string
		store, decider  string
		deals, workers  int
		asJSON, verbose bool
		lim             limits
		lf              ledgerFlags
	)
	c := &cobra.Command{
		Use:   "survey --columns 4..9 --deals N [--seed S] [-j N] [flags]",
		Short: "Solvability of random deals per size, and nodes to the first solution per algorithm",
		Long: `For each number of columns k, decide N random deals (seeds S, S+1, ...,
S+N-1 of the generator of 'gaps deal') with the exhaustive decider, and print
the solvable, unsolvable and unknown counts with the solvable fraction and its
95% Wilson interval. Then run each algorithm of --algos on the deals found
solvable (Shintani's averages are over solvable deals) and print per
algorithm: deals solved within the limits, unknown, mean and median
generated nodes to the first solution, mean solution length, its ratio to the
optimum where astar (or dfid) ran and solved the deal, deadlocks rejected,
time. Limits (--max-nodes, --max-time, --max-mem) apply to each search; the
default --max-mem is 1GB per search. Deals run on -j workers.`,
		Example: `  branchwise gaps survey --columns 4..8 --deals 1000 -j 2
  branchwise gaps survey --columns 6..8 --deals 50 --algos astar,astar+dl,dfid,dfid+dl,bf1-1.8,bf1-1.8+dl,bf2,bf2+dl --max-nodes 1000000`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			lo, hi, err := parseColumns(colText)
			if err != nil {
				return err
			}
			if deals < 1 {
				return usagef("--deals must be at least 1")
			}
			var names []string
			if algos != "" {
				names = strings.Split(algos, ",")
			}
			for _, a := range names {
				if err := gaps.CheckAlgorithm(a); err != nil {
					return usageError{err}
				}
			}
			if decider != "decide" && decider != "decide-reach" {
				return usagef("--decider %q: want decide or decide-reach", decider)
			}
			if _, err := newStore(store); err != nil {
				return err
			}
			if lim.MaxMem == 0 {
				lim.MaxMem = 1 << 30
			}
			if workers < 1 {
				return usagef("-j must be at least 1")
			}
			lim.setGCLimit(workers)
			spec := fmt.Sprintf("gaps survey --columns %s --deals %d --seed %d --decider %s --algos %s --dedup %s --max-nodes %d --max-time %v --max-mem %d",
				colText, deals, seed, decider, algos, store, lim.MaxNodes, lim.MaxTime, lim.MaxMem)
			slot, err := lf.slot()
			if err != nil {
				return err
			}
			ledger, err := lf.open(spec)
			if err != nil {
				return err
			}
			var ledgerErr error
			prog := newProgress(e)
			var sizes []gaps.SurveyResult
			for k := lo; k <= hi && e.ctx.Err() == nil; k++ {
				// Deal i of size k is entry (k-lo)*deals+i of the ledger.
				first := (k - lo) * deals
				resumed := map[int]gaps.DealOutcome{}
				if ledger != nil {
					for j, raw := range ledger.Done() {
						var r gaps.DealOutcome
						if j >= first && j < first+deals && json.Unmarshal(raw, &r) == nil && r.Seed == uint64(seed)+uint64(j-first) {
							resumed[j-first] = r
						}
					}
				}
				done := len(resumed)
				sz := gaps.Survey(e.ctx, gaps.SurveyOptions{Columns: k, Seed: uint64(seed), Deals: deals, Workers: workers,
					Decider: decider, Algorithms: names, MaxTime: lim.MaxTime, Resumed: resumed,
					Keep:  func(i int) bool { return (first+i)%slot.N == slot.I },
					Solve: gaps.SolveOptions{MaxNodes: lim.MaxNodes, MaxMem: int64(lim.MaxMem), Store: store},
					Done: func(r gaps.DealOutcome) {
						done++
						prog.Printf("%d columns: %d/%d deals", k, done, deals)
						if verbose {
							printSurveyDeal(e, k, r)
						}
						if ledger != nil && ledgerErr == nil {
							ledgerErr = ledger.Add(first+int(r.Seed-uint64(seed)), r)
						}
					}})
				sizes = append(sizes, sz)
				if !asJSON {
					printSurveySize(e, sz)
				}
			}
			prog.Done()
			if err := ledger.Finish(e.stderr, e.ctx.Err() != nil); err != nil {
				return err
			}
			if asJSON {
				err = writeJSON(e.stdout, map[string]any{"seed": seed, "deals": deals, "sizes": sizes})
			}
			if err == nil && e.ctx.Err() != nil {
				err = errInterrupted
			}
			return err
		},
	}
	fs := c.Flags()
	addSeedFlag(fs, &seed)
	fs.StringVar(&colText, "columns", "4..8", "columns: K or K1..K2")
	fs.IntVar(&deals, "deals", 100, "deals per size")
	fs.StringVar(&algos, "algos", "priority1,priority2,dfs-aces-first,dfs-aces-last", "algorithms run on the solvable deals, comma-separated (empty: none)")
	fs.StringVar(&store, "dedup", "hash", "duplicate store: hash or trie")
	fs.StringVar(&decider, "decider", "decide", "decider: decide, or decide-reach (reachability test and forced moves)")
	fs.BoolVarP(&verbose, "verbose", "v", false, "print one line per deal on standard error")
	addWorkersFlag(fs, &workers)
	addJSONFlag(fs, &asJSON)
	addLimitFlags(fs, &lim)
	lf.add(fs, "deal")
	return c
}

func printSurveyDeal(e *env, k int, r gaps.DealOutcome) {
	v := r.Decision
	line := fmt.Sprintf("k=%d seed=%d %s nodes=%d len=%d %.3fs", k, r.Seed, v.Verdict, v.Generated, len(v.Path), v.Elapsed.Seconds())
	for _, o := range r.Runs {
		line += fmt.Sprintf(" %s:%s/%d", o.Algorithm, o.Verdict, o.Generated)
	}
	fmt.Fprintln(e.stderr, line)
}

func printSurveySize(e *env, sz gaps.SurveyResult) {
	fmt.Fprintf(e.stdout, "%d columns: %d deals: %d solvable, %d unsolvable, %d unknown; solvable %.1f%% (95%% CI %.1f-%.1f%%); decider %.1fs in all, at most %.2fs a deal\n",
		sz.Columns, sz.Deals, sz.Solvable, sz.Unsolvable, sz.Unknown, sz.SolvablePct, sz.CILow, sz.CIHigh, sz.Seconds, sz.MaxSeconds)
	if len(sz.UnknownSeeds) > 0 {
		fmt.Fprintf(e.stdout, "  unknown seeds: %v\n", sz.UnknownSeeds)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "  algorithm\tsolved\tunknown\tmean nodes\tmedian nodes\tmean stored\tmean length\tlength/opt\tdeadlocks\tseconds\t")
	for _, a := range sz.Algorithms {
		ratio := "-"
		if a.LengthRatio > 0 {
			ratio = fmt.Sprintf("%.3f", a.LengthRatio)
		}
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%.0f\t%.0f\t%.0f\t%.1f\t%s\t%d\t%.1f\t\n", a.Name, a.Solved, a.Unknown, a.MeanNodes, a.MedianNodes, a.MeanStored, a.MeanLength, ratio, a.Rejected, a.Seconds)
	}
	tw.Flush()
	fmt.Fprintln(e.stdout)
}
