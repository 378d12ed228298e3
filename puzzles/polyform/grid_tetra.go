package polyform

import (
	"cmp"
	"slices"
)

// The two grids of tetrahedra that BurrTools has (its gridType 3 and 4).
// Both are tilings of space whose translations include the cube lattice
// and whose point group is the cube's (48 symmetries, the 24 rotations
// first, as on the cubic grid), about a point of the tiling where a cell's
// coordinates are all 0: a symmetry is the cube grid's signed permutation
// of the coordinates. BurrTools emulates both on its cube grid, each cell a
// voxel of a block of voxels (5 x 5 x 5 for a cube of the rhombic grid,
// 3 x 3 x 3 for a cube of the tetrahedron-octahedron grid); the
// coordinates here are chosen so that those voxels map onto cells by a
// translation or a scaling per axis.
//
// Rhombic: each unit cube is cut by its 6 diagonal planes (through two
// opposite edges) into 24 congruent tetrahedra, each with the cube's
// centre, the centre of a face and an edge of that face as vertices
// (rhombic dodecahedra are made of them: a cube's 24 and the 4 on each
// face beyond). The cube centred at B (a point of the cube lattice) is at
// 5B in cell coordinates, and its tetrahedron on face +-e_i (sign s),
// on the side of that face towards +-e_j (sign t), is the cell
// 5B + 2s e_i + t e_j: the cells near a cube's centre are the
// permutations of (0, +-1, +-2). Translations are by multiples of 5.
//
// TetraOcta: the tetrahedral-octahedral honeycomb, its octahedra cut in
// 8 by the coordinate planes through their centres. In unit cubes whose
// corners are the integer points, the regular tetrahedra have their
// corners at points of even coordinate sum, one in every cube (its edges
// the diagonals of the cube's faces); the octahedra are centred at the
// points of odd sum, and each eighth is the corner of a cube cut off by
// the plane of the three even corners next to it. A cell's coordinates
// are four times its centroid: the tetrahedron of the cube at Q (its
// smallest corner) is 4Q + (2, 2, 2), the eighth of the octahedron at V
// (odd sum) lying towards the signs d is 4V + d. Translations are by four
// times a vector of even sum (those of the honeycomb: the face-centred
// cubic lattice).

// rhombicStep is the rhombic grid's translation: a cube's 5 cells a side.
const rhombicStep = 5

// tetraStep is the tetrahedron-octahedron grid's scale: cell coordinates
// are four times the centroid, in units of the cube's edge.
const tetraStep = 4

// rhombicResidue returns a - 5b, in -2..2, for the nearest multiple 5b of
// 5: a coordinate's place relative to its cube's centre.
func rhombicResidue(a int) int { return mod(a+2, rhombicStep) - 2 }

// tetraValid reports whether c is a cell of the rhombic or tetrahedron-
// octahedron grid.
func tetraValid(g Grid, c Cell) bool {
	if g == Rhombic {
		var seen [3]bool // |residue| 0, 1 and 2 once each
		for _, a := range []int{c.X, c.Y, c.Z} {
			seen[abs(rhombicResidue(a))] = true
		}
		return seen[0] && seen[1] && seen[2]
	}
	a, b, e := mod(c.X, tetraStep), mod(c.Y, tetraStep), mod(c.Z, tetraStep)
	if a == 2 && b == 2 && e == 2 {
		return true // a tetrahedron
	}
	if a%2 == 0 || b%2 == 0 || e%2 == 0 {
		return false
	}
	v := octahedronCentre(c)
	return mod(v.X+v.Y+v.Z, 2) == 1
}

// octahedronCentre returns, for a cell of the tetrahedron-octahedron grid
// with odd coordinates (an eighth of an octahedron), the octahedron's
// centre V, its cell being 4V + d with d's coordinates +-1.
func octahedronCentre(c Cell) Cell {
	return Cell{(c.X - eighthSide(c.X)) / tetraStep, (c.Y - eighthSide(c.Y)) / tetraStep, (c.Z - eighthSide(c.Z)) / tetraStep}
}

