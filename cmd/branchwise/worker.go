package main

import (
	"fmt"
	"time"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/shard/queue"
	"github.com/spf13/cobra"
)

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
			res, err := queue.WorkPool(e.ctx, url, workers, polyform.BuildCountSpec, queue.WorkerOptions{Version: shard.BuildVersion(), IdleExit: idle})
			if !res.Ran {
				return err
			}
			fmt.Fprintf(e.stderr, "worker: %d subtrees counted, %d split\n", res.Counted, res.Split)
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
