package rubik

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/search"
)

// TestMirrorMapsTurns checks that the mirror image of each turn is the
// mirrored turn: R for L', U for U', F for F'.
func TestMirrorMapsTurns(t *testing.T) {
	turns := faceTurns()
	mirrorFace := map[byte]byte{'U': 'U', 'D': 'D', 'F': 'F', 'B': 'B', 'R': 'L', 'L': 'R'}
	for m, c := range turns {
		f := strings.IndexByte(Faces, mirrorFace[Faces[m/3]])
		want := turns[3*f+2-m%3]
		if got := mirror(c); got != want {
			t.Errorf("mirror(%s) = %v, want %s", MoveName(m), got, MoveName(3*f+2-m%3))
		}
	}
}

// randomH returns a random element of the subgroup H of eo's abstraction:
// up corners among up slots and down among down, untwisted; middle edges
// among middle slots, other edges among the others, with the flips eo
// does not keep at random.
func randomH(r *rand.Rand, eo CosetEO) Cube {
	c := Solved()
	up, down := r.Perm(4), r.Perm(4)
	for i := 0; i < 4; i++ {
		c.CP[i], c.CP[4+i] = uint8(up[i]), uint8(4+down[i])
	}
	mid, other := r.Perm(4), r.Perm(8)
	for i := 0; i < 8; i++ {
		c.EP[i] = uint8(other[i])
		if eo == CosetEO1 {
			c.EO[i] = uint8(r.IntN(2))
		}
	}
	for i := 0; i < 4; i++ {
		c.EP[8+i] = uint8(8 + mid[i])
		if eo == CosetEO2 {
			c.EO[8+i] = uint8(r.IntN(2))
		}
	}
	return c
}

// TestCosetAbstraction checks that the abstraction is one of cosets of H,
// that the 16 symmetries and the turns act on it (the image of h*c has
// the abstraction of c's image for every h in H), and that U and D turns
// are in H.
func TestCosetAbstraction(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	turns := faceTurns()
	for _, eo := range []CosetEO{CosetEO1, CosetEO2} {
		sol := Solved()
		for _, m := range []int{0, 1, 2, 9, 10, 11} {
			d := sol.Mul(turns[m])
			if cornerCoord(&d) != cornerCoord(&sol) || edgeCoord(&d, eo) != edgeCoord(&sol, eo) {
				t.Errorf("eo%d: %s changes the solved abstraction", eo, MoveName(m))
			}
		}
		for k := 0; k < 300; k++ {
			c := RandomState(uint64(k))
			h := randomH(r, eo)
			hc := h.Mul(c)
			if cornerCoord(&hc) != cornerCoord(&c) || edgeCoord(&hc, eo) != edgeCoord(&c, eo) {
				t.Fatalf("eo%d: h*c and c differ", eo)
			}
			for s := 0; s < cosetSyms; s++ {
				a, b := symConj(c, s), symConj(hc, s)
				if cornerCoord(&a) != cornerCoord(&b) || edgeCoord(&a, eo) != edgeCoord(&b, eo) {
					t.Fatalf("eo%d: symmetry %d is not a map of abstractions", eo, s)
				}
				if symConj(a, symInverse(s)) != c {
					t.Fatalf("symmetry %d: inverse %d does not undo it", s, symInverse(s))
				}
			}
		}
	}
}

// TestCosetAxes checks that the three conjugates the lookups use put each
// face on the up-down axis exactly once.
func TestCosetAxes(t *testing.T) {
	for f := 0; f < 6; f++ {
		n := 0
		for r := 0; r < MaxConjugates; r++ {
			if g := conjMove[r][3*f] / 3; g == 0 || g == 3 {
				n++
			}
		}
		if n != 1 {
			t.Errorf("face %c is up-down in %d conjugates, want 1", Faces[f], n)
		}
	}
}

