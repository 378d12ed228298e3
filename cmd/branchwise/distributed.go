package main

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"os"
	"time"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/shard/queue"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func init() { register(newQueueCmd) }

// defaultQueueURL is a NATS server on this machine.
const defaultQueueURL = "nats://127.0.0.1:4222"

func newQueueCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "queue",
		Short: "Count a tree's subtrees through a NATS JetStream work queue",
		Long: `Queue hands a count's subtrees to workers (branchwise worker) through a NATS
server with JetStream: push publishes them, collect sums the results. Long
subtrees are split, a dead worker's are delivered again, none is counted
twice. docs/distributed.md.`,
	}
	c.AddCommand(newQueuePushCmd(e), newQueueCollectCmd(e), newQueueServeCmd(e))
	return c
}

func newQueuePushCmd(e *env) *cobra.Command {
	var url, splitDepth, slot string
	var spec polyform.CountSpec
	var job queue.Job
	var po queue.PushOptions
	var expect int
	c := &cobra.Command{
		Use:     "push NAME|BOARDFILE",
		Short:   "Publish the subtrees of a packing count as work",
		Example: `  branchwise queue push heptiamond-pp24 --cells-only --dead-regions --split-depth 4`,
		Args:    cliflag.ArgsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			spec.Puzzle = args[0]
			newTree, sj, err := spec.Prepare()
			if err != nil {
				return err
			}
			if err := (shard.CountJob{SplitDepth: splitDepth}).Check(nil); err != nil {
				return err
			}
			if slot != "" {
				s, err := shard.ParseSlot(slot, 0, nil)
				if err != nil {
					return err
				}
				job.Shard, job.Shards = s.I, s.N
			}
			job.Spec, _ = json.Marshal(spec)
			job.Version, job.SpecText, job.SpecHash, job.Symmetry = sj.Version, sj.Spec, sj.SpecHash, sj.Symmetry
			fr, id, err := queue.PushTree(e.ctx, url, job, newTree, splitDepth, expect, po)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "job %s: %s, split depth %d, %s of %s subtrees pushed to %s\n", id, spec.Text(), fr.Depth, numfmt.Count(int64(len(shard.Mine(fr.Len(), job.Shard, max(job.Shards, 1))))), numfmt.Count(int64(fr.Len())), url)
			return nil
		},
	}
	fs := c.Flags()
	fs.StringVar(&url, "queue", defaultQueueURL, "the NATS server's URL")
	fs.StringVar(&job.ID, "job", "", "the job's name (default: the start of the puzzle's hash)")
	fs.BoolVar(&po.Replace, "replace", false, "replace a job of the same name and drop its results")
	fs.StringVar(&spec.Pieces, "pieces", "", "a piece set by name, or pieces of the puzzle's set by letter")
	fs.StringVar(&spec.Strategy, "strategy", "fewest", "item choice: fewest, fixed, sorted or first-empty (the bitboard kernel's first empty cell)")
	fs.BoolVar(&spec.CellsOnly, "cells-only", false, "branch on cells only, never on pieces")
	fs.BoolVar(&spec.DeadRegions, "dead-regions", false, "cut nodes with an empty region no remaining pieces fill")
	fs.BoolVar(&spec.LargestRegion, "largest-region", false, "with --dead-regions: test the largest empty region only")
	fs.BoolVar(&spec.Symmetry, "unique", false, "count one solution of each symmetry class (all = unique x symmetries), about that many times cheaper")
	fs.StringVar(&spec.Subtree, "subtree", "", "count only the subtree below this path of child numbers from the root, e.g. 4,57,5,1 (--split-depth below it)")
	fs.IntVar(&job.MaxDepth, "max-depth", shard.NoDepthLimit, "count to this depth only (the default: the whole tree)")
	fs.StringVar(&splitDepth, "split-depth", "auto", "cut the tree at this depth, or auto: 64 subtrees per expected worker")
	fs.StringVar(&slot, "shard", "", "push only shard i/n of the subtrees (k mod n == i): one part of the count, or a pilot whose collect projects the whole")
	fs.IntVar(&expect, "expect-workers", 16, "the workers expected, for --split-depth auto")
	fs.DurationVar(&job.SplitAfter, "split-after", queue.DefaultSplitAfter, "split a subtree into its children after counting it this long")
	fs.DurationVar(&po.AckWait, "ack-wait", queue.DefaultAckWait, "redeliver a subtree whose worker has been silent this long")
	return c
}

