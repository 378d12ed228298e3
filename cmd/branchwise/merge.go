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
		Long: `Merge reads the result files of the shards of one count (pack --count or
estimate --method exact with --shard i/n) and prints the nodes, mean
branching factor and solutions per depth, summed with big integers.

It refuses files of different puzzles or options, branchwise versions,
split depths or shard counts, files that are truncated or whose counts were
edited (each carries a checksum), and incomplete shards; it lists the
shards missing. A shard given twice with the same counts (a retry) is
counted once.

Checkpoints of jobs made of instances (tiles korf100 and gaps survey with
--checkpoint, one per --shard i/n) merge into one checkpoint, --out FILE;
the same command run with --resume FILE then prints the whole job's results
without running anything again.`,
		Example: `  branchwise merge results/shard-*.json
  branchwise merge --json shard-*.json > total.json
  branchwise merge --out korf.ckpt korf-*.ckpt && branchwise tiles korf100 --resume korf.ckpt`,
		Args: argsUsage(cobra.MinimumNArgs(1)),
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
