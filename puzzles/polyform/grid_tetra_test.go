package polyform

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// The rhombic and tetrahedron-octahedron grids are checked against the
// geometry of their tetrahedra (tetraVertices): the cells tile space, the
// neighbours are the tetrahedra sharing a face, each symmetry is an
// isometry mapping tetrahedra onto tetrahedra, and packings counted by
// the engines equal those found by placing the pieces' tetrahedra by rigid
// motions worked out from the corners alone.

var tetraGrids = []Grid{Rhombic, TetraOcta}

// tetraBox returns the cells of g whose coordinates are in lo..hi.
func tetraBox(g Grid, lo, hi int) []Cell {
	var out []Cell
	for z := lo; z <= hi; z++ {
		for y := lo; y <= hi; y++ {
			for x := lo; x <= hi; x++ {
				if c := (Cell{x, y, z}); g.valid(c) {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// corners are a tetrahedron's corners, in tetraVertices' units, sorted:
// a map key.
type corners [4][3]int

func cornersOf(g Grid, c Cell) corners {
	v := tetraVertices(g, c)
	slices.SortFunc(v[:], func(a, b [3]int) int { return slices.Compare(a[:], b[:]) })
	return v
}

// inside reports whether point p (tetraVertices' units) is strictly
// inside the tetrahedron with corners v.
func inside(v corners, p [3]float64) bool {
	// p's barycentric coordinates, by Cramer's rule: p - v0 = sum l_i (v_i - v0).
	var m [3][3]float64
	for i := 0; i < 3; i++ {
		for r := 0; r < 3; r++ {
			m[r][i] = float64(v[i+1][r] - v[0][r])
		}
	}
	det := det3f(m)
	q := [3]float64{p[0] - float64(v[0][0]), p[1] - float64(v[0][1]), p[2] - float64(v[0][2])}
	sum := 0.0
	for i := 0; i < 3; i++ {
		mi := m
		for r := 0; r < 3; r++ {
			mi[r][i] = q[r]
		}
		l := det3f(mi) / det
		if l <= 0 {
			return false
		}
		sum += l
	}
	return sum < 1
}

func det3f(m [3][3]float64) float64 {
	return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
}

// TestTetraTiling: the cells' tetrahedra fill space without overlapping
// (random points near the origin each lie in exactly one), translations
// are exactly the moves that map every tetrahedron onto a tetrahedron,
// and two cells are neighbours exactly when their tetrahedra share a face
// (3 corners).
func TestTetraTiling(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, g := range tetraGrids {
		cells := tetraBox(g, -9, 9)
		tets := map[corners]Cell{}
		for _, c := range cells {
			if _, dup := tets[cornersOf(g, c)]; dup {
				t.Fatalf("%v: two cells with the corners of %v", g, c)
			}
			tets[cornersOf(g, c)] = c
		}
		// Points within a cube's edge of the origin, well inside the box.
		span := 1 / tetraUnit(g)
		for n := 0; n < 1000; n++ {
			p := [3]float64{(2*rng.Float64() - 1) * span, (2*rng.Float64() - 1) * span, (2*rng.Float64() - 1) * span}
			in := 0
			for _, c := range cells {
				if inside(cornersOf(g, c), p) {
					in++
				}
			}
			if in != 1 {
				t.Fatalf("%v: point %v in %d tetrahedra", g, p, in)
			}
		}
		near := tetraBox(g, -4, 4)
		for dx := -8; dx <= 8; dx++ {
			for dy := -8; dy <= 8; dy++ {
				for dz := -8; dz <= 8; dz++ {
					d := Cell{dx, dy, dz}
					// Moving every cell by d must move every tetrahedron by
					// one vector.
					maps, first := true, true
					var shift [3]int
					for _, c := range near {
						e := Cell{c.X + dx, c.Y + dy, c.Z + dz}
						if !g.valid(e) {
							maps = false
							break
						}
						from, to := cornersOf(g, c), cornersOf(g, e)
						for i := range from {
							v := [3]int{to[i][0] - from[i][0], to[i][1] - from[i][1], to[i][2] - from[i][2]}
							if first {
								shift, first = v, false
							}
							maps = maps && v == shift
						}
					}
					if maps != g.isTranslation(d) {
						t.Fatalf("%v: moving by %v maps the tiling onto itself: %v; isTranslation says %v", g, d, maps, !maps)
					}
				}
			}
		}
		var nb []Cell
		for _, c := range near {
			nb = g.neighbours(c, nb[:0])
			var want []Cell
			cc := cornersOf(g, c)
			for _, d := range cells {
				dc, shared := cornersOf(g, d), 0
				for _, v := range dc {
					if slices.Contains(cc[:], v) {
						shared++
					}
				}
				if shared == 3 {
					want = append(want, d)
				}
			}
			slices.SortFunc(nb, cellLess)
			slices.SortFunc(want, cellLess)
			if len(want) != 4 || !slices.Equal(nb, want) {
				t.Fatalf("%v: neighbours of %v: %v, the tetrahedra sharing a face: %v", g, c, nb, want)
			}
		}
	}
}

// TestTetraSymmetries: each of the 48 symmetries of the two grids, read
// off its action on three cells, is an orthogonal map (the 24 first of
// determinant +1) that maps every cell's tetrahedron onto the image
// cell's; no two are alike; they form a group. No other rotation can map
// these tilings onto themselves: it would keep their lattice of
// translations (the cubic and the face-centred cubic lattice), whose
// symmetries about a point are the cube's 48.
func TestTetraSymmetries(t *testing.T) {
	for _, g := range tetraGrids {
		if n := g.Symmetries(); n != 48 {
			t.Fatalf("%v: %d symmetries, want 48", g, n)
		}
		cells := tetraBox(g, -6, 6)
		seen := map[string]int{}
		for k := 0; k < 48; k++ {
			m := linearMap(t, g, k)
			if det := det3f(m); math.Abs(math.Abs(det)-1) > 1e-9 || (det > 0) != (k < 24) {
				t.Fatalf("%v: symmetry %d has determinant %g", g, k, det)
			}
			for a := 0; a < 3; a++ {
				for b := 0; b < 3; b++ {
					d := m[0][a]*m[0][b] + m[1][a]*m[1][b] + m[2][a]*m[2][b]
					if want := float64(b2i(a == b)); math.Abs(d-want) > 1e-9 {
						t.Fatalf("%v: symmetry %d is not orthogonal", g, k)
					}
				}
			}
			img := make(Shape, len(cells))
			for i, c := range cells {
				img[i] = g.Transform(c, k)
				if !g.valid(img[i]) {
					t.Fatalf("%v: symmetry %d maps %v to %v, no cell", g, k, c, img[i])
				}
				got, want := cornersOf(g, img[i]), applyCorners(m, cornersOf(g, c))
				if got != want {
					t.Fatalf("%v: symmetry %d maps %v to %v with corners %v, want %v", g, k, c, img[i], got, want)
				}
			}
			if j, dup := seen[img.key()]; dup {
				t.Fatalf("%v: symmetries %d and %d are the same", g, j, k)
			}
			seen[img.key()] = k
		}
		assertGroup(t, g, 48, cells)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// centroid is a cell's centroid in tetraVertices' units.
func centroid(g Grid, c Cell) [3]float64 {
	var p [3]float64
	for _, v := range tetraVertices(g, c) {
		for r := range 3 {
			p[r] += float64(v[r]) / 4
		}
	}
	return p
}

// linearMap returns the linear map that symmetry k of g makes of three
// cells' centroids (the symmetries fix the origin, a corner of the
// tiling): M = Q P^-1, P and Q the centroids before and after.
func linearMap(t *testing.T, g Grid, k int) [3][3]float64 {
	t.Helper()
	var from []Cell
	if g == Rhombic {
		from = []Cell{{2, 1, 0}, {0, 2, 1}, {1, 0, -2}}
	} else {
		from = []Cell{{2, 2, 2}, {-2, 2, 2}, {-1, -1, 1}}
	}
	var p, q [3][3]float64
	for i, c := range from {
		a, b := centroid(g, c), centroid(g, g.Transform(c, k))
		for r := range 3 {
			p[r][i], q[r][i] = a[r], b[r]
		}
	}
	return mul3(q, inverse3(p))
}

func inverse3(m [3][3]float64) [3][3]float64 {
	d := det3f(m)
	var out [3][3]float64
	for r := range 3 {
		for c := range 3 {
			// The cofactor of (c, r), over the determinant.
			a, b := [2]int{(c + 1) % 3, (c + 2) % 3}, [2]int{(r + 1) % 3, (r + 2) % 3}
			out[r][c] = (m[a[0]][b[0]]*m[a[1]][b[1]] - m[a[0]][b[1]]*m[a[1]][b[0]]) / d
		}
	}
	return out
}

func mul3(a, b [3][3]float64) [3][3]float64 {
	var out [3][3]float64
	for r := range 3 {
		for c := range 3 {
			for i := range 3 {
				out[r][c] += a[r][i] * b[i][c]
			}
		}
	}
	return out
}

// applyCorners maps corners by m (rounded: the images are integers), sorted.
func applyCorners(m [3][3]float64, v corners) corners {
	var out corners
	for i, p := range v {
		for r := range 3 {
			out[i][r] = int(math.Round(m[r][0]*float64(p[0]) + m[r][1]*float64(p[1]) + m[r][2]*float64(p[2])))
		}
	}
	slices.SortFunc(out[:], func(a, b [3]int) int { return slices.Compare(a[:], b[:]) })
	return out
}

// motions are rigid motions found from the corners alone: the maps of
// one tetrahedron's corners onto another's (each of the 24 orders) that
// keep distances, as x -> M (x - from) + to.
type motion struct {
	m        [3][3]float64
	from, to [3]float64
}

func (mo motion) apply(v corners) (corners, bool) {
	var out corners
	for i, p := range v {
		for r := range 3 {
			x := mo.to[r]
			for c := range 3 {
				x += mo.m[r][c] * (float64(p[c]) - mo.from[c])
			}
			out[i][r] = int(math.Round(x))
			if math.Abs(x-float64(out[i][r])) > 1e-6 {
				return out, false
			}
		}
	}
	slices.SortFunc(out[:], func(a, b [3]int) int { return slices.Compare(a[:], b[:]) })
	return out, true
}

// motionsOnto returns the isometries mapping tetrahedron a onto b,
// proper ones only unless mirrors.
func motionsOnto(a, b corners, mirrors bool) []motion {
	var out []motion
	for _, perm := range permutations4 {
		var p, q [3][3]float64
		for i := 0; i < 3; i++ {
			for r := range 3 {
				p[r][i] = float64(a[i+1][r] - a[0][r])
				q[r][i] = float64(b[perm[i+1]][r] - b[perm[0]][r])
			}
		}
		m := mul3(q, inverse3(p))
		ok := true
		for x := 0; x < 3; x++ {
			for y := 0; y < 3; y++ {
				d := m[0][x]*m[0][y] + m[1][x]*m[1][y] + m[2][x]*m[2][y]
				ok = ok && math.Abs(d-float64(b2i(x == y))) < 1e-9
			}
		}
		if !ok || !mirrors && det3f(m) < 0 {
			continue
		}
		var from, to [3]float64
		for r := range 3 {
			from[r], to[r] = float64(a[0][r]), float64(b[perm[0]][r])
		}
		out = append(out, motion{m, from, to})
	}
	return out
}

var permutations4 = func() [][4]int {
	var out [][4]int
	for a := range 4 {
		for b := range 4 {
			for c := range 4 {
				if d := 6 - a - b - c; a != b && a != c && b != c && d >= 0 && d < 4 && d != a && d != b && d != c {
					out = append(out, [4]int{a, b, c, d})
				}
			}
		}
	}
	return out
}()

// bruteCounts counts the packings of the pieces (their cells) into the
// board (its cells), each piece used once and turned by rigid motions
// only, as lists of tetrahedra: all the packings, and those distinct up to
// the board's symmetries (rotations and mirrors) that map the piece set
// onto itself. It also returns the number of placements.
func bruteCounts(g Grid, board []Cell, pieces [][]Cell) (all, unique int64, placements int) {
	index := map[corners]int{}
	var tets []corners
	for i, c := range board {
		index[cornersOf(g, c)] = i
		tets = append(tets, cornersOf(g, c))
	}
	place := func(mo motion, cs []corners) ([]int, bool) {
		var out []int
		for _, c := range cs {
			img, ok := mo.apply(c)
			j, in := index[img]
			if !ok || !in {
				return nil, false
			}
			out = append(out, j)
		}
		slices.Sort(out)
		return out, true
	}
	// Every placement of every piece, and the placements of each as keys.
	var pl [][]int
	var plPiece []int
	keys := make([]map[string]bool, len(pieces))
	for p, cells := range pieces {
		keys[p] = map[string]bool{}
		var cs []corners
		for _, c := range cells {
			cs = append(cs, cornersOf(g, c))
		}
		for _, b := range tets {
			for _, mo := range motionsOnto(cs[0], b, false) {
				if at, ok := place(mo, cs); ok && !keys[p][fmt.Sprint(at)] {
					keys[p][fmt.Sprint(at)] = true
					pl, plPiece = append(pl, at), append(plPiece, p)
				}
			}
		}
	}
	// The board's symmetries, as permutations of its cells, kept when
	// they map the placements of each piece onto those of a piece.
	var syms [][]int
	seenSym := map[string]bool{}
	for _, b := range tets {
		for _, mo := range motionsOnto(tets[0], b, true) {
			perm, ok := place(mo, tets)
			if !ok {
				continue
			}
			// place sorted the images: redo it in order.
			perm = perm[:0]
			for _, c := range tets {
				img, _ := mo.apply(c)
				perm = append(perm, index[img])
			}
			if seenSym[fmt.Sprint(perm)] {
				continue
			}
			seenSym[fmt.Sprint(perm)] = true
			keeps := true
			for p := range pieces {
				found := false
				for q := range pieces {
					same := len(keys[q]) == len(keys[p])
					for k, at := range pl {
						if plPiece[k] != p {
							continue
						}
						img := make([]int, len(at))
						for i, c := range at {
							img[i] = perm[c]
						}
						slices.Sort(img)
						same = same && keys[q][fmt.Sprint(img)]
					}
					found = found || same
				}
				keeps = keeps && found
			}
			if keeps {
				syms = append(syms, perm)
			}
		}
	}
	// All exact covers, each piece once: the solution as the piece of
	// every cell.
	owner := slices.Repeat([]int{-1}, len(board))
	used := make([]bool, len(pieces))
	solutions := map[string]bool{}
	var canon []string
	var rec func()
	rec = func() {
		free := slices.Index(owner, -1)
		if free < 0 {
			all++
			key := fmt.Sprint(owner)
			solutions[key] = true
			canon = append(canon, key)
			return
		}
		for k, at := range pl {
			if used[plPiece[k]] || !slices.Contains(at, free) || slices.ContainsFunc(at, func(c int) bool { return owner[c] >= 0 }) {
				continue
			}
			used[plPiece[k]] = true
			for _, c := range at {
				owner[c] = plPiece[k]
			}
			rec()
			for _, c := range at {
				owner[c] = -1
			}
			used[plPiece[k]] = false
		}
	}
	rec()
	// Orbits: a solution's image under a symmetry is the partition moved
	// (pieces named by their shape, each shape here being one piece's),
	// so compare partitions with each part's piece found from its cells.
	partKey := func(owner []int, perm []int) string {
		parts := make([][]int, len(pieces))
		for i, p := range owner {
			parts[p] = append(parts[p], perm[i])
		}
		var out []string
		for _, cells := range parts {
			slices.Sort(cells)
			q := -1
			for j := range pieces {
				if keys[j][fmt.Sprint(cells)] {
					q = j
				}
			}
			out = append(out, fmt.Sprint(q, cells))
		}
		slices.Sort(out)
		return strings.Join(out, ";")
	}
	orbit := map[string]bool{}
	for _, key := range canon {
		var owner []int
		for _, f := range strings.Fields(strings.Trim(key, "[]")) {
			var v int
			fmt.Sscan(f, &v)
			owner = append(owner, v)
		}
		if orbit[partKey(owner, syms[0])] {
			continue
		}
		unique++
		for _, perm := range syms {
			orbit[partKey(owner, perm)] = true
		}
	}
	return all, unique, len(pl)
}

// randomPieces cuts the board into n connected pieces grown from random
// cells, or returns nil when two pieces come out alike (the brute force
// names a placed piece by its shape) or the growth gets stuck.
func randomPieces(g Grid, board []Cell, n int, rng *rand.Rand) [][]Cell {
	in := map[Cell]int{}
	for _, c := range board {
		in[c] = -1
	}
	pieces := make([][]Cell, n)
	for p := range pieces {
		for {
			c := board[rng.IntN(len(board))]
			if in[c] < 0 {
				in[c] = p
				pieces[p] = []Cell{c}
				break
			}
		}
	}
	left := len(board) - n
	var nb []Cell
	for tries := 0; left > 0; tries++ {
		if tries > 100*len(board) { // a piece walled in, or neighbours off the board
			return nil
		}
		p := rng.IntN(n)
		c := pieces[p][rng.IntN(len(pieces[p]))]
		nb = g.neighbours(c, nb[:0])
		d := nb[rng.IntN(len(nb))]
		if o, ok := in[d]; ok && o < 0 {
			in[d] = p
			pieces[p] = append(pieces[p], d)
			left--
		}
	}
	for p := range pieces {
		for q := p + 1; q < n; q++ {
			if g.canonical(g.normalize(pieces[p]), false).key() == g.canonical(g.normalize(pieces[q]), false).key() {
				return nil
			}
		}
	}
	return pieces
}

// TestTetraPackings counts packings of small hand-made boards on the two
// grids (a cube and a rhombic dodecahedron of the rhombic grid; a block
// of 2 x 2 x 2 cubes and a tetrahedron of edge 2 of the other), cut into
// random pieces, with the engines and by brute force from the corners
// of the tetrahedra (bruteCounts): the placements, the packings and the
// unique ones agree.
func TestTetraPackings(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 3))
	boards := []struct {
		name   string
		g      Grid
		cells  []Cell
		pieces int
	}{
		{"cube", Rhombic, tetraBox(Rhombic, -2, 2), 4},
		{"rhombic dodecahedron", Rhombic, rhombicDodecahedron(), 6},
		{"2x2x2 cubes", TetraOcta, tetraBox(TetraOcta, 0, 7), 5},
		{"tetrahedron of edge 2", TetraOcta, bigTetrahedron(), 3},
	}
	for _, b := range boards {
		board, err := NewBoard(b.g, b.cells)
		if err != nil {
			t.Fatal(err)
		}
		for trial, done := 0, 0; done < 3 && trial < 100; trial++ {
			cut := randomPieces(b.g, b.cells, b.pieces, rng)
			if cut == nil {
				continue
			}
			done++
			var pieces []Piece
			for i, cs := range cut {
				pieces = append(pieces, Piece{Name: string(labels[i]), Shape: b.g.normalize(cs), OneSided: true})
			}
			pk, err := NewPacking(board, pieces)
			if err != nil {
				t.Fatal(err)
			}
			c := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{})
			all, unique, placements := bruteCounts(b.g, b.cells, cut)
			t.Logf("%s: %d pieces, %d placements, %d packings, %d unique", b.name, len(cut), placements, all, unique)
			if c.All != all || c.Unique != unique || len(pk.Placements) != placements {
				t.Errorf("%s cut %v: %d packings, %d unique, %d placements; brute force %d, %d, %d", b.name, cut, c.All, c.Unique, len(pk.Placements), all, unique, placements)
			}
			if all < 1 {
				t.Errorf("%s cut %v: the cut itself is no packing", b.name, cut)
			}
		}
	}
}

// rhombicDodecahedron returns the 48 cells of the rhombic dodecahedron
// about the cube centred at the origin: its 24 and the 4 on each face of
// the cubes beyond.
func rhombicDodecahedron() []Cell {
	var out []Cell
	for _, c := range tetraBox(Rhombic, -3, 3) {
		if i, s, _, _ := rhombicAxes(c); abs(axes(c)[i]) <= 2 || axes(c)[i] == 3*s && abs(c.X)+abs(c.Y)+abs(c.Z) == 4 {
			out = append(out, c)
		}
	}
	return out
}

// bigTetrahedron returns the cells inside the regular tetrahedron with
// corners (0, 0, 0), (2, 2, 0), (2, 0, 2), (0, 2, 2): the tetrahedra of
// its 4 corner cubes and the octahedron at (1, 1, 1), 12 cells.
func bigTetrahedron() []Cell {
	var out []Cell
	for _, c := range tetraBox(TetraOcta, 0, 7) {
		in := true
		for _, v := range tetraVertices(TetraOcta, c) {
			x, y, z := v[0], v[1], v[2]
			// The four faces: x+y+z >= 0 ... written as the half-spaces
			// holding the fourth corner.
			in = in && x+y-z >= 0 && x-y+z >= 0 && -x+y+z >= 0 && x+y+z <= 4
		}
		if in {
			out = append(out, c)
		}
	}
	return out
}

// TestTetraOrientations: a shape of 1 to 4 cells has as many orientations
// as 24 over the number of the 24 rotations (linearMap) that map its
// tetrahedra onto themselves moved by a translation of the grid.
func TestTetraOrientations(t *testing.T) {
	for _, g := range tetraGrids {
		var rots [][3][3]float64
		for k := 0; k < 24; k++ {
			rots = append(rots, linearMap(t, g, k))
		}
		for n := 1; n <= 4; n++ {
			for _, s := range Polyforms(g, n, false) {
				var cs []corners
				for _, c := range s {
					cs = append(cs, cornersOf(g, c))
				}
				stab := 0
				for _, m := range rots {
					var img []corners
					for _, c := range cs {
						img = append(img, applyCorners(m, c))
					}
					a, b := lowCorner(img), lowCorner(cs)
					d := [3]int{b[0] - a[0], b[1] - a[1], b[2] - a[2]}
					if movedKey(img, a) == movedKey(cs, b) && latticeMove(g, d) {
						stab++
					}
				}
				if got := len(g.Orientations(s, false)); got*stab != 24 {
					t.Errorf("%v: %v has %d orientations; %d rotations keep it", g, s, got, stab)
				}
			}
		}
	}
}

// lowCorner is the smallest corner of the tetrahedra v.
func lowCorner(v []corners) [3]int {
	l := v[0][0]
	for _, c := range v {
		for _, p := range c {
			if slices.Compare(p[:], l[:]) < 0 {
				l = p
			}
		}
	}
	return l
}

// movedKey is a key of the tetrahedra v moved by -low, in any order.
func movedKey(v []corners, low [3]int) string {
	var out []string
	for _, c := range v {
		for i := range c {
			for r := range 3 {
				c[i][r] -= low[r]
			}
		}
		out = append(out, fmt.Sprint(c))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// latticeMove reports whether a move by d (tetraVertices' units) is a
// translation of the grid: whole cubes on the rhombic grid, a vector of
// even sum on the other.
func latticeMove(g Grid, d [3]int) bool {
	if g == Rhombic {
		return mod(d[0], 2) == 0 && mod(d[1], 2) == 0 && mod(d[2], 2) == 0
	}
	return mod(d[0]+d[1]+d[2], 2) == 0
}

// TestTetraBurrFiles reads small hand-made BurrTools files of the two
// grids and counts them: a cube of the rhombic grid filled by its 6
// square pyramids (one way) or by two halves cut along a diagonal plane
// (6 ways, one of the cube's 6 diagonal planes each, alike up to
// rotation); the tetrahedron of edge 2 of the other grid filled by its 4
// corner tetrahedra and its octahedron (one way), or the octahedron
// halved (3 ways, by the 3 planes through 4 of its corners, alike up to
// rotation). burrTxt gives 1 assembly on each (2026-11-27).
func TestTetraBurrFiles(t *testing.T) {
	for _, tc := range []struct {
		file        string
		grid        Grid
		problem     int
		all, unique int64
	}{
		{"rhombic.xmpuzzle", Rhombic, 0, 1, 1},
		{"rhombic.xmpuzzle", Rhombic, 1, 6, 1},
		{"tetra-octa.xmpuzzle", TetraOcta, 0, 1, 1},
		{"tetra-octa.xmpuzzle", TetraOcta, 1, 3, 1},
	} {
		p := readBurrFile(t, tc.file)
		pk, err := p.Packing(tc.problem)
		if err != nil {
			t.Fatal(err)
		}
		c := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{})
		if p.Grid != tc.grid || c.All != tc.all || c.Unique != tc.unique {
			t.Errorf("%s problem %d: grid %v, %d packings, %d unique; want %v, %d, %d", tc.file, tc.problem+1, p.Grid, c.All, c.Unique, tc.grid, tc.all, tc.unique)
		}
	}
}

// TestTetraPictures: a board of whole cubes is drawn layer by layer (one
// picture per Z of the cells), each cell as its tetrahedron seen from
// above; in each layer the outlines fill the cubes' squares without
// overlapping (their areas add up to the number of cubes, and no corner
// lies outside the squares).
func TestTetraPictures(t *testing.T) {
	for _, tc := range []struct {
		g     Grid
		cells []Cell
		cubes int     // per layer
		lo    float64 // the cubes' smallest X and Y, in cube edges
	}{{Rhombic, tetraBox(Rhombic, -2, 7), 4, -0.5}, {TetraOcta, tetraBox(TetraOcta, 0, 7), 4, 0}} {
		b, err := NewBoard(tc.g, tc.cells)
		if err != nil {
			t.Fatal(err)
		}
		polys := layerPolygons(b)
		area := map[int]float64{}
		var zs []int
		for i, c := range b.Cells {
			p := polys[i]
			if len(p) < 3 || len(p) > 4 {
				t.Fatalf("%v: cell %v drawn with %d corners", tc.g, c, len(p))
			}
			if !slices.Contains(zs, c.Z) {
				zs = append(zs, c.Z)
			}
			area[c.Z] += polygonArea(p)
			for _, q := range tetraOutline(tc.g, c) {
				if q[0] < tc.lo-1e-9 || q[0] > tc.lo+2+1e-9 || q[1] < tc.lo-1e-9 || q[1] > tc.lo+2+1e-9 {
					t.Fatalf("%v: cell %v has a corner at %v, outside its layer's cubes", tc.g, c, q)
				}
			}
		}
		if want := map[Grid]int{Rhombic: 10, TetraOcta: 6}[tc.g]; len(zs) != want {
			t.Errorf("%v: %d layers, want %d", tc.g, len(zs), want)
		}
		for z, a := range area {
			if math.Abs(a-float64(tc.cubes)) > 1e-9 {
				t.Errorf("%v: layer %d: outlines of area %.3f, want %d", tc.g, z, a, tc.cubes)
			}
		}
		var svg strings.Builder
		pic := NewPictures(b, "t")
		pic.Add(slices.Repeat([]string{"A"}, len(b.Cells)))
		if err := pic.WriteSVG(&svg); err != nil || strings.Count(svg.String(), "<polygon") != len(b.Cells) {
			t.Errorf("%v: %d polygons for %d cells (%v)", tc.g, strings.Count(svg.String(), "<polygon"), len(b.Cells), err)
		}
	}
}

// polygonArea is the area of a convex polygon (the shoelace formula).
func polygonArea(p [][2]float64) float64 {
	var a float64
	for i, q := range p {
		r := p[(i+1)%len(p)]
		a += q[0]*r[1] - r[0]*q[1]
	}
	return math.Abs(a) / 2
}
