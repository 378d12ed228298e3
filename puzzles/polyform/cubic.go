package polyform

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// cubeSymmetries are the 48 symmetries of the cube about the origin, the
// signed permutation matrices: row r of a matrix is the axis (0 x, 1 y,
// 2 z) and sign that give coordinate r of the image. The 24 rotations
// (determinant +1) come first, the identity first of all, so that the
// first half of the symmetries are the rotations as on the other grids.
var cubeSymmetries = func() [][3]struct{ axis, sign int } {
	var rot, refl [][3]struct{ axis, sign int }
	for _, p := range [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		parity := 1 // the sign of the permutation
		if p[0] > p[1] != (p[0] > p[2]) != (p[1] > p[2]) {
			parity = -1
		}
		for signs := 0; signs < 8; signs++ {
			var m [3]struct{ axis, sign int }
			det := parity
			for r := 0; r < 3; r++ {
				m[r].axis, m[r].sign = p[r], 1
				if signs>>r&1 == 1 {
					m[r].sign = -1
					det = -det
				}
			}
			if det > 0 {
				rot = append(rot, m)
			} else {
				refl = append(refl, m)
			}
		}
	}
	return append(rot, refl...)
}()

func cubeTransform(c Cell, k int) Cell {
	v := [3]int{c.X, c.Y, c.Z}
	m := cubeSymmetries[k]
	return Cell{m[0].sign * v[m[0].axis], m[1].sign * v[m[1].axis], m[2].sign * v[m[2].axis]}
}

// Box returns the w x h x d box of the cubic grid: w columns, h rows, d
// layers.
func Box(w, h, d int) *Board {
	var cells []Cell
	for z := 0; z < d; z++ {
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				cells = append(cells, Cell{x, y, z})
			}
		}
	}
	b, _ := NewBoard(Cubic, cells)
	return b
}

// Layers returns the board of the cubic grid drawn layer by layer, each
// layer as rows of labels (labels[i] for b.Cells[i]) with spaces outside;
// every layer has the rows and columns of the whole board's bounding box.
func (b *Board) Layers(labels []string) [][]string {
	x0, y0, z0 := b.Cells[0].X, b.Cells[0].Y, b.Cells[0].Z
	x1, y1, z1 := x0, y0, z0
	for _, c := range b.Cells {
		x0, y0, z0 = min(x0, c.X), min(y0, c.Y), min(z0, c.Z)
		x1, y1, z1 = max(x1, c.X), max(y1, c.Y), max(z1, c.Z)
	}
	grid := make([][][]string, z1-z0+1)
	for z := range grid {
		grid[z] = make([][]string, y1-y0+1)
		for y := range grid[z] {
			grid[z][y] = slices.Repeat([]string{" "}, x1-x0+1)
		}
	}
	for i, c := range b.Cells {
		grid[c.Z-z0][c.Y-y0][c.X-x0] = labels[i]
	}
	out := make([][]string, len(grid))
	for z, layer := range grid {
		for _, row := range layer {
			out[z] = append(out[z], strings.TrimRight(strings.Join(row, ""), " "))
		}
	}
	return out
}

// readLayers reads the body of a board file of the cubic grid: layers of
// rows, '.' a cell, ' ' or '#' outside, separated by blank lines or
// introduced by a "layer:" line (a name or number after the colon is a
// comment). Every layer must have the same number of rows. lines[0] is
// line first of the file.
func readLayers(lines []string, first int, file string) ([]Cell, error) {
	var cells []Cell
	z, row := 0, 0
	rows0, layerLine := -1, 0 // the first layer's rows; the line of the current layer
	endLayer := func(line int) error {
		if row == 0 {
			return nil
		}
		if rows0 < 0 {
			rows0 = row
		} else if row != rows0 {
			return fmt.Errorf("%s:%d: layer %d has %d rows but layer 1 has %d: every layer must have the same number of rows (draw cells outside the board with '#' or ' ')", file, layerLine, z+1, row, rows0)
		}
		z, row = z+1, 0
		return nil
	}
	for k, text := range lines {
		line := first + k
		text = strings.TrimRight(text, "\r")
		if head, _, ok := strings.Cut(text, ":"); ok && strings.TrimSpace(head) == "layer" {
			if err := endLayer(line); err != nil {
				return nil, err
			}
			continue
		}
		if strings.TrimSpace(text) == "" {
			if err := endLayer(line); err != nil {
				return nil, err
			}
			continue
		}
		if row == 0 {
			layerLine = line
		}
		for col, ch := range []rune(text) {
			switch ch {
			case '.':
				if len(cells) == MaxBoardCells {
					return nil, fmt.Errorf("%s:%d:%d: more than %d cells: too large a board", file, line, col+1, MaxBoardCells)
				}
				cells = append(cells, Cell{col, row, z})
			case ' ', '#':
			default:
				return nil, fmt.Errorf("%s:%d:%d: unknown character %q (want '.' for a cell, ' ' or '#' outside, a blank line or \"layer:\" between layers)", file, line, col+1, ch)
			}
		}
		row++
	}
	if err := endLayer(first + len(lines)); err != nil {
		return nil, err
	}
	return cells, nil
}

