package tiles

import (
	"context"
	"testing"

	"github.com/branchwise/branchwise/pdb"
)

// BenchmarkBuildPattern builds the tables of a 6-tile and a 7-tile pattern
// of the fifteen-puzzle (5.8 M and 57.7 M entries) on one worker: the
// builder's cost per entry, for profiling.
func BenchmarkBuildPattern(b *testing.B) {
	for _, tc := range []struct {
		name  string
		tiles []uint8
	}{{"6tiles", []uint8{1, 2, 3, 5, 6, 7}}, {"7tiles", []uint8{1, 2, 3, 4, 5, 6, 7}}} {
		b.Run(tc.name, func(b *testing.B) {
			p, err := NewPattern(Goal(4, 4), tc.tiles)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := pdb.Build(context.Background(), p, pdb.Options{Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(p.Size())*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mentries/s")
		})
	}
}
