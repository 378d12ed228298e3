package polyform

import (
	"context"
	"testing"

	"github.com/branchwise/branchwise/xcover"
)

// benchCount counts a built-in puzzle's solutions single-threaded with an
// engine, a strategy and Korekawa et al.'s options, and reports nodes per
// second.
func benchCount(b *testing.B, name string, e Engine, s xcover.Strategy, cellsOnly, dead, unique bool, want int64) {
	bd, ps, _ := Named(name)
	pk, err := NewPacking(bd, ps)
	if err != nil {
		b.Fatal(err)
	}
	pk.Engine, pk.CellsOnly, pk.DeadRegions = e, cellsOnly, dead
	var nodes int64
	for b.Loop() {
		var c Counts
		if unique {
			c = pk.CountUnique(context.Background(), s, 1)
		} else {
			c = pk.Count(context.Background(), s, 1)
		}
		if c.All != want {
			b.Fatal(c.All)
		}
		nodes += c.Stats.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkKernel6x10FirstEmpty(b *testing.B) {
	benchCount(b, "pentomino-6x10", Bitboard, xcover.Fixed, true, false, false, 9356)
}
func BenchmarkKernel6x10Fewest(b *testing.B) {
	benchCount(b, "pentomino-6x10", Bitboard, xcover.Fewest, false, false, false, 9356)
}
func BenchmarkXCover6x10Fewest(b *testing.B) {
	benchCount(b, "pentomino-6x10", XCover, xcover.Fewest, false, false, false, 9356)
}
func BenchmarkKernel6x10UniqueFirstEmpty(b *testing.B) {
	benchCount(b, "pentomino-6x10", Bitboard, xcover.Fixed, true, false, true, 9356)
}
