package shard

import (
	"context"
	"sync"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/search"
)

// Count counts the subtrees ks of the frontier to maxDepth on workers
// goroutines, each with a tree from newTree, handing each finished subtree
// to done (one call at a time, in whatever order the workers finish). A
// subtree cut short by ctx is dropped, never handed on, so that whatever
// done records is exact. The error is ctx's when it stopped the count.
func Count(ctx context.Context, newTree func() estimate.Tree, fr *Frontier, ks []int, maxDepth, workers int, done func(k int, p *estimate.Profile)) error {
	workers = search.Workers(workers) // 0: every CPU
	next := make(chan int)
	var mu sync.Mutex
	var wg sync.WaitGroup
	stop := func() bool { return ctx.Err() != nil }
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := newTree()
			for k := range next {
				goTo(t, fr.Path(k))
				var p estimate.Profile
				estimate.CountBelow(t, maxDepth, &p, stop)
				if ctx.Err() != nil {
					continue // partial: dropped
				}
				mu.Lock()
				done(k, &p)
				mu.Unlock()
			}
		}()
	}
feed:
	for _, k := range ks {
		select {
		case next <- k:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	return ctx.Err()
}

// Mine returns the subtrees of shard i of n among size: k mod n == i.
func Mine(size, i, n int) []int {
	var ks []int
	for k := i; k < size; k += n {
		ks = append(ks, k)
	}
	return ks
}
