package polyform

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/branchwise/branchwise/scan"
)

// Size limits of a board, checked while it is read or built: the
// placement lists grow as cells x orientations x pieces, and a 40^3
// cubic board with 23 pentacubes in ranges took 80 s to list, ignoring
// --max-time, before any search (D1 of issue 36).
const (
	// MaxBoardCells bounds a board read from text: 65,536 cells, a
	// 40x40x40 cube, is far beyond what an exact cover search here can
	// finish.
	MaxBoardCells = 1 << 16
	// maxBoardBytes bounds the text of a cubic board's layers, held
	// until the layers are read.
	maxBoardBytes = 64 << 20
	// MaxPlacements bounds a packing's placements (each a piece's cells
	// on the board, about 80 bytes, and then dancing-links nodes per
	// cell): a million, 75 times the largest built-in puzzle's (PP-24,
	// 13,668), is listed in about a second.
	MaxPlacements = 1 << 20
)

// Board is a region of a grid to fill.
type Board struct {
	Grid  Grid
	Cells []Cell // in reading order: by row of the text format, then column
	// Optional[i], when Optional is not nil, marks cell i as one that a
	// packing may leave empty (BurrTools' variable voxels): its item is
	// secondary. Set by SetOptional.
	Optional []bool
	index    map[Cell]int
}

// SetOptional marks the given cells of the board as cells that may stay
// empty.
func (b *Board) SetOptional(cells []Cell) error {
	opt := make([]bool, len(b.Cells))
	for _, c := range cells {
		i, ok := b.index[c]
		if !ok {
			return fmt.Errorf("polyform: optional cell %v is not on the board", c)
		}
		opt[i] = true
	}
	b.Optional = opt
	return nil
}

// Required counts the cells that a packing must cover.
func (b *Board) Required() int {
	n := len(b.Cells)
	for _, o := range b.Optional {
		if o {
			n--
		}
	}
	return n
}

// NewBoard returns the board of the given cells of grid g.
func NewBoard(g Grid, cells []Cell) (*Board, error) {
	if len(cells) == 0 {
		return nil, fmt.Errorf("polyform: the board has no cells")
	}
	b := &Board{Grid: g, Cells: slices.Clone(cells), index: map[Cell]int{}}
	slices.SortFunc(b.Cells, func(p, q Cell) int {
		if p.Z != q.Z {
			return p.Z - q.Z
		}
		pr, pc := g.Pos(p)
		qr, qc := g.Pos(q)
		if pr != qr {
			return pr - qr
		}
		return pc - qc
	})
	for i, c := range b.Cells {
		if !g.valid(c) {
			return nil, fmt.Errorf("polyform: %v is not a cell of the %v grid", c, g)
		}
		if _, dup := b.index[c]; dup {
			return nil, fmt.Errorf("polyform: cell %v given twice", c)
		}
		b.index[c] = i
	}
	return b, nil
}

// Rectangle returns the w x h board of the square grid, less the cells
// of holes.
func Rectangle(w, h int, holes ...Cell) *Board {
	var cells []Cell
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if !slices.Contains(holes, Cell{x, y, 0}) {
				cells = append(cells, Cell{x, y, 0})
			}
		}
	}
	b, _ := NewBoard(Square, cells)
	return b
}

// Index returns the index of cell c in b.Cells, or -1.
func (b *Board) Index(c Cell) int {
	if i, ok := b.index[c]; ok {
		return i
	}
	return -1
}

