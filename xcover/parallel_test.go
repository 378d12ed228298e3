package xcover

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"time"

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
			par := p.SolveParallel(context.Background(), Fewest, w, search.Limits{}, func(worker int, o []int) bool {
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
	queens(10).SolveParallel(context.Background(), Fewest, 2, search.Limits{}, func(int, []int) bool { return visits.Add(1) < 3 })
	if v := visits.Load(); v < 3 || v > 4 {
		t.Errorf("stopped after %d visits, want 3 (or 4: one per worker in flight)", v)
	}
}

// TestSolveParallelLimits checks that SolveParallel obeys search.Limits
// as Solve does, with one worker and more: MaxSolutions exactly (never a
// solution more counted or visited), MaxNodes within the workers' checks
// (checkNodes each) past the limit, MaxTime by the clock (MaxCPU too:
// search.Budget, TestBudgetEnd), and a limit the tree does not reach changes nothing.
func TestSolveParallelLimits(t *testing.T) {
	p := queens(10)
	seq := p.Compile(Fewest).Solve(context.Background(), search.Limits{}, nil)
	if seq.Solutions != 724 || seq.Stats.Nodes <= 4*checkNodes+5 {
		t.Fatalf("10 queens: %d solutions, %d nodes; want 724 and more than %d", seq.Solutions, seq.Stats.Nodes, 4*checkNodes+5)
	}
	for _, w := range []int{1, 2, 3} {
		run := func(lim search.Limits) (Result, int64) {
			var visits atomic.Int64
			r := p.SolveParallel(context.Background(), Fewest, w, lim, func(int, []int) bool {
				visits.Add(1)
				return true
			})
			return r, visits.Load()
		}
		for _, k := range []int64{1, 5, 100, seq.Solutions} {
			r, v := run(search.Limits{MaxSolutions: k})
			if r.Solutions != k || v != k || r.Status != search.SolutionLimit || r.Err != nil {
				t.Errorf("%d workers, MaxSolutions %d: %d solutions, %d visits, %v, %v; want %d, %d, solution limit",
					w, k, r.Solutions, v, r.Status, r.Err, k, k)
			}
		}
		r, v := run(search.Limits{MaxSolutions: seq.Solutions + 1, MaxNodes: seq.Stats.Nodes + 1})
		if r.Solutions != seq.Solutions || v != seq.Solutions || r.Status != search.Solved || r.Stats.Nodes != seq.Stats.Nodes {
			t.Errorf("%d workers, limits above the tree: %d solutions, %d visits, %d nodes, %v; want %d, %d nodes, solved",
				w, r.Solutions, v, r.Stats.Nodes, r.Status, seq.Solutions, seq.Stats.Nodes)
		}
		for _, m := range []int64{10, checkNodes + 5} { // the tree has more than m + 3 x checkNodes
			r, v := run(search.Limits{MaxNodes: m})
			if r.Status != search.NodeLimit || !errors.Is(r.Err, search.ErrNodeLimit) ||
				r.Stats.Nodes < m || r.Stats.Nodes > m+int64(w)*checkNodes || v != r.Solutions || r.Solutions >= seq.Solutions {
				t.Errorf("%d workers, MaxNodes %d: %d nodes, %d solutions (%d visits), %v, %v; want %d to %d nodes, node limit",
					w, m, r.Stats.Nodes, r.Solutions, v, r.Status, r.Err, m, m+int64(w)*checkNodes)
			}
		}
		for _, tc := range []struct {
			lim  search.Limits
			want error
		}{
			{search.Limits{MaxTime: time.Nanosecond}, context.DeadlineExceeded},
		} {
			r, _ := run(tc.lim)
			if r.Status != search.TimeLimit || !errors.Is(r.Err, tc.want) || r.Solutions >= seq.Solutions {
				t.Errorf("%d workers, %+v: %d solutions, %v, %v; want fewer than %d, time limit, %v", w, tc.lim, r.Solutions, r.Status, r.Err, seq.Solutions, tc.want)
			}
		}
	}
}
