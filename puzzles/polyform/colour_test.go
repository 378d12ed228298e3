package polyform

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// TestCutsExact: the exact cuts cut no solution. On random boards of the
// three grids (pieces put together, and rectangles) (the hexagon grid has no two-colouring, so there the colour
// test must change nothing) and every rule of the kernel, the solutions
// are the same, in the same order, with and without the colour test, the
// piece test (rule FewestCells) and both, and the tree is never larger;
// so are the counts of the restricted (unique) search. The first 300
// boards by default (some 40 ms of CPU each, most of it drawing pieces
// that fill the board), all 900 with -tags long, none with -short.
func TestCutsExact(t *testing.T) {
	if testing.Short() {
		// Sequential (one worker): the main test run checks it, and the
		// race detector's run (-short) needs only the concurrent tests.
		t.Skip("sequential: the main test run checks it")
	}
	trials := 900
	if longtest.Short() {
		trials = 300
	}
	rng := rand.New(rand.NewPCG(29, 7))
	built := 0
	cut := map[string]int{}
	for trial := 0; trial < trials; trial++ {
		g := Grid(trial % 3)
		// Half the boards are rectangles filled by one size of piece,
		// larger trees where the cuts find more to cut.
		random := randomPacking
		if trial/3%2 == 1 {
			random = randomRectPacking
		}
		pk, err := random(rng, g)
		if err != nil {
			continue
		}
		built++
		pk.Engine = Bitboard
		pk.DeadRegions = true
		pk.FirstEmpty = rng.IntN(3) == 0
		pk.CellsOnly = rng.IntN(2) == 0
		pk.LargestRegionOnly = rng.IntN(2) == 0
		what := fmt.Sprintf("trial %d: %v grid, %d cells, %d pieces, first empty %v, cells only %v, largest %v",
			trial, g, len(pk.Board.Cells), len(pk.Pieces), pk.FirstEmpty, pk.CellsOnly, pk.LargestRegionOnly)
		run := func(colour, piece bool) ([]string, xcover.Result, Counts) {
			pk.ColourCut, pk.PieceCut = colour, piece
			var sols []string
			r := pk.Solve(context.Background(), xcover.Fewest, search.Limits{}, func(assign []int) bool {
				sols = append(sols, fmt.Sprint(assign))
				return true
			})
			return sols, r, pk.CountUnique(context.Background(), xcover.Fewest, 1, search.Limits{})
		}
		sols0, res0, counts0 := run(false, false)
		if counts0.All != int64(len(sols0)) {
			t.Fatalf("%s: restricted count %d, %d solutions", what, counts0.All, len(sols0))
		}
		for _, c := range []struct {
			name          string
			colour, piece bool
		}{{"colour", true, false}, {"piece", false, true}, {"both", true, true}} {
			sols, res, counts := run(c.colour, c.piece)
			if !slices.Equal(sols0, sols) {
				t.Fatalf("%s: %d solutions without the cuts, %d with %s", what, len(sols0), len(sols), c.name)
			}
			if counts0.All != counts.All || counts0.Unique != counts.Unique {
				t.Fatalf("%s: restricted counts %d (%d unique) without the cuts, %d (%d) with %s", what,
					counts0.All, counts0.Unique, counts.All, counts.Unique, c.name)
			}
			n0, n1 := res0.Stats.Nodes, res.Stats.Nodes
			if n1 > n0 || c.name == "colour" && g == Hexagon && n1 != n0 {
				t.Fatalf("%s: %d nodes without the cuts, %d with %s", what, n0, n1, c.name)
			}
			if n1 < n0 {
				cut[c.name]++
			}
		}
	}
	// The colour test cuts none of the first 300 boards (piece: 11): that
	// it cuts a tree is checked by default on hexiamond-6x6
	// (TestColourCutBuiltIn), here with -tags long.
	if built < trials*9/10 || cut["piece"] == 0 || longtest.Enabled() && cut["colour"] == 0 {
		t.Errorf("%d of %d random packings built, the cuts cut nodes in %v", built, trials, cut)
	}
	t.Logf("%d random packings; trees cut by %v", built, cut)
}

// TestColourCutBuiltIn: the built-in boards count as published with the
// colour test on every kernel rule. The race detector's run (-short)
// counts hexiamond-4x9 alone (all three took 119 s under it).
func TestColourCutBuiltIn(t *testing.T) {
	for _, tc := range []struct {
		name        string
		all, unique int64
		short, long bool
	}{
		{"pentomino-8x8", 520, 65, false, false},
		{"hexiamond-6x6", 624, 156, false, false},
		{"hexiamond-4x9", 148, 74, true, false},
		{"pentomino-6x10", 9356, 2339, false, true},
	} {
		if longtest.Short() && tc.long || testing.Short() && !tc.short {
			continue
		}
		b, ps, _ := Named(tc.name)
		pk, err := NewPacking(b, ps)
		if err != nil {
			t.Fatal(err)
		}
		pk.DeadRegions = true
		for _, firstEmpty := range []bool{true, false} {
			pk.FirstEmpty = firstEmpty
			var nodes [2]int64
			for i, colour := range []bool{false, true} {
				pk.ColourCut = colour
				c := pk.CountUnique(context.Background(), xcover.Fewest, 2, search.Limits{})
				if c.Err != nil || c.All != tc.all || c.Unique != tc.unique {
					t.Errorf("%s, first empty %v, colour %v: %d solutions, %d unique, %v; want %d, %d", tc.name, firstEmpty, colour, c.All, c.Unique, c.Err, tc.all, tc.unique)
				}
				nodes[i] = c.Stats.Nodes
			}
			// The hexiamonds' frame is where the test pays: 2.2 times
			// fewer nodes with the first empty cell.
			if tc.name == "hexiamond-6x6" && nodes[1] >= nodes[0] {
				t.Errorf("hexiamond-6x6, first empty %v: %d nodes with the colour test, %d without", firstEmpty, nodes[1], nodes[0])
			}
		}
	}
}

