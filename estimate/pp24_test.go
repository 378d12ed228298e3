package estimate_test

import (
	"context"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/xcover"
)

// TestPP24TableB: Korekawa et al.'s Table b, the nodes per depth of its PP-24
// tree (branching on cells, counting the placements that leave the
// largest empty region a multiple of 7), exactly: 1, 85, 1339, 23648,
// 345032 (to depth 3 with -short).
func TestPP24TableB(t *testing.T) {
	want := []int64{1, 85, 1339, 23648, 345032}
	if testing.Short() {
		want = want[:4]
	}
	b, ps, _ := polyform.Named("heptiamond-pp24")
	pk, err := polyform.NewPacking(b, ps)
	if err != nil {
		t.Fatal(err)
	}
	pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly = true, true, true
	newTree := pk.Tree(xcover.Fewest)
	p, err := estimate.Exhaustive(context.Background(), newTree, len(want)-1, 2)
	if err != nil || !slices.Equal(p.Nodes, want) {
		t.Errorf("nodes per depth %v, want Korekawa et al.'s %v (%v)", p.Nodes, want, err)
	}
}
