package branching

import (
	"fmt"

	"github.com/branchwise/branchwise/puzzles/rubik"
)

// tileType is a sliding-tile node type: the blank's cell and the cell it
// came from (-1 at the root, or always when the parent is kept as a child).
type tileType struct{ cell, from int }

// Tiles returns the type graph of the r x c sliding-tile puzzle with the
// blank starting in cell start (row-major). With keepParent every move of
// the blank is a child; without it the move back to the parent is not
// (predecessor elimination). Types are named by the blank's row and column,
// "r,c", after "<" the cell it came from.
func Tiles(rows, cols, start int, keepParent bool) (*Graph, error) {
	if rows < 2 || cols < 2 {
		return nil, fmt.Errorf("board %dx%d: want at least 2x2", rows, cols)
	}
	if start < 0 || start >= rows*cols {
		return nil, fmt.Errorf("start cell %d outside the %dx%d board", start, rows, cols)
	}
	cellName := func(c int) string { return fmt.Sprintf("%d,%d", c/cols, c%cols) }
	children := func(t tileType) []tileType {
		var out []tileType
		r, c := t.cell/cols, t.cell%cols
		for _, d := range [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nc < 0 || nr >= rows || nc >= cols {
				continue
			}
			n := nr*cols + nc
			if n == t.from {
				continue
			}
			from := t.cell
			if keepParent {
				from = -1
			}
			out = append(out, tileType{n, from})
		}
		return out
	}
	name := func(t tileType) string {
		if t.from < 0 {
			return cellName(t.cell)
		}
		return cellName(t.cell) + "<" + cellName(t.from)
	}
	return Explore(tileType{start, -1}, children, name), nil
}

// Rubik returns the type graph of Rubik's Cube with the 18 face turns (a
// quarter turn either way or a half turn of each of six faces), never the
// same face twice in a row, and opposite faces turned in one fixed order:
// after a turn of D, L or B, no turn of U, R or F respectively. A type is
// the last face turned.
func Rubik() *Graph {
	children := func(last int) []int {
		var out []int
		for f := 0; f < 6; f++ {
			if !rubik.MayFollow(last, f) {
				continue
			}
			out = append(out, f, f, f)
		}
		return out
	}
	name := func(last int) string {
		if last < 0 {
			return "start"
		}
		return rubik.Faces[last : last+1]
	}
	return Explore(-1, children, name)
}
