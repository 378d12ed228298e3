package branching

import (
	"context"
	"math"
	"math/big"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/puzzles/rubik"
	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/search"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestSeed001Table1 reproduces Table 1 of Edelkamp and Korf (1998) to its printed digits:
// the asymptotic branching factors at even and odd depths of the n x n
// puzzles with predecessor elimination, blank starting in a corner.
func TestSeed001Table1(t *testing.T) {
	for _, tc := range []struct {
		n         int
		even, odd float64
		digits    float64
	}{
		{3, 1.5, 2, 1e-9}, {4, 2.1304, 2.1304, 5e-5}, {5, 2.30278, 2.43426, 5e-6},
		{6, 2.51964, 2.51964, 5e-6}, {7, 2.59927, 2.64649, 5e-6}, {8, 2.6959, 2.6959, 5e-5},
		{9, 2.73922, 2.76008, 5e-6}, {10, 2.79026, 2.79026, 5e-6},
	} {
		g, err := Tiles(tc.n, tc.n, 0, false)
		if err != nil {
			t.Fatal(err)
		}
		q, _ := g.Reduce()
		a := q.Analyze(1000000)
		even, odd := a.Limits[0], a.Limits[len(a.Limits)-1]
		if !near(even, tc.even, tc.digits) || !near(odd, tc.odd, tc.digits) {
			t.Errorf("%dx%d: even %.6f odd %.6f, want %g and %g", tc.n, tc.n, even, odd, tc.even, tc.odd)
		}
		if wantPeriod := 1 + tc.n%2; a.Period != wantPeriod {
			t.Errorf("%dx%d: period %d, want %d", tc.n, tc.n, a.Period, wantPeriod)
		}
		if !near(a.Eigenvalue, a.Asymptotic, 1e-9) || !near(a.Asymptotic, math.Sqrt(even*odd), 1e-9) {
			t.Errorf("%dx%d: eigenvalue %.12f, iteration %.12f, sqrt(even*odd) %.12f", tc.n, tc.n, a.Eigenvalue, a.Asymptotic, math.Sqrt(even*odd))
		}
	}
}

// TestFivePuzzle: 2.4142 = 1 + sqrt 2 with the parent kept, 1.35321 and
// b^4 - b - 2 without it, and the equilibrium fractions of Edelkamp and Korf (1998).
func TestFivePuzzle(t *testing.T) {
	g, _ := Tiles(2, 3, 1, true)
	q, _ := g.Reduce()
	if a := q.Analyze(10000); !near(a.Asymptotic, 1+math.Sqrt2, 1e-12) {
		t.Errorf("parent kept: %.12f, want 1 + sqrt 2", a.Asymptotic)
	}
	g, _ = Tiles(2, 3, 1, false) // blank starts on a side cell
	q, _ = g.Reduce()
	a := q.Analyze(10000)
	if !near(a.Asymptotic, 1.35321, 5e-6) || !near(a.Eigenvalue, 1.3532099641993, 1e-12) {
		t.Errorf("parent eliminated: %.8f (eigenvalue %.12f), want 1.35321", a.Asymptotic, a.Eigenvalue)
	}
	if p := PolyString(CharPoly(q.RecurrentMatrix(a.Recurrent))); p != "b^4 - b - 2" {
		t.Errorf("characteristic polynomial %s, want b^4 - b - 2", p)
	}
	var fr []float64
	for _, i := range a.Recurrent {
		fr = append(fr, a.Fractions[i])
	}
	slices.Sort(fr)
	want := []float64{.150097, .203113, .274854, .371936}
	for i := range want {
		if !near(fr[i], want[i], 5e-7) {
			t.Errorf("equilibrium fractions %v, want %v", fr, want)
			break
		}
	}
	// The same from the matrix file of Figure 4.
	f, _ := os.Open("testdata/fivepuzzle.txt")
	defer f.Close()
	m, err := ReadMatrix(f, "fivepuzzle.txt")
	if err != nil {
		t.Fatal(err)
	}
	if p := PolyString(CharPoly(m.Matrix())); p != "b^4 - b - 2" {
		t.Errorf("matrix file: %s", p)
	}
	// From a cs root, by hand from Figure 4: cs; ss sc; sc sc cc; cc cc cs; ...
	if got, want := totals(m.Counts(5)), []int64{1, 2, 3, 3, 4, 7}; !slices.Equal(got, want) {
		t.Errorf("matrix file counts %v, want %v", got, want)
	}
	if ma := m.Analyze(10000); !near(ma.Asymptotic, a.Asymptotic, 1e-9) || !near(ma.Eigenvalue, a.Eigenvalue, 1e-12) {
		t.Errorf("matrix file: %.12f, explored %.12f", ma.Asymptotic, a.Asymptotic)
	}
}

// TestRubik: 13.34847 = 6 + 3 sqrt 6, b^2 - 12b - 18 on the recurrent
// types, and the node counts of Edelkamp and Korf's rules to depth 6.
func TestRubik(t *testing.T) {
	q, _ := Rubik().Reduce()
	a := q.Analyze(1000)
	if !near(a.Asymptotic, 6+3*math.Sqrt(6), 1e-12) || !near(a.Asymptotic, 13.34847, 5e-6) {
		t.Errorf("rubik: %.8f, want 13.34847", a.Asymptotic)
	}
	if p := PolyString(CharPoly(q.RecurrentMatrix(a.Recurrent))); p != "b^2 - 12b - 18" {
		t.Errorf("rubik polynomial %s", p)
	}
	want := []int64{1, 18, 243, 3240, 43254, 577368, 7706988}
	if got := totals(q.Counts(6)); !slices.Equal(got, want) {
		t.Errorf("rubik counts %v, want %v", got, want)
	}
}

func totals(c []*big.Int) []int64 {
	out := make([]int64, len(c))
	for i, v := range c {
		out[i] = v.Int64()
	}
	return out
}

// bruteForce counts the nodes per depth of the real search tree of d by a
// plain depth-first enumeration through the search package's DepthFirst.
func bruteForce(d search.Domain, depth int) []int64 {
	r := search.DepthFirst(context.Background(), d, search.Options{DepthBound: depth})
	out := []int64{1}
	for k := 1; k <= depth; k++ {
		var n int64
		if k < len(r.Stats.GeneratedByDepth) {
			n = r.Stats.GeneratedByDepth[k]
		}
		out = append(out, n)
	}
	return out
}

// TestBruteForce: the recurrences equal a plain enumeration of the real
// puzzle trees, with and without the parent as a child.
func TestBruteForce(t *testing.T) {
	for _, tc := range []struct{ rows, cols, depth, start int }{
		{2, 3, 22, 0}, {2, 3, 22, 1}, {3, 3, 20, 0}, {3, 3, 20, 4}, {4, 4, 14, 0}, {4, 4, 14, 5}, {3, 5, 14, 7}, {2, 2, 20, 3},
	} {
		for _, keep := range []bool{false, true} {
			depth := tc.depth
			if keep {
				depth = depth * 2 / 3
			}
			g, _ := Tiles(tc.rows, tc.cols, tc.start, keep)
			q, _ := g.Reduce()
			want := totals(q.Counts(depth))
			if raw := totals(g.Counts(depth)); !slices.Equal(raw, want) {
				t.Errorf("%dx%d: reduced counts %v, unreduced %v", tc.rows, tc.cols, want, raw)
			}
			goal := tiles.Goal(tc.rows, tc.cols)
			b := tiles.Board{Rows: tc.rows, Cols: tc.cols, Tiles: slices.Clone(goal.Tiles)}
			b.Tiles[0], b.Tiles[tc.start] = b.Tiles[tc.start], 0 // blank at start
			if !b.Solvable(goal) {
				b.Tiles[len(b.Tiles)-1], b.Tiles[len(b.Tiles)-2] = b.Tiles[len(b.Tiles)-2], b.Tiles[len(b.Tiles)-1]
				if b.Tiles[len(b.Tiles)-1] == 0 || b.Tiles[len(b.Tiles)-2] == 0 {
					b.Tiles[1], b.Tiles[2] = b.Tiles[2], b.Tiles[1]
				}
			}
			p, err := tiles.NewPuzzle(b, goal, false)
			if err != nil {
				t.Fatal(err)
			}
			var d search.Domain = noGoalInverter{noGoal{p}, p}
			if keep {
				d = noGoal{p}
			}
			got := bruteForce(d, depth)
			if !slices.Equal(got, want) {
				t.Errorf("%dx%d blank at %d keep-parent %v: enumeration %v, recurrence %v", tc.rows, tc.cols, tc.start, keep, got, want)
			}
		}
	}
	want := totals(func() []*big.Int { q, _ := Rubik().Reduce(); return q.Counts(5) }())
	if got := bruteForce(noGoal{rubik.NewDomain(rubik.Solved())}, 5); !slices.Equal(got, want) {
		t.Errorf("rubik: enumeration %v, recurrence %v", got, want)
	}
}

// noGoal hides the goal so that the enumeration runs to the bound. It also
// hides any Inverter, so that the parent is generated as a child.
type noGoal struct{ search.Domain }

func (noGoal) IsGoal() bool { return false }

// noGoalInverter hides the goal and keeps predecessor elimination.
type noGoalInverter struct {
	noGoal
	search.Inverter
}

func TestReadMatrixErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "m.txt: no types"},
		{"# only a comment\n", "m.txt: no types"},
		{"a: 1 -1\nb: 0 0\n", "m.txt:1: negative entry -1"},
		{"a: 1 x\nb: 0 0\n", `m.txt:1: "x" is not a whole number`},
		{"a: 1.5 0\nb: 0 0\n", `m.txt:1: "1.5" is not a whole number`},
		{"a: 1 0\nb: 0\n", "m.txt:2: row b has 1 entries, want 2"},
		{"a: 1\na: 1\n", `m.txt:2: type "a" defined twice`},
		{"start: z\na: 1\n", `m.txt:1: start type "z" is not defined`},
		{"1 2 3\n", `m.txt:1: want "NAME: n n ..."`},
	} {
		_, err := ReadMatrix(strings.NewReader(tc.in), "m.txt")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ReadMatrix(%q) = %v, want %q", tc.in, err, tc.want)
		}
	}
}

