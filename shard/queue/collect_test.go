package queue

import (
	"math"
	"testing"
)

// TestProjection: a shard's subtrees as a sample of the frontier, worked
// by hand: mean 20 of 4 subtrees, frontier 100; sample variance 200/3,
// standard error 100 * sqrt(200/3/4 * (1 - 4/100)).
func TestProjection(t *testing.T) {
	pr := Progress{Shards: 25, Frontier: 100, SubtreeNodes: []int64{10, 20, 30, 20}, Seconds: 8}
	nodes, se, secs := pr.Projection()
	want := 100 * math.Sqrt(200.0/3/4*0.96)
	if nodes != 2000 || math.Abs(se-want) > 1e-9 || secs != 200 {
		t.Errorf("Projection = %v, %v, %v; want 2000, %v, 200", nodes, se, secs, want)
	}
	whole := Progress{Shards: 1, Frontier: 2, SubtreeNodes: []int64{5, 7}, Seconds: 3}
	if n, se, secs := whole.Projection(); n != 12 || se != 0 || secs != 3 {
		t.Errorf("whole count: Projection = %v, %v, %v; want 12, 0, 3", n, se, secs)
	}
}

// TestKeep: a copy of a result is dropped; two splits of one subtree
// that stopped at different children keep the one that queued more; any
// other difference is an error.
func TestKeep(t *testing.T) {
	m := map[string]*result{}
	split := func(first int, nodes ...int64) *result {
		return &result{ID: "7", Kind: kindSplit, From: 3, Children: 5, FirstChild: first, Nodes: nodes, Branches: nodes, Solutions: make([]int64, len(nodes))}
	}
	for _, r := range []*result{split(3, 1, 3, 9), split(3, 1, 3, 9), split(1, 1, 1, 4), split(4, 1, 4, 12)} {
		if err := keep(m, r); err != nil {
			t.Fatal(err)
		}
	}
	if m["7"].FirstChild != 1 {
		t.Errorf("kept the split at child %d, want 1", m["7"].FirstChild)
	}
	if err := keep(m, split(1, 1, 2, 4)); err == nil {
		t.Error("two splits at the same child with different counts: no error")
	}
	other := split(1, 1, 1, 4)
	other.Children = 6
	if err := keep(m, other); err == nil {
		t.Error("two splits with different numbers of children: no error")
	}
}
