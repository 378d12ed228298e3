package polyform

import (
	"context"
	"testing"

	"github.com/branchwise/branchwise/bitpack"
	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// benchCount counts a built-in puzzle's solutions single-threaded on an
// engine (firstEmpty: the kernel's own rule, with the dead-region test),
// all by the whole tree or through the restricted search, and reports
// nodes per second.
func benchCount(b *testing.B, name string, e Engine, firstEmpty, unique bool, want int64) {
	bd, ps, _ := Named(name)
	pk, err := NewPacking(bd, ps)
	if err != nil {
		b.Fatal(err)
	}
	pk.Engine, pk.FirstEmpty, pk.DeadRegions = e, firstEmpty, firstEmpty
	var nodes int64
	for b.Loop() {
		var c Counts
		if unique {
			c = pk.CountUnique(context.Background(), xcover.Fewest, 1, search.Limits{})
		} else {
			c = pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{})
		}
		if c.All != want {
			b.Fatal(c.All)
		}
		nodes += c.Stats.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkKernel6x10FirstEmpty(b *testing.B) {
	benchCount(b, "pentomino-6x10", Bitboard, true, false, 9356)
}
func BenchmarkKernel6x10UniqueFirstEmpty(b *testing.B) {
	benchCount(b, "pentomino-6x10", Bitboard, true, true, 9356)
}
func BenchmarkKernel6x10UniqueFewest(b *testing.B) {
	benchCount(b, "pentomino-6x10", Bitboard, false, true, 9356)
}
func BenchmarkXCover6x10UniqueFewest(b *testing.B) {
	benchCount(b, "pentomino-6x10", XCover, false, true, 9356)
}

// firstEmpty6x10 is a search of pentomino-6x10's kernel tree under the
// first empty cell with the dead-region test (the one-word search).
func firstEmpty6x10(tb testing.TB) *bitpack.Search {
	bd, ps, _ := Named("pentomino-6x10")
	pk, err := NewPacking(bd, ps)
	if err != nil {
		tb.Fatal(err)
	}
	pk.Engine, pk.FirstEmpty, pk.DeadRegions = Bitboard, true, true
	k, _, err := pk.Kernel(xcover.Fewest, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return k.NewSearch()
}

// BenchmarkCountSubtree6x10 counts pentomino-6x10's whole tree (first
// empty cell, dead-region test) with CountSubtree, the walk of split
// counts, checkpoints, shards and estimate --method exact, and reports
// nodes per second.
func BenchmarkCountSubtree6x10(b *testing.B) {
	s := firstEmpty6x10(b)
	var nodes int64
	var p estimate.Profile
	for b.Loop() {
		p = estimate.Profile{Nodes: p.Nodes[:0], Branches: p.Branches[:0], Solutions: p.Solutions[:0]}
		s.CountSubtree(&p, 100, func() bool { return false })
		var sols int64
		for d, n := range p.Nodes {
			nodes += n
			sols += p.Solutions[d]
		}
		if sols != 9356 {
			b.Fatal(sols)
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkSolve6x10 is BenchmarkCountSubtree6x10's tree searched by
// Search.Solve, the unsplit count, for reference.
func BenchmarkSolve6x10(b *testing.B) {
	s := firstEmpty6x10(b)
	for b.Loop() {
		if r := s.Solve(context.Background(), search.Limits{}, nil); r.Solutions != 9356 {
			b.Fatal(r.Solutions)
		}
	}
}
