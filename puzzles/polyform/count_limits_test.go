package polyform

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// TestCountLimits: Count, CountUnique and SolveUnique obey search.Limits
// as SolveParallel does, on both engines and one or two workers: no
// limit counts pentomino-3x20 exactly (8 solutions, 2 unique); on
// pentomino-5x12 (4,040 and 1,010) MaxSolutions stops Count at that many
// solutions and CountUnique and SolveUnique at that many classes
// (exactly, visit called that often), MaxNodes within 4,096 nodes a
// worker, MaxTime and MaxCPU by the clock, each with its status and error.
// MaxCPU is read every 20 ms (internal/cputime), longer than some of
// these counts of pentomino-5x12 take (33 ms on two workers): it is
// tested on pentomino-3x4x5 (31,520 solutions, 3 s or more), which a
// millisecond's budget must stop early.
func TestCountLimits(t *testing.T) {
	const maxSolutions, maxNodes, check, boxSolutions = 5, 5000, 4096, 31520
	small, ps, _ := Named("pentomino-3x20")
	big, _, _ := Named("pentomino-5x12")
	box, _, _ := Named("pentomino-3x4x5")
	for _, e := range []struct {
		engine     Engine
		firstEmpty bool
	}{{XCover, false}, {Bitboard, false}, {Bitboard, true}} {
		newPacking := func(b *Board) *Packing {
			pk, err := NewPacking(b, ps)
			if err != nil {
				t.Fatal(err)
			}
			pk.Engine, pk.FirstEmpty = e.engine, e.firstEmpty
			return pk
		}
		pk3, pk5, pkBox := newPacking(small), newPacking(big), newPacking(box)
		for _, w := range []int{1, 2} {
			name := func(f string) string {
				return f + " on " + e.engine.String() + map[bool]string{true: " first-empty", false: ""}[e.firstEmpty] + ", " + map[int]string{1: "1 worker", 2: "2 workers"}[w]
			}
			ctx := context.Background()
			if c := pk3.Count(ctx, xcover.Fewest, w, search.Limits{}); c.All != 8 || c.Unique != 2 || c.Status != search.Solved || c.Err != nil {
				t.Errorf("%s: %+v; want 8, 2 unique, solved", name("Count"), c)
			}
			if c := pk3.CountUnique(ctx, xcover.Fewest, w, search.Limits{}); c.All != 8 || c.Unique != 2 || c.Status != search.Solved || c.Err != nil {
				t.Errorf("%s: %+v; want 8, 2 unique, solved", name("CountUnique"), c)
			}
			if c := pk5.Count(ctx, xcover.Fewest, w, search.Limits{MaxSolutions: maxSolutions}); c.All != maxSolutions || c.Status != search.SolutionLimit || c.Err != nil {
				t.Errorf("%s, %d solutions: %d, %v, %v; want %d, solution limit", name("Count"), maxSolutions, c.All, c.Status, c.Err, maxSolutions)
			}
			if c := pk5.CountUnique(ctx, xcover.Fewest, w, search.Limits{MaxSolutions: maxSolutions}); c.Unique != maxSolutions || c.All < c.Unique || c.Status != search.SolutionLimit || c.Err != nil {
				t.Errorf("%s, %d solutions: %d unique (%d in all), %v, %v; want %d unique, solution limit", name("CountUnique"), maxSolutions, c.Unique, c.All, c.Status, c.Err, maxSolutions)
			}
			var visits atomic.Int64
			r := pk5.SolveUnique(ctx, xcover.Fewest, w, search.Limits{MaxSolutions: maxSolutions}, pk5.Restrict(), func(int, []int, int) bool {
				visits.Add(1)
				return true
			})
			if r.Solutions != maxSolutions || visits.Load() != maxSolutions || r.Status != search.SolutionLimit || r.Err != nil {
				t.Errorf("%s, %d solutions: %d classes, %d visits, %v, %v; want %d, solution limit", name("SolveUnique"), maxSolutions, r.Solutions, visits.Load(), r.Status, r.Err, maxSolutions)
			}
			// The user's visitor still stops the search first.
			r = pk5.SolveUnique(ctx, xcover.Fewest, w, search.Limits{MaxSolutions: maxSolutions}, pk5.Restrict(), func(int, []int, int) bool { return false })
			if r.Status != search.VisitorStop || r.Err != nil {
				t.Errorf("%s, a visitor that stops: %v, %v; want stopped by the visitor", name("SolveUnique"), r.Status, r.Err)
			}
			for _, f := range []struct {
				name        string
				count, long func(context.Context, xcover.Strategy, int, search.Limits) Counts
			}{{"Count", pk5.Count, pkBox.Count}, {"CountUnique", pk5.CountUnique, pkBox.CountUnique}} {
				c := f.count(ctx, xcover.Fewest, w, search.Limits{MaxNodes: maxNodes})
				if c.Status != search.NodeLimit || !errors.Is(c.Err, search.ErrNodeLimit) || c.Stats.Nodes < maxNodes || c.Stats.Nodes >= maxNodes+int64(w)*check {
					t.Errorf("%s, %d nodes: %d nodes, %v, %v; want node limit", name(f.name), maxNodes, c.Stats.Nodes, c.Status, c.Err)
				}
				c = f.count(ctx, xcover.Fewest, w, search.Limits{MaxTime: time.Nanosecond})
				if c.Status != search.TimeLimit || !errors.Is(c.Err, context.DeadlineExceeded) {
					t.Errorf("%s, 1 ns: %v, %v; want time limit", name(f.name), c.Status, c.Err)
				}
				c = f.long(ctx, xcover.Fewest, w, search.Limits{MaxCPU: time.Millisecond})
				if c.Status != search.TimeLimit || !errors.Is(c.Err, search.ErrCPULimit) || c.All >= boxSolutions {
					t.Errorf("%s on pentomino-3x4x5, 1 ms of CPU: %d solutions, %v, %v; want time limit, fewer than %d", name(f.name), c.All, c.Status, c.Err, boxSolutions)
				}
			}
		}
	}
}

