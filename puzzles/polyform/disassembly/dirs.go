package disassembly

import (
	"fmt"
	"strconv"

	"github.com/branchwise/branchwise/puzzles/polyform"
)

// Dir is a direction a group moves in, by one unit a step: a translation
// of the grid. The cube grid has six, the triangular prism grid eight;
// each grid's come in BurrTools' order, each direction followed by its
// opposite (so d^1 is d reversed).
type Dir int8

// The cube grid's directions.
const (
	PlusX Dir = iota
	MinusX
	PlusY
	MinusY
	PlusZ
	MinusZ
)

// The triangular prism grid's directions (polyform.Prism's coordinates:
// three times a triangle's centroid in the lattice basis e1 = (1, 0), e2
// = (1/2, √3/2), and the layer). BurrTools moves a prism up or down a
// layer, or by one lattice unit in the layer along e1, e2 or e2 - e1
// (BurrTools' (2, 0, 0), (1, 1, 0) and (-1, 1, 0)), in that order.
const (
	PrismUp          Dir = iota + MinusZ + 1 // (0, 0, 1)
	PrismDown                                // (0, 0, -1)
	PrismPlusX                               // e1: (3, 0, 0)
	PrismMinusX                              // -e1
	PrismPlusY                               // e2: (0, 3, 0)
	PrismMinusY                              // -e2
	PrismMinusXPlusY                         // e2 - e1: (-3, 3, 0)
	PrismPlusXMinusY                         // e1 - e2
	numDirs
)

var dirNames = [numDirs]string{"+x", "-x", "+y", "-y", "+z", "-z", "+z", "-z", "+x", "-x", "+y", "-y", "-x+y", "+x-y"}

func (d Dir) String() string {
	if d < 0 || d >= numDirs {
		return "Dir(" + strconv.Itoa(int(d)) + ")"
	}
	return dirNames[d]
}

// axis is a pair of opposite directions: the positive one's unit step,
// the coordinate that grows along it (by step's component there, 1 or 3)
// and, on the prism grid's layers, the triangle a step passes through.
type axis struct {
	step  polyform.Cell
	along int
	// mid[o] is, for a triangle pointing up (o = 0) or down (1), the
	// offset of the triangle of the other kind that it sweeps through
	// on its way to the next position: the one sharing an edge with
	// both. A prism moved one unit sideways crosses it; a cube does not.
	mid    [2]polyform.Cell
	hasMid bool
}

// axes are the axes of every grid, Dir>>1 indexing them.
var axes = [numDirs / 2]axis{
	{step: polyform.Cell{X: 1}, along: 0},
	{step: polyform.Cell{Y: 1}, along: 1},
	{step: polyform.Cell{Z: 1}, along: 2},
	{step: polyform.Cell{Z: 1}, along: 2},
	{step: polyform.Cell{X: 3}, along: 0, mid: [2]polyform.Cell{{X: 1, Y: 1}, {X: 2, Y: -1}}, hasMid: true},
	{step: polyform.Cell{Y: 3}, along: 1, mid: [2]polyform.Cell{{X: 1, Y: 1}, {X: -1, Y: 2}}, hasMid: true},
	{step: polyform.Cell{X: -3, Y: 3}, along: 1, mid: [2]polyform.Cell{{X: -2, Y: 1}, {X: -1, Y: 2}}, hasMid: true},
}

// maxAxes bounds the axes of one grid (the prism grid's four).
const maxAxes = 4

func (d Dir) axis() *axis { return &axes[d>>1] }
func (d Dir) sign() int   { return 1 - 2*(int(d)&1) }

// vector returns the unit step of direction d.
func (d Dir) vector() polyform.Cell { return scale(d.axis().step, d.sign()) }

// Vector returns the unit step of direction d, in the coordinates of its
// grid's cells (on the prism grid, polyform.Prism's): what a move adds to
// each of its pieces' cells per unit. d must be one of the Dir constants.
func (d Dir) Vector() polyform.Cell { return d.vector() }

// step returns c moved by n units in direction d.
func (d Dir) step(c polyform.Cell, n int) polyform.Cell { return add(c, scale(d.vector(), n)) }

func add(a, b polyform.Cell) polyform.Cell {
	return polyform.Cell{X: a.X + b.X, Y: a.Y + b.Y, Z: a.Z + b.Z}
}

func scale(c polyform.Cell, n int) polyform.Cell {
	return polyform.Cell{X: c.X * n, Y: c.Y * n, Z: c.Z * n}
}

func coord(c polyform.Cell, a int) int {
	switch a {
	case 0:
		return c.X
	case 1:
		return c.Y
	}
	return c.Z
}

// dirs returns the directions of grid g, first to last (excluded), in
// BurrTools' order; an error for a grid BurrTools defines no moves on.
func dirs(g polyform.Grid) (first, last Dir, err error) {
	switch g {
	case polyform.Cubic:
		return PlusX, MinusZ + 1, nil
	case polyform.Prism:
		return PrismUp, numDirs, nil
	}
	// BurrTools' sphere, rhombic and tetrahedra-octahedra grids have no
	// movement analysis (gridType_c::getMovementCache): burrTxt -d
	// aborts there.
	return 0, 0, fmt.Errorf("disassembly: the puzzle is on the %v grid: BurrTools defines no moves there, branchwise takes apart assemblies of the cube and triangular prism grids only (count its assemblies without --disassemble)", g)
}

// onGrid reports whether c is a cell of grid g (of those dirs accepts).
func onGrid(g polyform.Grid, c polyform.Cell) bool {
	if g != polyform.Prism {
		return true
	}
	a, b := mod(c.X, 3), mod(c.Y, 3)
	return a == b && a != 0
}

// down reports whether a prism cell's triangle points down (1) or up (0).
func down(c polyform.Cell) int {
	if mod(c.X, 3) == 2 {
		return 1
	}
	return 0
}

func mod(a, m int) int { return ((a % m) + m) % m }

func floorDiv(a, m int) int { return (a - mod(a, m)) / m }

// param is the position of c's line point along axis a, in steps: lines
// along the axis are the sets key + k*step, each cell on one of them.
func (a *axis) param(c polyform.Cell) int {
	return floorDiv(coord(c, a.along), coord(a.step, a.along))
}

// key is the point of c's line at param 0; a translation t of the grid
// moves key(c) by key(t) and param(c) by param(t).
func (a *axis) key(c polyform.Cell) polyform.Cell {
	return add(c, scale(a.step, -a.param(c)))
}
