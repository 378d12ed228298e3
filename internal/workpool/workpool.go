// Package workpool runs numbered jobs on a fixed number of goroutines: the
// one worker pool of the project, so that every parallel loop stops the
// same way on a cancelled context and leaves no goroutine behind.
//
// Jobs are handed out in the order of their numbers, one at a time, from
// an atomic counter: no channel, no feeder goroutine to block. A worker
// finishes the job it holds when the context ends (the job itself should
// watch the context) and then takes no other. Run returns only when every
// worker has returned.
package workpool

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// MaxWorkers bounds the goroutines of one pool: far above any core count,
// low enough that a mistyped -j 1000000 cannot start a million goroutines.
const MaxWorkers = 1024

// Workers returns the goroutines a pool asked for n runs: n clamped to
// MaxWorkers, and for 0 (or less) every CPU Go may use,
// runtime.GOMAXPROCS(0). It is the one meaning of "0 workers" in
// branchwise (search.Workers is this function).
func Workers(n int) int {
	if n < 1 {
		n = runtime.GOMAXPROCS(0)
	}
	return min(n, MaxWorkers)
}

// Run runs jobs 0..n-1 on Workers(workers) goroutines. newWorker(w) is
// called once on worker w's goroutine and returns the worker's job
// function, which may keep scratch space of its own; job(i) runs job i and
// returns false to stop the pool (jobs already running finish, no new one
// starts). Jobs stop being started once ctx is done.
func Run(ctx context.Context, workers, n int, newWorker func(w int) func(i int) bool) {
	var next atomic.Int64
	var stopped atomic.Bool
	var wg sync.WaitGroup
	for w := range min(Workers(workers), max(n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			job := newWorker(w)
			for ctx.Err() == nil && !stopped.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if !job(i) {
					stopped.Store(true)
				}
			}
		}()
	}
	wg.Wait()
}

// Map runs job(i) for i = 0..n-1 on Workers(workers) goroutines and
// returns the results in job order, with ran[i] false for the jobs never
// started because ctx ended. done, if not nil, is called after each job
// in the order the jobs finish, one call at a time (for progress).
func Map[T any](ctx context.Context, workers, n int, job func(i int) T, done func(i int, r T)) (results []T, ran []bool) {
	results, ran = make([]T, n), make([]bool, n)
	var mu sync.Mutex
	Run(ctx, workers, n, func(int) func(int) bool {
		return func(i int) bool {
			r := job(i)
			results[i], ran[i] = r, true
			if done != nil {
				mu.Lock()
				done(i, r)
				mu.Unlock()
			}
			return true
		}
	})
	return results, ran
}

// Describe says how many workers ran, for reports: "1 worker", "4 workers".
func Describe(n int) string {
	if n == 1 {
		return "1 worker"
	}
	return fmt.Sprintf("%d workers", n)
}
