package polyform

import (
	"math"
	"slices"
)

// The two 3D grids of BurrTools besides the cube grid that branchwise
// reads (BurrTools' gridType 1 and 2). Their cells, symmetries and
// translations are integer maps of Cell, as on the other grids.
//
// Prism (gridType 1): layers of triangles stacked along Z. In a layer a
// cell has the Triangle grid's coordinates (three times the centroid in
// the lattice basis (1, 0), (1/2, √3/2)), so that the hexagonal prism's
// symmetries about a lattice point are integer maps. The 12 rotations:
// the 6 turns about the Z axis, and the 6 half-turns about horizontal
// axes (a reflection of the layer with Z negated); then 12 mirrors, the
// same with Z negated once more.
//
// Sphere (gridType 2): the face-centred cubic packing, the points of the
// cube grid with an even coordinate sum, each touching 12 others at
// (±1, ±1, 0) and its permutations; translations are by vectors of even
// sum. The cube's 48 symmetries about the origin map it onto itself. A
// piece lying in one hexagonal layer (a plane x ± y ± z = constant) can
// also be laid into a layer of another direction, or turned by a sixth
// about the layer's normal, and BurrTools turns pieces so: its sphere
// grid has 240 transformations (120 rotations), the cube's 48 and the 192
// orthogonal matrices whose rows are permutations of (±1, ±2, ±2)/3,
// each used only where it maps the shape's spheres onto spheres of the
// grid. Those are sphereMatrices, three times the matrix, the 120
// rotations first (the cube's 24 first, as cubeSymmetries), then the
// mirrors.

// prismSymmetries is the order of the prism grid's point group, mirrors
// included.
const prismSymmetries = 24

