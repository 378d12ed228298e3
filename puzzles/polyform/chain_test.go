package polyform

import (
	"context"
	"errors"
	"fmt"
	"github.com/branchwise/branchwise/internal/longtest"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// symmetricBoard is a board with many symmetries, where restricted pieces
// keep placements with symmetries of their own: squares, hexagons of
// triangles or of hexagons, and boxes.
func symmetricBoard(rng *rand.Rand) (g Grid, cells []Cell, piece int) {
	switch rng.IntN(4) {
	case 0:
		n := 4 + rng.IntN(2) // 4x4, 5x5: 4 tetrominoes, 5 pentominoes
		for x := 0; x < n; x++ {
			for y := 0; y < n; y++ {
				cells = append(cells, Cell{x, y, 0})
			}
		}
		return Square, cells, n
	case 1:
		side := 2 + rng.IntN(2) // 4 or 9 hexiamonds
		for x := -3 * side; x <= 3*side; x++ {
			for y := -3 * side; y <= 3*side; y++ {
				if c := (Cell{x, y, 0}); Triangle.valid(c) && abs(x) < 3*side && abs(y) < 3*side && abs(x+y) < 3*side {
					cells = append(cells, c)
				}
			}
		}
		return Triangle, cells, 6
	case 2:
		r := 2 + rng.IntN(2) // a hexagon of side 3 or 4 less its centre: 6 trihexes or 9 tetrahexes
		for x := -r; x <= r; x++ {
			for y := -r; y <= r; y++ {
				if abs(x+y) <= r && (x != 0 || y != 0) {
					cells = append(cells, Cell{x, y, 0})
				}
			}
		}
		return Hexagon, cells, r + 1
	}
	boxes := [][4]int{{2, 2, 2, 2}, {2, 2, 3, 4}, {2, 2, 4, 4}, {2, 3, 3, 3}}
	b := boxes[rng.IntN(len(boxes))]
	for x := 0; x < b[0]; x++ {
		for y := 0; y < b[1]; y++ {
			for z := 0; z < b[2]; z++ {
				cells = append(cells, Cell{x, y, z})
			}
		}
	}
	return Cubic, cells, b[3]
}

// bigFixedCells is the largest board on which TestSymmetricChainExact
// checks the fixed rule by default.
const bigFixedCells = 40

// TestSymmetricChainExact checks the restricted tree (a chain of parts
// where kept placements have symmetries) against the whole count on
// random boards with many symmetries and random pieces, copies allowed: the
// tree's solutions are the unique ones and times |G| all of them; a
// refusal for a symmetric solution is checked by listing the solutions.
//
// Without -tags long the trials of the fixed rule on boards of more than
// bigFixedCells cells are left out (after every random draw, so that the
// other trials are those of the long run).
func TestSymmetricChainExact(t *testing.T) {
	trials := 120
	switch {
	case raceEnabled:
		// The race detector's share (the searches start goroutines):
		// trial 4, a 54-cell triangle board on dancing links with the
		// fixed rule, takes 15 s alone and about 6 minutes under it.
		trials = 4
	case longtest.Short():
		trials = 30 // 120 with -tags long
	}
	rng := rand.New(rand.NewPCG(47, 3))
	checked, chained, symmetric, left := 0, 0, 0, 0
	for trial := 0; trial < trials; trial++ {
		start := time.Now()
		g, cells, size := symmetricBoard(rng)
		set, err := pieceSet(g, size, true)
		if err != nil {
			t.Fatal(err)
		}
		b, err := NewBoard(g, cells)
		if err != nil {
			t.Fatal(err)
		}
		k := len(cells) / size
		var pk *Packing
		for try := 0; try < 50; try++ {
			pieces := make([]Piece, k)
			for i := range pieces {
				pieces[i] = set[rng.IntN(len(set))]
				pieces[i].Name = fmt.Sprint(i) // copies are pieces of their own
			}
			if pk, err = NewPacking(b, pieces); err != nil {
				t.Fatal(err)
			}
			if pk.Solve(context.Background(), xcover.Fewest, search.Limits{MaxSolutions: 1}, func([]int) bool { return true }).Solutions > 0 {
				break
			}
		}
		pk.Engine = []Engine{Bitboard, XCover}[rng.IntN(2)]
		pk.FirstEmpty = pk.Engine == Bitboard && rng.IntN(2) == 0
		pk.DeadRegions = rng.IntN(2) == 0
		strat := xcover.Strategy(rng.IntN(3))
		if longtest.Short() && strat == xcover.Fixed && len(cells) > bigFixedCells {
			// The fixed rule's restricted tree on the 54-cell triangle
			// board takes 8 to 33 s of CPU a trial (trials 4 and 27): it
			// is counted with -tags long, the other trials by default.
			left++
			continue
		}
		trees, syms, err := pk.SymmetricTrees(strat)
		name := fmt.Sprintf("trial %d (%v grid, %d cells, %d symmetries, engine %v, first empty %v, %v)", trial, g, len(cells), len(pk.Symmetries()), pk.Engine, pk.FirstEmpty, strat)
		c := pk.Count(context.Background(), xcover.Fewest, 1)
		switch {
		case errors.Is(err, ErrSymmetricSolution):
			found := false
			img := make([]int, len(cells))
			pk.Solve(context.Background(), xcover.Fewest, search.Limits{}, func(assign []int) bool {
				found = pk.fixedBy(assign, img) > 1
				return !found
			})
			if !found {
				t.Fatalf("%s: ErrSymmetricSolution, but no solution has a symmetry", name)
			}
			symmetric++
			continue
		case err != nil && len(pk.Symmetries()) < 2:
			continue
		case err != nil:
			t.Fatalf("%s: %v", name, err)
		}
		if parts, _ := pk.symmetricParts(); len(parts) != 1 || len(parts[0].pins) > 0 {
			chained++
		}
		prof, err := estimate.Exhaustive(context.Background(), trees, len(pk.Pieces)+1, 2)
		if err != nil {
			t.Fatal(err)
		}
		var sols int64
		for _, n := range prof.Solutions {
			sols += n
		}
		if sols != c.Unique || sols*int64(syms) != c.All {
			t.Fatalf("%s: restricted tree %d solutions x %d symmetries; count %d, %d unique", name, sols, syms, c.All, c.Unique)
		}
		checked++
		if testing.Verbose() {
			t.Logf("%s: %d unique, %d all, %v", name, c.Unique, c.All, time.Since(start).Round(time.Millisecond))
		}
	}
	if checked >= 20 && chained < checked/8 {
		t.Errorf("%d checked, only %d by a chain", checked, chained)
	}
	t.Logf("%d checked (%d by a chain of parts), %d refused for a symmetric solution (each confirmed), %d left to -tags long", checked, chained, symmetric, left)
}

// TestSymmetricShardsChain counts the Soma cube, whose restriction needs
// a chain of parts (every piece's kept placements include some that a
// symmetry fixes), in three shards of its restricted tree: the published
// 240 classes and 11,520 solutions (Conway and Guy).
func TestSymmetricShardsChain(t *testing.T) {
	total, _, job := countInShards(t, CountSpec{Puzzle: "soma", Strategy: "fewest", Symmetry: true}, t.TempDir())
	if total.AllSolutions.Int64() != 240 || total.Unrestricted == nil || total.Unrestricted.Int64() != 11520 {
		t.Errorf("soma in shards: %v unique, %v all; want 240 and 11,520", total.AllSolutions, total.Unrestricted)
	}
	_, whole, err := CountSpec{Puzzle: "soma", Strategy: "fewest"}.Build()
	if err != nil {
		t.Fatal(err)
	}
	if job.SpecHash == whole.SpecHash {
		t.Error("the restricted and the whole tree have one spec hash")
	}
}
