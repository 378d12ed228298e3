package bitpack

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/branchwise/branchwise/search"
)

// TestParallelLimits checks that SolveParallel and SolveSplit obey
// search.Limits as Solve does, on one worker and more: MaxSolutions
// exactly (no solution more counted or visited), MaxNodes within
// checkEvery nodes a worker past the limit, MaxTime by the clock (MaxCPU
// too: search.Budget, TestBudgetEnd), and limits the tree does not reach change nothing.
func TestParallelLimits(t *testing.T) {
	p := rectangle(5, 4, [][][2]int{square, lTetro, lTetro, tromino, lTromino, domino})
	p.Rule = FirstEmpty
	k, err := Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	ks := scanKernels(t, rand.New(rand.NewPCG(5, 6)), p, 0, 2)
	bg := context.Background()
	for _, e := range []struct {
		name  string
		solve func(workers int, lim search.Limits, visit func(int, []int32) bool) Result
	}{
		{"parallel", func(w int, lim search.Limits, visit func(int, []int32) bool) Result {
			return k.SolveParallel(bg, w, lim, visit)
		}},
		{"split", func(w int, lim search.Limits, visit func(int, []int32) bool) Result {
			r, err := SolveSplit(bg, ks, w, lim, visit)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}},
	} {
		all := e.solve(1, search.Limits{}, nil)
		if all.Solutions < 20 || all.Stats.Nodes <= 1000+3*checkEvery {
			t.Fatalf("%s: %d solutions, %d nodes: too small a tree to test the limits", e.name, all.Solutions, all.Stats.Nodes)
		}
		for _, w := range []int{1, 2, 3} {
			run := func(lim search.Limits) (Result, int64) {
				var visits atomic.Int64
				r := e.solve(w, lim, func(int, []int32) bool {
					visits.Add(1)
					return true
				})
				return r, visits.Load()
			}
			for _, n := range []int64{1, 7, all.Solutions} {
				r, v := run(search.Limits{MaxSolutions: n})
				if r.Solutions != n || v != n || r.Status != search.SolutionLimit || r.Err != nil {
					t.Errorf("%s, %d workers, MaxSolutions %d: %d solutions, %d visits, %v, %v; want %d, solution limit",
						e.name, w, n, r.Solutions, v, r.Status, r.Err, n)
				}
			}
			r, v := run(search.Limits{MaxSolutions: all.Solutions + 1, MaxNodes: all.Stats.Nodes + 1})
			if r.Solutions != all.Solutions || v != all.Solutions || r.Status != search.Solved || r.Stats.Nodes != all.Stats.Nodes {
				t.Errorf("%s, %d workers, limits past the tree: %d solutions, %d visits, %d nodes, %v; want %d, %d nodes, solved",
					e.name, w, r.Solutions, v, r.Stats.Nodes, r.Status, all.Solutions, all.Stats.Nodes)
			}
			for _, m := range []int64{3, 1000} {
				r, v := run(search.Limits{MaxNodes: m})
				if r.Status != search.NodeLimit || !errors.Is(r.Err, search.ErrNodeLimit) || v != r.Solutions ||
					r.Stats.Nodes < m || r.Stats.Nodes >= m+int64(w)*checkEvery || r.Solutions >= all.Solutions {
					t.Errorf("%s, %d workers, MaxNodes %d: %d nodes, %d solutions (%d visits), %v, %v; want %d to %d nodes, node limit",
						e.name, w, m, r.Stats.Nodes, r.Solutions, v, r.Status, r.Err, m, m+int64(w)*checkEvery)
				}
			}
			for _, tc := range []struct {
				lim  search.Limits
				want error
			}{
				{search.Limits{MaxTime: time.Nanosecond}, context.DeadlineExceeded},
			} {
				r, _ := run(tc.lim)
				if r.Status != search.TimeLimit || !errors.Is(r.Err, tc.want) || r.Stats.Nodes >= all.Stats.Nodes {
					t.Errorf("%s, %d workers, %+v: %d nodes, %v, %v; want fewer than %d, time limit, %v",
						e.name, w, tc.lim, r.Stats.Nodes, r.Status, r.Err, all.Stats.Nodes, tc.want)
				}
			}
		}
	}
}