// TestCosetClasses checks the corner classes: 9,930 of them (Rokicki's
// count for nxopt), and a breadth-first search over all 153,090 corner
// abstractions gives every member of a class its representative's
// distance.
func TestCosetClasses(t *testing.T) {
	sp, err := NewCosetSpace(CosetEO1)
	if err != nil {
		t.Fatal(err)
	}
	if sp.Classes != 9930 {
		t.Errorf("%d corner classes, want 9930", sp.Classes)
	}
	dist := make([]int8, cosetCorners)
	for i := range dist {
		dist[i] = -1
	}
	sol := Solved()
	q := []uint32{cornerCoord(&sol)}
	dist[q[0]] = 0
	for len(q) > 0 {
		x := q[0]
		q = q[1:]
		for m := 0; m < 18; m++ {
			y := sp.cornerMove(x, m)
			if dist[y] < 0 {
				dist[y] = dist[x] + 1
				q = append(q, y)
			}
		}
	}
	for x := range dist {
		if dist[x] < 0 {
			t.Fatalf("corner abstraction %d unreached", x)
		}
		if rep := sp.rep[sp.classSym[x]>>4]; dist[x] != dist[rep] {
			t.Fatalf("abstraction %d at %d, its representative %d at %d", x, dist[x], rep, dist[rep])
		}
	}
}

// TestCosetTable builds the EO1 table and checks it against a
// breadth-first search of the abstract states (corner and edge
// abstractions, no symmetry) to depth 5: every state found has its depth
// in the table, and random abstract states that the table puts within
// depth 5 were found at that depth. It also checks the bounds on every
// cube within 4 turns.
func TestCosetTable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 39 MB table")
	}
	ct := eo1Table(t)
	sp, tab := ct.Space, ct.Table
	want := []int64{1, 2, 16, 130, 1431, 16067, 181320, 1926121, 15616401, 47497500, 13393214, 13397}
	for d, n := range want {
		if eo1Layers[d].Entries != n {
			t.Errorf("depth %d: %d entries, want %d", d, eo1Layers[d].Entries, n)
		}
	}
	const depth = 5
	type abs struct{ x, e uint32 }
	sol := Solved()
	start := abs{cornerCoord(&sol), edgeCoord(&sol, sp.EO)}
	seen := map[abs]int{start: 0}
	q := []abs{start}
	for len(q) > 0 {
		a := q[0]
		q = q[1:]
		if seen[a] == depth {
			continue
		}
		for m := 0; m < 18; m++ {
			b := abs{sp.cornerMove(a.x, m), sp.edgeMove(a.e, m)}
			if _, ok := seen[b]; !ok {
				seen[b] = seen[a] + 1
				q = append(q, b)
			}
		}
	}
	for a, d := range seen {
		if got := tab.Get(sp.index(a.x, a.e)); got != d {
			t.Fatalf("abstraction %v: table %d, search %d", a, got, d)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	near := 0
	for k := 0; k < 2000000; k++ {
		a := abs{uint32(r.IntN(cosetCorners)), uint32(r.IntN(int(sp.EO.edgeCoords())))}
		if v := tab.Get(sp.index(a.x, a.e)); v <= depth {
			near++
			if d, ok := seen[a]; !ok || d != v {
				t.Fatalf("abstraction %v: table %d, search %d (found %v)", a, v, d, ok)
			}
		}
	}
	t.Logf("%d abstract states within %d; %d random ones near", len(seen), depth, near)
	cubes := map[Cube]int{Solved(): 0}
	q2 := []Cube{Solved()}
	for len(q2) > 0 {
		c := q2[0]
		q2 = q2[1:]
		d := cubes[c]
		if v := ct.Value(c, true); v > d {
			t.Fatalf("cube at %d: bound %d", d, v)
		}
		if d == 4 {
			continue
		}
		for m := 0; m < 18; m++ {
			n := c.Turn(m)
			if _, ok := cubes[n]; !ok {
				cubes[n] = d + 1
				q2 = append(q2, n)
			}
		}
	}
}

// TestAxisIndex checks the conjugates' indexes made without the
// conjugate against those of the conjugate.
func TestAxisIndex(t *testing.T) {
	for _, eo := range []CosetEO{CosetEO1, CosetEO2} {
		sp, err := NewCosetSpace(eo)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 500; k++ {
			c := RandomState(uint64(k))
			for r := 0; r < MaxConjugates; r++ {
				y := c.Conjugate(r)
				if got, want := sp.axisIndex(&c, r), sp.Index(&y); got != want {
					t.Fatalf("eo%d cube %d axis %d: %d, want %d", eo, k, r, got, want)
				}
			}
		}
	}
}

var (
	eo1Once   sync.Once
	eo1       *CosetTable
	eo1Err    error
	eo1Layers []pdb.Layer
)

// eo1Table builds the EO1 coset table once for the tests that need it.
func eo1Table(t *testing.T) *CosetTable {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a 39 MB table")
	}
	eo1Once.Do(func() {
		sp, err := NewCosetSpace(CosetEO1)
		if err != nil {
			eo1Err = err
			return
		}
		tab, err := BuildCoset(context.Background(), sp, pdb.Options{Progress: func(l pdb.Layer) { eo1Layers = append(eo1Layers, l) }})
		eo1, eo1Err = &CosetTable{Space: sp, Table: tab}, err
	})
	if eo1Err != nil {
		t.Fatal(eo1Err)
	}
	return eo1
}

