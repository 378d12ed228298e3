package search_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/search/searchtest"
)

var algorithms = []searchtest.Algorithm{
	{Name: "dfs", Func: search.DepthFirst, Options: search.Options{Detect: true}},
	{Name: "dfid", Func: search.DFID, Options: search.Options{Detect: true, Increment: 2}, Optimal: true},
	{Name: "dfid-1", Func: search.DFID, Options: search.Options{Detect: true}, Optimal: true},
	{Name: "ida", Func: search.IDAStar, Options: search.Options{Detect: true}, Optimal: true},
	{Name: "astar", Func: search.AStar, Optimal: true},
	{Name: "wastar-1", Func: search.WeightedAStar, Options: search.Options{Weight: 1}, Optimal: true},
	{Name: "wastar-1.8", Func: search.WeightedAStar, Options: search.Options{Weight: 1.8}, CostFactor: 1.8},
	{Name: "greedy", Func: search.Greedy},
	{Name: "bestfirst", Func: search.BestFirst, Optimal: true},
	{Name: "priority", Func: search.PriorityFirst},
	{Name: "bfs", Func: search.BreadthFirst, UnitOptimal: true},
	// The options the Gaps deciders are made of.
	{Name: "dfs-once", Func: search.DepthFirst, Options: search.Options{VisitOnce: true}},
	{Name: "dfs-once-gen", Func: search.DepthFirst, Options: search.Options{VisitOnce: true, GoalOnGenerate: true}},
	{Name: "dfs-gen", Func: search.DepthFirst, Options: search.Options{Detect: true, GoalOnGenerate: true}},
	{Name: "ida-gen", Func: search.IDAStar, Options: search.Options{Detect: true, GoalOnGenerate: true}, Optimal: true},
	{Name: "priority-gen", Func: search.PriorityFirst, Options: search.Options{GoalOnGenerate: true}},
	{Name: "astar-gen", Func: search.AStar, Options: search.Options{GoalOnGenerate: true}},
	{Name: "bfs-gen", Func: search.BreadthFirst, Options: search.Options{GoalOnGenerate: true}, UnitOptimal: true},
}

var stores = []struct {
	name string
	new  func() dedup.Store
}{
	{"hash", dedup.NewHashSet},
	{"trie", dedup.NewTrie},
}

func TestConformance(t *testing.T) {
	for _, a := range algorithms {
		for _, s := range stores {
			t.Run(a.Name+"/"+s.name, func(t *testing.T) {
				searchtest.Run(t, a, s.new)
			})
		}
	}
}

// TestWeightedAStarHugeWeight: a weight beyond MaxWeight searches as
// MaxWeight does, not as an f of +Inf everywhere (issue 36, D13).
func TestWeightedAStarHugeWeight(t *testing.T) {
	var want search.Result
	for i, mu := range []float64{search.MaxWeight, 1e307, math.Inf(1)} {
		g := searchtest.NewGrid(30, 30, 0.2, true, 5)
		r := search.WeightedAStar(context.Background(), g, search.Options{Weight: mu})
		if i == 0 {
			want = r
		} else if r.Status != search.Solved || r.Cost != want.Cost || r.Stats.Expanded != want.Stats.Expanded {
			t.Errorf("mu %g: %v, cost %d, expanded %d; want cost %d, expanded %d as at MaxWeight",
				mu, r.Status, r.Cost, r.Stats.Expanded, want.Cost, want.Stats.Expanded)
		}
	}
}

