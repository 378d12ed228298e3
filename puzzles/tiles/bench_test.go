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
