package xcover

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// TestByDepth checks the per-depth figures on a problem small enough to
// count by hand: items a b c, options {a}, {a b}, {b}, {c}, {b c}.
// Fewest picks a (2 options, the first of the ties) at the root. Below
// {a}: b (2 options: {b}, {b c}), then below {b}: c (1 option, {c}); {b c}
// is a solution. Below {a b}: c (1 option), then a solution. Depth 1 has
// branched on 2 and 1 options (mean 1.5, sd 0.5), depth 2 once on 1.
func TestByDepth(t *testing.T) {
	p, err := NewProblem([]string{"a", "b", "c"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range [][]string{{"a"}, {"a", "b"}, {"b"}, {"c"}, {"b", "c"}} {
		if _, err := p.AddOption(o...); err != nil {
			t.Fatal(err)
		}
	}
	r := p.Compile(Fewest).Solve(context.Background(), search.Limits{}, nil)
	if r.Solutions != 3 {
		t.Fatalf("%d solutions, want 3", r.Solutions)
	}
	got := r.Stats.ByDepth()
	nodes := []int64{}
	for _, d := range got {
		nodes = append(nodes, d.Nodes)
	}
	if !slices.Equal(nodes, []int64{1, 2, 3, 1}) {
		t.Fatalf("nodes per depth %v, want [1 2 3 1]", nodes)
	}
	// Root: one branching node on an item of 2 options.
	if got[0].MeanMinB != 2 || got[0].SDMinB != 0 || !slices.Equal(got[0].Histogram, []int64{0, 0, 1}) {
		t.Errorf("depth 0: %+v", got[0])
	}
	if got[1].MeanMinB != 1.5 || got[1].SDMinB != 0.5 || !slices.Equal(got[1].Histogram, []int64{0, 1, 1}) {
		t.Errorf("depth 1: %+v", got[1])
	}
	if got[2].MeanMinB != 1 || got[2].SDMinB != 0 || got[3].MeanMinB != 0 || got[3].Histogram != nil {
		t.Errorf("depths 2, 3: %+v, %+v", got[2], got[3])
	}
	for d, ds := range got {
		if ds.Depth != d || ds.MeanMinB != r.Stats.MeanMinBranching(d) || math.IsNaN(ds.SDMinB) {
			t.Errorf("depth %d: %+v", d, ds)
		}
	}
}
