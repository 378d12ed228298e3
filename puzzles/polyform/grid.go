package polyform

import (
	"fmt"
	"math"
	"slices"
)

// Grid is a regular tiling of the plane whose cells pieces are made of.
type Grid int

// The three regular grids.
const (
	// Square: Cell{X, Y, 0} is column X, row Y, rows growing downwards. Its
	// symmetry group has 8 elements (4 rotations, each with or without a
	// reflection).
	Square Grid = iota
	// Triangle: a cell is a triangle of the lattice spanned by (1, 0) and
	// (1/2, √3/2); Cell{X, Y, 0} is three times its centroid in that basis, so
	// an upward triangle has X ≡ Y ≡ 1 (mod 3) and a downward one X ≡ Y ≡ 2.
	// Rotations about a lattice point are then integer matrices, and
	// translations are by multiples of 3. 12 symmetries.
	Triangle
	// Hexagon: Cell{X, Y, 0} are the axial coordinates of a hexagon's centre in
	// the same lattice basis. 12 symmetries.
	Hexagon
	// Cubic: Cell{X, Y, Z} is the unit cube at column X, row Y (growing
	// downwards) of layer Z. 48 symmetries, the 24 rotations first.
	Cubic
	// Prism: BurrTools' triangular prism grid, Sphere: its sphere grid,
	// Rhombic: its rhombic grid (tetrahedra, 24 to a cube), TetraOcta:
	// its tetrahedron-octahedron grid (see grid_burr.go and
	// grid_tetra.go); read from BurrTools files only.
	Prism
	Sphere
	Rhombic
	TetraOcta
)

var gridNames = [...]string{"square", "triangle", "hexagon", "cubic", "prism", "sphere", "rhombic", "tetra-octa"}

func (g Grid) String() string { return gridNames[g] }

// ParseGrid returns the grid called name: square, triangle, hexagon or
// cubic.
func ParseGrid(name string) (Grid, error) {
	for i, n := range gridNames[:Cubic+1] {
		if n == name {
			return Grid(i), nil
		}
	}
	return 0, fmt.Errorf("polyform: unknown grid %q (want square, triangle, hexagon or cubic)", name)
}

// Symmetries returns the order of the grid's point group: 8, 12 or 48.
func (g Grid) Symmetries() int {
	switch g {
	case Square:
		return 8
	case Cubic, Rhombic, TetraOcta:
		return len(cubeSymmetries)
	case Prism:
		return prismSymmetries
	case Sphere:
		return len(sphereMatrices)
	}
	return 12
}

// Transform applies symmetry k (0 <= k < g.Symmetries()) to c: k mod 4 (or
// 6) rotations by a quarter (or sixth) turn about the origin, then a
// reflection if k is in the upper half. On the cubic grid k is one of the
// 48 signed permutation matrices, the 24 rotations first (see cubic.go);
// on the prism and sphere grids see grid_burr.go (on the sphere grid a
// transformation that takes c off the grid gives the zero Cell).
func (g Grid) Transform(c Cell, k int) Cell {
	switch g {
	case Sphere:
		// The cube's 48 map every sphere onto a sphere, the others only
		// some shapes (see Grid.image).
		img, _ := sphereTransform(c, k)
		return img
	case Cubic, Rhombic, TetraOcta:
		return cubeTransform(c, k)
	case Prism:
		return prismTransform(c, k)
	}
	x, y := c.X, c.Y
	if g == Square {
		for r := 0; r < k&3; r++ {
			x, y = -y, x
		}
		if k >= 4 {
			x = -x
		}
		return Cell{x, y, 0}
	}
	// A sixth of a turn is, in lattice coordinates, (x, y) -> (-y, x+y); the reflection in the line of e1+e2
	// swaps the coordinates. Both fix the origin, a lattice point, so they
	// map triangle centroids (times 3) to triangle centroids.
	for r := 0; r < k%6; r++ {
		x, y = -y, x+y
	}
	if k >= 6 {
		x, y = y, x
	}
	return Cell{x, y, 0}
}

// neighbours appends the cells sharing an edge with c.
func (g Grid) neighbours(c Cell, buf []Cell) []Cell {
	x, y := c.X, c.Y
	switch g {
	case Square:
		return append(buf, Cell{x + 1, y, 0}, Cell{x - 1, y, 0}, Cell{x, y + 1, 0}, Cell{x, y - 1, 0})
	case Triangle:
		if mod(x, 3) == 1 { // upward: the three downward triangles on its sides
			return append(buf, Cell{x + 1, y + 1, 0}, Cell{x - 2, y + 1, 0}, Cell{x + 1, y - 2, 0})
		}
		return append(buf, Cell{x - 1, y - 1, 0}, Cell{x + 2, y - 1, 0}, Cell{x - 1, y + 2, 0})
	case Cubic:
		z := c.Z
		return append(buf, Cell{x + 1, y, z}, Cell{x - 1, y, z}, Cell{x, y + 1, z}, Cell{x, y - 1, z}, Cell{x, y, z + 1}, Cell{x, y, z - 1})
	case Prism, Sphere:
		return burrNeighbours(g, c, buf)
	case Rhombic, TetraOcta:
		return tetraNeighbours(g, c, buf)
	}
	return append(buf, Cell{x + 1, y, 0}, Cell{x - 1, y, 0}, Cell{x, y + 1, 0}, Cell{x, y - 1, 0}, Cell{x + 1, y - 1, 0}, Cell{x - 1, y + 1, 0})
}

