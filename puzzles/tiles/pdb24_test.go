package tiles

import (
	"context"
	"testing"

	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/search"
)

// TestTwentyFourSmallPatterns solves twenty-four puzzles a random walk
// from the goal with eight 3-tile patterns and reflection (the 6-6-6-6
// path at a size a test can build) and checks the lengths against the
// Manhattan IDA*.
func TestTwentyFourSmallPatterns(t *testing.T) {
	goal := Goal(5, 5)
	var pats []*Pattern
	var tabs []*pdb.Table
	for i := 0; i < 8; i++ {
		p, err := NewPattern(goal, []uint8{uint8(3*i + 1), uint8(3*i + 2), uint8(3*i + 3)})
		if err != nil {
			t.Fatal(err)
		}
		tab, err := pdb.Build(context.Background(), p, pdb.Options{})
		if err != nil {
			t.Fatal(err)
		}
		pats, tabs = append(pats, p), append(tabs, tab)
	}
	h, err := NewPDBHeuristic("3x8", pats, tabs, true)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 4; seed++ {
		b := RandomWalk(goal, 34, seed)
		p, _ := NewPuzzle(b, goal, false)
		want := IDA(context.Background(), p, IDAOptions{})
		for _, w := range []int{1, 2} {
			r := ParallelIDA(context.Background(), p, ParallelOptions{Heuristic: h, Workers: w})
			if r.Status != search.Solved || r.Cost != want.Cost {
				t.Fatalf("walk %d -j %d: %v length %d, Manhattan IDA* %d", seed, w, r.Status, r.Cost, want.Cost)
			}
			checkPath(t, b, r.Path, r.Cost)
		}
		if v := h.Value(b); v < p.Manhattan() || v > want.Cost {
			t.Errorf("walk %d: h %d outside [%d, %d]", seed, v, p.Manhattan(), want.Cost)
		}
	}
}
