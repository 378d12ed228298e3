package main

import (
	"github.com/branchwise/branchwise/internal/numfmt"
	"os"
	"strings"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/gaps"
	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/cobra"
)

func init() { register(newGapsCmd) }

func newGapsCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "gaps",
		Short: "Superpuzz / Gaps solitaire: solve deals, prove them lost, survey solvability",
		Long: `Superpuzz (Gaps One Deal) of Berliner et al. and Shintani: 4 rows of k
columns (4..13), the four rank-k cards removed leaving holes. A left-edge
hole takes any ace, another hole the same-suit successor of the card on its
left. Won when each row holds one suit A..k-1. A deal file has 4 lines of k
cells: HA, D7, ST, CJ..., a hole ".." or its rank-k card. docs/gaps.md.`,
	}
	c.AddCommand(newGapsSolveCmd(e), newGapsSurveyCmd(e), newGapsDealCmd(e))
	return c
}

// gapsDealArgs reads the deal of a command: a file, or --seed and --columns.
func gapsDealArgs(c *cobra.Command, args []string, seed int64, cols int) (gaps.Deal, string, error) {
	file := ""
	if len(args) == 1 {
		file = args[0]
	}
	return gaps.DealOf(file, seed, cols, c.Flags().Changed("seed") || c.Flags().Changed("columns"))
}

