package polyform

import (
	"fmt"
	"slices"
	"sort"
)

// Cell is a square of the grid: column X, row Y (rows grow downwards).
type Cell struct{ X, Y int }

// Shape is a set of cells, sorted by row then column, translated so that
// its smallest X and Y are 0.
type Shape []Cell

func cellLess(a, b Cell) int {
	if a.Y != b.Y {
		return a.Y - b.Y
	}
	return a.X - b.X
}

// normalize translates cells to the origin and sorts them.
func normalize(cells []Cell) Shape {
	minX, minY := cells[0].X, cells[0].Y
	for _, c := range cells {
		minX, minY = min(minX, c.X), min(minY, c.Y)
	}
	s := make(Shape, len(cells))
	for i, c := range cells {
		s[i] = Cell{c.X - minX, c.Y - minY}
	}
	slices.SortFunc(s, cellLess)
	return s
}

func (s Shape) key() string { return fmt.Sprint([]Cell(s)) }

// squareSymmetry applies symmetry k (0..7) of the square grid to c: k&3
// quarter turns, then a reflection if k >= 4.
func squareSymmetry(c Cell, k int) Cell {
	x, y := c.X, c.Y
	for r := 0; r < k&3; r++ {
		x, y = -y, x
	}
	if k >= 4 {
		x = -x
	}
	return Cell{x, y}
}

// transform applies symmetry k to every cell and normalises.
func (s Shape) transform(k int) Shape {
	out := make([]Cell, len(s))
	for i, c := range s {
		out[i] = squareSymmetry(c, k)
	}
	return normalize(out)
}

// Orientations returns the distinct images of s under the grid's rotations,
// and reflections too if reflect.
func (s Shape) Orientations(reflect bool) []Shape {
	n := 4
	if reflect {
		n = 8
	}
	seen := map[string]bool{}
	var out []Shape
	for k := 0; k < n; k++ {
		t := s.transform(k)
		if !seen[t.key()] {
			seen[t.key()] = true
			out = append(out, t)
		}
	}
	return out
}

// canonical returns the smallest image of s (by key) under the rotations,
// and the reflections if free.
func (s Shape) canonical(free bool) Shape {
	var best Shape
	for _, t := range s.Orientations(free) {
		if best == nil || t.key() < best.key() {
			best = t
		}
	}
	return best
}

// Polyominoes returns the polyominoes of n cells, free (rotations and
// reflections identified) or one-sided (rotations only), each in canonical
// form, sorted. They are grown cell by cell from the monomino: every
// polyomino of n cells is a polyomino of n-1 cells plus a neighbouring
// cell.
func Polyominoes(n int, free bool) []Shape {
	if n < 1 {
		return nil
	}
	level := map[string]Shape{"": normalize([]Cell{{0, 0}})}
	for size := 2; size <= n; size++ {
		next := map[string]Shape{}
		for _, s := range level {
			in := map[Cell]bool{}
			for _, c := range s {
				in[c] = true
			}
			for _, c := range s {
				for _, d := range []Cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					nc := Cell{c.X + d.X, c.Y + d.Y}
					if in[nc] {
						continue
					}
					t := normalize(append(slices.Clone([]Cell(s)), nc)).canonical(free)
					next[t.key()] = t
				}
			}
		}
		level = next
	}
	out := make([]Shape, 0, len(level))
	for _, s := range level {
		out = append(out, s)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].key() < out[b].key() })
	return out
}

// PentominoName returns the usual letter of a pentomino (F I L N P T U V W
// X Y Z), recognised by properties that do not depend on its orientation:
// its bounding box, its cells' numbers of neighbours, its longest straight
// line, whether it holds a 2x2 block. It returns "" for other shapes.
func PentominoName(s Shape) string {
	if len(s) != 5 {
		return ""
	}
	in := map[Cell]bool{}
	w, h := 0, 0
	for _, c := range s {
		in[c] = true
		w, h = max(w, c.X+1), max(h, c.Y+1)
	}
	if w < h {
		w, h = h, w
	}
	deg := map[Cell]int{}
	maxDeg := 0
	for _, c := range s {
		for _, d := range []Cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if in[Cell{c.X + d.X, c.Y + d.Y}] {
				deg[c]++
			}
		}
		maxDeg = max(maxDeg, deg[c])
	}
	line := 0
	for _, c := range s {
		for _, d := range []Cell{{1, 0}, {0, 1}} {
			n := 0
			for p := c; in[p]; p = (Cell{p.X + d.X, p.Y + d.Y}) {
				n++
			}
			line = max(line, n)
		}
	}
	block := false
	for _, c := range s {
		if in[Cell{c.X + 1, c.Y}] && in[Cell{c.X, c.Y + 1}] && in[Cell{c.X + 1, c.Y + 1}] {
			block = true
		}
	}
	switch {
	case w == 5:
		return "I"
	case w == 4 && maxDeg == 3:
		return "Y"
	case w == 4 && line == 4:
		return "L"
	case w == 4:
		return "N"
	case w == 3 && h == 2 && block:
		return "P"
	case w == 3 && h == 2:
		return "U"
	case maxDeg == 4:
		return "X"
	case maxDeg == 3:
		// T's branching cell is on an edge of its 3x3 box, F's in its centre.
		for c, d := range deg {
			if d == 3 && c.X == 1 && c.Y == 1 {
				return "F"
			}
		}
		return "T"
	case line == 3 && in[Cell{1, 1}]:
		return "Z"
	case line == 3:
		return "V"
	}
	return "W"
}
