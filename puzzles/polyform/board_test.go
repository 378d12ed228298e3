package polyform

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// TestPentominoCounts: the classic counts, all and unique, on two
// workers. The race detector's run (-short) counts the two smaller boards
// (4x15 took 234 s under it), the default run 4x15 too, -tags long all.
func TestPentominoCounts(t *testing.T) {
	for _, tc := range []struct {
		name        string
		board       *Board
		all, unique int64
		short, long bool
	}{
		{"3x20", Rectangle(20, 3), 8, 2, true, false},
		{"8x8 centre hole", Rectangle(8, 8, Cell{3, 3, 0}, Cell{4, 3, 0}, Cell{3, 4, 0}, Cell{4, 4, 0}), 520, 65, true, false},
		{"4x15", Rectangle(15, 4), 1472, 368, false, false},
		{"5x12", Rectangle(12, 5), 4040, 1010, false, true},
		{"6x10", Rectangle(10, 6), 9356, 2339, false, true},
	} {
		if tc.long && longtest.Short() || !tc.short && testing.Short() {
			continue
		}
		pk, err := NewPacking(tc.board, Pentominoes())
		if err != nil {
			t.Fatal(err)
		}
		c := pk.Count(context.Background(), xcover.Fewest, 2, search.Limits{})
		if c.All != tc.all || c.Unique != tc.unique {
			t.Errorf("%s: %d solutions, %d unique; want %d and %d", tc.name, c.All, c.Unique, tc.all, tc.unique)
		}
		u := pk.CountUnique(context.Background(), xcover.Fewest, 2, search.Limits{})
		if u.All != tc.all || u.Unique != tc.unique {
			t.Errorf("%s, restricted search: %d solutions, %d unique; want %d and %d", tc.name, u.All, u.Unique, tc.all, tc.unique)
		}
	}
}

func TestReadBoard(t *testing.T) {
	b, err := ReadBoard(strings.NewReader("....\n.##.\n....\n"), "b.txt")
	if err != nil || len(b.Cells) != 10 || len(b.Symmetries()) != 4 {
		t.Fatalf("ring: %v, %d cells", err, len(b.Cells))
	}
	for _, tc := range []struct{ in, want string }{
		{"..\n.x\n", `b.txt:2:2: unknown character 'x'`},
		{"", "b.txt: the board has no cells"},
		{"  \n##\n", "b.txt: the board has no cells"},
		// Issue 19: a repeated header was accepted without a word; an
		// unknown piece set had no line number; pieces of another grid.
		{"grid: square\ngrid: triangle\n...\n", "b.txt:2:1: a second grid: header (the first is on line 1)"},
		{"pieces: pentominoes\npieces: tetrominoes\n...\n", "b.txt:2:1: a second pieces: header (the first is on line 1)"},
		{"grid: square\npieces: nonagons\n....\n", `b.txt:2:1: polyform: unknown piece set "nonagons"`},
		{"pieces: polyomino-99\n....\n", `b.txt:1:1: polyform: piece set "polyomino-99": the size must be a number from 1 to 9`},
		{"pieces: hexiamonds\n....\n", `b.txt:1:1: the pieces "hexiamonds" are on the triangle grid, the board on the square grid`},
		// CR-only line ends were read as one line.
		{"..\r.x\r", `b.txt:2:2: unknown character 'x'`},
	} {
		_, err := ReadBoard(strings.NewReader(tc.in), "b.txt")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ReadBoard(%q) = %v, want %q", tc.in, err, tc.want)
		}
	}
	if _, err := NewPacking(Rectangle(6, 6), Pentominoes()); err == nil || !strings.Contains(err.Error(), "no packing can fill it") {
		t.Errorf("60 cells of pieces on 36: %v", err)
	}
}

// Issue 19: the triangle-grid example of docs/pack.md was indented so that
// its first triangle pointed down, and gave 0 solutions instead of 148. It
// must be the board of hexiamond-4x9.
func TestDocsTriangleExample(t *testing.T) {
	doc, err := os.ReadFile("../../docs/pack.md")
	if err != nil {
		t.Skip(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```\ngrid: triangle\n")
	if !ok {
		t.Fatal("docs/pack.md: no triangle-grid example")
	}
	text, _, _ := strings.Cut(rest, "```")
	b, set, err := ReadBoardSet(strings.NewReader("grid: triangle\n"+text), "pack.md")
	if err != nil {
		t.Fatal(err)
	}
	want := Parallelogram(9, 4)
	if set != "hexiamonds" || !sameShape(b, want) {
		t.Errorf("docs/pack.md's triangle example (set %q) is not the 4 x 9 parallelogram of hexiamond-4x9", set)
	}
}

// sameShape reports whether two boards have the same cells up to a
// translation of the grid.
func sameShape(a, b *Board) bool {
	if a.Grid != b.Grid || len(a.Cells) != len(b.Cells) {
		return false
	}
	oa, ob := a.Grid.offset(a.Cells), b.Grid.offset(b.Cells)
	for _, c := range a.Cells {
		if _, ok := b.index[Cell{c.X - oa.X + ob.X, c.Y - oa.Y + ob.Y, c.Z - oa.Z + ob.Z}]; !ok {
			return false
		}
	}
	return true
}

func FuzzReadBoard(f *testing.F) {
	f.Add("....\n.##.\n....\n")
	f.Add("  ..\n ...\n")
	f.Add("grid: triangle\n.....\n .....\n")
	f.Add("grid: hexagon\npieces: trihexes\n . .\n. . .\n")
	f.Add("grid: hex\n..\n")
	f.Add("grid: cubic\n...\n...\n\n...\n.#.\n")
	f.Add("layer: bottom\n..\n..\nlayer: top\n..\n")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ReadBoard(strings.NewReader(s), "f")
		if err != nil {
			return
		}
		if len(b.Symmetries()) < 1 {
			t.Fatal("a board without the identity symmetry")
		}
	})
}