// eighthSide is the sign d (+-1) of an odd coordinate a = 4v + d.
func eighthSide(a int) int {
	if mod(a, tetraStep) == 1 {
		return 1
	}
	return -1
}

// tetraTranslation reports whether moving by d maps the grid onto itself.
func tetraTranslation(g Grid, d Cell) bool {
	if g == Rhombic {
		return mod(d.X, rhombicStep) == 0 && mod(d.Y, rhombicStep) == 0 && mod(d.Z, rhombicStep) == 0
	}
	if mod(d.X, tetraStep) != 0 || mod(d.Y, tetraStep) != 0 || mod(d.Z, tetraStep) != 0 {
		return false
	}
	return mod((d.X+d.Y+d.Z)/tetraStep, 2) == 0
}

// tetraOffset is offset on the rhombic and tetrahedron-octahedron grids:
// the smallest coordinates moved down to a translation of the grid.
func tetraOffset(g Grid, minX, minY, minZ int) Cell {
	if g == Rhombic {
		down := func(a int) int { return rhombicStep * floorDiv(a+2, rhombicStep) }
		return Cell{down(minX), down(minY), down(minZ)}
	}
	o := Cell{tetraStep * floorDiv(minX, tetraStep), tetraStep * floorDiv(minY, tetraStep), tetraStep * floorDiv(minZ, tetraStep)}
	if mod((o.X+o.Y+o.Z)/tetraStep, 2) != 0 {
		o.Z -= tetraStep
	}
	return o
}

// tetraCell returns the cell at BurrTools' voxel x, y, z: on the rhombic
// grid BurrTools' 5 x 5 blocks have the cube's centre at voxel 2, on the
// tetrahedron-octahedron grid its 3 x 3 x 3 blocks are the unit cubes,
// the voxel in the middle (1) the tetrahedron and those at the corners (0
// or 2) the eighths of the octahedra there.
func tetraCell(g Grid, x, y, z int) Cell {
	if g == Rhombic {
		return Cell{x - 2, y - 2, z - 2}
	}
	f := func(a int) int { return tetraStep*floorDiv(a, 3) + mod(a, 3) + 1 }
	return Cell{f(x), f(y), f(z)}
}

// axes returns c's coordinates as a vector.
func axes(c Cell) [3]int { return [3]int{c.X, c.Y, c.Z} }

// fromAxes is the cell of the vector v.
func fromAxes(v [3]int) Cell { return Cell{v[0], v[1], v[2]} }

// rhombicAxes returns, for a cell of the rhombic grid, the axis i of the
// face its tetrahedron lies on and its side s, and the axis j and side t
// of the face's edge that it holds.
func rhombicAxes(c Cell) (i, s, j, t int) {
	for a, r := range axes(c) {
		switch r := rhombicResidue(r); r {
		case 2, -2:
			i, s = a, r/2
		case 1, -1:
			j, t = a, r
		}
	}
	return i, s, j, t
}

// tetraNeighbours appends the cells that share a face with c.
func tetraNeighbours(g Grid, c Cell, buf []Cell) []Cell {
	v := axes(c)
	add := func(d [3]int) {
		buf = append(buf, fromAxes([3]int{v[0] + d[0], v[1] + d[1], v[2] + d[2]}))
	}
	if g == Rhombic {
		i, s, j, t := rhombicAxes(c)
		k := 3 - i - j
		var d [3]int
		d[i] = s // the tetrahedron across the cube's face
		add(d)
		d = [3]int{}
		d[j], d[k] = -t, 1 // the two beside it on the face
		add(d)
		d[k] = -1
		add(d)
		d = [3]int{}
		d[j], d[i] = t, -s // the one on the next face, at the same edge
		add(d)
		return buf
	}
	if mod(c.X, tetraStep) == 2 { // a tetrahedron: the eighths at its 4 faces
		for _, d := range diagonalSteps {
			if tetraValid(g, fromAxes([3]int{v[0] + d[0], v[1] + d[1], v[2] + d[2]})) {
				add(d)
			}
		}
		return buf
	}
	side := [3]int{eighthSide(c.X), eighthSide(c.Y), eighthSide(c.Z)}
	add(side) // the tetrahedron beyond its outer face
	for a := range 3 {
		var d [3]int
		d[a] = -2 * side[a] // the eighth across a coordinate plane
		add(d)
	}
	return buf
}

