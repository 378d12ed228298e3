package search_test

import (
	"context"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/search/searchtest"
)

// BenchmarkIDAStarPancakes measures the generic depth-first engine: the
// per-node cost of the Domain interface calls and the engine's bookkeeping.
// It must report 0 allocs/op beyond the per-search setup.
func BenchmarkIDAStarPancakes(b *testing.B) {
	p := searchtest.NewPancakes(12, 11)
	start := p.AppendKey(nil)
	var gen int64
	b.ReportAllocs()
	for b.Loop() {
		p.SetKey(start)
		r := search.IDAStar(context.Background(), p, search.Options{})
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
