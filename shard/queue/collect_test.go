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