// TestSolveCoset checks Solve with the coset table (with and without the
// inverse lookups, alone and with small edge tables) against Solve with
// the small edge tables alone on random scrambles of up to 8 turns: the
// same optimal length, a solution that solves, the same counts on 1 and 2
// workers.
func TestSolveCoset(t *testing.T) {
	ct := eo1Table(t)
	small := smallHeuristic(t)
	r := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 16; trial++ {
		n := 3 + trial%6
		var scr []int
		for len(scr) < n {
			scr = append(scr, r.IntN(18))
		}
		c := Solved().Apply(scr)
		ref := Solve(context.Background(), c, small, SolveOptions{Workers: 2})
		for _, inv := range []bool{false, true} {
			for _, edges := range []bool{false, true} {
				h := &Heuristic{Coset: ct, Inverse: inv}
				if edges {
					h.EdgeSpaces, h.Edges = small.EdgeSpaces, small.Edges
				}
				var first search.Result
				for _, w := range []int{1, 2} {
					res := Solve(context.Background(), c, h, SolveOptions{Workers: w})
					if res.Status != search.Solved || res.Cost != ref.Cost {
						t.Fatalf("%s inverse %v edges %v -j %d: %v length %d, want %d", FormatMoves(scr), inv, edges, w, res.Status, res.Cost, ref.Cost)
					}
					moves := make([]int, len(res.Path))
					for i, m := range res.Path {
						moves[i] = int(m)
					}
					if c.Apply(moves) != Solved() {
						t.Fatalf("%s: solution %s does not solve", FormatMoves(scr), FormatMoves(moves))
					}
					if w == 1 {
						first = res
					} else if res.Stats.Generated != first.Stats.Generated {
						t.Fatalf("%s: %d generated on 2 workers, %d on 1", FormatMoves(scr), res.Stats.Generated, first.Stats.Generated)
					}
				}
			}
		}
	}
}

// TestCosetSpaceTables checks the composed turn and symmetry tables
// against turning and conjugating cubes.
func TestCosetSpaceTables(t *testing.T) {
	if len(symOrder) != cosetSyms-1-len(symGens) {
		t.Fatalf("%d symmetries composed, want %d", len(symOrder), cosetSyms-1-len(symGens))
	}
	turns := faceTurns()
	for _, eo := range []CosetEO{CosetEO1, CosetEO2} {
		sp, err := NewCosetSpace(eo)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 300; k++ {
			c := RandomState(uint64(k))
			x, e := cornerCoord(&c), edgeCoord(&c, eo)
			for m := 0; m < 18; m++ {
				d := c.Mul(turns[m])
				if sp.cornerMove(x, m) != cornerCoord(&d) || sp.edgeMove(e, m) != edgeCoord(&d, eo) {
					t.Fatalf("eo%d: turn %s", eo, MoveName(m))
				}
			}
			for s := 0; s < cosetSyms; s++ {
				d := symConj(c, s)
				if sp.edgeSym(s, e) != edgeCoord(&d, eo) {
					t.Fatalf("eo%d: symmetry %d of edges", eo, s)
				}
			}
			cs := sp.classSym[x]
			d := symConj(c, int(cs&15))
			if cornerCoord(&d) != sp.rep[cs>>4] {
				t.Fatalf("eo%d: symmetry %d does not take corners %d to their representative", eo, cs&15, x)
			}
		}
	}
}

