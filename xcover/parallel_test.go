package xcover

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// TestSolveParallel: any number of workers finds the same solutions and the
// same nodes per depth as the sequential search.
func TestSolveParallel(t *testing.T) {
	for _, n := range []int{1, 4, 6, 8, 10} {
		p := queens(n)
		seq := p.Compile(Fewest).Solve(context.Background(), search.Limits{}, nil)
		for _, w := range []int{2, 3, 8} {
			var visits atomic.Int64
			par := p.SolveParallel(context.Background(), Fewest, w, func(worker int, o []int) bool {
				if worker < 0 || worker >= w || len(o) != n {
					t.Errorf("visit from worker %d with %d options", worker, len(o))
				}
				visits.Add(1)
				return true
			})
			if par.Solutions != seq.Solutions || visits.Load() != seq.Solutions {
				t.Errorf("%d queens, %d workers: %d solutions (%d visits), want %d", n, w, par.Solutions, visits.Load(), seq.Solutions)
			}
			if !slices.Equal(par.Stats.NodesByDepth, seq.Stats.NodesByDepth) || par.Stats.Nodes != seq.Stats.Nodes ||
				!slices.Equal(par.Stats.Branches, seq.Stats.Branches) || !slices.Equal(par.Stats.Branched, seq.Stats.Branched) {
				t.Errorf("%d queens, %d workers: nodes per depth %v, want %v", n, w, par.Stats.NodesByDepth, seq.Stats.NodesByDepth)
			}
		}
	}
	// Stopping from visit stops every worker.
	var visits atomic.Int64
	queens(10).SolveParallel(context.Background(), Fewest, 2, func(int, []int) bool { return visits.Add(1) < 3 })
	if v := visits.Load(); v < 3 || v > 4 {
		t.Errorf("stopped after %d visits, want 3 (or 4: one per worker in flight)", v)
	}
}
