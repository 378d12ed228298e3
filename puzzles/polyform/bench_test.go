package polyform

import (
	"context"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// BenchmarkPentomino6x10 counts all 9356 packings of the twelve pentominoes
// into the 6 x 10 rectangle, single-threaded (Knuth's DLX1 takes 6.3 s here).
func BenchmarkPentomino6x10(b *testing.B) {
	pk, _ := NewPacking(Rectangle(10, 6), Pentominoes())
	for b.Loop() {
		if c := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{}); c.All != 9356 {
			b.Fatal(c.All)
		}
	}
}

// BenchmarkPentomino6x10Parallel is the same count on both cores.
func BenchmarkPentomino6x10Parallel(b *testing.B) {
	pk, _ := NewPacking(Rectangle(10, 6), Pentominoes())
	for b.Loop() {
		if c := pk.Count(context.Background(), xcover.Fewest, 2, search.Limits{}); c.All != 9356 || c.Unique != 2339 {
			b.Fatal(c.All, c.Unique)
		}
	}
}

// BenchmarkPentomino6x10Unique counts the 2339 unique packings (and all
// 9356 from their classes) with the X pentomino restricted, single-threaded.
func BenchmarkPentomino6x10Unique(b *testing.B) {
	pk, _ := NewPacking(Rectangle(10, 6), Pentominoes())
	for b.Loop() {
		if c := pk.CountUnique(context.Background(), xcover.Fewest, 1, search.Limits{}); c.All != 9356 || c.Unique != 2339 {
			b.Fatal(c.All, c.Unique)
		}
	}
}

// BenchmarkHexiamond6x6 counts the 624 packings of the hexiamonds into
// the rhombus of side 6, single-threaded.
func BenchmarkHexiamond6x6(b *testing.B) {
	bd, ps, _ := Named("hexiamond-6x6")
	pk, _ := NewPacking(bd, ps)
	for b.Loop() {
		if c := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{}); c.All != 624 {
			b.Fatal(c.All)
		}
	}
}
