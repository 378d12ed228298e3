package search_test

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/search/searchtest"
)

// counts are the node counts of a search: every iteration's, the
// per-depth ones and the totals.
func counts(st search.Stats) search.Stats {
	return search.Stats{Generated: st.Generated, Expanded: st.Expanded, Pruned: st.Pruned,
		GeneratedByDepth: st.GeneratedByDepth, ExpandedByDepth: st.ExpandedByDepth, Iterations: st.Iterations}
}

// TestParallelIDAStarGrids: on weighted grids (11 to 17 iterations each),
// every iteration, the one that finds the goal too, generates and expands
// exactly IDAStar's nodes, per depth and in all, whatever the number of
// workers; the path is IDAStar's, and a grid without a path gives
// NoSolution with every iteration IDAStar's.
func TestParallelIDAStarGrids(t *testing.T) {
	for _, c := range []struct {
		n    int
		seed uint64
	}{{6, 1}, {6, 2}, {6, 3}, {7, 1}, {7, 3}, {8, 2}, {8, 3}, {6, 4}} {
		serial := search.IDAStar(context.Background(), searchtest.NewGrid(c.n, c.n, 0.25, true, c.seed), search.Options{})
		for _, workers := range []int{2, 3} {
			r := search.ParallelIDAStar(context.Background(), func() search.Domain { return searchtest.NewGrid(c.n, c.n, 0.25, true, c.seed) }, workers, search.Options{})
			if r.Status != serial.Status || r.Cost != serial.Cost || !reflect.DeepEqual(r.Path, serial.Path) ||
				!reflect.DeepEqual(counts(r.Stats), counts(serial.Stats)) {
				t.Fatalf("grid %d seed %d, %d workers: %v cost %d %+v; IDAStar %v cost %d %+v", c.n, c.seed, workers,
					r.Status, r.Cost, counts(r.Stats), serial.Status, serial.Cost, counts(serial.Stats))
			}
		}
	}
}

// TestParallelIDAStar: on pancake stacks the solution found is optimal
// (its cost is IDAStar's and replaying it sorts the stack), and with
// several workers it is IDAStar's path, found with IDAStar's counts in
// every iteration, the last one too, per depth and in all.
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
			if !reflect.DeepEqual(counts(r.Stats), counts(serial.Stats)) {
				t.Fatalf("seed %d, %d workers: counts %+v, IDAStar's %+v", seed, workers, counts(r.Stats), counts(serial.Stats))
			}
			p := searchtest.NewPancakes(n, seed)
			for _, m := range r.Path {
				p.Apply(m)
			}
			if !p.IsGoal() {
				t.Fatalf("seed %d, %d workers: the path %v does not sort the stack", seed, workers, r.Path)
			}
			// The leftmost goal's path is IDAStar's.
			if !reflect.DeepEqual(r.Path, serial.Path) {
				t.Errorf("seed %d, %d workers: path %v, IDAStar's %v", seed, workers, r.Path, serial.Path)
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

// shortcut is a tree in which every node has branch children by moves
// of cost 1, and the root one more, by the move branch of cost
// expensive, to a goal; with cheapGoal set, the node that path of cheap
// moves reaches is a goal too.
type shortcut struct {
	branch, expensive int
	cheapGoal         []search.Move
	path              []search.Move
}

func (s *shortcut) Moves(buf []search.Move) []search.Move {
	n := s.branch
	switch {
	case len(s.path) == 0:
		n++ // the shortcut
	case s.path[0] == search.Move(s.branch):
		n = 0
	}
	for m := range n {
		buf = append(buf, search.Move(m))
	}
	return buf
}

func (s *shortcut) Apply(m search.Move) int {
	s.path = append(s.path, m)
	if m == search.Move(s.branch) {
		return s.expensive
	}
	return 1
}

func (s *shortcut) Undo(search.Move) { s.path = s.path[:len(s.path)-1] }
func (s *shortcut) Heuristic() int   { return 0 }
func (s *shortcut) IsGoal() bool {
	return len(s.path) == 1 && s.path[0] == search.Move(s.branch) || s.cheapGoal != nil && slices.Equal(s.path, s.cheapGoal)
}
func (s *shortcut) AppendKey(dst []byte) []byte {
	for _, m := range s.path {
		dst = append(dst, byte(m))
	}
	return dst
}
func (s *shortcut) SetKey(key []byte) {
	s.path = s.path[:0]
	for _, b := range key {
		s.path = append(s.path, search.Move(b))
	}
}

// TestParallelIDAStarTopGoal: with move costs other than 1 the top that
// ParallelIDAStar searches itself (here to depth 4, the first with 32
// nodes in the iteration before the last) may reach a goal, the root's
// expensive child. IDAStar reaches it only after the subtrees listed
// before it: they are searched, and a goal in one of them (a cheap path
// of the same cost) wins; either way the path and every count are
// IDAStar's.
func TestParallelIDAStarTopGoal(t *testing.T) {
	for _, cheapGoal := range [][]search.Move{nil, {1, 1, 1, 1, 1, 1}} {
		newDomain := func() search.Domain { return &shortcut{branch: 3, expensive: 6, cheapGoal: cheapGoal} }
		serial := search.IDAStar(context.Background(), newDomain(), search.Options{})
		if serial.Status != search.Solved || serial.Cost != 6 {
			t.Fatalf("cheap goal %v: IDAStar %v cost %d", cheapGoal, serial.Status, serial.Cost)
		}
		for _, workers := range []int{2, 3} {
			r := search.ParallelIDAStar(context.Background(), newDomain, workers, search.Options{})
			if r.Status != serial.Status || !reflect.DeepEqual(r.Path, serial.Path) || !reflect.DeepEqual(counts(r.Stats), counts(serial.Stats)) {
				t.Errorf("cheap goal %v, %d workers: %v path %v %+v; IDAStar path %v %+v", cheapGoal, workers,
					r.Status, r.Path, counts(r.Stats), serial.Path, counts(serial.Stats))
			}
		}
	}
}
