package search_test

import (
	"context"
	"errors"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/search/searchtest"
)

// replayCost applies path to d (in its start state) and returns its cost
// and whether it ends at a goal with every move legal.
func replayCost(d search.Domain, path []search.Move) (int, bool) {
	cost := 0
	for _, m := range path {
		legal := false
		for _, m2 := range d.Moves(nil) {
			legal = legal || m2 == m
		}
		if !legal {
			return cost, false
		}
		cost += d.Apply(m)
	}
	return cost, d.IsGoal()
}

// TestParallelPriorityFirstGrids: on grids with and without a path, plain,
// with canonical keys (mirror-symmetric grids), with a prune hook and with
// goals on generation, ParallelPriorityFirst on 2..4 workers gives
// PriorityFirst's status; an exhausted search stored and expanded exactly
// PriorityFirst's states, and every path is legal and reaches the goal at
// the cost reported.
func TestParallelPriorityFirstGrids(t *testing.T) {
	type grid interface {
		search.Domain
		Reset()
	}
	exhausted, solved := 0, 0
	for seed := uint64(0); seed < 60; seed++ {
		n := 8 + int(seed%5)*6 // up to 32 x 32: more than one batch
		var newDomain func() grid
		canonical := seed%3 == 1
		if canonical {
			newDomain = func() grid { return searchtest.NewSymmetricGrid(n, 0.3, false, seed) }
		} else {
			newDomain = func() grid {
				g := searchtest.NewGrid(n, n, 0.3, false, seed)
				if seed%4 == 0 { // wall the goal off: an exhaustive search
					g.Wall[g.End-1], g.Wall[g.End-n] = true, true
				}
				return g
			}
		}
		o := search.Options{Canonical: canonical, GoalOnGenerate: seed%2 == 0}
		if seed%5 == 3 {
			o.Prune = func(d search.Domain) bool {
				// With canonical keys the hook must be the same on every
				// image of a state: it may see any of them.
				k := d.AppendKey(nil)
				if canonical {
					k = d.(search.Canonicalizer).AppendCanonicalKey(nil)
				}
				c := int(k[0]) | int(k[1])<<8
				return c%7 == 3 && c != n*n-1
			}
		}
		want := search.PriorityFirst(context.Background(), newDomain(), o)
		for _, workers := range []int{2, 3, 4} {
			r := search.ParallelPriorityFirst(context.Background(), func() search.Domain { return newDomain() }, workers, o)
			if r.Status != want.Status {
				t.Fatalf("seed %d, %d workers: %v, PriorityFirst %v", seed, workers, r.Status, want.Status)
			}
			switch r.Status {
			case search.NoSolution:
				exhausted++
				if r.Stats.PeakClosed != want.Stats.PeakClosed || r.Stats.Expanded != want.Stats.Expanded {
					t.Errorf("seed %d, %d workers: stored %d, expanded %d; PriorityFirst %d, %d", seed, workers,
						r.Stats.PeakClosed, r.Stats.Expanded, want.Stats.PeakClosed, want.Stats.Expanded)
				}
			case search.Solved:
				solved++
				cost, ok := replayCost(newDomain(), r.Path)
				if !ok || cost != r.Cost {
					t.Errorf("seed %d, %d workers: path of %d moves: goal %v, cost %d, reported %d", seed, workers, len(r.Path), ok, cost, r.Cost)
				}
			default:
				t.Fatalf("seed %d, %d workers: %v (%v)", seed, workers, r.Status, r.Err)
			}
		}
	}
	if exhausted < 30 || solved < 30 {
		t.Errorf("%d exhausted and %d solved searches: the grids test too little", exhausted, solved)
	}
}

// TestParallelPriorityFirstLimits: the node limit, the memory limit and
// the context stop every worker.
func TestParallelPriorityFirstLimits(t *testing.T) {
	newDomain := func() search.Domain { return searchtest.NewGrid(300, 300, 0, false, 1) }
	for _, workers := range []int{2, 3} {
		r := search.ParallelPriorityFirst(context.Background(), newDomain, workers, search.Options{Limits: search.Limits{MaxNodes: 5000}})
		if r.Status != search.NodeLimit || !errors.Is(r.Err, search.ErrNodeLimit) {
			t.Fatalf("%d workers, MaxNodes 5000: %v (%v)", workers, r.Status, r.Err)
		}
		if r.Stats.Generated < 5000 || r.Stats.Generated > 5000+int64(workers)*1024 {
			t.Errorf("%d workers, MaxNodes 5000: %d generated", workers, r.Stats.Generated)
		}
		// 1 MB: less than one worker's first page of records (1.5 MB), so
		// the first memory check, after 1,024 nodes, stops the search long
		// before the goal.
		r = search.ParallelPriorityFirst(context.Background(), newDomain, workers, search.Options{Limits: search.Limits{MaxMem: 1 << 20}})
		if r.Status != search.MemLimit || !errors.Is(r.Err, search.ErrMemLimit) {
			t.Fatalf("%d workers, MaxMem 1 MB: %v (%v)", workers, r.Status, r.Err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		r = search.ParallelPriorityFirst(ctx, newDomain, workers, search.Options{})
		if r.Status != search.Interrupted || !errors.Is(r.Err, context.Canceled) {
			t.Fatalf("%d workers, cancelled: %v (%v)", workers, r.Status, r.Err)
		}
	}
}
