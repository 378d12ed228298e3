package main

import (
	"strings"

	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/gaps"
	"github.com/spf13/cobra"
)

func newGapsSolveCmd(e *env) *cobra.Command {
	var (
		seed          int64
		cols          int
		algo, store   string
		asJSON, quiet bool
		lim           cliflag.Limits
		workers       int
	)
	c := &cobra.Command{
		Use:   "solve [DEAL] [--seed S --columns K] [flags]",
		Short: "Decide a deal: solvable (with the moves), unsolvable, or unknown",
		Long: `Solve the deal in file DEAL, or the k-column deal of --seed S --columns K.
Prints "solvable" with the moves in Shintani's (card, hole) notation,
"unsolvable" when the search exhausted every reachable position (a proof),
or "unknown" when a limit stopped it.

--algo: decide (the default: the exhaustive decider), decide-reach, dfid,
astar, bf1-MU, bf2, priority1, priority2, dfs-aces-first, dfs-aces-last,
dfs, bfs; +dl adds deadlock detection (docs/gaps.md).`,
		Example: `  branchwise gaps solve deal.txt --algo astar+dl --json`,
		Args:    argsUsage(cobra.MaximumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			if err := gaps.CheckAlgorithm(algo); err != nil {
				return err
			}
			if _, err := dedup.New(store); err != nil {
				return err
			}
			d, src, err := gapsDealArgs(c, args, seed, cols)
			if err != nil {
				return err
			}
			lim.SetGCLimit(1)
			ctx, cancel := lim.Context(e.ctx)
			defer cancel()
			prog := cliflag.NewProgress(e.stderr)
			out, err := gaps.Solve(ctx, d, algo, gaps.SolveOptions{MaxNodes: lim.MaxNodes, MaxMem: int64(lim.MaxMem),
				Store: store, Workers: workers, Progress: func(n int64) { prog.Printf("%d nodes", n) }})
			prog.Done()
			if err != nil {
				return err
			}
			rep, err := gaps.NewReport(d, src, algo, out)
			if err != nil {
				return err
			}
			rep.Quiet = quiet
			return outputDone(e, asJSON, &rep)
		},
	}
	fs := c.Flags()
	cliflag.AddSeed(fs, &seed)
	fs.IntVar(&cols, "columns", 6, "columns k of a --seed deal (4..13)")
	fs.StringVar(&algo, "algo", "decide", "algorithm: "+strings.Join(gaps.Algorithms, ", ")+" (+dl: deadlock detection)")
	fs.StringVar(&store, "dedup", "hash", "duplicate store: hash or trie")
	fs.BoolVarP(&quiet, "quiet", "q", false, "print the verdict and counts without the moves")
	fs.IntVarP(&workers, "workers", "j", 1, "goroutines searching the deal together (the decide algorithms)")
	cliflag.AddJSON(fs, &asJSON)
	lim.Add(fs)
	return c
}
