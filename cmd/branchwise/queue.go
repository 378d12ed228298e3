package main

import (
	"encoding/json"
	"fmt"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/shard/queue"
	"github.com/spf13/cobra"
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
		Args:    argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			spec.Puzzle = args[0]
			if err := spec.ReadBoardText(); err != nil {
				return err
			}
			newTree, sj, err := spec.Build()
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
			job.Version, job.SpecText, job.SpecHash, job.Symmetries = sj.Version, sj.Spec, sj.SpecHash, sj.Symmetries
			fr, id, err := queue.PushTree(e.ctx, url, job, newTree, splitDepth, expect, po)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "job %s: %s, split depth %d, %d of %d subtrees pushed to %s\n", id, spec.Text(), fr.Depth, len(shard.Mine(fr.Len(), job.Shard, max(job.Shards, 1))), fr.Len(), url)
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
		Args:  argsUsage(cobra.NoArgs),
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
				fmt.Fprintf(e.stdout, "job %s: %d results, %d subtrees split, %d copies dropped\n", job, pr.Results, pr.Splits, pr.Duplicates)
			}
			if err := printTotal(e, t, asJSON); err != nil || asJSON {
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
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			return queue.ServeUntil(e.ctx, listen, store, e.stdout)
		},
	}
	c.Flags().StringVar(&listen, "listen", "127.0.0.1:4222", "the address to listen on")
	c.Flags().StringVar(&store, "store", "", "the directory for JetStream's files")
	return c
}
