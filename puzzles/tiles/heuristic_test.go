package tiles

import (
	"context"
	"testing"

	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/search"
)

// TestPDB555Korf builds the 5-5-5 databases (three tables of 524,160
// entries) and solves the cheaper of Korf's instances with them: the
// heuristic lies between the Manhattan distance and the optimal length
// (admissible), the lengths are the published optima, and the counts do
// not depend on the number of workers.
func TestPDB555Korf(t *testing.T) {
	h, _, err := LoadPartition(context.Background(), "pdb555", LoadOptions{Build: pdb.Options{Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	insts, res := loadKorf(t)
	n := 0
	for _, in := range insts {
		want := res[in.Name]
		limit := int64(20_000_000)
		if longtest.Short() {
			limit = 600_000
		}
		if want.generated > limit {
			continue
		}
		n++
		p, _ := NewPuzzle(in.Board, Goal(4, 4), false)
		v := h.Value(in.Board)
		if v < p.Manhattan() || v > want.optimal || (v-want.optimal)%2 != 0 {
			t.Errorf("#%s: h %d, Manhattan %d, optimal %d", in.Name, v, p.Manhattan(), want.optimal)
		}
		var first search.Result
		for _, w := range []int{1, 2} {
			r := ParallelIDA(context.Background(), p, ParallelOptions{Heuristic: h, Workers: w})
			if r.Status != search.Solved || r.Cost != want.optimal {
				t.Fatalf("#%s -j %d: %v length %d, want %d", in.Name, w, r.Status, r.Cost, want.optimal)
			}
			checkPath(t, in.Board, r.Path, r.Cost)
			if w == 1 {
				first = r
				if r.Stats.Generated >= want.generated {
					t.Errorf("#%s: %d nodes with 5-5-5, %d with Manhattan", in.Name, r.Stats.Generated, want.generated)
				}
			} else if r.Stats.Generated != first.Stats.Generated {
				t.Errorf("#%s: %d nodes with -j %d, %d with -j 1", in.Name, r.Stats.Generated, w, first.Stats.Generated)
			}
		}
	}
	if n < 2 {
		t.Fatalf("only %d instances", n)
	}
}

// TestPDBAdditiveAlongPath checks the incremental heuristic of the search
// against the heuristic computed from scratch along random walks, with and
// without reflection: the searcher's tables and the board's agree after
// every move, and one move changes the heuristic by at most one.
func TestPDBAdditiveAlongPath(t *testing.T) {
	if testing.Short() {
		t.Skip("a sequential walk (28 s under the race detector): the main test run checks it, TestPDB555Korf races the build")
	}
	for _, reflect := range []bool{false, true} {
		h, _, err := LoadPartition(context.Background(), "pdb555", LoadOptions{NoReflect: !reflect})
		if err != nil {
			t.Fatal(err)
		}
		p, _ := NewPuzzle(Goal(4, 4), Goal(4, 4), false)
		s := newSearcher(p, h)
		prev := s.h
		for step := 0; step < 2000; step++ {
			d := (step*7 + step/3) % 4
			if s.nb[s.blank][d] < 0 {
				continue
			}
			got := s.apply(d)
			b := Board{Rows: 4, Cols: 4, Tiles: append([]uint8(nil), s.tiles[:16]...)}
			if want := h.Value(b); got != want {
				t.Fatalf("reflect %v step %d: incremental %d, from scratch %d", reflect, step, got, want)
			}
			if got-prev > 1 || prev-got > 1 {
				t.Fatalf("reflect %v step %d: heuristic went from %d to %d", reflect, step, prev, got)
			}
			prev = got
		}
	}
}