// sphereMatrices are the sphere grid's transformations, times 3.
var sphereMatrices = func() [][3][3]int {
	var rot, refl [][3][3]int
	add := func(m [3][3]int) {
		if det3(m) > 0 {
			rot = append(rot, m)
		} else {
			refl = append(refl, m)
		}
	}
	for _, cs := range cubeSymmetries {
		var m [3][3]int
		for r, e := range cs {
			m[r][e.axis] = 3 * e.sign
		}
		add(m)
	}
	var rows [][3]int // the permutations of (±1, ±2, ±2)
	for one := 0; one < 3; one++ {
		for signs := 0; signs < 8; signs++ {
			var v [3]int
			for i := range v {
				v[i] = 2
				if i == one {
					v[i] = 1
				}
				if signs>>i&1 == 1 {
					v[i] = -v[i]
				}
			}
			rows = append(rows, v)
		}
	}
	dot := func(a, b [3]int) int { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
	for _, a := range rows {
		for _, b := range rows {
			for _, c := range rows {
				if dot(a, b) == 0 && dot(a, c) == 0 && dot(b, c) == 0 {
					add([3][3]int{a, b, c})
				}
			}
		}
	}
	return append(rot, refl...)
}()

func det3(m [3][3]int) int {
	return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
}

// sphereTransform applies sphere transformation k to c, and reports
// whether the image is a point of the grid (not when a matrix of thirds
// takes c off the integers or onto an odd sum).
func sphereTransform(c Cell, k int) (Cell, bool) {
	m := &sphereMatrices[k]
	v := [3]int{c.X, c.Y, c.Z}
	var out [3]int
	for r := range out {
		t := m[r][0]*v[0] + m[r][1]*v[1] + m[r][2]*v[2]
		if mod(t, 3) != 0 {
			return Cell{}, false
		}
		out[r] = t / 3
	}
	img := Cell{out[0], out[1], out[2]}
	return img, burrValid(Sphere, img)
}

// image writes into out the image of cells under symmetry k of g, up to
// a translation of the grid, and reports whether there is one: on the
// sphere grid a matrix of thirds maps only some shapes onto the grid, and
// those relative to one of their spheres (BurrTools turns a shape about
// its first sphere).
func (g Grid) image(cells []Cell, k int, out []Cell) bool {
	if g != Sphere {
		for i, c := range cells {
			out[i] = g.Transform(c, k)
		}
		return true
	}
	for i, c := range cells {
		img, ok := sphereTransform(sub(c, cells[0]), k)
		if !ok {
			return false
		}
		out[i] = img
	}
	return true
}

// prismTransform applies prism symmetry k (0 <= k < 24).
func prismTransform(c Cell, k int) Cell {
	t := Triangle.Transform(Cell{c.X, c.Y, 0}, k%12)
	z := c.Z
	if (k%12 >= 6) != (k >= 12) { // a layer reflection is a rotation only with Z negated
		z = -z
	}
	return Cell{t.X, t.Y, z}
}

// burrNeighbours appends the cells of c's grid that share a face with c
// (Prism) or touch it (Sphere).
func burrNeighbours(g Grid, c Cell, buf []Cell) []Cell {
	if g == Prism {
		n := len(buf)
		buf = Triangle.neighbours(Cell{c.X, c.Y, 0}, buf)
		for i := n; i < len(buf); i++ {
			buf[i].Z = c.Z
		}
		return append(buf, Cell{c.X, c.Y, c.Z + 1}, Cell{c.X, c.Y, c.Z - 1})
	}
	for _, d := range sphereSteps {
		buf = append(buf, Cell{c.X + d.X, c.Y + d.Y, c.Z + d.Z})
	}
	return buf
}

// sphereSteps are the 12 vectors from a sphere to those it touches.
var sphereSteps = func() []Cell {
	var out []Cell
	for _, a := range []int{-1, 1} {
		for _, b := range []int{-1, 1} {
			out = append(out, Cell{a, b, 0}, Cell{a, 0, b}, Cell{0, a, b})
		}
	}
	return out
}()

// burrValid reports whether c is a cell of grid g (Prism, Sphere,
// Rhombic or TetraOcta).
func burrValid(g Grid, c Cell) bool {
	if g >= Rhombic {
		return tetraValid(g, c)
	}
	if g == Prism {
		return Triangle.valid(Cell{c.X, c.Y, 0})
	}
	return mod(c.X+c.Y+c.Z, 2) == 0
}

// isTranslation reports whether moving by d is a translation of grid g:
// on Triangle and Prism by multiples of 3 in the layer, on Sphere by an
// even sum, on Rhombic and TetraOcta see grid_tetra.go; any on the
// others.
func (g Grid) isTranslation(d Cell) bool {
	switch g {
	case Triangle, Prism:
		return mod(d.X, 3) == 0 && mod(d.Y, 3) == 0
	case Sphere:
		return mod(d.X+d.Y+d.Z, 2) == 0
	case Rhombic, TetraOcta:
		return tetraTranslation(g, d)
	}
	return true
}

// burrOffset is offset on Prism, Sphere, Rhombic and TetraOcta: the
// smallest coordinates, moved down to a translation of the grid (on
// Sphere, one less Z when their sum is odd), so that it moves with the
// shape.
func burrOffset(g Grid, minX, minY, minZ int) Cell {
	if g >= Rhombic {
		return tetraOffset(g, minX, minY, minZ)
	}
	if g == Prism {
		return Cell{3 * floorDiv(minX, 3), 3 * floorDiv(minY, 3), minZ}
	}
	if mod(minX+minY+minZ, 2) != 0 {
		minZ--
	}
	return Cell{minX, minY, minZ}
}

// burrCell returns the cell of grid g at BurrTools' voxel coordinates x,
// y, z. On the triangular prism grid BurrTools' triangle x of row y
// points up (its base at row y-1) when x + y is even: the Triangle
// grid's text position row -y, column x. On the sphere grid the
// coordinates are the cell's; on the rhombic and tetrahedron-octahedron
// grids see tetraCell.
func burrCell(g Grid, x, y, z int) Cell {
	if g >= Rhombic {
		return tetraCell(g, x, y, z)
	}
	if g == Prism {
		c, _ := Triangle.FromPos(-y, x)
		return Cell{c.X, c.Y, z}
	}
	return Cell{x, y, z}
}

// layerPolygons returns, for drawing, the outline of every cell of b (of
// the prism, sphere, rhombic or tetrahedron-octahedron grid) with each
// layer (the cells of one Z) drawn beside the one below, left to right: a
// triangle for a prism, a 16-gon for a sphere (of the radius at which
// touching spheres touch), a tetrahedron's outline seen from above.
func layerPolygons(b *Board) [][][2]float64 {
	const (
		gap   = 1.0 // between layers, in cell units
		sides = 16  // of a sphere's outline
	)
	out := make([][][2]float64, len(b.Cells))
	minX, maxX := math.Inf(1), math.Inf(-1)
	var layers []int // the Z of the cells, each once, in order
	for i, c := range b.Cells {
		switch b.Grid {
		case Prism:
			out[i] = Triangle.Polygon(Cell{c.X, c.Y, 0})
		case Sphere:
			r := math.Sqrt2 / 2
			for k := 0; k < sides; k++ {
				a := 2 * math.Pi * float64(k) / sides
				out[i] = append(out[i], [2]float64{float64(c.X) + r*math.Cos(a), float64(c.Y) + r*math.Sin(a)})
			}
		default:
			out[i] = tetraOutline(b.Grid, c)
		}
		for _, p := range out[i] {
			minX, maxX = min(minX, p[0]), max(maxX, p[0])
		}
		if j, found := slices.BinarySearch(layers, c.Z); !found {
			layers = slices.Insert(layers, j, c.Z)
		}
	}
	for i, c := range b.Cells {
		layer, _ := slices.BinarySearch(layers, c.Z)
		dx := float64(layer) * (maxX - minX + gap)
		for j := range out[i] {
			out[i][j][0] += dx
		}
	}
	return out
}