// TestSymmetricTreesExact: the restricted tree's solutions are the unique
// ones and, times the symmetries, all of them, on random boards of the
// three grids (those without a stabilizer: the others must say so) for
// every kernel rule and dancing links, counted by the estimators'
// exhaustive walk.
func TestSymmetricTreesExact(t *testing.T) {
	if testing.Short() {
		t.Skip("one worker (81 s under the race detector): the main test run checks it")
	}
	trials := 600
	if longtest.Short() {
		trials = 60
	}
	rng := rand.New(rand.NewPCG(31, 5))
	checked, refused, solved, chained := 0, 0, 0, 0
	for trial := 0; trial < trials; trial++ {
		g := Grid(trial % 3)
		pk, err := randomRectPacking(rng, g)
		if err != nil {
			continue
		}
		pk.Engine = []Engine{Bitboard, XCover}[rng.IntN(2)]
		pk.FirstEmpty = pk.Engine == Bitboard && rng.IntN(3) == 0
		pk.CellsOnly = rng.IntN(2) == 0
		pk.DeadRegions = rng.IntN(2) == 0
		strat := xcover.Strategy(rng.IntN(3))
		rt, err := pk.SymmetricTrees(strat)
		r := pk.restrict(nil, true)
		switch {
		case r.Kept == nil || len(pk.Symmetries()) < 2:
			if err == nil {
				t.Fatalf("trial %d: no restriction, but no error", trial)
			}
			continue
		case errors.Is(err, ErrStabilizer):
			refused++
			continue
		case err != nil:
			t.Fatalf("trial %d: %v", trial, err)
		}
		if len(r.Stabilizer) > 0 {
			chained++
		}
		prof, err := estimate.Exhaustive(context.Background(), rt.New, len(pk.Pieces)+1, 1)
		if err != nil {
			t.Fatal(err)
		}
		var sols int64
		for _, n := range prof.Solutions {
			sols += n
		}
		c := pk.Count(context.Background(), strat, 1, search.Limits{})
		if rt.Unique(sols) != c.Unique || rt.All(sols) != c.All {
			t.Fatalf("trial %d (%v grid, engine %v, first empty %v, %v): restricted tree %d solutions x %d symmetries, %d symmetric classes of %d; count %d, %d unique",
				trial, g, pk.Engine, pk.FirstEmpty, strat, sols, rt.Symmetries, rt.SymmetricClasses, rt.SymmetricSolutions, c.All, c.Unique)
		}
		checked++
		if sols > 0 {
			solved++
		}
	}
	if checked < trials/6 || solved < checked/4 {
		t.Errorf("%d trials checked (%d with solutions, %d by a chain of restrictions), %d refused", checked, solved, chained, refused)
	}
	t.Logf("%d checked (%d with solutions, %d by a chain of restrictions), %d refused", checked, solved, chained, refused)
}

// randomRectPacking fills a random rectangle of the grid's text format
// (rows by columns, so that the board has symmetries) with a random
// choice of pieces of one size whose area is the board's.
func randomRectPacking(rng *rand.Rand, g Grid) (*Packing, error) {
	size := map[Grid][]int{Square: {5}, Triangle: {6}, Hexagon: {4}}[g]
	n := size[rng.IntN(len(size))]
	set, err := pieceSet(g, n, true)
	if err != nil {
		return nil, err
	}
	rows := 2 + rng.IntN(3)
	var cells []Cell
	for cols := 2; len(cells) < 15 || len(cells)%n != 0; cols++ {
		cells = cells[:0]
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				if cell, ok := g.FromPos(r, c); ok {
					cells = append(cells, cell)
				}
			}
		}
		if len(cells) > 36 {
			return nil, fmt.Errorf("no rectangle of %d-cell pieces", n)
		}
	}
	k := len(cells) / n
	if k > len(set) {
		return nil, fmt.Errorf("%d pieces wanted, %d in the set", k, len(set))
	}
	b, err := NewBoard(g, cells)
	if err != nil {
		return nil, err
	}
	// A choice of pieces that fills the board, if one of a few does.
	var pk *Packing
	for try := 0; try < 200; try++ {
		rng.Shuffle(len(set), func(i, j int) { set[i], set[j] = set[j], set[i] })
		if pk, err = NewPacking(b, slices.Clone(set[:k])); err != nil {
			return nil, err
		}
		if pk.Solve(context.Background(), xcover.Fewest, search.Limits{MaxSolutions: 1}, func([]int) bool { return true }).Solutions > 0 {
			break
		}
	}
	return pk, nil
}