// checkPacked checks the packed form p of the 4-bit table ct: on every
// entry the code names the distance mod 3 and the anchored value a lower
// bound congruent to it (exact up to lo+3); on samples random
// abstractions, the value relative to each neighbour's distance is the
// distance, and the descent (exactAt) finds it.
func checkPacked(t *testing.T, ct *CosetTable, p *pdb.Table, samples int) {
	t.Helper()
	sp, tab, w := ct.Space, ct.Table, p.Words()
	inexact := uint64(0)
	for i := uint64(0); i < sp.Size(); i++ {
		d := tab.Get(i)
		c, lo := packedCode(w, i)
		a := packedValue(w, i, -1)
		if int(residueTab[lo][c]) != d%3 || lo > d || a > d || a%3 != d%3 || d <= lo+3 && a != d {
			t.Fatalf("entry %d: distance %d, code %d, lo %d, anchored %d", i, d, c, lo, a)
		}
		if a != d {
			inexact++
		}
	}
	t.Logf("%s: %d of %d entries anchored below their distance", sp.ID(), inexact, sp.Size())
	packed := &CosetTable{Space: sp, Packed: p}
	r := rand.New(rand.NewPCG(7, 8))
	for k := 0; k < samples; k++ {
		x, e := uint32(r.IntN(cosetCorners)), uint32(r.IntN(int(sp.EO.edgeCoords())))
		d := tab.Get(sp.index(x, e))
		for m := 0; m < 18; m++ {
			j := sp.index(sp.cornerMove(x, m), sp.edgeMove(e, m))
			if got, want := packedValue(w, j, d), tab.Get(j); got != want {
				t.Fatalf("(%d, %d) at %d turned by %s: %d, want %d", x, e, d, MoveName(m), got, want)
			}
		}
		if k%16 == 0 {
			if got := packed.exactAt(x, e); got != d {
				t.Fatalf("(%d, %d): descent %d, want %d", x, e, got, d)
			}
		}
	}
	// w is p's words, which a loaded table keeps outside the Go heap only
	// while p is reachable.
	runtime.KeepAlive(p)
}

// TestPackedCoset checks the 2-bit form of the EO1 table against the
// 4-bit one on every entry (checkPacked), and that Solve finds the same
// lengths with it and the same nodes on 1 and 2 workers.
func TestPackedCoset(t *testing.T) {
	ct := eo1Table(t)
	p, st, err := packCoset(context.Background(), packedID(ct.Space), ct.Space.Size(), ct.Table, 2)
	if err != nil {
		t.Fatal(err)
	}
	if want := uint64(packedWords(ct.Space.Size())); uint64(len(p.Words())) != want {
		t.Fatalf("%d words, want %d", len(p.Words()), want)
	}
	checkPacked(t, ct, p, 200000)
	if st.Entries != ct.Space.Size() {
		t.Errorf("stats: %d entries, want %d", st.Entries, ct.Space.Size())
	}
	packed := &CosetTable{Space: ct.Space, Packed: p}
	r := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 12; trial++ {
		c := Solved().Apply(RandomScramble(6+trial%5, r.Uint64()))
		for _, inv := range []bool{false, true} {
			want := Solve(context.Background(), c, &Heuristic{Coset: ct, Inverse: inv}, SolveOptions{Workers: 1})
			var first int64
			for _, w := range []int{1, 2} {
				res := Solve(context.Background(), c, &Heuristic{Coset: packed, Inverse: inv}, SolveOptions{Workers: w})
				moves := make([]int, len(res.Path))
				for i, m := range res.Path {
					moves[i] = int(m)
				}
				if res.Status != search.Solved || res.Cost != want.Cost || c.Apply(moves) != Solved() {
					t.Fatalf("trial %d inverse %v -j %d: %v length %d, want %d", trial, inv, w, res.Status, res.Cost, want.Cost)
				}
				if w == 1 {
					first = res.Stats.Generated
				} else if res.Stats.Generated != first {
					t.Fatalf("trial %d: %d generated on 2 workers, %d on 1", trial, res.Stats.Generated, first)
				}
			}
			if got, w := packed.Value(c, inv), ct.Value(c, inv); got != w {
				t.Fatalf("trial %d: value %d, want %d", trial, got, w)
			}
		}
	}
}

