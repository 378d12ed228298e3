package polyform

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// randomRangesPacking is a random packing with copies and ranges: a
// rectangle of grid g with holes (a box for Cubic), and three or four
// pieces of one small size, each used between a random lo and hi times.
// It returns nil when no choice of copies covers the board's area.
func randomRangesPacking(rng *rand.Rand, g Grid) *Packing {
	var cells []Cell
	n := map[Grid]int{Square: 3 + rng.IntN(2), Triangle: 4 + rng.IntN(2), Hexagon: 3, Cubic: 3 + rng.IntN(2)}[g]
	if g == Cubic {
		w, h, d := 2+rng.IntN(2), 2+rng.IntN(2), 2+rng.IntN(2)
		for _, c := range Box(w, h, d).Cells {
			if rng.IntN(12) != 0 {
				cells = append(cells, c)
			}
		}
	} else {
		rows, cols := 2+rng.IntN(3), 3+rng.IntN(4)
		for r := range rows {
			for c := range cols {
				if cell, ok := g.FromPos(r, c); ok && rng.IntN(12) != 0 {
					cells = append(cells, cell)
				}
			}
		}
	}
	b, err := NewBoard(g, cells)
	if err != nil {
		return nil
	}
	set, err := pieceSet(g, n, true)
	if err != nil {
		return nil
	}
	if smaller, err := pieceSet(g, n-1, true); err == nil && (g == Triangle || g == Hexagon) {
		for _, p := range smaller { // the triangle's and the hexagon's sets are small
			p.Name = "s" + p.Name
			set = append(set, p)
		}
	}
	rng.Shuffle(len(set), func(i, j int) { set[i], set[j] = set[j], set[i] })
	set = set[:min(len(set), 3+rng.IntN(2))]
	var rs []Range
	for range set {
		lo := rng.IntN(3)
		rs = append(rs, Range{lo, max(1, lo+rng.IntN(5))})
	}
	pk, err := NewPackingRanges(b, set, rs)
	if err != nil {
		return nil
	}
	return pk
}

// TestRangesKernelAgreesWithXCover: packings with copies and ranges on
// random boards of the three plane grids and of boxes count the same on
// the bitboard kernel (every rule, with and without the dead-region
// test) as on dancing links' Algorithm M: all solutions and the unique
// ones, exactly, and the search restricted by the symmetries visits
// one solution per class on both, their classes' sizes adding up to all
// the solutions.
func TestRangesKernelAgreesWithXCover(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 35))
	ctx := context.Background()
	solved, made := map[Grid]int{}, map[Grid]int{}
	for trial := range 600 {
		g := []Grid{Square, Triangle, Hexagon, Cubic}[trial%4]
		pk := randomRangesPacking(rng, g)
		if pk == nil {
			continue
		}
		made[g]++
		pk.Engine = XCover
		want := pk.Count(ctx, xcover.Fewest, 1, search.Limits{})
		if want.Err != nil {
			t.Fatal(want.Err)
		}
		if want.All > 0 {
			solved[g]++
		}
		pk.Engine = Bitboard
		if on, err := pk.onKernel(); !on || err != nil {
			t.Fatalf("trial %d: not on the kernel: %v", trial, err)
		}
		pk.FirstEmpty = trial%3 == 0
		pk.CellsOnly = trial%3 == 1
		pk.DeadRegions = trial%2 == 0
		strat := []xcover.Strategy{xcover.Fewest, xcover.Fixed, xcover.Sorted}[rng.IntN(3)]
		got := pk.Count(ctx, strat, 1, search.Limits{})
		if got.Err != nil || got.All != want.All || got.Unique != want.Unique {
			t.Fatalf("trial %d (%v, %d cells, ranges %v, first-empty %v, cells only %v, dead regions %v, %v): kernel %d solutions, %d unique (%v); xcover %d, %d",
				trial, g, len(pk.Board.Cells), pk.Ranges, pk.FirstEmpty, pk.CellsOnly, pk.DeadRegions, strat, got.All, got.Unique, got.Err, want.All, want.Unique)
		}
		// The restricted search (a piece used once kept on one placement
		// of each orbit) visits one solution per class on both engines.
		var visited [2]int64
		var restricted [2]Counts
		firstEmpty := pk.FirstEmpty
		for e, engine := range []Engine{Bitboard, XCover} {
			pk.Engine, pk.FirstEmpty = engine, firstEmpty && engine == Bitboard
			restricted[e] = pk.eachRanges(ctx, strat, search.Limits{}, true, func([]int, int) bool { visited[e]++; return true })
		}
		if restricted[0].Err != nil || restricted[1].Err != nil || visited[0] != want.Unique || visited[1] != want.Unique || restricted[0].All != want.All || restricted[1].All != want.All {
			t.Fatalf("trial %d (%v, ranges %v): restricted search visits %d (kernel) and %d (xcover) of %d unique, %d and %d in all",
				trial, g, pk.Ranges, visited[0], visited[1], want.Unique, restricted[0].All, restricted[1].All)
		}
	}
	for _, g := range []Grid{Square, Triangle, Hexagon, Cubic} {
		t.Logf("%v: %d trials with solutions of %d", g, solved[g], made[g])
		if solved[g] < 10 {
			t.Errorf("%v: %d trials with solutions of %d", g, solved[g], made[g])
		}
	}
}