// valid reports whether c is a cell of the grid.
func (g Grid) valid(c Cell) bool {
	if g >= Prism {
		return burrValid(g, c)
	}
	if g != Cubic && c.Z != 0 {
		return false
	}
	if g != Triangle {
		return true
	}
	a, b := mod(c.X, 3), mod(c.Y, 3)
	return a == b && a != 0
}

func mod(a, m int) int { return ((a % m) + m) % m }

func floorDiv(a, m int) int { return (a - mod(a, m)) / m }

// offset returns the translation that normalize subtracts: the smallest
// coordinates, rounded down to the grid's translation lattice.
func (g Grid) offset(cells []Cell) Cell {
	minX, minY, minZ := cells[0].X, cells[0].Y, cells[0].Z
	for _, c := range cells {
		minX, minY, minZ = min(minX, c.X), min(minY, c.Y), min(minZ, c.Z)
	}
	if g == Triangle {
		return Cell{3 * floorDiv(minX, 3), 3 * floorDiv(minY, 3), 0}
	}
	if g >= Prism {
		return burrOffset(g, minX, minY, minZ)
	}
	return Cell{minX, minY, minZ}
}

// normalize translates cells to the origin (by a translation of the grid)
// and sorts them.
func (g Grid) normalize(cells []Cell) Shape {
	o := g.offset(cells)
	s := make(Shape, len(cells))
	for i, c := range cells {
		s[i] = Cell{c.X - o.X, c.Y - o.Y, c.Z - o.Z}
	}
	slices.SortFunc(s, cellLess)
	return s
}

// Pos returns the place of c in the grid's text format: its row (from the
// top) and column.
//
// Square: row Y, column X. Triangle: a row is a strip of triangles between
// two horizontal lattice lines, and neighbours in a row are one column
// apart; the triangle at row r, column c points up when r + c is even.
// Hexagon: hexagons sit at every other column, offset by one in
// alternate rows ("doubled" coordinates): r + c is even. Cubic: row Y,
// column X of layer Z.
func (g Grid) Pos(c Cell) (row, col int) {
	switch g {
	case Triangle, Prism:
		t := 0
		if mod(c.X, 3) == 2 {
			t = 1
		}
		i, j := (c.X-1-t)/3, (c.Y-1-t)/3
		return -j, 2*i + j + t
	case Hexagon:
		return -c.Y, 2*c.X + c.Y
	}
	return c.Y, c.X
}

// FromPos returns the cell at row, col of the grid's text format; ok is
// false where no cell can be (hexagon grid, row + col odd).
func (g Grid) FromPos(row, col int) (c Cell, ok bool) {
	switch g {
	case Triangle:
		t := mod(row+col, 2)
		j := -row
		i := (col + row - t) / 2
		return Cell{3*i + 1 + t, 3*j + 1 + t, 0}, true
	case Hexagon:
		if mod(row+col, 2) != 0 {
			return Cell{}, false
		}
		return Cell{(col + row) / 2, -row, 0}, true
	}
	return Cell{col, row, 0}, true
}

// Polygon returns the corners of cell c in the plane, in units of the
// cell's edge for squares and triangles and of the distance between
// centres for hexagons, y growing downwards, for drawing.
func (g Grid) Polygon(c Cell) [][2]float64 {
	h := math.Sqrt(3) / 2
	lattice := func(i, j float64) [2]float64 { return [2]float64{i + j/2, -j * h} }
	switch g {
	case Triangle:
		i, j := float64(floorDiv(c.X, 3)), float64(floorDiv(c.Y, 3))
		if mod(c.X, 3) == 1 {
			return [][2]float64{lattice(i, j), lattice(i+1, j), lattice(i, j+1)}
		}
		return [][2]float64{lattice(i+1, j), lattice(i+1, j+1), lattice(i, j+1)}
	case Hexagon:
		centre := lattice(float64(c.X), float64(c.Y))
		r := 1 / math.Sqrt(3)
		var p [][2]float64
		for k := 0; k < 6; k++ {
			a := math.Pi/6 + float64(k)*math.Pi/3
			p = append(p, [2]float64{centre[0] + r*math.Cos(a), centre[1] + r*math.Sin(a)})
		}
		return p
	}
	x, y := float64(c.X), float64(c.Y)
	return [][2]float64{{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}}
}

// colour returns the cell's colour in the grid's two-colouring, in which
// neighbours differ: a triangle pointing down, a square or cube at odd
// coordinate sum, a prism pointing down in an even layer or up in an odd
// one. ok is false on the hexagon and sphere grids, which need three,
// and on the rhombic and tetrahedron-octahedron grids (not worked out).
func (g Grid) colour(c Cell) (second, ok bool) {
	switch g {
	case Triangle:
		return mod(c.X, 3) == 2, true
	case Hexagon, Sphere, Rhombic, TetraOcta:
		return false, false
	case Prism:
		return (mod(c.X, 3) == 2) != (mod(c.Z, 2) == 1), true
	}
	return mod(c.X+c.Y+c.Z, 2) == 1, true
}

// Colours returns the colour of every cell of the board in its grid's
// two-colouring (see Packing.ColourCut), or nil on the hexagon and sphere
// grids.
func (b *Board) Colours() []bool {
	out := make([]bool, len(b.Cells))
	for i, c := range b.Cells {
		second, ok := b.Grid.colour(c)
		if !ok {
			return nil
		}
		out[i] = second
	}
	return out
}
