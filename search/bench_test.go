package search_test

import (
	"context"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/search/searchtest"
)

// BenchmarkDepthFirstTree measures the generic depth-first engine on the
// complete binary tree of depth 20 (2^21-2 generated nodes per search): the
// cost per node of the Domain interface calls and the engine's bookkeeping.
// Allocations per search are setup only (per-depth buffers), none per node.
func BenchmarkDepthFirstTree(b *testing.B) {
	var gen int64
	b.ReportAllocs()
	for b.Loop() {
		t := &searchtest.BinaryTree{Depth: 20}
		r := search.DepthFirst(context.Background(), t, search.Options{})
		gen += r.Stats.Generated
	}
	b.ReportMetric(float64(gen)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkAStarGrid measures the best-first engine with the default hash
// store: records, keys, the bucket queue.
func BenchmarkAStarGrid(b *testing.B) {
	g := searchtest.NewGrid(200, 200, 0.25, true, 3)
	var gen int64
	b.ReportAllocs()
	for b.Loop() {
		g.Reset()
		r := search.AStar(context.Background(), g, search.Options{})
		gen += r.Stats.Generated
	}
	b.ReportMetric(float64(gen)/b.Elapsed().Seconds(), "nodes/s")
}