// TestDepthFirstCounts checks the counting conventions on a complete binary
// tree: 2^d nodes generated at depth d, the root not counted.
func TestDepthFirstCounts(t *testing.T) {
	b := &searchtest.BinaryTree{Depth: 10}
	r := search.DepthFirst(context.Background(), b, search.Options{})
	if r.Status != search.NoSolution {
		t.Fatalf("status %v, want no solution", r.Status)
	}
	if r.Stats.Generated != 1<<11-2 {
		t.Errorf("generated %d, want %d", r.Stats.Generated, 1<<11-2)
	}
	for d, n := range r.Stats.GeneratedByDepth {
		want := int64(1) << d
		if d == 0 {
			want = 0
		}
		if n != want {
			t.Errorf("generated at depth %d: %d, want %d", d, n, want)
		}
	}
	// Leaves are expanded too: their (empty) move lists are generated.
	if r.Stats.Expanded != 1<<11-1 {
		t.Errorf("expanded %d, want %d", r.Stats.Expanded, 1<<11-1)
	}

	b = &searchtest.BinaryTree{Depth: 30}
	r = search.DepthFirst(context.Background(), b, search.Options{DepthBound: 4})
	if r.Status != search.DepthLimit || !errors.Is(r.Err, search.ErrDepthBound) || r.Stats.Generated != 30 {
		t.Errorf("bounded at 4: status %v, err %v, generated %d; want stopped at the bound, 30", r.Status, r.Err, r.Stats.Generated)
	}
}

// TestVisitOnceCounts: on a tree every state is new, so the visit-once
// search counts what the recursive one does; on a graph it counts each
// state once.
func TestVisitOnceCounts(t *testing.T) {
	b := &searchtest.BinaryTree{Depth: 10}
	plain := search.DepthFirst(context.Background(), b, search.Options{})
	once := search.DepthFirst(context.Background(), b, search.Options{VisitOnce: true})
	if once.Status != search.NoSolution || once.Stats.Generated != plain.Stats.Generated ||
		once.Stats.Expanded != plain.Stats.Expanded || !slices.Equal(once.Stats.GeneratedByDepth, plain.Stats.GeneratedByDepth) {
		t.Errorf("visit once: %v, %d generated, %d expanded; want %d, %d", once.Status,
			once.Stats.Generated, once.Stats.Expanded, plain.Stats.Generated, plain.Stats.Expanded)
	}
	// A 9 x 8 open grid: 72 states, each expanded once, 4 x 9 x 8 - 2 x 9
	// - 2 x 8 moves generated (every cell's moves to its neighbours).
	g := searchtest.NewGrid(9, 8, 0, false, 1)
	g.End = -1 // no goal
	g.Reset()
	r := search.DepthFirst(context.Background(), g, search.Options{VisitOnce: true})
	if r.Status != search.NoSolution || r.Stats.Expanded != 72 || r.Stats.Generated != 4*72-2*9-2*8 || r.Stats.PeakClosed != 72 {
		t.Errorf("open grid: %v, %d expanded, %d generated, %d stored", r.Status, r.Stats.Expanded, r.Stats.Generated, r.Stats.PeakClosed)
	}
}

// TestIDAStarIterations checks IDA*'s bounds on a grid: each iteration's bound
// is the smallest f that exceeded the previous one, and the last is the cost.
func TestIDAStarIterations(t *testing.T) {
	g := searchtest.NewGrid(12, 12, 0.2, true, 3)
	want := g.Distances()[g.End]
	if want < 0 {
		t.Fatal("the test grid has no path: pick another seed")
	}
	g.Reset()
	r := search.IDAStar(context.Background(), g, search.Options{Detect: true})
	if r.Status != search.Solved || r.Cost != want {
		t.Fatalf("status %v cost %d, want solved at %d", r.Status, r.Cost, want)
	}
	bounds := make([]float64, len(r.Stats.Iterations))
	for i, it := range r.Stats.Iterations {
		bounds[i] = it.Bound
	}
	if !slices.IsSorted(bounds) || bounds[len(bounds)-1] != float64(want) || bounds[0] != float64(g.W+g.H-2) {
		t.Errorf("bounds %v: want rising from %d to %d", bounds, g.W+g.H-2, want)
	}
	var gen int64
	for _, it := range r.Stats.Iterations {
		gen += it.Generated
	}
	if gen != r.Stats.Generated {
		t.Errorf("iterations generated %d in all, stats say %d", gen, r.Stats.Generated)
	}
}

func TestByName(t *testing.T) {
	for _, n := range search.Names() {
		if _, err := search.ByName(n); err != nil {
			t.Errorf("ByName(%q): %v", n, err)
		}
	}
	if _, err := search.ByName("nope"); err == nil {
		t.Error("ByName(nope) succeeded")
	}
}
