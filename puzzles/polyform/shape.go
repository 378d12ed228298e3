package polyform

import (
	"slices"
	"sort"
	"strconv"
)

// Cell is a cell of a grid, in the grid's coordinates (see Grid).
type Cell struct{ X, Y, Z int }

// Shape is a set of cells, sorted by Z, Y then X, translated by the grid's
// normalisation (smallest X, Y (and Z) 0 on the square, hexagon and cubic
// grids, in 0..2 on the triangle grid).
type Shape []Cell

func cellLess(a, b Cell) int {
	if a.Z != b.Z {
		return a.Z - b.Z
	}
	if a.Y != b.Y {
		return a.Y - b.Y
	}
	return a.X - b.X
}

// key is fmt.Sprint of the cells ("[{0 0 0} {1 0 0}]"), written without
// reflection: building packings keys every orientation of every piece.
func (s Shape) key() string {
	b := make([]byte, 0, 2+10*len(s))
	b = append(b, '[')
	for i, c := range s {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, '{')
		b = strconv.AppendInt(b, int64(c.X), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(c.Y), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(c.Z), 10)
		b = append(b, '}')
	}
	return string(append(b, ']'))
}

// Orientations returns the distinct images of s under the grid's
// rotations, and reflections too if reflect.
func (g Grid) Orientations(s Shape, reflect bool) []Shape {
	n := g.Symmetries()
	if !reflect {
		n /= 2
	}
	seen := map[string]bool{}
	var out []Shape
	img := make([]Cell, len(s))
	for k := 0; k < n; k++ {
		if !g.image(s, k, img) {
			continue
		}
		t := g.normalize(img)
		if !seen[t.key()] {
			seen[t.key()] = true
			out = append(out, t)
		}
	}
	return out
}

// canonical returns the smallest image of s (by key) under the rotations,
// and the reflections if free.
func (g Grid) canonical(s Shape, free bool) Shape {
	var best Shape
	for _, t := range g.Orientations(s, free) {
		if best == nil || t.key() < best.key() {
			best = t
		}
	}
	return best
}

// Polyforms returns the polyforms of n cells of grid g (polyominoes,
// polyiamonds, polyhexes), free (rotations and reflections identified) or
// one-sided (rotations only), each in canonical form, sorted. They are
// grown cell by cell from a single cell (of each kind): every polyform of
// n cells is one of n-1 cells plus a neighbouring cell.
func Polyforms(g Grid, n int, free bool) []Shape {
	if n < 1 {
		return nil
	}
	// A cell of each kind (up to the grid's symmetries): the grid of
	// tetrahedra and octahedra has two, its regular tetrahedra and the
	// eighths of its octahedra.
	start := []Cell{{}}
	switch g {
	case Triangle, Prism:
		start = []Cell{{1, 1, 0}}
	case Rhombic:
		start = []Cell{{0, 1, 2}}
	case TetraOcta:
		start = []Cell{{2, 2, 2}, {3, 1, 1}}
	}
	level := map[string]Shape{}
	for _, c := range start {
		s := g.canonical(g.normalize([]Cell{c}), free)
		level[s.key()] = s
	}
	var nb []Cell
	for size := 2; size <= n; size++ {
		next := map[string]Shape{}
		for _, s := range level {
			for _, c := range s {
				nb = g.neighbours(c, nb[:0])
				for _, nc := range nb {
					if slices.Contains(s, nc) {
						continue
					}
					t := g.canonical(g.normalize(append(slices.Clone([]Cell(s)), nc)), free)
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
		for _, d := range []Cell{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}} {
			if in[Cell{c.X + d.X, c.Y + d.Y, 0}] {
				deg[c]++
			}
		}
		maxDeg = max(maxDeg, deg[c])
	}
	line := 0
	for _, c := range s {
		for _, d := range []Cell{{1, 0, 0}, {0, 1, 0}} {
			n := 0
			for p := c; in[p]; p = (Cell{p.X + d.X, p.Y + d.Y, 0}) {
				n++
			}
			line = max(line, n)
		}
	}
	block := false
	for _, c := range s {
		if in[Cell{c.X + 1, c.Y, 0}] && in[Cell{c.X, c.Y + 1, 0}] && in[Cell{c.X + 1, c.Y + 1, 0}] {
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
	case line == 3 && in[Cell{1, 1, 0}]:
		return "Z"
	case line == 3:
		return "V"
	}
	return "W"
}
