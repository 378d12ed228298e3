package main

import (
	"context"
	"fmt"
	"os"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func addShardFlags(fs *pflag.FlagSet, f *shard.CountJob) {
	fs.StringVar(&f.SplitDepth, "split-depth", "", "cut the tree at this depth into subtrees numbered depth-first, or auto (docs/distributed.md)")
	fs.StringVar(&f.Shard, "shard", "", "count shard i/n of the subtrees (k mod n == i), or auto from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX")
	fs.IntVar(&f.Shards, "shards", 0, "the number of shards, for --shard auto")
	fs.StringVar(&f.Out, "out", "", "the shard's result file (default shard-I-of-N.json)")
	fs.StringVar(&f.Checkpoint, "checkpoint", "", "append each finished subtree to this file")
	fs.StringVar(&f.Resume, "resume", "", "continue the count in this checkpoint file")
}

// runSharded counts spec's tree to maxDepth as --split-depth, --shard,
// --checkpoint and --resume say: one shard to its file, or the whole count
// printed as a table.
func runSharded(e *env, ctx context.Context, spec polyform.CountSpec, job shard.CountJob, maxDepth, workers int, asJSON bool) error {
	job.MaxDepth, job.Workers = maxDepth, workers
	prog := cliflag.NewProgress(e.stderr)
	res, err := spec.CountShards(ctx, job, os.Getenv, prog.Printf)
	prog.Done()
	switch {
	case err != nil:
		return err
	case res.Status.Early():
		res.WriteStopped(e.stderr)
		return errInterrupted
	case res.Out != "":
		return res.WriteSummary(e.stdout)
	}
	return cliflag.Output(e.stdout, asJSON, shard.TotalOf(res.File))
}

// addLedgerFlags declares --checkpoint, --resume and --shard of a command
// made of independent instances (what names one: "instance", "deal").
func addLedgerFlags(fs *pflag.FlagSet, f *shard.Checkpointing, what string) {
	fs.StringVar(&f.Checkpoint, "checkpoint", "", "append each finished "+what+" to this file")
	fs.StringVar(&f.Resume, "resume", "", "continue the run in this checkpoint file: its "+what+"s are not run again")
	fs.StringVar(&f.Shard, "shard", "", "run the "+what+"s k (in order, from 0) with k mod n == i: i/n, or auto from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX; needs --checkpoint")
	fs.IntVar(&f.Shards, "shards", 0, "the number of shards, for --shard auto")
}

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
			return cliflag.Output(e.stdout, asJSON, t)
		},
	}
	cliflag.AddJSON(c.Flags(), &asJSON)
	c.Flags().StringVar(&out, "out", "", "merging checkpoints: the checkpoint to write")
	return c
}
