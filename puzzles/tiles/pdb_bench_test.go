package tiles

import (
	"context"
	"testing"

	"github.com/branchwise/branchwise/pdb"
)

// BenchmarkBuildPattern builds the tables of a 6-tile, a 7-tile and an
// 8-tile pattern of the fifteen-puzzle (5.8 M, 57.7 M and 518.9 M entries)
// on one worker, by the generic search (pdb.Build) and by blocks
// (Pattern.Build): the builders' cost per entry, for profiling. The 8-tile
// table runs only by blocks and only with -bench naming it (1.2 GB).
func BenchmarkBuildPattern(b *testing.B) {
	for _, tc := range []struct {
		name  string
		tiles []uint8
	}{{"6tiles", []uint8{1, 2, 3, 5, 6, 7}}, {"7tiles", []uint8{1, 2, 3, 4, 5, 6, 7}}, {"8tiles", []uint8{8, 9, 10, 11, 12, 13, 14, 15}}} {
		p, err := NewPattern(Goal(4, 4), tc.tiles)
		if err != nil {
			b.Fatal(err)
		}
		for _, bc := range []struct {
			name  string
			build func() (*pdb.Table, error)
		}{
			{"generic", func() (*pdb.Table, error) { return pdb.Build(context.Background(), p, pdb.Options{Workers: 1}) }},
			{"blocks", func() (*pdb.Table, error) { return p.Build(context.Background(), pdb.Options{Workers: 1}) }},
		} {
			if tc.name == "8tiles" && bc.name == "generic" {
				continue
			}
			b.Run(tc.name+"/"+bc.name, func(b *testing.B) {
				for b.Loop() {
					if _, err := bc.build(); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(p.Size())*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mentries/s")
			})
		}
	}
}
