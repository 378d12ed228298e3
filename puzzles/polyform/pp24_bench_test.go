package polyform

import (
	"context"
	"testing"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/xcover"
)

// pp24Paths lead to depth-5 nodes of Korekawa et al.'s PP-24 tree, for the
// node-rate benchmarks: the first child at every level, and mixes.
var pp24Paths = [][]int{{0, 0, 0, 0, 0}, {10, 5, 3, 2, 1}, {40, 8, 6, 4, 2}, {84, 1, 1, 1, 1}}

// benchPP24 counts the subtrees below pp24Paths to three levels below
// their roots with an engine (the same nodes for both engines) and
// reports the tree's nodes per second.
func benchPP24(b *testing.B, e Engine) {
	bd, ps, _ := Named("heptiamond-pp24")
	pk, err := NewPacking(bd, ps)
	if err != nil {
		b.Fatal(err)
	}
	pk.Engine, pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly = e, true, true, true
	trees, err := pk.Trees(xcover.Fewest)
	if err != nil {
		b.Fatal(err)
	}
	var nodes int64
	var spent time.Duration
	for b.Loop() {
		for _, path := range pp24Paths {
			start := time.Now()
			p, _ := estimate.Exhaustive(context.Background(), estimate.Subtree(trees, path), 3, 1)
			spent += time.Since(start)
			for _, n := range p.Nodes {
				nodes += n
			}
		}
	}
	b.ReportMetric(float64(nodes)/spent.Seconds(), "nodes/s")
}

func BenchmarkPP24SubtreesKernel(b *testing.B) { benchPP24(b, Bitboard) }
func BenchmarkPP24SubtreesXCover(b *testing.B) { benchPP24(b, XCover) }
