package polyform

// namedPuzzles are the built-in puzzles: a board and its piece set.
var namedPuzzles = []struct {
	name, about string
	board       func() *Board
	set         string
}{
	{"pentomino-6x10", "the 12 pentominoes in a 6 x 10 rectangle", func() *Board { return Rectangle(10, 6) }, "pentominoes"},
	{"pentomino-5x12", "the 12 pentominoes in a 5 x 12 rectangle", func() *Board { return Rectangle(12, 5) }, "pentominoes"},
	{"pentomino-4x15", "the 12 pentominoes in a 4 x 15 rectangle", func() *Board { return Rectangle(15, 4) }, "pentominoes"},
	{"pentomino-3x20", "the 12 pentominoes in a 3 x 20 rectangle", func() *Board { return Rectangle(20, 3) }, "pentominoes"},
	{"pentomino-8x8", "the 12 pentominoes in an 8 x 8 square with a 2 x 2 hole in the centre",
		func() *Board { return Rectangle(8, 8, Cell{3, 3, 0}, Cell{4, 3, 0}, Cell{3, 4, 0}, Cell{4, 4, 0}) }, "pentominoes"},
	{"hexiamond-6x6", "the 12 hexiamonds in a rhombus of side 6", func() *Board { return Parallelogram(6, 6) }, "hexiamonds"},
	{"hexiamond-4x9", "the 12 hexiamonds in a 4 x 9 parallelogram", func() *Board { return Parallelogram(9, 4) }, "hexiamonds"},
	{"hexiamond-3x12", "the 12 hexiamonds in a 3 x 12 parallelogram (no solution)", func() *Board { return Parallelogram(12, 3) }, "hexiamonds"},
	{"heptiamond-pp24", "the 24 heptiamonds in Tenyo's PP-24 frame (Korekawa et al.): a hexagon of side 6 less a rhombus of side 2 at each corner",
		PP24, "heptiamonds"},
	{"soma", "Piet Hein's 7 Soma pieces in a 3 x 3 x 3 cube", func() *Board { return Box(3, 3, 3) }, "soma"},
	{"bedlam", "the 13 pieces of the Bedlam cube in a 4 x 4 x 4 cube", func() *Board { return Box(4, 4, 4) }, "bedlam"},
	{"tetris-cube", "the 12 pieces of the Tetris cube in a 4 x 4 x 4 cube", func() *Board { return Box(4, 4, 4) }, "tetris-cube"},
	{"pentomino-3x4x5", "the 12 pentominoes, flat pieces, in a 3 x 4 x 5 box", func() *Board { return Box(5, 4, 3) }, "pentominoes"},
	{"pentomino-2x5x6", "the 12 pentominoes, flat pieces, in a 2 x 5 x 6 box", func() *Board { return Box(6, 5, 2) }, "pentominoes"},
	{"pentomino-2x3x10", "the 12 pentominoes, flat pieces, in a 2 x 3 x 10 box", func() *Board { return Box(10, 3, 2) }, "pentominoes"},
}

// Named returns a built-in puzzle by name (see NamedPuzzles).
func Named(name string) (*Board, []Piece, bool) {
	for _, p := range namedPuzzles {
		if p.name == name {
			_, ps, err := PieceSet(p.set)
			if err != nil {
				panic(err)
			}
			return p.board(), ps, true
		}
	}
	return nil, nil, false
}

// NamedPuzzles lists the names Named knows.
func NamedPuzzles() []string {
	var out []string
	for _, p := range namedPuzzles {
		out = append(out, p.name)
	}
	return out
}

// AboutPuzzle describes a built-in puzzle in a line.
func AboutPuzzle(name string) string {
	for _, p := range namedPuzzles {
		if p.name == name {
			return p.about
		}
	}
	return ""
}

// Parallelogram returns the w x h parallelogram of the triangle grid:
// h rows of 2w triangles, each row shifted half a triangle from the one
// above; w = h is a rhombus.
func Parallelogram(w, h int) *Board {
	var cells []Cell
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			cells = append(cells, Cell{3*i + 1, 3*j + 1, 0}, Cell{3*i + 2, 3*j + 2, 0})
		}
	}
	b, _ := NewBoard(Triangle, cells)
	return b
}

// PP24 returns the frame of Tenyo's PP-24 "Heptamond" puzzle: the
// triangles of a hexagon of side 6 less a rhombus of side 2 (8 triangles)
// at each of its 6 corners, the rhombus having the corner's 120° angle;
// 168 triangles in rows of 5, 7, 17, 19, 19, 17, 17, 19, 19, 17, 7, 5.
func PP24() *Board {
	// Unit vectors of the lattice, counterclockwise.
	u := [6][2]float64{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}
	var cells []Cell
	for x := -18; x <= 18; x++ {
		for y := -18; y <= 18; y++ {
			c := Cell{x, y, 0}
			if !Triangle.valid(c) || abs(x) >= 18 || abs(y) >= 18 || abs(x+y) >= 18 {
				continue
			}
			p := [2]float64{float64(x) / 3, float64(y) / 3}
			inCorner := false
			for k := 0; k < 6; k++ {
				// p = 6 u_k + s u_{k+2} + t u_{k-2}, with 0 < s, t < 2.
				a, b := u[(k+2)%6], u[(k+4)%6]
				dx, dy := p[0]-6*u[k][0], p[1]-6*u[k][1]
				det := a[0]*b[1] - a[1]*b[0]
				s := (dx*b[1] - dy*b[0]) / det
				t := (a[0]*dy - a[1]*dx) / det
				if s > 0 && s < 2 && t > 0 && t < 2 {
					inCorner = true
				}
			}
			if !inCorner {
				cells = append(cells, c)
			}
		}
	}
	b, _ := NewBoard(Triangle, cells)
	return b
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