func newGapsSolveCmd(e *env) *cobra.Command {
	var (
		seed          int64
		cols          int
		algo          string
		asJSON, quiet bool
		o             gaps.SolveOptions
	)
	c := &cobra.Command{
		Use:   "solve [DEAL] [--seed S --columns K] [flags]",
		Short: "Decide a deal: solvable (with the moves), unsolvable, or unknown",
		Long: `Solve the deal in file DEAL, or the k-column deal of --seed S --columns K.
Prints "solvable" with the moves in Shintani's (card, hole) notation,
"unsolvable" when the search exhausted every reachable position (a proof),
or "unknown" when a limit stopped it.

--algo: auto (the default: decide, then decide-stubborn-dfs+aces), decide,
decide-reach, decide-stubborn, decide-stubborn-dfs, dfid, astar, bf1-MU, bf2, priority1, priority2, dfs-aces-first, dfs-aces-last,
dfs, bfs, dive (wins only: never unsolvable); +dl adds deadlock detection (docs/gaps.md).`,
		Example: `  branchwise gaps solve deal.txt --algo astar+dl --json`,
		Args:    cliflag.ArgsUsage(cobra.MaximumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			if err := o.Check(algo); err != nil {
				return err
			}
			d, src, err := gapsDealArgs(c, args, seed, cols)
			if err != nil {
				return err
			}
			ctx, cancel := cliflag.Bound(e.ctx, o.Limits, 1)
			defer cancel()
			prog := cliflag.NewProgress(e.stderr)
			o.Progress = func(n int64) { prog.Printf("%s nodes", numfmt.Count(n)) }
			rep, err := gaps.SolveReport(ctx, d, src, algo, o)
			prog.Done()
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
	fs.StringVar(&algo, "algo", gaps.Auto, "algorithm: "+strings.Join(gaps.Algorithms, ", ")+" (+dl: deadlock detection)")
	fs.StringVar(&o.Store, "dedup", "hash", "duplicate store: hash, trie, or spill (under half of --max-mem in memory, the rest in files in $TMPDIR)")
	fs.BoolVarP(&quiet, "quiet", "q", false, "print the verdict and counts without the moves")
	fs.IntVarP(&o.Workers, "workers", "j", 1, "goroutines searching the deal together (the decide algorithms)")
	gaps.AddRuleFlags(fs, &o.Rules)
	cliflag.AddMaxCPU(fs, &o.Limits, "stop after this much CPU time of the process (0: no limit)")
	cliflag.AddJSON(fs, &asJSON)
	cliflag.AddLimits(fs, &o.Limits)
	return c
}

func newGapsSurveyCmd(e *env) *cobra.Command {
	var (
		seed            int64
		colText, algos  string
		job             gaps.SurveySizes
		asJSON, verbose bool
		lf              shard.Checkpointing
	)
	c := &cobra.Command{
		Use:   "survey --columns 4..9 --deals N [--seed S] [-j N] [flags]",
		Short: "Solvability of random deals per size, and nodes to the first solution per algorithm",
		Long: `For each number of columns k, decide N random deals (seeds S..S+N-1), print the verdicts' counts, the solvable
fraction with its 95% Wilson interval and, with unknown deals, the range of the share that can be won; then run each
of --algos on the solvable deals and print the deals solved, nodes to the first solution, lengths and time. Limits apply
to each search (default --max-mem 1GB); deals run on -j workers; --resume FILE --report reads a ledger. docs/gaps.md.`,
		Example: `  branchwise gaps survey --columns 4..8 --deals 1000 -j 2`,
		Args:    cliflag.ArgsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			lo, hi, ok := cliflag.ParseRange(colText, true)
			if !ok || lo < gaps.MinCols || hi > gaps.MaxCols || lo > hi {
				return usagef("--columns %q: want K or K1..K2 within %d..%d", colText, gaps.MinCols, gaps.MaxCols)
			}
			var names []string
			if algos != "" {
				names = strings.Split(algos, ",")
			}
			lim := &job.Solve.Limits
			if lim.MaxMem == 0 {
				lim.MaxMem = 1 << 30
			}
			job.Columns, job.ToColumns, job.Seed, job.Algorithms = lo, hi, uint64(seed), names
			if err := job.Check(); err != nil {
				return err
			}
			if job.Report && lf.Resume == "" {
				return usagef("--report needs --resume FILE: the ledger to read")
			}
			cliflag.SetGCLimit(*lim, job.Workers)
			spec, err := job.LedgerSpec()
			if err != nil {
				return err
			}
			slot, ledger, err := lf.Start(spec, os.Getenv)
			if err != nil {
				return err
			}
			prog := cliflag.NewProgress(e.stderr)
			job.Ledger, job.ShardI, job.ShardN, job.Printf = ledger, slot.I, slot.N, prog.Printf
			if verbose {
				job.Verbose = e.stderr
			}
			if !asJSON {
				job.Tables = e.stdout
			}
			sizes := gaps.SurveyAll(e.ctx, job)
			prog.Done()
			if err := ledger.Finish(e.stderr, e.ctx.Err() != nil); err != nil {
				return err
			}
			if asJSON {
				if err := cliflag.WriteJSON(e.stdout, map[string]any{"seed": seed, "deals": job.Deals, "sizes": sizes}); err != nil {
					return err
				}
			}
			return interrupted(e)
		},
	}
	fs := c.Flags()
	cliflag.AddSeed(fs, &seed)
	fs.StringVar(&colText, "columns", "4..8", "columns: K or K1..K2")
	fs.IntVar(&job.Deals, "deals", 100, "deals per size")
	fs.StringVar(&algos, "algos", "priority1,priority2,dfs-aces-first,dfs-aces-last", "algorithms run on the solvable deals, comma-separated (empty: none)")
	fs.StringVar(&job.Solve.Store, "dedup", "hash", "duplicate store: hash, trie, or spill (under half of --max-mem in memory, the rest in files in $TMPDIR)")
	fs.StringVar(&job.Decider, "decider", gaps.Auto, "decider: auto (decide, then decide-stubborn-dfs+aces), decide, decide-reach (reachability test and forced moves), decide-stubborn[-dfs] (and stubborn sets), or a portfolio a,b sharing the time")
	cliflag.AddMaxCPU(fs, &job.Solve.Limits, "stop each deal after this much CPU time of the process (needs -j 1; 0: no limit)")
	fs.BoolVarP(&verbose, "verbose", "v", false, "print one line per deal on standard error")
	cliflag.AddWorkers(fs, &job.Workers)
	fs.IntVar(&job.Solve.Workers, "deal-workers", 1, "goroutines deciding each deal together (with -j deals at once)")
	gaps.AddRuleFlags(fs, &job.Solve.Rules)
	cliflag.AddJSON(fs, &asJSON)
	cliflag.AddLimits(fs, &job.Solve.Limits)
	addLedgerFlags(fs, &lf, "deal")
	fs.BoolVar(&job.Report, "report", false, "decide no deal: print the results of the deals finished in the --resume ledger (a merged, sharded survey)")
	return c
}

func newGapsDealCmd(e *env) *cobra.Command {
	var seed int64
	var cols int
	var format string
	var rules gaps.Rules
	c := &cobra.Command{
		Use:   "deal --seed S --columns K [--format text|solvitaire]",
		Short: "Print the deal of a seed (the deal file format)",
		Long: `Print the k-column deal of seed S in the deal file format, holes named by
the removed rank-k cards; a stable generator (docs/gaps.md). --format
solvitaire prints it for Solvitaire's Gaps, every rank shifted up by one.`,
		Args: cliflag.ArgsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			d, _, err := gapsDealArgs(c, nil, seed, cols)
			if err != nil {
				return err
			}
			d.Rules = rules
			return gaps.WriteDeal(e.stdout, d, format)
		},
	}
	cliflag.AddSeed(c.Flags(), &seed)
	c.Flags().IntVar(&cols, "columns", 6, "columns k (4..13)")
	c.Flags().StringVar(&format, "format", "text", "text, solvitaire (JSON for Solvitaire's Gaps) or solvitaire-rules (its rules file)")
	gaps.AddRuleFlags(c.Flags(), &rules)
	return c
}
