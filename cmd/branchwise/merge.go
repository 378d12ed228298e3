package main

import (
	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/cobra"
)

func init() { register(newMergeCmd) }

func newMergeCmd(e *env) *cobra.Command {
	var asJSON bool
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
counted once.`,
		Example: `  branchwise merge results/shard-*.json
  branchwise merge --json shard-*.json > total.json`,
		Args: argsUsage(cobra.MinimumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			files := make([]*shard.File, len(args))
			for i, name := range args {
				f, err := shard.ReadFile(name)
				if err != nil {
					return err
				}
				files[i] = f
			}
			t, err := shard.Merge(args, files)
			if err != nil {
				return err
			}
			return printTotal(e, t, asJSON)
		},
	}
	addJSONFlag(c.Flags(), &asJSON)
	return c
}
