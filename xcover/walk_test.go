package xcover

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// walkAll enumerates the tree with a Walker, counting nodes per depth and
// solutions.
func walkAll(w *Walker, byDepth *[]int64) (solutions int64) {
	for len(*byDepth) <= w.Depth() {
		*byDepth = append(*byDepth, 0)
	}
	(*byDepth)[w.Depth()]++
	n, sol := w.Branches()
	if sol {
		return 1
	}
	for k := 0; k < n; k++ {
		w.Down(k)
		solutions += walkAll(w, byDepth)
		w.Up()
	}
	return solutions
}

// TestWalkerTree: a walk over the whole tree sees Solve's tree: the same
// nodes per depth and solutions, for every strategy, and leaves the solver
// as it found it.
func TestWalkerTree(t *testing.T) {
	for _, s := range []Strategy{Fewest, Fixed, Sorted} {
		for n := 4; n <= 8; n++ {
			sv := queens(n).Compile(s)
			var byDepth []int64
			sols := walkAll(sv.Walker(), &byDepth)
			r := sv.Solve(context.Background(), search.Limits{}, nil)
			want := slices.Clone(r.Stats.NodesByDepth)
			for len(want) > 0 && want[len(want)-1] == 0 {
				want = want[:len(want)-1]
			}
			if sols != r.Solutions || !slices.Equal(byDepth, want) {
				t.Errorf("%v %d queens: walk %d solutions %v, Solve %d %v", s, n, sols, byDepth, r.Solutions, want)
			}
		}
	}
}

// TestNoBranch: with the column items never chosen, the queens counts are
// unchanged, and no node branches on a column.
func TestNoBranch(t *testing.T) {
	want := []int64{1, 0, 0, 2, 10, 4, 40, 92}
	for n := 1; n <= 8; n++ {
		p := queens(n)
		for c := 0; c < n; c++ {
			p.NoBranch(p.Item("c" + string(rune('0'+c))))
		}
		sv := p.Compile(Fewest)
		if r := sv.Solve(context.Background(), search.Limits{}, nil); r.Solutions != want[n-1] {
			t.Errorf("%d queens branching on rows: %d solutions, want %d", n, r.Solutions, want[n-1])
		}
		// Every branching item is a row: n options at most, one per column.
		w := sv.Walker()
		for d := 0; ; d++ {
			k, _ := w.Branches()
			if k == 0 {
				break
			}
			if name := p.ItemName(int(w.item[w.depth])); name[0] != 'r' {
				t.Fatalf("%d queens: branched on %s", n, name)
			}
			w.Down(0)
		}
	}
}

// TestPruner: a pruner that cuts every node below depth 2 leaves the nodes
// of depths 0..2 and counts the cut ones, in Solve and SolveParallel.
func TestPruner(t *testing.T) {
	p := queens(8)
	p.SetPruner(func() Pruner {
		depthOf := func(s *Solver) int {
			d := 0
			for i := 0; i < 8; i++ {
				if !s.IsActive(p.Item("r" + string(rune('0'+i)))) {
					d++
				}
			}
			return d
		}
		return func(s *Solver) bool { return depthOf(s) > 2 }
	})
	full := queens(8).Compile(Fewest).Solve(context.Background(), search.Limits{}, nil)
	for _, workers := range []int{1, 2} {
		r := p.SolveParallel(context.Background(), Fewest, workers, search.Limits{}, nil)
		if r.Solutions != 0 || r.Stats.Pruned != full.Stats.NodesByDepth[3] ||
			r.Stats.NodesByDepth[2] != full.Stats.NodesByDepth[2] {
			t.Errorf("workers %d: %d solutions, %d pruned (want %d), depth 2 %d (want %d)", workers,
				r.Solutions, r.Stats.Pruned, full.Stats.NodesByDepth[3], r.Stats.NodesByDepth[2], full.Stats.NodesByDepth[2])
		}
	}
}

// TestSkipPruned: a walker that hides cut children sees the nodes of
// depths 0..2 only when every node below depth 2 is cut, and the whole tree
// when nothing is cut.
func TestSkipPruned(t *testing.T) {
	full := queens(8).Compile(Fewest).Solve(context.Background(), search.Limits{}, nil)
	for _, cutBelow := range []int{2, 99} {
		p := queens(8)
		p.SetPruner(func() Pruner {
			return func(s *Solver) bool {
				d := 0
				for i := 0; i < 8; i++ {
					if !s.IsActive(p.Item("r" + string(rune('0'+i)))) {
						d++
					}
				}
				return d > cutBelow
			}
		})
		w := p.Compile(Fewest).Walker()
		w.SkipPruned = true
		var byDepth []int64
		sols := walkAll(w, &byDepth)
		want := full.Stats.NodesByDepth[:min(cutBelow+1, len(full.Stats.NodesByDepth))]
		for len(want) > 0 && want[len(want)-1] == 0 {
			want = want[:len(want)-1]
		}
		wantSols := int64(0)
		if cutBelow == 99 {
			wantSols = full.Solutions
		}
		if !slices.Equal(byDepth, want) || sols != wantSols {
			t.Errorf("cut below %d: walk %v %d solutions, want %v %d", cutBelow, byDepth, sols, want, wantSols)
		}
	}
}

// TestProgress: the progress reports add up to the nodes searched, with
// one worker and with two.
func TestProgress(t *testing.T) {
	for _, workers := range []int{1, 2} {
		p := queens(10)
		var mu sync.Mutex
		var sum int64
		p.SetProgress(func(n int64) { mu.Lock(); sum += n; mu.Unlock() })
		r := p.SolveParallel(context.Background(), Fewest, workers, search.Limits{}, nil)
		// With workers, the few nodes above the cut are the master's, not
		// reported.
		if sum > r.Stats.Nodes || sum < r.Stats.Nodes*9/10 || workers == 1 && sum != r.Stats.Nodes {
			t.Errorf("workers %d: progress %d, nodes %d", workers, sum, r.Stats.Nodes)
		}
	}
}

// TestHistogram: the histogram of the chosen items' option counts sums to
// the nodes that branched and to their option counts, depth by depth, and
// the parallel search's equals the sequential one's.
func TestHistogram(t *testing.T) {
	seq := queens(9).Compile(Fewest).Solve(context.Background(), search.Limits{}, nil)
	par := queens(9).SolveParallel(context.Background(), Fewest, 3, search.Limits{}, nil)
	for d := range seq.Stats.Branched {
		var n, sum int64
		for k, c := range seq.Stats.Histogram[d] {
			n += c
			sum += int64(k) * c
		}
		if n != seq.Stats.Branched[d] || sum != seq.Stats.Branches[d] {
			t.Errorf("depth %d: histogram %d nodes, %d options; want %d, %d", d, n, sum, seq.Stats.Branched[d], seq.Stats.Branches[d])
		}
	}
	if !slices.Equal(seq.Stats.Histogram, par.Stats.Histogram) {
		t.Errorf("parallel histogram differs")
	}
}