// Rows returns the board drawn in its text format, with the label of
// every cell (labels[i] for b.Cells[i], a single character) and spaces
// outside; rows and columns start at the board's first.
//
// On the 3D grids the layers follow each other, a blank line between.
func (b *Board) Rows(labels []string) []string {
	if b.Grid == Cubic {
		var out []string
		for z, layer := range b.Layers(labels) {
			if z > 0 {
				out = append(out, "")
			}
			out = append(out, layer...)
		}
		return out
	}
	r0, c0, r1, c1 := b.bounds()
	var out []string
	// The cells are sorted by layer; there is one layer but on the prism
	// and sphere grids.
	z0, z1 := b.Cells[0].Z, b.Cells[len(b.Cells)-1].Z
	for z := z0; z <= z1; z++ {
		grid := make([][]string, r1-r0+1)
		for r := range grid {
			grid[r] = slices.Repeat([]string{" "}, c1-c0+1)
		}
		for i, c := range b.Cells {
			if c.Z == z {
				r, col := b.Grid.Pos(c)
				grid[r-r0][col-c0] = labels[i]
			}
		}
		if z > z0 {
			out = append(out, "")
		}
		for _, row := range grid {
			out = append(out, strings.TrimRight(strings.Join(row, ""), " "))
		}
	}
	return out
}

// bounds returns the smallest and largest row and column of the board's
// cells in the text format. On the triangle and hexagon grids the first
// column is kept even or odd as needed so that the picture keeps the
// text format's parity rule.
func (b *Board) bounds() (r0, c0, r1, c1 int) {
	r0, c0 = b.Grid.Pos(b.Cells[0])
	r1, c1 = r0, c0
	for _, c := range b.Cells {
		r, col := b.Grid.Pos(c)
		r0, r1, c0, c1 = min(r0, r), max(r1, r), min(c0, col), max(c1, col)
	}
	if b.Grid != Square && mod(r0+c0, 2) != 0 {
		c0-- // keep (row + column) even at the picture's origin
	}
	return r0, c0, r1, c1
}

// ReadBoard reads a board. Optional header lines "grid: square|triangle|
// hexagon|cubic" (square if absent) and "pieces: SET" come first; then one line
// per row, '.' a cell to fill, ' ' or '#' outside. On the triangle grid
// the cell at row r, column c (both from 0) points up when r + c is even;
// on the hexagon grid cells sit in every other column, shifted by one
// from row to row, and the columns between are blank. On the cubic grid
// (or when a "layer:" line comes first) the rows form layers, separated
// by blank lines or "layer:" lines, all with the same number of rows.
// Errors give the file, line and column.
func ReadBoard(r io.Reader, file string) (*Board, error) {
	b, _, err := ReadBoardSet(r, file)
	return b, err
}

