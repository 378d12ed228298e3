package polyform

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// prismReal places a prism cell in space: the triangle's centroid (the
// cell's X, Y are three times it in the lattice basis (1, 0),
// (1/2, √3/2)) and the layer, at a height h per layer (any h: the
// symmetries must not depend on it).
func prismReal(c Cell, h float64) [3]float64 {
	x, y := float64(c.X)/3, float64(c.Y)/3
	return [3]float64{x + y/2, y * math.Sqrt(3) / 2, float64(c.Z) * h}
}

// testCells are cells of the grid around the origin.
func testCells(g Grid) []Cell {
	var out []Cell
	for x := -7; x <= 7; x++ {
		for y := -7; y <= 7; y++ {
			for z := -2; z <= 2; z++ {
				if c := (Cell{x, y, z}); g.valid(c) {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// TestPrismSymmetries checks the prism grid's 24 symmetries from the
// geometry: each is an isometry of space (at any layer height) fixing
// the origin, maps cells to cells and neighbours to neighbours, the 12
// first keep the handedness (rotations) and the others reverse it, no
// two are the same, and they form a group: the order of the hexagonal
// prism's point group (D6h), so they are all of it.
func TestPrismSymmetries(t *testing.T) {
	g := Prism
	if n := g.Symmetries(); n != 24 {
		t.Fatalf("%d symmetries, want 24", n)
	}
	cells := testCells(g)
	images := map[string]int{}
	for k := 0; k < 24; k++ {
		img := make(Shape, len(cells))
		for i, c := range cells {
			img[i] = g.Transform(c, k)
			if !g.valid(img[i]) {
				t.Fatalf("symmetry %d maps %v to %v, no cell", k, c, img[i])
			}
		}
		if j, dup := images[img.key()]; dup {
			t.Fatalf("symmetries %d and %d are the same", j, k)
		}
		images[img.key()] = k
		for _, h := range []float64{1, 0.7} {
			// The images of three axes give the linear map; its
			// determinant is the handedness, and lengths must stay.
			var m [3][3]float64
			o := prismReal(g.Transform(Cell{}, k), h)
			if o != [3]float64{} {
				t.Fatalf("symmetry %d moves the origin", k)
			}
			for a, c := range []Cell{{3, 0, 0}, {0, 3, 0}, {0, 0, 1}} {
				p, q := prismReal(c, h), prismReal(g.Transform(c, k), h)
				for r := 0; r < 3; r++ {
					m[r][a] = q[r]
				}
				if math.Abs(dist(p, [3]float64{})-dist(q, [3]float64{})) > 1e-9 {
					t.Fatalf("symmetry %d changes a length", k)
				}
			}
			det := m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
			if (det > 0) != (k < 12) {
				t.Errorf("symmetry %d: determinant %.3f", k, det)
			}
			for i, c := range cells[:40] {
				for _, d := range cells[:40] {
					if math.Abs(dist(prismReal(c, h), prismReal(d, h))-dist(prismReal(img[i], h), prismReal(g.Transform(d, k), h))) > 1e-9 {
						t.Fatalf("symmetry %d is no isometry at height %g", k, h)
					}
				}
			}
		}
		var nb, nbImg []Cell
		for _, c := range cells[:60] {
			nb = g.neighbours(c, nb[:0])
			nbImg = g.neighbours(g.Transform(c, k), nbImg[:0])
			for _, d := range nb {
				if !contains(nbImg, g.Transform(d, k)) {
					t.Fatalf("symmetry %d: neighbours %v, %v apart after", k, c, d)
				}
			}
		}
	}
	assertGroup(t, g, 24, cells)
}

func dist(p, q [3]float64) float64 {
	return math.Sqrt((p[0]-q[0])*(p[0]-q[0]) + (p[1]-q[1])*(p[1]-q[1]) + (p[2]-q[2])*(p[2]-q[2]))
}

func contains(cs []Cell, c Cell) bool {
	for _, d := range cs {
		if d == c {
			return true
		}
	}
	return false
}

// assertGroup checks that the first n symmetries of g are closed under
// composition (on cells).
func assertGroup(t *testing.T, g Grid, n int, cells []Cell) {
	t.Helper()
	key := func(f func(Cell) Cell) string {
		img := make(Shape, len(cells))
		for i, c := range cells {
			img[i] = f(c)
		}
		return img.key()
	}
	have := map[string]bool{}
	for k := 0; k < n; k++ {
		have[key(func(c Cell) Cell { return g.Transform(c, k) })] = true
	}
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			if !have[key(func(c Cell) Cell { return g.Transform(g.Transform(c, b), a) })] {
				t.Fatalf("symmetry %d after %d is none of the %d", a, b, n)
			}
		}
	}
}

// TestSphereSymmetries checks the sphere grid's transformations: 240,
// each orthogonal, the 120 first rotations; the cube's 48 (the first 24
// and 120 to 143) map every sphere to a sphere, touching ones to
// touching ones, and form a group; and every 3-sphere shape has as many
// orientations as there are copies of it on the grid up to translation
// (found by brute force among the spheres near the origin: three points
// are congruent when their distances are, and a plane figure's mirror
// image is a turn of it, so every copy is a rotation of it).
func TestSphereSymmetries(t *testing.T) {
	g := Sphere
	if n := g.Symmetries(); n != 240 {
		t.Fatalf("%d transformations, want 240", n)
	}
	seen := map[[3][3]int]bool{}
	for k, m := range sphereMatrices {
		if seen[m] {
			t.Fatalf("transformation %d twice", k)
		}
		seen[m] = true
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				d := m[a][0]*m[b][0] + m[a][1]*m[b][1] + m[a][2]*m[b][2]
				if a == b && d != 9 || a != b && d != 0 {
					t.Fatalf("transformation %d is not orthogonal", k)
				}
			}
		}
		if (det3(m) > 0) != (k < 120) {
			t.Fatalf("transformation %d: determinant %d", k, det3(m))
		}
	}
	cells := testCells(g)
	cube := append(seq(0, 24), seq(120, 144)...)
	for _, k := range cube {
		var nb []Cell
		for _, c := range cells[:60] {
			img, ok := sphereTransform(c, k)
			if !ok {
				t.Fatalf("cube symmetry %d maps %v off the grid", k, c)
			}
			nb = g.neighbours(c, nb[:0])
			for _, d := range nb {
				e, _ := sphereTransform(d, k)
				if s := sub(e, img); !contains(sphereSteps, s) {
					t.Fatalf("cube symmetry %d parts touching %v, %v", k, c, d)
				}
			}
		}
	}
	assertGroup(t, g, 24, cells)

	sq := func(a, b Cell) int { d := sub(a, b); return d.X*d.X + d.Y*d.Y + d.Z*d.Z }
	shapeOf := func(s Shape) [3]int { // its sorted squared distances
		d := []int{sq(s[0], s[1]), sq(s[0], s[2]), sq(s[1], s[2])}
		slices.Sort(d)
		return [3]int{d[0], d[1], d[2]}
	}
	copies := map[[3]int]map[string]bool{}
	var near []Cell
	for _, c := range cells {
		if abs(c.X)+abs(c.Y)+abs(c.Z) <= 4 && c.Z >= -2 && c.Z <= 2 {
			near = append(near, c)
		}
	}
	for i, a := range near {
		for j := i + 1; j < len(near); j++ {
			for l := j + 1; l < len(near); l++ {
				s := g.normalize([]Cell{a, near[j], near[l]})
				d := shapeOf(s)
				if copies[d] == nil {
					copies[d] = map[string]bool{}
				}
				copies[d][s.key()] = true
			}
		}
	}
	for _, s := range Polyforms(Sphere, 3, false) {
		got := len(g.Orientations(s, false))
		if want := len(copies[shapeOf(s)]); got != want {
			t.Errorf("%v: %d orientations, %d copies on the grid", s, got, want)
		}
	}
}

func seq(a, b int) []int {
	var out []int
	for i := a; i < b; i++ {
		out = append(out, i)
	}
	return out
}

// TestReadBurrLatin1: BurrTools writes its text in an 8-bit encoding
// without declaring it (its example Prisgon has a Latin-1 comment);
// such a file is read as ISO 8859-1.
func TestReadBurrLatin1(t *testing.T) {
	in := "<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n<gridType type=\"1\"/>\n<shapes>\n<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">##</voxel>\n<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">#</voxel>\n</shapes>\n<problems><problem><shapes><shape id=\"1\" count=\"2\"/></shapes><result id=\"0\"/></problem></problems>\n<comment>d\xe9j\xe0</comment>\n</puzzle>\n"
	p, err := ReadBurr(strings.NewReader(in), "l.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	pk, err := p.Packing(0)
	if err != nil {
		t.Fatal(err)
	}
	// Two triangles side by side, an up and a down one, each filled by
	// the one-triangle piece: one way, the two copies being alike.
	if c := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{}); p.Grid != Prism || c.Unique != 1 {
		t.Errorf("grid %v, %d unique; want prism, 1", p.Grid, c.Unique)
	}
}

// TestBurrPolyforms counts the smallest polyforms of BurrTools' grids,
// one-sided, by hand: 2 cells, two prisms side by side or stacked (2) on
// the prism grid, two spheres (1) on the sphere grid; 3 spheres: a line,
// a right angle, a 120° angle and a triangle (4). On the rhombic grid a
// tetrahedron has three kinds of faces (on the cube's face, two alike
// towards the face's centre, one towards the cube's edge): 3 pairs. On
// the tetrahedron-octahedron grid a cell is a regular tetrahedron or an
// eighth of an octahedron (2); a tetrahedron touches only eighths, so
// pairs are two eighths or an eighth and a tetrahedron (2), and triples
// three eighths of one octahedron, a tetrahedron with two eighths of one
// octahedron, or with eighths of two (3).
func TestBurrPolyforms(t *testing.T) {
	for _, tc := range []struct {
		g    Grid
		n    int
		want int
	}{{Prism, 1, 1}, {Prism, 2, 2}, {Sphere, 2, 1}, {Sphere, 3, 4}, {Rhombic, 1, 1}, {Rhombic, 2, 3}, {TetraOcta, 1, 2}, {TetraOcta, 2, 2}, {TetraOcta, 3, 3}} {
		if got := len(Polyforms(tc.g, tc.n, false)); got != tc.want {
			t.Errorf("%v, %d cells: %d polyforms, want %d", tc.g, tc.n, got, tc.want)
		}
	}
}

// TestLayerPolygons: on the prism and sphere grids each cell is drawn in
// its layer's picture, the layers side by side without overlapping: a
// triangle for a prism, a circle for a sphere.
func TestLayerPolygons(t *testing.T) {
	for _, tc := range []struct {
		file    string
		grid    Grid
		corners int
	}{{"prism.xmpuzzle", Prism, 3}, {"sphere.xmpuzzle", Sphere, 16}} {
		pk, err := readBurrFile(t, tc.file).Packing(0)
		if err != nil {
			t.Fatal(err)
		}
		b := pk.Board
		if b.Grid != tc.grid {
			t.Errorf("%s: grid %v, want %v", tc.file, b.Grid, tc.grid)
		}
		polys := layerPolygons(b)
		right := map[int]float64{} // the rightmost corner of each layer
		left := map[int]float64{}
		for i, c := range b.Cells {
			if len(polys[i]) != tc.corners {
				t.Fatalf("%s: cell %v drawn with %d corners", tc.file, c, len(polys[i]))
			}
			for _, q := range polys[i] {
				if l, ok := left[c.Z]; !ok || q[0] < l {
					left[c.Z] = q[0]
				}
				right[c.Z] = max(right[c.Z], q[0])
			}
		}
		for z := range right {
			if _, ok := left[z+1]; ok && left[z+1] <= right[z] {
				t.Errorf("%s: layer %d (to %.2f) overlaps layer %d (from %.2f)", tc.file, z, right[z], z+1, left[z+1])
			}
		}
		var svg strings.Builder
		pic := NewPictures(b, tc.file)
		pic.Add(slices.Repeat([]string{"A"}, len(b.Cells)))
		if err := pic.WriteSVG(&svg); err != nil || strings.Count(svg.String(), "<polygon") != len(b.Cells) {
			t.Errorf("%s: %d polygons for %d cells (%v)", tc.file, strings.Count(svg.String(), "<polygon"), len(b.Cells), err)
		}
	}
}
