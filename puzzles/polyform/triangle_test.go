package polyform

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// TestHexiamondCounts: the 12 hexiamonds fill the rhombus of side 6 in 624
// ways (156 up to symmetry), the 4 x 9 parallelogram in 148 (74) and the
// 3 x 12 one in none; by the full search, the restricted unique search,
// with and without dead-region pruning and branching on cells only.
func TestHexiamondCounts(t *testing.T) {
	for _, tc := range []struct {
		name        string
		all, unique int64
	}{
		{"hexiamond-6x6", 624, 156},
		{"hexiamond-4x9", 148, 74},
		{"hexiamond-3x12", 0, 0},
	} {
		b, ps, _ := Named(tc.name)
		for _, variant := range []struct{ cellsOnly, dead bool }{{false, false}, {true, true}} {
			pk, err := NewPacking(b, ps)
			if err != nil {
				t.Fatal(err)
			}
			pk.CellsOnly, pk.DeadRegions = variant.cellsOnly, variant.dead
			c := pk.Count(context.Background(), xcover.Fewest, 2, search.Limits{})
			u := pk.CountUnique(context.Background(), xcover.Fewest, 2, search.Limits{})
			if c.All != tc.all || c.Unique != tc.unique || u.All != tc.all || u.Unique != tc.unique {
				t.Errorf("%s %+v: full search %d/%d, restricted %d/%d; want %d/%d",
					tc.name, variant, c.All, c.Unique, u.All, u.Unique, tc.all, tc.unique)
			}
		}
	}
}

// TestPP24Frame: Korekawa et al.'s frame has 168 triangles in rows of 5, 7, 17,
// 19, 19, 17, 17, 19, 19, 17, 7, 5, the 12 symmetries of the hexagon, and
// is the area of the 24 heptiamonds.
func TestPP24Frame(t *testing.T) {
	b, ps, ok := Named("heptiamond-pp24")
	if !ok {
		t.Fatal("no heptiamond-pp24")
	}
	var lens []int
	for _, row := range b.Rows(slices.Repeat([]string{"."}, len(b.Cells))) {
		lens = append(lens, strings.Count(row, "."))
	}
	if want := []int{5, 7, 17, 19, 19, 17, 17, 19, 19, 17, 7, 5}; !slices.Equal(lens, want) {
		t.Errorf("rows %v, want %v", lens, want)
	}
	if n := len(b.Symmetries()); n != 12 {
		t.Errorf("%d symmetries, want 12", n)
	}
	if len(ps) != 24 || len(b.Cells) != 168 {
		t.Errorf("%d pieces, %d cells", len(ps), len(b.Cells))
	}
}