func FuzzReadMatrix(f *testing.F) {
	f.Add("start: cs\ncc: 0 1 0 0\ncs: 0 0 1 1\nss: 0 0 0 2\nsc: 1 0 0 0\n")
	f.Add("a: 2\n")
	f.Add("a: 0 1\nb: 0 0\n")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ReadMatrix(strings.NewReader(s), "f")
		if err != nil {
			return
		}
		if len(g.Names) > 12 {
			return
		}
		q, _ := g.Reduce()
		q.Counts(5)
		a := q.Analyze(200)
		CharPoly(q.RecurrentMatrix(a.Recurrent))
	})
}

// TestDeep: exact counts to depth 1000 of the 10 x 10 puzzle (a speed goal
// measured by BenchmarkCounts10x10; here the value is checked against the
// asymptotic factor).
func TestDeep(t *testing.T) {
	g, _ := Tiles(10, 10, 0, false)
	q, _ := g.Reduce()
	c := q.Counts(1000)
	r := new(big.Rat).SetFrac(c[1000], c[999])
	f, _ := r.Float64()
	if !near(f, 2.79026, 5e-6) {
		t.Errorf("N(1000)/N(999) = %.6f, want 2.79026", f)
	}
}

// TestRectangles: every board from 2x2 to 10x10 gets a consistent analysis:
// the iteration's geometric mean equals the dominant eigenvalue, the
// period is 2 exactly for odd x odd boards, and reduction keeps the counts.
func TestRectangles(t *testing.T) {
	for r := 2; r <= 10; r++ {
		for c := r; c <= 10; c++ {
			g, err := Tiles(r, c, 0, false)
			if err != nil {
				t.Fatal(err)
			}
			q, _ := g.Reduce()
			a := q.Analyze(1000000)
			if !near(a.Asymptotic, a.Eigenvalue, 1e-9) {
				t.Errorf("%dx%d: iteration %.12f, eigenvalue %.12f", r, c, a.Asymptotic, a.Eigenvalue)
			}
			want := 1
			if r%2 == 1 && c%2 == 1 {
				want = 2
			}
			if a.Period != want || !a.Irreducible {
				t.Errorf("%dx%d: period %d irreducible %v, want period %d", r, c, a.Period, a.Irreducible, want)
			}
			if got, raw := totals(q.Counts(30)), totals(g.Counts(30)); !slices.Equal(got, raw) {
				t.Errorf("%dx%d: reduction changed the counts", r, c)
			}
		}
	}
}
