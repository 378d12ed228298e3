package polyform

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/branchwise/branchwise/xcover"
)

// Board is a region of the square grid to fill.
type Board struct {
	Cells []Cell // sorted by row, then column
	index map[Cell]int
}

// NewBoard returns the board of the given cells.
func NewBoard(cells []Cell) (*Board, error) {
	if len(cells) == 0 {
		return nil, fmt.Errorf("the board has no cells")
	}
	b := &Board{Cells: slices.Clone(cells), index: map[Cell]int{}}
	slices.SortFunc(b.Cells, cellLess)
	for i, c := range b.Cells {
		if _, dup := b.index[c]; dup {
			return nil, fmt.Errorf("cell %v given twice", c)
		}
		b.index[c] = i
	}
	return b, nil
}

// Rectangle returns the w x h board, less the cells of holes.
func Rectangle(w, h int, holes ...Cell) *Board {
	var cells []Cell
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if !slices.Contains(holes, Cell{x, y}) {
				cells = append(cells, Cell{x, y})
			}
		}
	}
	b, _ := NewBoard(cells)
	return b
}

// ReadBoard reads a square-grid board: one line per row, '.' a cell to
// fill, ' ' or '#' outside the board. Errors give the file, line and
// column.
func ReadBoard(r io.Reader, file string) (*Board, error) {
	var cells []Cell
	sc := bufio.NewScanner(r)
	y := 0
	for line := 1; sc.Scan(); line++ {
		for x, ch := range []rune(strings.TrimRight(sc.Text(), "\r")) {
			switch ch {
			case '.':
				cells = append(cells, Cell{x, y})
			case ' ', '#':
			default:
				return nil, fmt.Errorf("%s:%d:%d: unknown character %q (want '.' for a cell, ' ' or '#' outside)", file, line, x+1, ch)
			}
		}
		y++
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if len(cells) == 0 {
		return nil, fmt.Errorf("%s: the board has no cells", file)
	}
	return NewBoard(cells)
}

// Symmetries returns, for every symmetry of the board (of the 8 of the
// square grid, those mapping the board onto itself), the permutation of
// its cells: perm[i] is the index of the image of cell i. The identity is
// first.
func (b *Board) Symmetries() [][]int {
	base := normalize(b.Cells)
	dx, dy := b.Cells[0].X, b.Cells[0].Y
	for _, c := range b.Cells {
		dx, dy = min(dx, c.X), min(dy, c.Y)
	}
	var out [][]int
	for k := 0; k < 8; k++ {
		img := make([]Cell, len(b.Cells))
		for i, c := range b.Cells {
			img[i] = squareSymmetry(c, k)
		}
		mx, my := img[0].X, img[0].Y
		for _, c := range img {
			mx, my = min(mx, c.X), min(my, c.Y)
		}
		perm := make([]int, len(b.Cells))
		ok := true
		for i, c := range img {
			j, in := b.index[Cell{c.X - mx + dx, c.Y - my + dy}]
			if !in {
				ok = false
				break
			}
			perm[i] = j
		}
		_ = base
		if ok {
			out = append(out, perm)
		}
	}
	return out
}

// Piece is a named shape.
type Piece struct {
	Name  string
	Shape Shape
}

// Pentominoes returns the twelve pentominoes, named and sorted by letter.
func Pentominoes() []Piece {
	var ps []Piece
	for _, s := range Polyominoes(5, true) {
		ps = append(ps, Piece{PentominoName(s), s})
	}
	slices.SortFunc(ps, func(a, b Piece) int { return strings.Compare(a.Name, b.Name) })
	return ps
}

// Packing is the exact cover problem of placing every piece once on a
// board, covering every cell once.
type Packing struct {
	Board  *Board
	Pieces []Piece
	// Placements[k] is option k: its piece and its board cells.
	Placements []Placement
	problem    *xcover.Problem
}

// Placement is one piece in one orientation and position.
type Placement struct {
	Piece int
	Cells []int
}

// NewPacking builds the packing of pieces (free: turned and flipped) on b.
func NewPacking(b *Board, pieces []Piece) (*Packing, error) {
	area := 0
	for _, p := range pieces {
		area += len(p.Shape)
	}
	if area != len(b.Cells) {
		return nil, fmt.Errorf("the pieces cover %d cells but the board has %d: no packing can fill it", area, len(b.Cells))
	}
	var prim []string
	for _, p := range pieces {
		prim = append(prim, "piece:"+p.Name)
	}
	for _, c := range b.Cells {
		prim = append(prim, fmt.Sprintf("%d,%d", c.X, c.Y))
	}
	prob, err := xcover.NewProblem(prim, nil)
	if err != nil {
		return nil, err
	}
	pk := &Packing{Board: b, Pieces: pieces, problem: prob}
	minX, minY, maxX, maxY := b.Cells[0].X, b.Cells[0].Y, b.Cells[0].X, b.Cells[0].Y
	for _, c := range b.Cells {
		minX, minY, maxX, maxY = min(minX, c.X), min(minY, c.Y), max(maxX, c.X), max(maxY, c.Y)
	}
	items := make([]int, 0, 16)
	for pi, p := range pieces {
		for _, o := range p.Shape.Orientations(true) {
			for y := minY; y <= maxY; y++ {
				for x := minX; x <= maxX; x++ {
					cells := make([]int, 0, len(o))
					for _, c := range o {
						j, ok := b.index[Cell{c.X + x, c.Y + y}]
						if !ok {
							break
						}
						cells = append(cells, j)
					}
					if len(cells) != len(o) {
						continue
					}
					items = append(items[:0], pi+1)
					for _, j := range cells {
						items = append(items, len(pieces)+j+1)
					}
					prob.AddOptionItems(items)
					pk.Placements = append(pk.Placements, Placement{pi, cells})
				}
			}
		}
	}
	return pk, nil
}

// Compile returns a solver of the packing's exact cover problem, whose
// options are numbered as Placements; its Walker serves the estimators.
func (pk *Packing) Compile(s xcover.Strategy) *xcover.Solver { return pk.problem.Compile(s) }

// Counts are the numbers of solutions of a packing.
type Counts struct {
	All, Unique int64
	Stats       xcover.Stats
	Err         error
}

// Solve enumerates solutions (at most limit, if positive), calling visit
// with each as the piece index of every board cell; the slice is reused.
// visit returns false to stop.
func (pk *Packing) Solve(ctx context.Context, s xcover.Strategy, limit int64, visit func(assign []int) bool) xcover.Result {
	assign := make([]int, len(pk.Board.Cells))
	return pk.problem.Compile(s).Solve(ctx, limit, func(opts []int) bool {
		for _, o := range opts {
			pl := pk.Placements[o]
			for _, c := range pl.Cells {
				assign[c] = pl.Piece
			}
		}
		return visit(assign)
	})
}

// IsCanonical reports whether the solution assign is no larger than any of
// its images under the board's symmetries syms (from Symmetries).
func IsCanonical(assign []int, syms [][]int) bool {
	img := make([]int, len(assign))
	for _, perm := range syms[1:] {
		for i, j := range perm {
			img[j] = assign[i]
		}
		if slices.Compare(img, assign) < 0 {
			return false
		}
	}
	return true
}

// SolveParallel enumerates every solution with workers goroutines (see
// xcover.Problem.SolveParallel), calling visit with the worker's number and
// the solution as in Solve, concurrently from different workers.
func (pk *Packing) SolveParallel(ctx context.Context, s xcover.Strategy, workers int, visit func(worker int, assign []int) bool) xcover.Result {
	bufs := make([][]int, max(workers, 1))
	for i := range bufs {
		bufs[i] = make([]int, len(pk.Board.Cells))
	}
	return pk.problem.SolveParallel(ctx, s, workers, func(w int, opts []int) bool {
		assign := bufs[w]
		for _, o := range opts {
			pl := pk.Placements[o]
			for _, c := range pl.Cells {
				assign[c] = pl.Piece
			}
		}
		return visit(w, assign)
	})
}

// Count counts all solutions and the unique ones (those that are the
// smallest of their images under the board's symmetries, so symmetric
// solutions count once too), with workers goroutines.
func (pk *Packing) Count(ctx context.Context, s xcover.Strategy, workers int) Counts {
	syms := pk.Board.Symmetries()
	unique := make([]int64, max(workers, 1))
	r := pk.SolveParallel(ctx, s, workers, func(w int, assign []int) bool {
		if IsCanonical(assign, syms) {
			unique[w]++
		}
		return true
	})
	c := Counts{All: r.Solutions, Stats: r.Stats, Err: r.Err}
	for _, u := range unique {
		c.Unique += u
	}
	return c
}

// Named returns a built-in puzzle by name: pentomino-6x10, pentomino-5x12,
// pentomino-4x15, pentomino-3x20, pentomino-8x8 (centre 2x2 hole).
func Named(name string) (*Board, []Piece, bool) {
	switch name {
	case "pentomino-6x10":
		return Rectangle(10, 6), Pentominoes(), true
	case "pentomino-5x12":
		return Rectangle(12, 5), Pentominoes(), true
	case "pentomino-4x15":
		return Rectangle(15, 4), Pentominoes(), true
	case "pentomino-3x20":
		return Rectangle(20, 3), Pentominoes(), true
	case "pentomino-8x8":
		return Rectangle(8, 8, Cell{3, 3}, Cell{4, 3}, Cell{3, 4}, Cell{4, 4}), Pentominoes(), true
	}
	return nil, nil, false
}

// NamedPuzzles lists the names Named knows.
func NamedPuzzles() []string {
	return []string{"pentomino-6x10", "pentomino-5x12", "pentomino-4x15", "pentomino-3x20", "pentomino-8x8"}
}

// SelectPieces returns the pieces of set named by letters (e.g. "FILNP"),
// each letter once, or the whole set for "".
func SelectPieces(set []Piece, letters string) ([]Piece, error) {
	if letters == "" {
		return set, nil
	}
	var out []Piece
	seen := map[rune]bool{}
	for _, r := range strings.ToUpper(letters) {
		if seen[r] {
			return nil, fmt.Errorf("piece %c named twice", r)
		}
		seen[r] = true
		found := false
		for _, p := range set {
			if p.Name == string(r) {
				out = append(out, p)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown piece %q (pentominoes are F I L N P T U V W X Y Z)", string(r))
		}
	}
	return out, nil
}
