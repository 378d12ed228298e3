package search_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/search/searchtest"
)

// TestParallelIDAStarGrids: on weighted grids (11 to 17 iterations each),
// every iteration but the last generates and expands exactly IDAStar's
// nodes whatever the number of workers, the cost is IDAStar's, and a grid
// without a path gives NoSolution with every iteration IDAStar's.
func TestParallelIDAStarGrids(t *testing.T) {
	for _, c := range []struct {
		n    int
		seed uint64
	}{{6, 1}, {6, 2}, {6, 3}, {7, 1}, {7, 3}, {8, 2}, {8, 3}, {6, 4}} {
		serial := search.IDAStar(context.Background(), searchtest.NewGrid(c.n, c.n, 0.25, true, c.seed), search.Options{})
		for _, workers := range []int{2, 3} {
			r := search.ParallelIDAStar(context.Background(), func() search.Domain { return searchtest.NewGrid(c.n, c.n, 0.25, true, c.seed) }, workers, search.Options{})
			complete := len(serial.Stats.Iterations) - 1
			if serial.Status == search.NoSolution {
				complete++
			}
			if r.Status != serial.Status || r.Cost != serial.Cost || len(r.Stats.Iterations) != len(serial.Stats.Iterations) ||
				!reflect.DeepEqual(r.Stats.Iterations[:complete], serial.Stats.Iterations[:complete]) {
				t.Fatalf("grid %d seed %d, %d workers: %v cost %d %+v; IDAStar %v cost %d %+v", c.n, c.seed, workers,
					r.Status, r.Cost, r.Stats.Iterations, serial.Status, serial.Cost, serial.Stats.Iterations)
			}
		}
	}
}

// TestParallelIDAStar: on pancake stacks, the iterations before the last
// are IDAStar's and the solution found is optimal (its cost is IDAStar's
// and replaying it sorts the stack).
func TestParallelIDAStar(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		n := 24 + 4*int(seed%2)
		serial := search.IDAStar(context.Background(), searchtest.NewPancakes(n, seed), search.Options{})
		if serial.Status != search.Solved {
			t.Fatalf("seed %d: IDAStar %v", seed, serial.Status)
		}
		for _, workers := range []int{1, 2, 3} {
			r := search.ParallelIDAStar(context.Background(), func() search.Domain { return searchtest.NewPancakes(n, seed) }, workers, search.Options{})
			if r.Status != search.Solved || r.Cost != serial.Cost {
				t.Fatalf("seed %d, %d workers: %v cost %d, IDAStar cost %d", seed, workers, r.Status, r.Cost, serial.Cost)
			}
			last := len(serial.Stats.Iterations) - 1
			if len(r.Stats.Iterations) != last+1 || !reflect.DeepEqual(r.Stats.Iterations[:last], serial.Stats.Iterations[:last]) {
				t.Fatalf("seed %d, %d workers: iterations %+v, IDAStar %+v", seed, workers, r.Stats.Iterations, serial.Stats.Iterations)
			}
			p := searchtest.NewPancakes(n, seed)
			for _, m := range r.Path {
				p.Apply(m)
			}
			if !p.IsGoal() {
				t.Fatalf("seed %d, %d workers: the path %v does not sort the stack", seed, workers, r.Path)
			}
			if workers < 2 {
				continue
			}
			// The leftmost goal's path is IDAStar's; the last iteration
			// counts the whole top and the subtrees up to it, which does
			// not depend on timing (a second run counts the same).
			if !reflect.DeepEqual(r.Path, serial.Path) {
				t.Errorf("seed %d, %d workers: path %v, IDAStar's %v", seed, workers, r.Path, serial.Path)
			}
			again := search.ParallelIDAStar(context.Background(), func() search.Domain { return searchtest.NewPancakes(n, seed) }, workers, search.Options{})
			if !reflect.DeepEqual(again.Stats.Iterations, r.Stats.Iterations) || again.Stats.Generated != r.Stats.Generated ||
				r.Stats.Iterations[last].Generated < serial.Stats.Iterations[last].Generated {
				t.Errorf("seed %d, %d workers: last iterations %+v and %+v, IDAStar's %+v", seed, workers,
					r.Stats.Iterations[last], again.Stats.Iterations[last], serial.Stats.Iterations[last])
			}
		}
	}
}

// TestParallelIDAStarLimits: the shared node limit stops every worker
// within its bound, and a cancelled context stops the search.
func TestParallelIDAStarLimits(t *testing.T) {
	const limit = 50000
	newDomain := func() search.Domain { return searchtest.NewGrid(6, 6, 0.25, false, 3) }
	r := search.ParallelIDAStar(context.Background(), newDomain, 2, search.Options{Limits: search.Limits{MaxNodes: limit}})
	if r.Status != search.NodeLimit || r.Stats.Generated < limit || r.Stats.Generated > limit+2*(1<<14)+1000 {
		t.Fatalf("node limit %d: %v after %d nodes", limit, r.Status, r.Stats.Generated)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r = search.ParallelIDAStar(ctx, newDomain, 2, search.Options{})
	if r.Status == search.Solved || r.Err == nil {
		t.Fatalf("cancelled: %v %v", r.Status, r.Err)
	}
}
