package polyform

import (
	"context"
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
		if r := pk.SolveParallel(cancelled, xcover.Fewest, 2, func(int, []int) bool { return true }); r.Status != search.Interrupted {
			t.Errorf("%v, parallel, cancelled: status %v, want %v", e, r.Status, search.Interrupted)
		}
	}
}
