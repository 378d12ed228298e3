package gaps

import (
	"context"
	"testing"
)

// BenchmarkDecide decides 4x8 deal 13 (solvable after 96,471 generated
// nodes); its allocations are the growth of the store, the key slab and the
// open list, amortised (under 1000 for the whole search).
func BenchmarkDecide(b *testing.B) {
	d := Generate(8, 13)
	b.ReportAllocs()
	for b.Loop() {
		dec, _ := Decide(context.Background(), d, DecideOptions{Workers: 1, Deadlock: true})
		b.ReportMetric(float64(dec.Generated), "nodes/op")
	}
}

// BenchmarkMoves measures move generation, Apply and Undo on a deal.
func BenchmarkMoves(b *testing.B) {
	g, _ := NewGame(Generate(8, 13))
	buf := make([]Move, 0, 16)
	b.ReportAllocs()
	for b.Loop() {
		buf = g.Moves(buf[:0])
		for _, m := range buf {
			g.Apply(m)
			g.Undo(m)
		}
	}
}

// BenchmarkShintaniDFS runs Shintani's depth-first search 1 (each position
// once, ace moves first) on 4x8 deal 13.
func BenchmarkShintaniDFS(b *testing.B) {
	d := Generate(8, 13)
	b.ReportAllocs()
	for b.Loop() {
		dec, _ := Decide(context.Background(), d, DecideOptions{Workers: 1, Plain: true, Order: AcesFirst})
		b.ReportMetric(float64(dec.Generated), "nodes/op")
	}
}

// BenchmarkDecideReach decides the same deal with the reachability test and
// forced moves (decide-reach); the tests allocate nothing.
func BenchmarkDecideReach(b *testing.B) {
	d := Generate(8, 13)
	b.ReportAllocs()
	for b.Loop() {
		dec, _ := Decide(context.Background(), d, DecideOptions{Workers: 1, Reach: true, Forced: true})
		b.ReportMetric(float64(dec.Generated), "nodes/op")
	}
}

// BenchmarkUnwinnable measures the reachability test on a deal.
func BenchmarkUnwinnable(b *testing.B) {
	g, _ := NewGame(Generate(13, 1003))
	b.ReportAllocs()
	for b.Loop() {
		g.Unwinnable()
	}
}

// BenchmarkDecideStubborn decides the same deal as decide-reach expanding
// only stubborn sets (decide-stubborn).
func BenchmarkDecideStubborn(b *testing.B) {
	d := Generate(8, 13)
	b.ReportAllocs()
	for b.Loop() {
		dec, _ := Decide(context.Background(), d, DecideOptions{Workers: 1, Reach: true, Forced: true, Stubborn: true})
		b.ReportMetric(float64(dec.Generated), "nodes/op")
	}
}
