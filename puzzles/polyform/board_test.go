package polyform

import (
	"context"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/xcover"
)

// TestPentominoCounts: the classic counts, all and unique.
func TestPentominoCounts(t *testing.T) {
	for _, tc := range []struct {
		name        string
		board       *Board
		all, unique int64
		long        bool
	}{
		{"3x20", Rectangle(20, 3), 8, 2, false},
		{"8x8 centre hole", Rectangle(8, 8, Cell{3, 3, 0}, Cell{4, 3, 0}, Cell{3, 4, 0}, Cell{4, 4, 0}), 520, 65, false},
		{"4x15", Rectangle(15, 4), 1472, 368, false},
		{"5x12", Rectangle(12, 5), 4040, 1010, true},
		{"6x10", Rectangle(10, 6), 9356, 2339, true},
	} {
		if tc.long && testing.Short() {
			continue
		}
		pk, err := NewPacking(tc.board, Pentominoes())
		if err != nil {
			t.Fatal(err)
		}
		c := pk.Count(context.Background(), xcover.Fewest, 2)
		if c.All != tc.all || c.Unique != tc.unique {
			t.Errorf("%s: %d solutions, %d unique; want %d and %d", tc.name, c.All, c.Unique, tc.all, tc.unique)
		}
		u := pk.CountUnique(context.Background(), xcover.Fewest, 2)
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
