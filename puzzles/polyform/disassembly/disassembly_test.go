package disassembly

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/puzzles/polyform"
)

type C = polyform.Cell

// cells turns coordinate triples into pieces.
func cells(pieces [][][3]int) [][]C {
	out := make([][]C, len(pieces))
	for i, p := range pieces {
		out[i] = []C{}
		for _, v := range p {
			out[i] = append(out[i], C{X: v[0], Y: v[1], Z: v[2]})
		}
	}
	return out
}

func TestLevels(t *testing.T) {
	tests := []struct {
		name   string
		pieces [][][3]int
		level  string // "" if it does not come apart
	}{
		{"two cubes", [][][3]int{{{0, 0, 0}}, {{1, 0, 0}}}, "1"},
		// A hook around a post: the post must first slide along the hook's
		// slot, which is closed at one end, before it leaves upwards.
		{"hook", [][][3]int{
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {2, 1, 0}, {0, 2, 0}, {1, 2, 0}, {2, 2, 0}}, // a ring in the z=0 plane
			{{1, 1, 0}, {1, 1, 1}, {1, 1, -1}}, // a post through it, along z
		}, "1"},
		// A ring with a post that has a knob on each side: locked.
		{"locked", [][][3]int{
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {2, 1, 0}, {0, 2, 0}, {1, 2, 0}, {2, 2, 0}},
			{{1, 1, 0}, {1, 1, 1}, {1, 1, -1}, {2, 1, 1}, {0, 1, -1}},
		}, ""},
		// An L in a U-shaped slot: slide it one unit sideways, then out.
		{"slot", [][][3]int{
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {2, 1, 0}}, // a U: base y=0, arms up at x=0 and x=2, open at y=2
			{{1, 1, 0}, {1, 1, 1}, {2, 1, 1}},                       // in the U's gap, with an arm over the right post
		}, "1"},
	}
	for _, tc := range tests {
		pieces := cells(tc.pieces)
		d, err := New(polyform.Cubic, pieces)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		sep, err := d.Disassemble(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if sep != nil {
			got = sep.LevelText()
			if err := Replay(polyform.Cubic, pieces, nil, sep); err != nil {
				t.Errorf("%s: replay: %v", tc.name, err)
			}
		}
		if got != tc.level {
			t.Errorf("%s: level %q, want %q", tc.name, got, tc.level)
		}
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := New(polyform.Cubic, cells([][][3]int{{{0, 0, 0}}, {{0, 0, 0}}})); err == nil {
		t.Error("overlap accepted")
	}
	if _, err := New(polyform.Cubic, cells([][][3]int{{}, {{0, 0, 0}}})); err == nil {
		t.Error("empty piece accepted")
	}
	if _, err := New(polyform.Cubic, cells([][][3]int{{{0, 0, 1 << 20}}, {{0, 0, 0}}})); err == nil {
		t.Error("far voxel accepted")
	}
}

// randomAssembly cuts a w x h x l box into n connected pieces grown from
// random cells: non-convex pieces that often interlock.
func randomAssembly(r *rand.Rand, w, h, l, n int) [][]C {
	owner := map[C]int{}
	var pieces [][]C
	var cells []C
	for x := range w {
		for y := range h {
			for z := range l {
				cells = append(cells, C{X: x, Y: y, Z: z})
			}
		}
	}
	r.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	for i := range n {
		owner[cells[i]] = i
		pieces = append(pieces, []C{cells[i]})
	}
	for len(owner) < len(cells) {
		p := r.IntN(n)
		c := pieces[p][r.IntN(len(pieces[p]))]
		e := Dir(r.IntN(6)).step(c, 1)
		if _, taken := owner[e]; taken || e.X < 0 || e.Y < 0 || e.Z < 0 || e.X >= w || e.Y >= h || e.Z >= l {
			continue
		}
		owner[e] = p
		pieces[p] = append(pieces[p], e)
	}
	return pieces
}

// caged shifts the pieces into a 5 x 5 x 5 box whose top is open over
// x >= 2: its walls, floor and half lid become a piece of their own, the
// first, under which the others must slide before they leave.
func caged(pieces [][]C) [][]C {
	var cage []C
	for x := range 5 {
		for y := range 5 {
			for z := range 5 {
				if x == 0 || y == 0 || z == 0 || x == 4 || y == 4 || z == 4 && x < 2 {
					cage = append(cage, C{X: x, Y: y, Z: z})
				}
			}
		}
	}
	out := [][]C{cage}
	for _, p := range pieces {
		q := make([]C, len(p))
		for i, c := range p {
			q[i] = C{X: c.X + 1, Y: c.Y + 1, Z: c.Z + 1}
		}
		out = append(out, q)
	}
	return out
}

// bruteLevel is the depth of the first separation by an independent
// breadth-first search: every nonempty proper subset of the pieces, slid
// unit by unit in each direction of grid g as far as it goes (on the
// prism grid, not across a cell either), a removal when it clears the
// others; -1 if no position lets a group out.
func bruteLevel(g polyform.Grid, pieces [][]C, maxDepth int) int {
	first, last, err := dirs(g)
	if err != nil {
		panic(err)
	}
	n := len(pieces)
	type state []C
	key := func(s state) string {
		b := []byte{}
		for _, o := range s {
			b = append(b, byte(o.X-s[0].X+128), byte(o.Y-s[0].Y+128), byte(o.Z-s[0].Z+128))
		}
		return string(b)
	}
	start := make(state, n)
	seen := map[string]bool{key(start): true}
	front := []state{start}
	for depth := 1; depth <= maxDepth && len(front) > 0; depth++ {
		var next []state
		for _, s := range front {
			for set := 1; set < 1<<n-1; set++ {
				for dir := first; dir < last; dir++ {
					occ := map[C]bool{}
					for i, p := range pieces {
						if set&(1<<i) == 0 {
							for _, c := range p {
								occ[add(c, s[i])] = true
							}
						}
					}
					for amount := 1; ; amount++ {
						hit := false
						for i, p := range pieces {
							if set&(1<<i) == 0 {
								continue
							}
							for _, c := range p {
								at := dir.step(add(c, s[i]), amount-1)
								x, ok := crossed(g, at, dir)
								if occ[dir.step(at, 1)] || ok && occ[x] {
									hit = true
								}
							}
						}
						if hit {
							break
						}
						if amount > 20 { // beyond every other piece: a removal
							return depth
						}
						t := slices.Clone(s)
						for i := range n {
							if set&(1<<i) != 0 {
								t[i] = dir.step(t[i], amount)
							}
						}
						if k := key(t); !seen[k] {
							seen[k] = true
							next = append(next, t)
						}
					}
				}
			}
		}
		front = next
	}
	return -1
}

// TestRandomAssemblies takes apart random assemblies: every separation
// found replays, its first level is the shortest of an independent
// search, and its moves in another order are refused.
func TestRandomAssemblies(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	checkRandom(t, r, polyform.Cubic, 300, func() [][]C {
		return caged(randomAssembly(r, 3, 3, 3, 5+r.IntN(2))[2:]) // two pieces less: room to move
	})
}

// TestRandomPrismAssemblies is TestRandomAssemblies on the triangular
// prism grid: a box of 3 x 2 lattice rhombi (12 triangles) by 2 layers cut
// into pieces, some left out, in a cage open over half its top.
func TestRandomPrismAssemblies(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	checkRandom(t, r, polyform.Prism, 300, func() [][]C {
		return prismCaged(randomPrismAssembly(r, 3, 2, 2, 5+r.IntN(2))[2:], 3, 2, 2)
	})
}

// checkRandom checks the disassemblies of runs assemblies of grid g made
// by gen, as TestRandomAssemblies says.
func checkRandom(t *testing.T, r *rand.Rand, g polyform.Grid, runs int, gen func() [][]C) {
	t.Helper()
	found := map[int]int{}
	for range runs {
		pieces := gen()
		d, err := New(g, pieces)
		if err != nil {
			t.Fatal(err)
		}
		sep, err := d.Disassemble(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		brute := bruteLevel(g, pieces, 12)
		if sep == nil {
			// BurrTools' rule: none, or the first separation leaves a part
			// that does not come apart; only found levels are compared.
			found[0]++
			continue
		}
		found[sep.Level()]++
		if sep.Level() != brute {
			t.Errorf("%v: level %d, independent search %d", pieces, sep.Level(), brute)
		}
		if err := Replay(g, pieces, nil, sep); err != nil {
			t.Fatalf("%v: replay: %v", pieces, err)
		}
		if len(sep.Moves) < 2 {
			continue
		}
		// The removal first: it would have been found at level 1.
		bad := *sep
		bad.Moves = append([]Move{sep.Moves[len(sep.Moves)-1]}, sep.Moves[:len(sep.Moves)-1]...)
		if Replay(g, pieces, nil, &bad) == nil {
			t.Errorf("%v: the moves with the removal first replay", pieces)
		}
		// Any order whose last move is not the removal, as a removal.
		for range 5 {
			moves := slices.Clone(sep.Moves)
			r.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
			if moves[len(moves)-1].Away {
				continue
			}
			for i := range moves {
				moves[i].Away = i == len(moves)-1
			}
			bad.Moves = moves
			if Replay(g, pieces, nil, &bad) == nil {
				t.Errorf("%v: shuffled moves %v replay", pieces, moves)
			}
		}
	}
	t.Logf("%v: solutions per first level (0: none): %v", g, found)
	if found[2]+found[3]+found[4] == 0 {
		t.Error("no assembly needed more than one move: the test does not test much")
	}
}

// prismCell is the prism of the triangle pointing up (o = 0) or down
// (1) in lattice rhombus i, j of layer z.
func prismCell(i, j, z, o int) C { return C{X: 3*i + 1 + o, Y: 3*j + 1 + o, Z: z} }

// prismNeighbours are the prisms sharing a face with c.
func prismNeighbours(c C) []C {
	out := []C{{X: c.X, Y: c.Y, Z: c.Z + 1}, {X: c.X, Y: c.Y, Z: c.Z - 1}}
	if down(c) == 0 {
		return append(out, C{X: c.X + 1, Y: c.Y + 1, Z: c.Z}, C{X: c.X - 2, Y: c.Y + 1, Z: c.Z}, C{X: c.X + 1, Y: c.Y - 2, Z: c.Z})
	}
	return append(out, C{X: c.X - 1, Y: c.Y - 1, Z: c.Z}, C{X: c.X + 2, Y: c.Y - 1, Z: c.Z}, C{X: c.X - 1, Y: c.Y + 2, Z: c.Z})
}

// inPrismBox reports whether c lies in the box of a x b rhombi by l
// layers.
func inPrismBox(c C, a, b, l int) bool {
	i, j := floorDiv(c.X, 3), floorDiv(c.Y, 3)
	return i >= 0 && j >= 0 && c.Z >= 0 && i < a && j < b && c.Z < l
}

// randomPrismAssembly cuts the box of a x b rhombi by l layers into n
// connected pieces grown from random prisms.
func randomPrismAssembly(r *rand.Rand, a, b, l, n int) [][]C {
	var cells []C
	for i := range a {
		for j := range b {
			for z := range l {
				cells = append(cells, prismCell(i, j, z, 0), prismCell(i, j, z, 1))
			}
		}
	}
	r.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	owner := map[C]int{}
	var pieces [][]C
	for i := range n {
		owner[cells[i]] = i
		pieces = append(pieces, []C{cells[i]})
	}
	for len(owner) < len(cells) {
		p := r.IntN(n)
		nb := prismNeighbours(pieces[p][r.IntN(len(pieces[p]))])
		e := nb[r.IntN(len(nb))]
		if _, taken := owner[e]; taken || !inPrismBox(e, a, b, l) {
			continue
		}
		owner[e] = p
		pieces[p] = append(pieces[p], e)
	}
	return pieces
}

// prismCaged puts the pieces of the box of a x b rhombi by l layers into
// a cage one prism thick around it, the first piece, whose lid is open
// over the rhombi with i >= a/2.
func prismCaged(pieces [][]C, a, b, l int) [][]C {
	var cage []C
	for i := -1; i <= a; i++ {
		for j := -1; j <= b; j++ {
			for z := -1; z <= l; z++ {
				for o := range 2 {
					c := prismCell(i, j, z, o)
					if inPrismBox(c, a, b, l) || z == l && i >= a/2 && i < a && j >= 0 && j < b {
						continue
					}
					cage = append(cage, c)
				}
			}
		}
	}
	return append([][]C{cage}, pieces...)
}

// TestWritePrismCages writes random caged assemblies of the prism grid
// (TestRandomPrismAssemblies' generator) as BurrTools files into the
// directory PRISM_CAGES_DIR, to be solved by burrTxt: testdata/burr's
// prism-caged files were made so. Skipped without it.
func TestWritePrismCages(t *testing.T) {
	dir := os.Getenv("PRISM_CAGES_DIR")
	if dir == "" {
		t.Skip("PRISM_CAGES_DIR not set")
	}
	r := rand.New(rand.NewPCG(5, 6))
	for k := range 40 {
		pieces := prismCaged(randomPrismAssembly(r, 3, 2, 2, 5+r.IntN(2))[2:], 3, 2, 2)
		var b strings.Builder
		b.WriteString("<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n <gridType type=\"1\"/>\n <colors/>\n <shapes>\n")
		var all []C
		for _, p := range pieces {
			b.WriteString(burrVoxels(p))
			all = append(all, p...)
		}
		b.WriteString(burrVoxels(all))
		b.WriteString(" </shapes>\n <problems>\n  <problem name=\"caged\">\n   <shapes>\n")
		for i := range pieces {
			fmt.Fprintf(&b, "    <shape id=\"%d\" count=\"1\"/>\n", i)
		}
		fmt.Fprintf(&b, "   </shapes>\n   <result id=\"%d\"/>\n  </problem>\n </problems>\n</puzzle>\n", len(pieces))
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("prism-caged%d.xmpuzzle", k)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// burrVoxels writes prisms as a BurrTools voxel element: the triangle of
// rhombus i, j (o = 1: pointing down) is BurrTools' x = 2i + j + o, y =
// j, moved so that the smallest coordinates are 0 or 1 by a translation
// of the grid (x + y keeps its parity: a triangle points up when it is
// even).
func burrVoxels(p []C) string {
	type v struct{ x, y, z int }
	var vs []v
	minX, minY, minZ := 1<<30, 1<<30, 1<<30
	for _, c := range p {
		o := down(c)
		i, j := floorDiv(c.X, 3), floorDiv(c.Y, 3)
		w := v{2*i + j + o, j, c.Z}
		vs = append(vs, w)
		minX, minY, minZ = min(minX, w.x), min(minY, w.y), min(minZ, w.z)
	}
	if mod(minX+minY, 2) != 0 {
		minX--
	}
	set := map[v]bool{}
	var maxX, maxY, maxZ int
	for _, w := range vs {
		w = v{w.x - minX, w.y - minY, w.z - minZ}
		set[w] = true
		maxX, maxY, maxZ = max(maxX, w.x), max(maxY, w.y), max(maxZ, w.z)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  <voxel x=\"%d\" y=\"%d\" z=\"%d\" type=\"0\">", maxX+1, maxY+1, maxZ+1)
	for z := 0; z <= maxZ; z++ {
		for y := 0; y <= maxY; y++ {
			for x := 0; x <= maxX; x++ {
				if set[v{x, y, z}] {
					b.WriteByte('#')
				} else {
					b.WriteByte('_')
				}
			}
		}
	}
	b.WriteString("</voxel>\n")
	return b.String()
}
