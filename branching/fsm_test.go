package branching

import (
	"context"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/search"
)

func TestFSMInverseMoves(t *testing.T) {
	f, err := LearnFSM(2)
	if err != nil {
		t.Fatal(err)
	}
	// U L R D = 0 1 2 3: the learned duplicates are the four move-and-back pairs.
	want := []string{"\x00\x03", "\x01\x02", "\x02\x01", "\x03\x00"}
	got := slices.Clone(f.Forbidden)
	slices.Sort(got)
	if !slices.Equal(got, want) || f.States() != 5 {
		t.Errorf("L=2: forbidden %q with %d states, want %q with 5", got, f.States(), want)
	}
	g, _ := TilesFSM(4, 4, 0, f)
	if a := g.Analyze(100000); !near(a.Asymptotic, 2.1304, 5e-5) {
		t.Errorf("15-puzzle with inverse moves pruned: %.6f, want 2.1304", a.Asymptotic)
	}
}

// TestFSMCountsMatchEnumeration: the type graph of the FSM-pruned puzzle
// counts exactly the nodes of the real tree searched with the FSM as the
// move filter of the search core.
func TestFSMCountsMatchEnumeration(t *testing.T) {
	f, _ := LearnFSM(10)
	for _, tc := range []struct{ rows, cols, start, depth int }{{4, 4, 0, 14}, {3, 3, 4, 16}, {3, 4, 5, 14}} {
		g, _ := TilesFSM(tc.rows, tc.cols, tc.start, f)
		q, _ := g.Reduce()
		want := totals(q.Counts(tc.depth))
		goal := tiles.Goal(tc.rows, tc.cols)
		b := tiles.RandomWalk(goal, 0, 1)
		b.Tiles[0], b.Tiles[tc.start] = b.Tiles[tc.start], 0
		if !b.Solvable(goal) {
			n := len(b.Tiles)
			b.Tiles[n-1], b.Tiles[n-2] = b.Tiles[n-2], b.Tiles[n-1]
		}
		p, err := tiles.NewPuzzle(b, goal, false)
		if err != nil {
			t.Fatal(err)
		}
		r := search.DepthFirst(context.Background(), noGoal{p}, search.Options{DepthBound: tc.depth, Filter: f})
		got := append([]int64{1}, r.Stats.GeneratedByDepth[1:]...)
		if !slices.Equal(got, want) {
			t.Errorf("%dx%d: enumeration %v, recurrence %v", tc.rows, tc.cols, got, want)
		}
	}
}

// TestFSMKeepsIDAStarOptimal: IDA* with the learned FSM as its move filter
// finds the same optimal lengths as without it, generating fewer nodes.
func TestFSMKeepsIDAStarOptimal(t *testing.T) {
	f, _ := LearnFSM(12)
	var with, without int64
	for _, k := range tiles.Korf100() {
		if k.Generated > 3_000_000 {
			continue
		}
		p, _ := tiles.NewPuzzle(k.Board, tiles.Goal(4, 4), false)
		r := tiles.IDA(context.Background(), p, tiles.IDAOptions{Filter: f})
		if r.Status != search.Solved || r.Cost != k.Optimal {
			t.Errorf("#%s with the FSM: %v length %d, want %d", k.Name, r.Status, r.Cost, k.Optimal)
		}
		with += r.Stats.Generated
		without += k.Generated
	}
	if with >= without {
		t.Errorf("the FSM generated %d nodes, more than %d without it", with, without)
	}
	for seed := uint64(0); seed < 60; seed++ {
		b := tiles.RandomWalk(tiles.Goal(3, 4), 40, seed)
		p, _ := tiles.NewPuzzle(b, tiles.Goal(3, 4), false)
		plain := tiles.IDA(context.Background(), p, tiles.IDAOptions{})
		pruned := tiles.IDA(context.Background(), p, tiles.IDAOptions{Filter: f})
		if plain.Cost != pruned.Cost {
			t.Fatalf("3x4 %v: %d moves without the FSM, %d with it", b, plain.Cost, pruned.Cost)
		}
	}
}