// Polycubes are named by size, as the other sets.
var cubeSetNames = map[string]int{
	"monocube": 1, "dicube": 2, "tricube": 3, "tetracube": 4, "pentacube": 5, "hexacube": 6, "heptacube": 7,
}

// polycubeSet returns the set name's pieces when it names polycubes
// ("tetracubes", "polycube-N", "soma"), and whether it did.
func polycubeSet(base string, free bool) ([]Piece, bool, error) {
	switch base {
	case "soma":
		return SomaPieces(), true, nil
	case "bedlam":
		return BedlamPieces(), true, nil
	case "tetris-cube":
		return TetrisCubePieces(), true, nil
	}
	n, ok := cubeSetNames[strings.TrimSuffix(base, "s")]
	if rest, cut := strings.CutPrefix(base, "polycube-"); cut {
		var err error
		if n, err = strconv.Atoi(rest); err != nil || n < 1 || n > 7 {
			return nil, true, fmt.Errorf("polyform: piece set %q: the size must be a number from 1 to 7", base)
		}
		ok = true
	}
	if !ok {
		return nil, false, nil
	}
	ps, err := pieceSet(Cubic, n, free)
	return ps, true, err
}

// SomaPieces returns Piet Hein's seven Soma pieces, made by enumeration:
// the polycubes of 3 and 4 cubes that are not boxes (the one-sided
// tetracubes less the straight and square ones, the bent tricube). They
// are named as usual: V (the tricube), L, T, Z (flat), A and B (the two
// screws, mirror images), P (the branch).
func SomaPieces() []Piece {
	var out []Piece
	for n := 3; n <= 4; n++ {
		for _, s := range Polyforms(Cubic, n, false) {
			if !isBox(s) {
				out = append(out, Piece{Name: somaName(s), Shape: s})
			}
		}
	}
	order := "VLTZABP"
	slices.SortFunc(out, func(a, b Piece) int { return strings.Index(order, a.Name) - strings.Index(order, b.Name) })
	return out
}

// isBox reports whether s fills its bounding box.
func isBox(s Shape) bool {
	w, h, d := 0, 0, 0
	for _, c := range s {
		w, h, d = max(w, c.X+1), max(h, c.Y+1), max(d, c.Z+1)
	}
	return w*h*d == len(s)
}

// somaName names a Soma piece by properties that do not depend on its
// orientation: its size, flatness, a cell with three neighbours, a
// straight line of three, and for the screws the handedness of the
// triple product of their three bonds.
func somaName(s Shape) string {
	if len(s) == 3 {
		return "V"
	}
	in := map[Cell]bool{}
	w, h, d := 0, 0, 0
	for _, c := range s {
		in[c] = true
		w, h, d = max(w, c.X+1), max(h, c.Y+1), max(d, c.Z+1)
	}
	flat := w == 1 || h == 1 || d == 1
	branch, line := false, false
	var nb []Cell
	for _, c := range s {
		k := 0
		nb = Cubic.neighbours(c, nb[:0])
		for _, n := range nb {
			if in[n] {
				k++
			}
		}
		branch = branch || k == 3
		for _, dv := range []Cell{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
			if in[Cell{c.X + dv.X, c.Y + dv.Y, c.Z + dv.Z}] && in[Cell{c.X + 2*dv.X, c.Y + 2*dv.Y, c.Z + 2*dv.Z}] {
				line = true
			}
		}
	}
	switch {
	case flat && branch:
		return "T"
	case flat && line:
		return "L"
	case flat:
		return "Z"
	case branch:
		return "P"
	}
	// A screw is a path of three bonds in three directions: its
	// handedness is the sign of their triple product.
	path := screwPath(s, in)
	a, b, c := sub(path[1], path[0]), sub(path[2], path[1]), sub(path[3], path[2])
	det := a.X*(b.Y*c.Z-b.Z*c.Y) - a.Y*(b.X*c.Z-b.Z*c.X) + a.Z*(b.X*c.Y-b.Y*c.X)
	if det > 0 {
		return "A"
	}
	return "B"
}

func sub(a, b Cell) Cell { return Cell{a.X - b.X, a.Y - b.Y, a.Z - b.Z} }

// screwPath returns the four cells of a screw in path order, from an end.
func screwPath(s Shape, in map[Cell]bool) []Cell {
	var nb []Cell
	deg := func(c Cell) []Cell {
		var out []Cell
		nb = Cubic.neighbours(c, nb[:0])
		for _, n := range nb {
			if in[n] {
				out = append(out, n)
			}
		}
		return out
	}
	var path []Cell
	for _, c := range s {
		if len(deg(c)) == 1 {
			path = []Cell{c}
			break
		}
	}
	for len(path) < len(s) {
		last := path[len(path)-1]
		for _, n := range deg(last) {
			if !slices.Contains(path, n) {
				path = append(path, n)
				break
			}
		}
	}
	return path
}

// CellName names cell i of the board as an item of the exact cover
// problem: r<row>c<column>, and l<layer> before them on the 3D grids.
func (b *Board) CellName(i int) string {
	c := b.Cells[i]
	r, col := b.Grid.Pos(c)
	if b.Grid >= Cubic {
		return fmt.Sprintf("l%dr%dc%d", c.Z, r, col)
	}
	return fmt.Sprintf("r%dc%d", r, col)
}
