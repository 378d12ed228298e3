package polyform

import (
	"slices"
	"testing"
)

// TestPolyominoCounts: 1, 1, 2, 5, 12, 35, 108 free polyominoes of 1..7
// cells (OEIS A000105) and 1, 1, 2, 7, 18, 60, 196 one-sided (A000988).
func TestPolyominoCounts(t *testing.T) {
	free := []int{1, 1, 2, 5, 12, 35, 108}
	oneSided := []int{1, 1, 2, 7, 18, 60, 196}
	for n := 1; n <= 7; n++ {
		if got := len(Polyominoes(n, true)); got != free[n-1] {
			t.Errorf("free polyominoes of %d cells: %d, want %d", n, got, free[n-1])
		}
		if got := len(Polyominoes(n, false)); got != oneSided[n-1] {
			t.Errorf("one-sided polyominoes of %d cells: %d, want %d", n, got, oneSided[n-1])
		}
	}
}

// TestPentominoNames: the twelve pentominoes get the twelve letters, one
// each, and each letter's orientation count is its known one (X 1, I 2,
// Z N ... 4 or 8).
func TestPentominoNames(t *testing.T) {
	orientations := map[string]int{"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
	var names []string
	for _, s := range Polyominoes(5, true) {
		n := PentominoName(s)
		names = append(names, n)
		if got := len(s.Orientations(true)); got != orientations[n] {
			t.Errorf("%s has %d orientations, want %d", n, got, orientations[n])
		}
		for _, o := range s.Orientations(true) {
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
					cells = append(cells, Cell{x, y})
				}
			}
		}
		if got := PentominoName(normalize(cells)); got != name {
			t.Errorf("the picture of %s is named %q", name, got)
		}
	}
}