func newQueueCollectCmd(e *env) *cobra.Command {
	var url, job string
	var wait, asJSON bool
	c := &cobra.Command{
		Use:   "collect --job ID",
		Short: "Sum a job's results, one per subtree",
		Args:  cliflag.ArgsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			if job == "" {
				return usagef("queue collect: give --job (the name queue push printed)")
			}
			conn, err := queue.Connect(e.ctx, url)
			if err != nil {
				return err
			}
			defer conn.Close()
			t, pr, err := conn.Collect(e.ctx, job, wait)
			if err != nil {
				if e.ctx.Err() != nil {
					return errInterrupted
				}
				return err
			}
			if !asJSON {
				fmt.Fprintf(e.stdout, "job %s: %s results, %s subtrees split, %s copies dropped\n", job, numfmt.Count(int64(pr.Results)), numfmt.Count(int64(pr.Splits)), numfmt.Count(int64(pr.Duplicates)))
			}
			if err := cliflag.Output(e.stdout, asJSON, t); err != nil || asJSON {
				return err
			}
			return pr.WriteProjection(e.stdout)
		},
	}
	fs := c.Flags()
	fs.StringVar(&url, "queue", defaultQueueURL, "the NATS server's URL")
	fs.StringVar(&job, "job", "", "the job's name")
	fs.BoolVar(&wait, "wait", false, "wait until every subtree is counted")
	cliflag.AddJSON(fs, &asJSON)
	return c
}

func newQueueServeCmd(e *env) *cobra.Command {
	var listen, store string
	c := &cobra.Command{
		Use:   "serve --store DIR",
		Short: "Run a NATS server with JetStream in this process until Ctrl-C",
		Long: `Serve runs the NATS server with JetStream in this process, the streams in
--store, on --listen (this machine only by default). docs/distributed.md.`,
		Args: cliflag.ArgsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			return queue.ServeUntil(e.ctx, listen, store, e.stdout)
		},
	}
	c.Flags().StringVar(&listen, "listen", "127.0.0.1:4222", "the address to listen on")
	c.Flags().StringVar(&store, "store", "", "the directory for JetStream's files")
	return c
}

func init() { register(newWorkerCmd) }

func newWorkerCmd(e *env) *cobra.Command {
	var url string
	var workers int
	var idle time.Duration
	c := &cobra.Command{
		Use:   "worker --queue URL",
		Short: "Count subtrees from a work queue until Ctrl-C",
		Long: `Worker counts subtrees pushed by "branchwise queue push" on -j goroutines and
publishes their counts. Ctrl-C hands the subtrees in progress back; a killed
worker's come back after the ack wait. docs/distributed.md.`,
		Example: `  branchwise worker --queue nats://queue.example:4222 -j 8`,
		Args:    cliflag.ArgsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			prog := cliflag.NewProgress(e.stderr)
			res, err := queue.WorkPool(e.ctx, url, workers, polyform.BuildCountSpec, queue.WorkerOptions{Version: shard.BuildVersion(), IdleExit: idle,
				Progress: func(r queue.PoolResult) { prog.Printf("worker: %v", r) }})
			prog.Done()
			if !res.Ran {
				return err
			}
			fmt.Fprintf(e.stderr, "worker: %v\n", res)
			if err != nil {
				return err
			}
			return interrupted(e)
		},
	}
	fs := c.Flags()
	fs.StringVar(&url, "queue", defaultQueueURL, "the NATS server's URL")
	fs.DurationVar(&idle, "idle-exit", 0, "exit after this long without work (0: wait for work until Ctrl-C)")
	cliflag.AddWorkers(fs, &workers)
	return c
}

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
			t, err := shard.WriteMerged(e.stdout, args, out)
			if err != nil || t == nil {
				return err
			}
			return cliflag.Output(e.stdout, asJSON, t)
		},
	}
	cliflag.AddJSON(c.Flags(), &asJSON)
	c.Flags().StringVar(&out, "out", "", "merging checkpoints: the checkpoint to write")
	return c
}