// TestPackedCosetEO2 checks the cached 2-bit EO2 table against the cached
// 4-bit one (both made by rubik solve --coset 2 with --coset-bits 2 and
// 4): every entry, and a million abstractions' neighbours. It is skipped
// when either is not in the cache directory (building them takes
// minutes). It runs with -tags long (33 s of CPU): TestPackedCoset and
// TestPackSmall check the same packing on every entry by default.
func TestPackedCosetEO2(t *testing.T) {
	if longtest.Short() {
		t.Skip("reads 944 MB of tables and decodes every entry: with -tags long")
	}
	dir, err := pdb.DefaultDir()
	if err != nil {
		t.Skip(err)
	}
	sp, err := NewCosetSpace(CosetEO2)
	if err != nil {
		t.Fatal(err)
	}
	full, err := pdb.LoadID(filepath.Join(dir, pdb.FileName(sp.ID())), sp.ID(), sp.Size())
	if err != nil {
		t.Skip(err)
	}
	p, err := pdb.LoadID(filepath.Join(dir, pdb.FileName(packedID(sp))), packedID(sp), packedWords(sp.Size())*16)
	if err != nil {
		t.Skip(err)
	}
	checkPacked(t, &CosetTable{Space: sp, Table: full}, p, 1000000)
}

// TestPackSmall packs a small table of random distances (blocks of
// narrow and of wide spread, and a last block part full) on two workers
// and decodes every entry: the residue, the anchored value (exact up to
// lo+3, else 3 or more below and congruent), and the value relative to
// each neighbour distance d-1, d, d+1 (exact).
func TestPackSmall(t *testing.T) {
	const size = 62*41 + 17
	r := rand.New(rand.NewPCG(11, 12))
	tab := pdb.NewTable("small", size)
	w := tab.Words()
	want := make([]int, size)
	for i := range want {
		b := i / packEntries
		base := b % 9
		spread := 2 + b%5 // 2..6 values above the base
		want[i] = base + r.IntN(spread)
		w[i/16] &^= uint64(15^want[i]) << (i % 16 * 4)
	}
	p, st, err := packCoset(context.Background(), "small-2bit", size, tab, 2)
	if err != nil {
		t.Fatal(err)
	}
	pw := p.Words()
	inexact := uint64(0)
	for i, d := range want {
		c, lo := packedCode(pw, uint64(i))
		a := packedValue(pw, uint64(i), -1)
		if int(residueTab[lo][c]) != d%3 || a > d || a%3 != d%3 || d <= lo+3 && a != d {
			t.Fatalf("entry %d: distance %d, code %d, lo %d, anchored %d", i, d, c, lo, a)
		}
		if a != d {
			inexact++
		}
		for ref := max(d-1, 0); ref <= d+1; ref++ {
			if got := packedValue(pw, uint64(i), ref); got != d {
				t.Fatalf("entry %d: distance %d, relative to %d: %d", i, d, ref, got)
			}
		}
	}
	if st.Entries != size || st.Inexact != inexact || inexact == 0 {
		t.Errorf("stats %+v, want %d entries, %d inexact (> 0)", st, size, inexact)
	}
}