// ReadBoardSet is ReadBoard that also returns the piece set named by the
// "pieces:" header ("" if none), for PieceSet.
func ReadBoardSet(r io.Reader, file string) (*Board, string, error) {
	var cells []Cell
	g, set := Square, ""
	sc := scan.NewLines(r, file)
	var layers []string // the cubic grid's body, read by readLayers
	layersAt, layerBytes := 0, 0
	row, header := 0, true
	gridLine, setLine := 0, 0
	parity, first := -1, "" // hexagon grid: the parity of row + column of the cells
	for sc.Scan() {
		text := sc.Text()
		line := sc.Line()
		if layersAt > 0 {
			if layerBytes += len(text); layerBytes > maxBoardBytes {
				return nil, "", sc.Errorf(1, "more than %d bytes of layers: too large a board", maxBoardBytes)
			}
			layers = append(layers, text)
			continue
		}
		if header {
			if k, v, ok := strings.Cut(text, ":"); ok && strings.TrimSpace(k) != "" && !strings.ContainsAny(k, ". #") {
				v = strings.TrimSpace(v)
				switch strings.TrimSpace(k) {
				case "grid":
					if gridLine > 0 {
						return nil, "", sc.Errorf(1, "a second grid: header (the first is on line %d)", gridLine)
					}
					gridLine = line
					var err error
					if g, err = ParseGrid(v); err != nil {
						return nil, "", sc.Errorf(1, "%v", err)
					}
				case "pieces":
					if setLine > 0 {
						return nil, "", sc.Errorf(1, "a second pieces: header (the first is on line %d)", setLine)
					}
					setLine = line
					// A set name is checked here, at its line; a list of
					// pieces with copies ("L*0-2,P*0-2") is the caller's.
					if _, err := SetGrid(v); err != nil && !strings.ContainsAny(v, "*,") {
						return nil, "", sc.Errorf(1, "%v", err)
					}
					set = v
				case "layer":
					g, layersAt, layers = Cubic, line, []string{text}
				default:
					return nil, "", sc.Errorf(1, "unknown header %q (want grid, pieces or layer)", k)
				}
				continue
			}
			header = false
			if g == Cubic {
				layersAt, layers = line, []string{text}
				continue
			}
		}
		for col, ch := range []rune(text) {
			switch ch {
			case '.':
				if g == Hexagon {
					if parity < 0 {
						parity, first = mod(row+col, 2), fmt.Sprintf("%d:%d", line, col+1)
					} else if mod(row+col, 2) != parity {
						return nil, "", sc.Errorf(col+1, "a hexagon out of line: hexagons sit in every other column, shifted by one from row to row, as the first one at %s", first)
					}
				}
				c, _ := g.FromPos(row, col-max(parity, 0))
				if len(cells) == MaxBoardCells {
					return nil, "", sc.Errorf(col+1, "more than %d cells: too large a board", MaxBoardCells)
				}
				cells = append(cells, c)
			case ' ', '#':
			default:
				return nil, "", sc.Errorf(col+1, "unknown character %q (want '.' for a cell, ' ' or '#' outside)", ch)
			}
		}
		row++
	}
	if err := sc.Err(); err != nil {
		return nil, "", err
	}
	if layersAt > 0 {
		var err error
		if cells, err = readLayers(layers, layersAt, file); err != nil {
			return nil, "", err
		}
	}
	if len(cells) == 0 {
		return nil, "", scan.Errorf(scan.Position{File: file}, "the board has no cells")
	}
	if set != "" {
		if sg, err := SetGrid(set); err == nil && sg != g {
			return nil, "", scan.Errorf(scan.Position{File: file, Line: setLine, Col: 1}, "the pieces %q are on the %s grid, the board on the %s grid", set, sg, g)
		}
	}
	b, err := NewBoard(g, cells)
	if err != nil {
		return nil, "", scan.Errorf(scan.Position{File: file}, "%v", err)
	}
	return b, set, nil
}

// Symmetries returns, for every symmetry of the board (of the grid's
// rotations and reflections, those that map the board onto itself after
// a translation), the permutation of its cells: perm[i] is the index of
// the image of cell i. The identity is first.
func (b *Board) Symmetries() [][]int {
	var out [][]int
	img := make([]Cell, len(b.Cells))
	for k := 0; k < b.Grid.Symmetries(); k++ {
		if perm, ok := b.symmetry(k, img); ok {
			out = append(out, perm)
		}
	}
	return out
}

// symmetry returns the permutation of the board's cells made by the
// grid's symmetry k followed by a translation, or false when symmetry k
// does not map the board onto itself; img is scratch of len(b.Cells).
func (b *Board) symmetry(k int, img []Cell) ([]int, bool) {
	g := b.Grid
	base := g.offset(b.Cells)
	if !g.image(b.Cells, k, img) {
		return nil, false
	}
	o := g.offset(img)
	perm := make([]int, len(b.Cells))
	for i, c := range img {
		j, in := b.index[Cell{c.X - o.X + base.X, c.Y - o.Y + base.Y, c.Z - o.Z + base.Z}]
		if !in || b.Optional != nil && b.Optional[i] != b.Optional[j] {
			return nil, false
		}
		perm[i] = j
	}
	return perm, true
}

// Adjacency returns, for every cell of the board, the indices of its
// neighbours on the board (cells sharing an edge).
func (b *Board) Adjacency() [][]int32 {
	adj := make([][]int32, len(b.Cells))
	var nb []Cell
	for i, c := range b.Cells {
		nb = b.Grid.neighbours(c, nb[:0])
		for _, d := range nb {
			if j, ok := b.index[d]; ok {
				adj[i] = append(adj[i], int32(j))
			}
		}
	}
	return adj
}