// diagonalSteps are the 8 vectors (+-1, +-1, +-1).
var diagonalSteps = func() [][3]int {
	var out [][3]int
	for k := range 8 {
		out = append(out, [3]int{1 - 2*(k&1), 1 - 2*(k>>1&1), 1 - 2*(k>>2&1)})
	}
	return out
}()

// tetraVertices returns the 4 corners of cell c's tetrahedron, in units
// of half the cube's edge on the rhombic grid and of the cube's edge on
// the tetrahedron-octahedron grid (so that they are integers), the cube
// grid's axes (Y growing downwards as its rows do).
func tetraVertices(g Grid, c Cell) [4][3]int {
	var out [4][3]int
	if g == Rhombic {
		i, s, j, t := rhombicAxes(c)
		k := 3 - i - j
		v := axes(c)
		var centre [3]int
		for a := range 3 {
			centre[a] = 2 * (v[a] - rhombicResidue(v[a])) / rhombicStep
		}
		face := centre
		face[i] += s
		out[0], out[1] = centre, face
		out[2], out[3] = face, face
		out[2][j] += t
		out[3][j] += t
		out[2][k]++
		out[3][k]--
		return out
	}
	v := axes(c)
	if mod(c.X, tetraStep) == 2 {
		q := [3]int{(v[0] - 2) / tetraStep, (v[1] - 2) / tetraStep, (v[2] - 2) / tetraStep}
		n := 0
		for k := range 8 {
			p := [3]int{q[0] + k&1, q[1] + k>>1&1, q[2] + k>>2&1}
			if mod(p[0]+p[1]+p[2], 2) == 0 {
				out[n] = p
				n++
			}
		}
		return out
	}
	o := axes(octahedronCentre(c))
	out[0] = o
	for a := range 3 {
		out[a+1] = o
		out[a+1][a] += eighthSide(v[a])
	}
	return out
}

// tetraUnit is the length of tetraVertices' unit, in cube edges.
func tetraUnit(g Grid) float64 {
	if g == Rhombic {
		return 0.5
	}
	return 1
}

// tetraOutline returns the outline of c's tetrahedron seen along the Z
// axis (the convex hull of its corners' X, Y: a triangle or a square), in
// cube edges, for drawing.
func tetraOutline(g Grid, c Cell) [][2]float64 {
	var pts [][2]float64
	for _, v := range tetraVertices(g, c) {
		p := [2]float64{float64(v[0]) * tetraUnit(g), float64(v[1]) * tetraUnit(g)}
		if !slices.Contains(pts, p) {
			pts = append(pts, p)
		}
	}
	return convexHull(pts)
}

// convexHull returns the corners of the convex hull of pts in order
// (Andrew's monotone chain: the lower and the upper chain of the points
// sorted by X, each keeping only left turns), points on an edge left out.
func convexHull(pts [][2]float64) [][2]float64 {
	slices.SortFunc(pts, func(a, b [2]float64) int {
		if c := cmp.Compare(a[0], b[0]); c != 0 {
			return c
		}
		return cmp.Compare(a[1], b[1])
	})
	turn := func(o, a, b [2]float64) float64 { return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0]) }
	var hull [][2]float64
	for pass := 0; pass < 2; pass++ {
		start := len(hull)
		for _, p := range pts {
			for len(hull) >= start+2 && turn(hull[len(hull)-2], hull[len(hull)-1], p) <= 1e-12 {
				hull = hull[:len(hull)-1]
			}
			hull = append(hull, p)
		}
		hull = hull[:len(hull)-1] // its last point starts the other chain
		slices.Reverse(pts)
	}
	return hull
}
