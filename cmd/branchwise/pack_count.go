package main

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/polyform"
)

// packCount counts all and unique solutions on the workers. On a terminal
// it first estimates the search's size by a second of Knuth's probes, and
// shows the nodes searched, the solutions and the time left as it goes.
func packCount(e *env, ctx context.Context, pk *polyform.Packing, o polyform.RunOptions) polyform.Report {
	prog := cliflag.NewProgress(e.stderr)
	var done atomic.Int64
	var est float64
	if prog.Enabled && !o.Unique && pk.Ranges == nil { // the estimator walks Algorithm C's tree
		est = pk.EstimateNodes(ctx, o.Strategy, o.Workers, time.Second)
		fmt.Fprintf(e.stderr, "%s: about %s nodes to search (estimated)\n", o.Name, estimate.FormatCount(est))
	}
	start := time.Now()
	var all, uniq int64
	show := func() {
		line := fmt.Sprintf("%s: %d solutions, %d unique, %d nodes, %s", o.Name, all, uniq, done.Load(), time.Since(start).Round(time.Second))
		if n := float64(done.Load()); est > 0 && n > 0 {
			if left := (est - n) / n * time.Since(start).Seconds(); left > 0 {
				line += fmt.Sprintf(", about %s left", time.Duration(left*float64(time.Second)).Round(time.Second))
			} else {
				line += ", past the estimate"
			}
		}
		prog.Printf("%s", line)
	}
	var mu sync.Mutex // for all, uniq and prog: Found and Progress come from several workers
	o.Found = func(a, u int64) {
		mu.Lock()
		defer mu.Unlock()
		all, uniq = a, u
		show()
	}
	if prog.Enabled {
		pk.Progress = func(n int64) {
			done.Add(n)
			mu.Lock()
			defer mu.Unlock()
			show()
		}
	}
	rep := pk.CountAll(ctx, o)
	prog.Done()
	return rep
}
