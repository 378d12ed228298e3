package main

import (
	"fmt"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/cobra"
)

func init() { register(newMergeCmd) }

func newMergeCmd(e *env) *cobra.Command {
	var asJSON bool
	var out string
	c := &cobra.Command{
		Use:   "merge SHARDFILES...",
		Short: "Sum the shard files of a count split with --shard",
		Long: `Merge sums the result files of the shards of one count (pack --count or
estimate --method exact with --shard i/n) per depth, with big integers. It
refuses files of different jobs or versions, edited or truncated files and
incomplete sets (naming the shards missing); a retried shard counts once.
Checkpoints (tiles korf100, gaps survey) merge into --out FILE, which
--resume FILE then prints. docs/distributed.md.`,
		Example: `  branchwise merge results/shard-*.json`,
		Args:    cliflag.ArgsUsage(cobra.MinimumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			if shard.IsLedger(args[0]) {
				if out == "" {
					return usagef("merging checkpoints needs --out FILE")
				}
				n, err := shard.MergeLedgers(out, args)
				if err != nil {
					return err
				}
				fmt.Fprintf(e.stdout, "%d finished from %d checkpoints in %s: run the job with --resume %s for its results\n", n, len(args), out, out)
				return nil
			}
			t, err := shard.MergeFiles(args)
			if err != nil {
				return err
			}
			return printTotal(e, t, asJSON)
		},
	}
	cliflag.AddJSON(c.Flags(), &asJSON)
	c.Flags().StringVar(&out, "out", "", "merging checkpoints: the checkpoint to write")
	return c
}
