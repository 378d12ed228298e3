package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/gaps"
	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/cobra"
)

func newGapsSurveyCmd(e *env) *cobra.Command {
	var (
		seed            int64
		colText, algos  string
		store, decider  string
		deals, workers  int
		dealWorkers     int
		asJSON, verbose bool
		lim             cliflag.Limits
		lf              shard.Checkpointing
	)
	c := &cobra.Command{
		Use:   "survey --columns 4..9 --deals N [--seed S] [-j N] [flags]",
		Short: "Solvability of random deals per size, and nodes to the first solution per algorithm",
		Long: `For each number of columns k, decide N random deals (seeds S..S+N-1) and
print the solvable, unsolvable and unknown counts with the solvable fraction
and its 95% Wilson interval; then run each of --algos on the solvable deals
and print the deals solved, the mean and median nodes to the first
solution, lengths and time. Limits apply to each search (default --max-mem
1GB); deals run on -j workers. docs/gaps.md.`,
		Example: `  branchwise gaps survey --columns 4..8 --deals 1000 -j 2`,
		Args:    argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			lo, hi, ok := cliflag.ParseRange(colText, true)
			if !ok || lo < gaps.MinCols || hi > gaps.MaxCols || lo > hi {
				return usagef("--columns %q: want K or K1..K2 within %d..%d", colText, gaps.MinCols, gaps.MaxCols)
			}
			var names []string
			if algos != "" {
				names = strings.Split(algos, ",")
			}
			if lim.MaxMem == 0 {
				lim.MaxMem = 1 << 30
			}
			job := gaps.SurveySizes{ToColumns: hi, SurveyOptions: gaps.SurveyOptions{Columns: lo, Seed: uint64(seed), Deals: deals, Workers: workers,
				Decider: decider, Algorithms: names, MaxTime: lim.MaxTime,
				Solve: gaps.SolveOptions{MaxNodes: lim.MaxNodes, MaxMem: int64(lim.MaxMem), Store: store, Workers: dealWorkers}}}
			if err := job.Check(); err != nil {
				return err
			}
			lim.SetGCLimit(workers)
			spec := fmt.Sprintf("gaps survey --columns %s --deals %d --seed %d --decider %s --algos %s --dedup %s --max-nodes %d --max-time %v --max-mem %d",
				colText, deals, seed, decider, algos, store, lim.MaxNodes, lim.MaxTime, lim.MaxMem)
			slot, err := lf.Slot(os.Getenv)
			if err != nil {
				return err
			}
			ledger, err := lf.Open(spec)
			if err != nil {
				return err
			}
			prog := cliflag.NewProgress(e.stderr)
			job.Ledger, job.ShardI, job.ShardN = ckpt(ledger), slot.I, slot.N
			job.Progress = func(k, done int, r gaps.DealOutcome) {
				prog.Printf("%d columns: %d/%d deals", k, done, deals)
				if verbose {
					fmt.Fprintln(e.stderr, r.Line(k))
				}
			}
			job.SizeDone = func(sz gaps.SurveyResult) {
				if !asJSON {
					sz.WriteTable(e.stdout)
				}
			}
			sizes := gaps.SurveyAll(e.ctx, job)
			prog.Done()
			if err := ledger.Finish(e.stderr, e.ctx.Err() != nil); err != nil {
				return err
			}
			if asJSON {
				if err := cliflag.WriteJSON(e.stdout, map[string]any{"seed": seed, "deals": deals, "sizes": sizes}); err != nil {
					return err
				}
			}
			return interrupted(e)
		},
	}
	fs := c.Flags()
	cliflag.AddSeed(fs, &seed)
	fs.StringVar(&colText, "columns", "4..8", "columns: K or K1..K2")
	fs.IntVar(&deals, "deals", 100, "deals per size")
	fs.StringVar(&algos, "algos", "priority1,priority2,dfs-aces-first,dfs-aces-last", "algorithms run on the solvable deals, comma-separated (empty: none)")
	fs.StringVar(&store, "dedup", "hash", "duplicate store: hash or trie")
	fs.StringVar(&decider, "decider", "decide", "decider: decide, or decide-reach (reachability test and forced moves)")
	fs.BoolVarP(&verbose, "verbose", "v", false, "print one line per deal on standard error")
	cliflag.AddWorkers(fs, &workers)
	fs.IntVar(&dealWorkers, "deal-workers", 1, "goroutines deciding each deal together (with -j deals at once)")
	cliflag.AddJSON(fs, &asJSON)
	lim.Add(fs)
	addLedgerFlags(fs, &lf, "deal")
	return c
}
