package bitpack

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/search"
)

// TestSolveSplit: searching each lead placement's subtree in whichever of
// several scan orders looks smaller finds the same solutions as one
// kernel (as sets: the order differs), on one and two workers, with and
// without the dead-region test; the root's statistics are the first
// kernel's.
func TestSolveSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sets := [][][][2]int{
		{square, lTetro, lTetro, lTetro, domino, domino},
		{tromino, lTromino, lTromino, tromino, domino, square},
	}
	trials := 24
	if testing.Short() {
		trials = 6
	}
	for trial := 0; trial < trials; trial++ {
		set := sets[trial%len(sets)]
		area := 0
		for _, s := range set {
			area += len(s)
		}
		p := rectangle(4, area/4, set)
		p.Rule = FirstEmpty
		p.DeadRegions = trial%2 == 0
		ks := scanKernels(t, rng, p, rng.IntN(len(set)), 3)
		solutions := func(r Result, sols []string) string {
			slices.Sort(sols)
			return fmt.Sprint(r.Solutions, sols)
		}
		var want []string
		one := ks[0].NewSearch().Solve(context.Background(), search.Limits{}, func(pl []int32) bool {
			want = append(want, fmt.Sprint(slices.Sorted(slices.Values(pl))))
			return true
		})
		for _, workers := range []int{1, 2} {
			var got []string
			var mu sync.Mutex
			r, err := SolveSplit(context.Background(), ks, workers, search.Limits{}, func(_ int, pl []int32) bool {
				mu.Lock()
				got = append(got, fmt.Sprint(slices.Sorted(slices.Values(pl))))
				mu.Unlock()
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if solutions(r, got) != solutions(one, want) || r.Stats.NodesByDepth[1] != one.Stats.NodesByDepth[1] || r.Stats.Branches[0] != one.Stats.Branches[0] {
				t.Fatalf("trial %d, %d workers: split %d solutions %v, one kernel %d %v", trial, workers, r.Solutions, r.Stats, one.Solutions, one.Stats)
			}
			if want := splitStats(t, ks); !reflect.DeepEqual(r.Stats, want) {
				t.Fatalf("trial %d, %d workers: split statistics %+v, the chosen subtrees' %+v", trial, workers, r.Stats, want)
			}
		}
	}
}

// scanKernels compiles p n times with the first-empty rule, piece lead
// first and the cells in random orders.
func scanKernels(t *testing.T, rng *rand.Rand, p Problem, lead, n int) []*Kernel {
	var ks []*Kernel
	for range n {
		p.Order = []int{lead}
		for _, c := range rng.Perm(p.Cells) {
			p.Order = append(p.Order, len(p.Sizes)+c)
		}
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, k)
	}
	return ks
}

// splitStats re-derives SolveSplit's statistics: the root's children as
// the first kernel lists them, each child's subtree searched by the
// generic (four-word) search in the kernel whose scan order ranks the
// child's placement's cells lowest.
func splitStats(t *testing.T, ks []*Kernel) Stats {
	var st Stats
	root := ks[0].NewSearch()
	n, _ := root.Branches()
	st.grow(1)
	st.NodesByDepth[0] = 1
	st.Branched[0] = 1
	st.Branches[0] = int64(len(root.kids[0]))
	st.Histogram[0][min(len(root.kids[0]), HistogramMax)]++
	st.Nodes = int64(len(root.kids[0]))
	st.NodesByDepth[1] = st.Nodes
	st.Pruned = int64(len(root.kids[0]) - n)
	for c := 0; c < n; c++ {
		i := root.children(0)[c]
		best, bestRank := 0, -1
		for j, k := range ks {
			rank := 0
			for _, cell := range k.cells[i] {
				rank += int(cell)
			}
			if bestRank < 0 || rank < bestRank {
				best, bestRank = j, rank
			}
		}
		k := ks[best]
		sm := k.small
		k.small = nil
		s := k.NewSearch()
		s.Down(c)
		if s.path[0] != i {
			t.Fatal("the kernels list the root's children differently")
		}
		r := s.Solve(context.Background(), search.Limits{}, nil)
		k.small = sm
		st.add(&r.Stats)
	}
	return st
}

// TestSolveSplitErrors: kernels that do not share the root are refused.
func TestSolveSplitErrors(t *testing.T) {
	p := rectangle(5, 4, [][][2]int{square, lTetro, lTetro, tromino, lTromino, domino})
	p.Rule = FirstEmpty
	noLead, _ := Compile(p)
	p.Order = []int{0}
	for c := 0; c < p.Cells; c++ {
		p.Order = append(p.Order, 6+c)
	}
	lead0, _ := Compile(p)
	p.Order[0] = 1
	lead1, _ := Compile(p)
	p.Rule, p.Order = Fewest, nil
	fewest, _ := Compile(p)
	for _, ks := range [][]*Kernel{nil, {noLead}, {lead0, lead1}, {lead0, fewest}} {
		if _, err := SolveSplit(context.Background(), ks, 1, search.Limits{}, nil); err == nil || !strings.Contains(err.Error(), "SolveSplit needs") {
			t.Errorf("%d kernels: error %v", len(ks), err)
		}
	}
}

// walkOnly hides a tree's own counter, so that estimate.Exhaustive walks
// it through Branches, Down and Up.
type walkOnly struct{ estimate.Tree }

// TestSplitTree: the estimators' view of SolveSplit's tree has its nodes
// (the dead-region test's victims left out) and solutions, whether
// counted by its own counter or walked move by move, on one worker and
// two.
func TestSplitTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	set := [][][2]int{square, lTetro, lTetro, lTetro, domino, domino}
	for trial := range 8 {
		p := rectangle(4, 5, set)
		p.Rule, p.DeadRegions = FirstEmpty, trial%2 == 0
		ks := scanKernels(t, rng, p, rng.IntN(len(set)), 2)
		r, err := SolveSplit(context.Background(), ks, 1, search.Limits{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2} {
			for _, walk := range []bool{false, true} {
				newTree := func() estimate.Tree {
					st, err := NewSplitTree(ks)
					if err != nil {
						t.Fatal(err)
					}
					if walk {
						return walkOnly{st}
					}
					return st
				}
				prof, err := estimate.Exhaustive(context.Background(), newTree, 100, workers)
				if err != nil {
					t.Fatal(err)
				}
				var nodes, sols int64
				for d := range prof.Nodes {
					nodes += prof.Nodes[d]
					sols += prof.Solutions[d]
				}
				if nodes != 1+r.Stats.Nodes-r.Stats.Pruned || sols != r.Solutions {
					t.Fatalf("trial %d, %d workers, walked %v: the tree has %d nodes and %d solutions, SolveSplit %d (%d pruned) and %d",
						trial, workers, walk, nodes, sols, 1+r.Stats.Nodes, r.Stats.Pruned, r.Solutions)
				}
			}
		}
	}
	if _, err := NewSplitTree(nil); err == nil {
		t.Fatal("NewSplitTree(nil): no error")
	}
}
