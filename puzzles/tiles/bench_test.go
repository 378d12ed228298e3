package tiles

import (
	"context"
	"testing"
)

// BenchmarkKorf runs the specialised IDA* on Korf's #1, #3 and #60 (276 M,
// 566 M and 3.3 G generated nodes) and reports generated nodes per second.
// scripts/bench-tiles runs it beside the C++ IDA* of Burns et al.
func BenchmarkKorf(b *testing.B) {
	insts, _ := loadKorf(b)
	for _, name := range []string{"1", "3", "60"} {
		b.Run("korf"+name, func(b *testing.B) {
			in := insts[0]
			for _, x := range insts {
				if x.Name == name {
					in = x
				}
			}
			var gen int64
			b.ReportAllocs()
			for b.Loop() {
				p, _ := NewPuzzle(in.Board, Goal(4, 4), false)
				gen += IDA(context.Background(), p, IDAOptions{}).Stats.Generated
			}
			b.ReportMetric(float64(gen)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

// BenchmarkCounts10x10 builds the 10 x 10 type graph, reduces it, and
// counts its nodes exactly to depth 1000 (numbers of about 450 digits).
func BenchmarkCounts10x10(b *testing.B) {
	for b.Loop() {
		g, _ := TypeGraph(10, 10, 0, false)
		q, _ := g.Reduce()
		q.Counts(1000)
	}
}

// BenchmarkAnalyze10x10 iterates the 10 x 10 recurrence to equilibrium and
// runs the power iteration on the unreduced graph (360 types).
func BenchmarkAnalyze10x10(b *testing.B) {
	g, _ := TypeGraph(10, 10, 0, false)
	for b.Loop() {
		g.Analyze(1000000)
	}
}
