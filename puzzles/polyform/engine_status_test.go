package polyform

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// The kernel's results carry the status xcover's would: solved, a
// solution limit, a visitor's stop, a cancelled context.
func TestKernelStatus(t *testing.T) {
	b, ps, _ := Named("pentomino-3x20")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, e := range []Engine{XCover, Bitboard} {
		pk, err := NewPacking(b, ps)
		if err != nil {
			t.Fatal(err)
		}
		pk.Engine = e
		for _, tc := range []struct {
			name  string
			ctx   context.Context
			limit int64
			visit func([]int) bool
			want  search.Status
		}{
			{"all", context.Background(), 0, func([]int) bool { return true }, search.Solved},
			{"limit", context.Background(), 2, func([]int) bool { return true }, search.SolutionLimit},
			{"visitor", context.Background(), 0, func([]int) bool { return false }, search.VisitorStop},
		} {
			if r := pk.Solve(tc.ctx, xcover.Fewest, search.Limits{MaxSolutions: tc.limit}, tc.visit); r.Status != tc.want {
				t.Errorf("%v, %s: status %v, want %v", e, tc.name, r.Status, tc.want)
			}
		}
	}
	// A cancelled search of a tree too large to finish (the PP-24 frame).
	b, ps, _ = Named("heptiamond-pp24")
	for _, e := range []Engine{XCover, Bitboard} {
		pk, err := NewPacking(b, ps)
		if err != nil {
			t.Fatal(err)
		}
		pk.Engine = e
		if r := pk.Solve(cancelled, xcover.Fewest, search.Limits{}, func([]int) bool { return true }); r.Status != search.Interrupted {
			t.Errorf("%v, cancelled: status %v, want %v", e, r.Status, search.Interrupted)
		}
		if r := pk.SolveParallel(cancelled, xcover.Fewest, 2, search.Limits{}, func(int, []int) bool { return true }); r.Status != search.Interrupted {
			t.Errorf("%v, parallel, cancelled: status %v, want %v", e, r.Status, search.Interrupted)
		}
	}
}

// TestSolveParallelLimits checks that SolveParallel obeys search.Limits
// on every engine with one worker and two (before, the limits held with
// one worker only): MaxSolutions exactly (visits too), MaxNodes within
// 4,096 nodes a worker past it, and no limit stops the whole count of
// pentomino-3x20 (8 solutions).
func TestSolveParallelLimits(t *testing.T) {
	b, ps, _ := Named("pentomino-3x20")
	const maxNodes, check = 5000, 4096 // the tree has more than maxNodes + 2 x check nodes on every engine
	for _, e := range []struct {
		engine     Engine
		firstEmpty bool
	}{{XCover, false}, {Bitboard, false}, {Bitboard, true}} {
		pk, err := NewPacking(b, ps)
		if err != nil {
			t.Fatal(err)
		}
		pk.Engine, pk.FirstEmpty = e.engine, e.firstEmpty
		for _, w := range []int{1, 2} {
			run := func(lim search.Limits) (xcover.Result, int64) {
				var visits atomic.Int64
				r := pk.SolveParallel(context.Background(), xcover.Fewest, w, lim, func(int, []int) bool {
					visits.Add(1)
					return true
				})
				return r, visits.Load()
			}
			if r, v := run(search.Limits{}); r.Solutions != 8 || v != 8 || r.Status != search.Solved {
				t.Errorf("%v (first-empty %v), %d workers: %d solutions, %d visits, %v; want 8, solved", e.engine, e.firstEmpty, w, r.Solutions, v, r.Status)
			}
			if r, v := run(search.Limits{MaxSolutions: 3}); r.Solutions != 3 || v != 3 || r.Status != search.SolutionLimit {
				t.Errorf("%v (first-empty %v), %d workers, 3 solutions: %d solutions, %d visits, %v; want 3, solution limit", e.engine, e.firstEmpty, w, r.Solutions, v, r.Status)
			}
			r, v := run(search.Limits{MaxNodes: maxNodes})
			if r.Status != search.NodeLimit || !errors.Is(r.Err, search.ErrNodeLimit) || v != r.Solutions ||
				r.Stats.Nodes < maxNodes || r.Stats.Nodes >= maxNodes+int64(w)*check {
				t.Errorf("%v (first-empty %v), %d workers, %d nodes: %d nodes, %d solutions (%d visits), %v, %v; want node limit",
					e.engine, e.firstEmpty, w, maxNodes, r.Stats.Nodes, r.Solutions, v, r.Status, r.Err)
			}
		}
	}
}