// TestRowsRoundTrip: a board's picture read back is the same board (up to
// a translation of the grid), on every grid.
func TestRowsRoundTrip(t *testing.T) {
	for _, name := range []string{"pentomino-8x8", "hexiamond-4x9", "heptiamond-pp24"} {
		b, _, _ := Named(name)
		rows := b.Rows(slices.Repeat([]string{"."}, len(b.Cells)))
		text := "grid: " + b.Grid.String() + "\n" + strings.Join(rows, "\n") + "\n"
		c, err := ReadBoard(strings.NewReader(text), name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := c.Rows(slices.Repeat([]string{"."}, len(c.Cells))); !slices.Equal(got, rows) {
			t.Errorf("%s: read back as\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(rows, "\n"))
		}
	}
	hex := "grid: hexagon\n . .\n. . .\n . .\n"
	b, err := ReadBoard(strings.NewReader(hex), "hex")
	if err != nil || len(b.Cells) != 7 || len(b.Symmetries()) != 12 {
		t.Errorf("hexagon of 7: %v, %d symmetries", err, len(b.Symmetries()))
	}
}

// bruteForce counts the packings by trying every placement of each
// piece in turn, an oracle independent of the dancing links.
func bruteForce(pk *Packing) int64 {
	used := make([]bool, len(pk.Board.Cells))
	var rec func(piece int) int64
	rec = func(piece int) int64 {
		if piece == len(pk.Pieces) {
			return 1
		}
		var n int64
		for _, pl := range pk.Placements {
			if pl.Piece != piece || slices.ContainsFunc(pl.Cells, func(c int) bool { return used[c] }) {
				continue
			}
			for _, c := range pl.Cells {
				used[c] = true
			}
			n += rec(piece + 1)
			for _, c := range pl.Cells {
				used[c] = false
			}
		}
		return n
	}
	return rec(0)
}

// TestPolyhexPacking checks packings on the hexagon grid against brute
// force: three straight trihexes in the 3 x 3 rhombus, and a monohex with
// two trihexes in the 7-cell hexagon (pieces of two sizes, so the
// dead-region test takes its subset-sum path), with and without pruning
// and symmetry restriction.
func TestPolyhexPacking(t *testing.T) {
	_, tri, _ := PieceSet("trihexes")
	_, mono, _ := PieceSet("monohex")
	straight := tri[slices.IndexFunc(tri, func(p Piece) bool { return len(Hexagon.Orientations(p.Shape, true)) == 3 })]
	rhombus, _ := ReadBoard(strings.NewReader("grid: hexagon\n. . .\n . . .\n  . . .\n"), "rhombus")
	hexagon, _ := ReadBoard(strings.NewReader("grid: hexagon\n . .\n. . .\n . .\n"), "hexagon")
	for _, tc := range []struct {
		name   string
		board  *Board
		pieces []Piece
	}{
		{"straight trihexes in a rhombus", rhombus, []Piece{{"A", straight.Shape, false}, {"B", straight.Shape, false}, {"C", straight.Shape, false}}},
		{"monohex and trihexes in a hexagon", hexagon, []Piece{{"M", mono[0].Shape, false}, tri[0], tri[1]}},
		{"monohex and trihexes in a hexagon", hexagon, []Piece{{"M", mono[0].Shape, false}, tri[1], tri[2]}},
	} {
		for _, dead := range []bool{false, true} {
			pk, err := NewPacking(tc.board, tc.pieces)
			if err != nil {
				t.Fatal(err)
			}
			pk.DeadRegions = dead
			brute := bruteForce(pk)
			c := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{})
			u := pk.CountUnique(context.Background(), xcover.Fewest, 1, search.Limits{})
			if c.All != brute || u.All != brute || u.Unique != c.Unique {
				t.Errorf("%s (dead regions %v): %d (unique %d), restricted %d (%d), brute force %d",
					tc.name, dead, c.All, c.Unique, u.All, u.Unique, brute)
			}
			t.Logf("%s: %d packings, %d unique", tc.name, c.All, c.Unique)
		}
	}
}

// TestPP24Root: Korekawa et al.'s root has 85 branches (Table b): the cell with
// the fewest placements has 120, of which 85 leave no empty region whose
// size is not a multiple of 7. A walker that hides the cut children sees
// them; a plain one sees all 120.
func TestPP24Root(t *testing.T) {
	b, ps, _ := Named("heptiamond-pp24")
	pk, err := NewPacking(b, ps)
	if err != nil {
		t.Fatal(err)
	}
	pk.CellsOnly, pk.DeadRegions = true, true
	w := pk.Compile(xcover.Fewest).Walker()
	if n, _ := w.Branches(); n != 120 {
		t.Errorf("plain walker: root branches %d, want 120", n)
	}
	w = pk.Compile(xcover.Fewest).Walker()
	w.SkipPruned = true
	if n, _ := w.Branches(); n != 85 {
		t.Errorf("root branches %d, want 85 (Korekawa et al., Table b)", n)
	}
}

// TestPolygons: on every grid, two neighbouring cells' polygons share
// exactly one edge (two corners), and a cell's polygon has the grid's
// number of corners.
func TestPolygons(t *testing.T) {
	var hex []Cell
	for x := -2; x <= 2; x++ {
		for y := -2; y <= 2; y++ {
			hex = append(hex, Cell{x, y, 0})
		}
	}
	for _, name := range []string{"pentomino-8x8", "hexiamond-4x9", "heptiamond-pp24", "hexagons"} {
		b, _, _ := Named(name)
		if name == "hexagons" {
			var err error
			if b, err = NewBoard(Hexagon, hex); err != nil {
				t.Fatal(err)
			}
		}
		corners := map[Grid]int{Square: 4, Triangle: 3, Hexagon: 6}[b.Grid]
		key := func(p [2]float64) [2]int64 {
			return [2]int64{int64(p[0]*1e6 + 0.5), int64(p[1]*1e6 + 0.5)}
		}
		for _, c := range b.Cells {
			pc := b.Grid.Polygon(c)
			if len(pc) != corners {
				t.Fatalf("%s: cell %v has %d corners", name, c, len(pc))
			}
			for _, d := range b.Grid.neighbours(c, nil) {
				shared := 0
				for _, p := range pc {
					for _, q := range b.Grid.Polygon(d) {
						if key(p) == key(q) {
							shared++
						}
					}
				}
				if shared != 2 {
					t.Errorf("%s: cells %v and %v share %d corners", name, c, d, shared)
				}
			}
		}
	}
}

// TestRegionFilter: the dead-region option filter hides exactly the
// children that trying each option and asking the pruner hides: the same
// nodes per depth, on equal pieces (hexiamonds, PP-24's top) and on mixed
// sizes (a subset-sum test).
func TestRegionFilter(t *testing.T) {
	_, tetro, _ := PieceSet("tetrominoes")
	mixed := append(mustSelect(t, Pentominoes(), "LNP"), tetro[1], tetro[3])
	mixed = append(mixed, Piece{Name: "d", Shape: Shape{{0, 0, 0}, {1, 0, 0}}})
	hex, hexPieces, _ := Named("hexiamond-4x9")
	pp, ppPieces, _ := Named("heptiamond-pp24")
	for _, tc := range []struct {
		name    string
		board   *Board
		pieces  []Piece
		depth   int
		largest bool
	}{
		{"hexiamond-4x9", hex, hexPieces, 99, false},
		{"5x5 mixed", Rectangle(5, 5), mixed, 99, false},
		{"5x5 mixed, largest region", Rectangle(5, 5), mixed, 99, true},
		{"pp24", pp, ppPieces, 2, false},
		{"pp24, largest region", pp, ppPieces, 2, true},
	} {
		pk, err := NewPacking(tc.board, tc.pieces)
		if err != nil {
			t.Fatal(tc.name, err)
		}
		pk.CellsOnly, pk.DeadRegions = true, true
		pk.LargestRegionOnly = tc.largest
		var counts [2][]int64
		for k := range 2 {
			prob, _ := pk.problem(nil)
			if k == 1 {
				prob.SetOptionFilter(nil) // try every option instead
			}
			w := prob.Compile(xcover.Fewest).Walker()
			w.SkipPruned = true
			var rec func()
			rec = func() {
				for len(counts[k]) <= w.Depth() {
					counts[k] = append(counts[k], 0)
				}
				counts[k][w.Depth()]++
				if w.Depth() == tc.depth {
					return
				}
				n, _ := w.Branches()
				for c := 0; c < n; c++ {
					w.Down(c)
					rec()
					w.Up()
				}
			}
			rec()
		}
		if !slices.Equal(counts[0], counts[1]) || len(counts[0]) < 3 {
			t.Errorf("%s: filter %v, trial %v", tc.name, counts[0], counts[1])
		}
	}
}

func mustSelect(t *testing.T, set []Piece, letters string) []Piece {
	ps, err := SelectPieces(set, letters)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}