// TestCountRangesLimits: a packing with ranges of copies (counted by
// Algorithm M on one worker) obeys the solution and node limits too (its
// tree is too small for the clock, read every few thousand nodes).
func TestCountRangesLimits(t *testing.T) {
	ps, rs, err := ParsePieces(Pentominoes(), "L*2,P*1-3,N*0-2,V,U*0-1")
	if err != nil {
		t.Fatal(err)
	}
	pk, err := NewPackingRanges(Rectangle(6, 5), ps, rs)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	all := pk.Count(ctx, xcover.Fewest, 1, search.Limits{})
	if all.Status != search.Solved || all.All <= 3 {
		t.Fatalf("no limit: %+v; want solved, more than 3 solutions", all)
	}
	if c := pk.Count(ctx, xcover.Fewest, 2, search.Limits{MaxSolutions: 3}); c.All != 3 || c.Status != search.SolutionLimit || c.Err != nil {
		t.Errorf("3 solutions: %d, %v, %v; want 3, solution limit", c.All, c.Status, c.Err)
	}
	// CountUnique's bound counts the classes, as without copies.
	if c := pk.CountUnique(ctx, xcover.Fewest, 2, search.Limits{MaxSolutions: 3}); c.Unique != 3 || c.All <= 3 || c.Status != search.SolutionLimit || c.Err != nil {
		t.Errorf("3 classes: %d (%d solutions), %v, %v; want 3, solution limit", c.Unique, c.All, c.Status, c.Err)
	}
	if c := pk.Count(ctx, xcover.Fewest, 1, search.Limits{MaxNodes: all.Stats.Nodes / 2}); c.Status != search.NodeLimit || !errors.Is(c.Err, search.ErrNodeLimit) || c.All >= all.All {
		t.Errorf("%d nodes: %d solutions, %v, %v; want node limit", all.Stats.Nodes/2, c.All, c.Status, c.Err)
	}
}
