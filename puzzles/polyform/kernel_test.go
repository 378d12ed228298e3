package polyform

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// TestKernelNamedCounts: every built-in puzzle with a known count (all but
// PP-24) counted on the bitboard kernel with its own rule, the first empty
// cell, with and without the dead-region test: all solutions by the whole
// tree and the unique ones by the restricted search. (The fewest rules on
// the kernel are counted by TestPentominoCounts and TestHexiamondCounts,
// which run on the default engine.)
func TestKernelNamedCounts(t *testing.T) {
	want := map[string][2]int64{
		"pentomino-6x10": {9356, 2339}, "pentomino-5x12": {4040, 1010}, "pentomino-4x15": {1472, 368},
		"pentomino-3x20": {8, 2}, "pentomino-8x8": {520, 65},
		"hexiamond-6x6": {624, 156}, "hexiamond-4x9": {148, 74}, "hexiamond-3x12": {0, 0},
		"soma": {11520, 240}, "pentomino-3x4x5": {31520, 3940}, "pentomino-2x5x6": {2112, 264}, "pentomino-2x3x10": {96, 12},
	}
	// Minutes of CPU each: TestCubicSlow counts them on dancing links.
	slow := map[string]bool{"bedlam": true, "tetris-cube": true, "heptiamond-pp24": true}
	for _, name := range NamedPuzzles() {
		w, ok := want[name]
		if !ok {
			if !slow[name] {
				t.Errorf("%s: no known count", name)
			}
			continue
		}
		if raceEnabled && name != "pentomino-8x8" && name != "hexiamond-4x9" && name != "pentomino-2x3x10" {
			continue // two workers on three boards are enough for the race detector
		}
		if longtest.Short() && name == "pentomino-3x4x5" {
			continue // its restricted tree is some 45 s of CPU: with -tags long
		}
		b, ps, _ := Named(name)
		for _, dead := range []bool{false, true} {
			if longtest.Short() && !dead && name != "pentomino-6x10" && name != "hexiamond-6x6" {
				continue // without -tags long (or with -short), the plain rule on two boards only
			}
			if b.Grid == Cubic && !dead {
				continue // the plain first-empty trees of the boxes are minutes long
			}
			pk, err := NewPacking(b, ps)
			if err != nil {
				t.Fatal(err)
			}
			pk.Engine, pk.FirstEmpty, pk.DeadRegions = Bitboard, true, dead
			u := pk.CountUnique(context.Background(), xcover.Fixed, 2, search.Limits{})
			if u.All != w[0] || u.Unique != w[1] {
				t.Errorf("%s, dead regions %v, restricted: %d solutions, %d unique; want %d, %d", name, dead, u.All, u.Unique, w[0], w[1])
			}
			if (longtest.Short() || b.Grid == Cubic) && (!dead || len(b.Cells) == 60) {
				continue // the whole trees of the 60-cell boards are the long ones
			}
			c := pk.Count(context.Background(), xcover.Fixed, 2, search.Limits{})
			if c.All != w[0] || c.Unique != w[1] {
				t.Errorf("%s, dead regions %v: %d solutions, %d unique; want %d, %d", name, dead, c.All, c.Unique, w[0], w[1])
			}
		}
	}
}

// TestKernelPP24TableB: Korekawa et al.'s Table b on the kernel's tree, as
// estimate's TestPP24TableB checks it on dancing links.
func TestKernelPP24TableB(t *testing.T) {
	want := []int64{1, 85, 1339, 23648, 345032}
	if testing.Short() {
		want = want[:4]
	}
	trees := pp24Trees(t, Bitboard)
	p, err := estimate.Exhaustive(context.Background(), trees, len(want)-1, 2)
	if err != nil || !slices.Equal(p.Nodes, want) {
		t.Errorf("nodes per depth %v, want Korekawa et al.'s %v (%v)", p.Nodes, want, err)
	}
}

// TestEngineErrors: the bitboard engine refuses boards beyond its limit
// with a clear error, auto falls back to dancing links, and the
// first-empty rule needs the kernel.
func TestEngineErrors(t *testing.T) {
	big := Rectangle(20, 13) // 260 cells
	_, set, _ := PieceSet("tetromino")
	var ps []Piece
	for i := 0; i < 65; i++ {
		p := set[i%len(set)]
		p.Name = string(rune('A'+i%26)) + strings.Repeat("'", i/26)
		ps = append(ps, p)
	}
	pk, err := NewPacking(big, ps)
	if err != nil {
		t.Fatal(err)
	}
	pk.Engine = Bitboard
	if err := pk.CheckEngine(); err == nil || !strings.Contains(err.Error(), "260 cells, more than the bitboard kernel's 256") {
		t.Errorf("bitboard on 260 cells: %v", err)
	}
	if r := pk.Solve(context.Background(), xcover.Fewest, search.Limits{MaxSolutions: 1}, func([]int) bool { return false }); r.Err == nil {
		t.Error("bitboard on 260 cells: Solve gave no error")
	}
	pk.Engine = Auto
	if err := pk.CheckEngine(); err != nil {
		t.Errorf("auto on 260 cells: %v", err)
	}
	pk.FirstEmpty = true
	if err := pk.CheckEngine(); err == nil {
		t.Error("first-empty on 260 cells: no error")
	}
	pk.Engine = XCover
	if err := pk.CheckEngine(); err == nil || !strings.Contains(err.Error(), "needs the bitboard engine") {
		t.Errorf("first-empty on xcover: %v", err)
	}
	if _, err := ParseEngine("dlx"); err == nil {
		t.Error("engine dlx accepted")
	}
}

// TestKernelPP24Subtree: below a depth-7 node of Korekawa et al.'s PP-24
// tree (the one seed 156 of scripts/pp24truth reaches), the kernel and
// dancing links count the same nodes per depth and solutions, the figures
// recorded in docs/distributed.md.
func TestKernelPP24Subtree(t *testing.T) {
	if testing.Short() {
		t.Skip("counts 291,604 nodes twice")
	}
	want := []int64{1, 1, 8, 6, 70, 731, 1934, 5915, 15221, 26483, 36414, 61323, 68901, 43158, 22637, 8077, 678, 46}
	path := []int{0, 0, 11, 5, 24, 0, 0}
	for _, e := range []Engine{Bitboard, XCover} {
		b, ps, _ := Named("heptiamond-pp24")
		pk, err := NewPacking(b, ps)
		if err != nil {
			t.Fatal(err)
		}
		pk.Engine, pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly = e, true, true, true
		trees, err := pk.Trees(xcover.Fewest)
		if err != nil {
			t.Fatal(err)
		}
		p, err := estimate.Exhaustive(context.Background(), estimate.Subtree(trees, path), 100, 2)
		var sols int64
		for _, s := range p.Solutions {
			sols += s
		}
		if err != nil || !slices.Equal(p.Nodes, want) || sols != 46 {
			t.Errorf("%v: nodes per depth %v, %d solutions; want %v, 46 (%v)", e, p.Nodes, sols, want, err)
		}
	}
}
