package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/branchwise/branchwise/estimate"
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
		Long: `Worker pulls subtrees pushed by "branchwise queue push" from a NATS JetStream
work queue, counts them on -j goroutines and publishes their counts. Ctrl-C
hands the subtrees in progress back at once; a killed worker's come back
after the ack wait. A job pushed by another branchwise version is refused.`,
		Example: `  branchwise worker --queue nats://queue.example:4222 -j 8
  branchwise worker --queue nats://127.0.0.1:4222 --idle-exit 30s`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			host, _ := os.Hostname()
			var wg sync.WaitGroup
			errs := make([]error, max(workers, 1))
			var mu sync.Mutex
			var counted, split int
			for w := range errs {
				conn, err := queue.Connect(e.ctx, url)
				if err != nil {
					return err
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer conn.Close()
					errs[w] = conn.Work(e.ctx, buildPackSpec, queue.WorkerOptions{Version: shard.BuildVersion(),
						Name: fmt.Sprintf("%s/%d/%d", host, os.Getpid(), w), IdleExit: idle,
						Done: func(job, id, kind string) {
							mu.Lock()
							defer mu.Unlock()
							if kind == "split" {
								split++
							} else {
								counted++
							}
						}})
				}()
			}
			wg.Wait()
			fmt.Fprintf(e.stderr, "worker: %d subtrees counted, %d split\n", counted, split)
			for _, err := range errs {
				if err != nil {
					return err
				}
			}
			if e.ctx.Err() != nil {
				return errInterrupted
			}
			return nil
		},
	}
	fs := c.Flags()
	fs.StringVar(&url, "queue", defaultQueueURL, "the NATS server's URL")
	fs.DurationVar(&idle, "idle-exit", 0, "exit after this long without work (0: wait for work until Ctrl-C)")
	addWorkersFlag(fs, &workers)
	return c
}

// buildPackSpec rebuilds a queue job's packing tree.
func buildPackSpec(raw json.RawMessage) (func() estimate.Tree, string, error) {
	var s packSpec
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, "", fmt.Errorf("not a packing job: %v", err)
	}
	return s.build()
}
