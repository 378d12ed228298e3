package polyform

import (
	"fmt"
	"slices"
	"testing"
)

// TestPolyominoCounts: 1, 1, 2, 5, 12, 35, 108 free polyominoes of 1..7
// cells (OEIS A000105) and 1, 1, 2, 7, 18, 60, 196 one-sided (A000988).
func TestPolyominoCounts(t *testing.T) {
	free := []int{1, 1, 2, 5, 12, 35, 108}
	oneSided := []int{1, 1, 2, 7, 18, 60, 196}
	for n := 1; n <= 7; n++ {
		if got := len(Polyforms(Square, n, true)); got != free[n-1] {
			t.Errorf("free polyominoes of %d cells: %d, want %d", n, got, free[n-1])
		}
		if got := len(Polyforms(Square, n, false)); got != oneSided[n-1] {
			t.Errorf("one-sided polyominoes of %d cells: %d, want %d", n, got, oneSided[n-1])
		}
	}
}

// TestPolyiamondAndPolyhexCounts: free polyiamonds 1, 1, 1, 3, 4, 12, 24,
// 66 (OEIS A000577) and one-sided 1, 1, 1, 4, 6, 19, 43, 120 (A006534);
// free polyhexes 1, 1, 3, 7, 22, 82 (A000228) and one-sided 1, 1, 3, 10,
// 33, 147 (A006535).
func TestPolyiamondAndPolyhexCounts(t *testing.T) {
	for _, tc := range []struct {
		g              Grid
		free, oneSided []int
	}{
		{Triangle, []int{1, 1, 1, 3, 4, 12, 24, 66}, []int{1, 1, 1, 4, 6, 19, 43, 120}},
		{Hexagon, []int{1, 1, 3, 7, 22, 82}, []int{1, 1, 3, 10, 33, 147}},
	} {
		for n := 1; n <= len(tc.free); n++ {
			if got := len(Polyforms(tc.g, n, true)); got != tc.free[n-1] {
				t.Errorf("free %v polyforms of %d cells: %d, want %d", tc.g, n, got, tc.free[n-1])
			}
			if got := len(Polyforms(tc.g, n, false)); got != tc.oneSided[n-1] {
				t.Errorf("one-sided %v polyforms of %d cells: %d, want %d", tc.g, n, got, tc.oneSided[n-1])
			}
		}
	}
}

// TestGridSymmetries: each grid's transforms form a group that maps cells
// to cells and neighbours to neighbours, and Pos and FromPos are inverse.
func TestGridSymmetries(t *testing.T) {
	for _, g := range []Grid{Square, Triangle, Hexagon} {
		var cells []Cell
		for r := -4; r <= 4; r++ {
			for c := -6; c <= 6; c++ {
				if cell, ok := g.FromPos(r, c); ok {
					cells = append(cells, cell)
					if rr, cc := g.Pos(cell); rr != r || cc != c {
						t.Errorf("%v: FromPos(%d, %d) = %v, whose Pos is (%d, %d)", g, r, c, cell, rr, cc)
					}
				}
			}
		}
		for _, c := range cells {
			nb := g.neighbours(c, nil)
			for k := 0; k < g.Symmetries(); k++ {
				tc := g.Transform(c, k)
				if !g.valid(tc) {
					t.Fatalf("%v: symmetry %d maps %v to %v, not a cell", g, k, c, tc)
				}
				tnb := g.neighbours(tc, nil)
				for _, d := range nb {
					if !slices.Contains(tnb, g.Transform(d, k)) {
						t.Errorf("%v: symmetry %d breaks the adjacency of %v and %v", g, k, c, d)
					}
				}
			}
			for _, d := range nb {
				if !slices.Contains(g.neighbours(d, nil), c) {
					t.Errorf("%v: %v is a neighbour of %v but not the reverse", g, d, c)
				}
			}
		}
	}
}

// TestPentominoNames: the twelve pentominoes get the twelve letters, one
// each, and each letter's orientation count is its known one (X 1, I 2,
// Z N ... 4 or 8).
func TestPentominoNames(t *testing.T) {
	orientations := map[string]int{"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
	var names []string
	for _, s := range Polyforms(Square, 5, true) {
		n := PentominoName(s)
		names = append(names, n)
		if got := len(Square.Orientations(s, true)); got != orientations[n] {
			t.Errorf("%s has %d orientations, want %d", n, got, orientations[n])
		}
		for _, o := range Square.Orientations(s, true) {
			if PentominoName(o) != n {
				t.Errorf("an orientation of %s is named %s", n, PentominoName(o))
			}
		}
	}
	slices.Sort(names)
	if want := []string{"F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"}; !slices.Equal(names, want) {
		t.Errorf("names %v, want %v", names, want)
	}
}

// TestPentominoPictures checks the names against pictures of the letters
// (the test's independent oracle; the package derives names from shape
// properties).
func TestPentominoPictures(t *testing.T) {
	pictures := map[string][]string{
		"F": {".##", "##.", ".#."}, "I": {"#####"}, "L": {"####", "#..."}, "N": {"##..", ".###"},
		"P": {"##", "##", "#."}, "T": {"###", ".#.", ".#."}, "U": {"#.#", "###"}, "V": {"#..", "#..", "###"},
		"W": {"#..", "##.", ".##"}, "X": {".#.", "###", ".#."}, "Y": {"####", ".#.."}, "Z": {"##.", ".#.", ".##"},
	}
	for name, pic := range pictures {
		var cells []Cell
		for y, row := range pic {
			for x, ch := range row {
				if ch == '#' {
					cells = append(cells, Cell{x, y, 0})
				}
			}
		}
		if got := PentominoName(Square.normalize(cells)); got != name {
			t.Errorf("the picture of %s is named %q", name, got)
		}
	}
}

func TestShapeKey(t *testing.T) {
	for _, s := range []Shape{{}, {{0, 0, 0}}, {{1, -2, 3}, {10, 0, -40}, {0, 7, 0}}} {
		if got, want := s.key(), fmt.Sprint([]Cell(s)); got != want {
			t.Errorf("key %q, fmt.Sprint %q", got, want)
		}
	}
}
