package tiles

import (
	"context"
	"errors"
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/search"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestTable1 reproduces Table 1 of Edelkamp and Korf (1998) to its printed digits:
// the asymptotic branching factors at even and odd depths of the n x n
// puzzles with predecessor elimination, blank starting in a corner.
func TestTable1(t *testing.T) {
	for _, tc := range []struct {
		n         int
		even, odd float64
		digits    float64
	}{
		{3, 1.5, 2, 1e-9}, {4, 2.1304, 2.1304, 5e-5}, {5, 2.30278, 2.43426, 5e-6},
		{6, 2.51964, 2.51964, 5e-6}, {7, 2.59927, 2.64649, 5e-6}, {8, 2.6959, 2.6959, 5e-5},
		{9, 2.73922, 2.76008, 5e-6}, {10, 2.79026, 2.79026, 5e-6},
	} {
		g, err := TypeGraph(tc.n, tc.n, 0, false)
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
	g, _ := TypeGraph(2, 3, 1, true)
	q, _ := g.Reduce()
	if a := q.Analyze(10000); !near(a.Asymptotic, 1+math.Sqrt2, 1e-12) {
		t.Errorf("parent kept: %.12f, want 1 + sqrt 2", a.Asymptotic)
	}
	g, _ = TypeGraph(2, 3, 1, false) // blank starts on a side cell
	q, _ = g.Reduce()
	a := q.Analyze(10000)
	if !near(a.Asymptotic, 1.35321, 5e-6) || !near(a.Eigenvalue, 1.3532099641993, 1e-12) {
		t.Errorf("parent eliminated: %.8f (eigenvalue %.12f), want 1.35321", a.Asymptotic, a.Eigenvalue)
	}
	if p := branching.PolyString(branching.CharPoly(q.RecurrentMatrix(a.Recurrent))); p != "b^4 - b - 2" {
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
			g, _ := TypeGraph(tc.rows, tc.cols, tc.start, keep)
			q, _ := g.Reduce()
			want := totals(q.Counts(depth))
			if raw := totals(g.Counts(depth)); !slices.Equal(raw, want) {
				t.Errorf("%dx%d: reduced counts %v, unreduced %v", tc.rows, tc.cols, want, raw)
			}
			goal := Goal(tc.rows, tc.cols)
			b := Board{Rows: tc.rows, Cols: tc.cols, Tiles: slices.Clone(goal.Tiles)}
			b.Tiles[0], b.Tiles[tc.start] = b.Tiles[tc.start], 0 // blank at start
			if !b.Solvable(goal) {
				b.Tiles[len(b.Tiles)-1], b.Tiles[len(b.Tiles)-2] = b.Tiles[len(b.Tiles)-2], b.Tiles[len(b.Tiles)-1]
				if b.Tiles[len(b.Tiles)-1] == 0 || b.Tiles[len(b.Tiles)-2] == 0 {
					b.Tiles[1], b.Tiles[2] = b.Tiles[2], b.Tiles[1]
				}
			}
			p, err := NewPuzzle(b, goal, false)
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
}

// TestDeep: exact counts to depth 1000 of the 10 x 10 puzzle (a speed goal
// measured by BenchmarkCounts10x10; here the value is checked against the
// asymptotic factor).
func TestDeep(t *testing.T) {
	g, _ := TypeGraph(10, 10, 0, false)
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
			g, err := TypeGraph(r, c, 0, false)
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

// noGoal hides the goal so that the enumeration runs to the bound. It also
// hides any Inverter, so that the parent is generated as a child.
type noGoal struct{ search.Domain }

func (noGoal) IsGoal() bool { return false }

// noGoalInverter hides the goal and keeps predecessor elimination.
type noGoalInverter struct {
	noGoal
	search.Inverter
}

func TestFSMInverseMoves(t *testing.T) {
	f, err := LearnFSM(context.Background(), 2, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	// U L R D = 0 1 2 3: the learned duplicates are the four move-and-back pairs.
	want := []string{"\x00\x03", "\x01\x02", "\x02\x01", "\x03\x00"}
	got := slices.Clone(f.Forbidden)
	slices.Sort(got)
	if !slices.Equal(got, want) || f.States() != 5 {
		t.Errorf("L=2: forbidden %q with %d states, want %q with 5", got, f.States(), want)
	}
	g, _ := TypeGraphFSM(context.Background(), 4, 4, 0, f, search.Limits{})
	if a := g.Analyze(100000); !near(a.Asymptotic, 2.1304, 5e-5) {
		t.Errorf("15-puzzle with inverse moves pruned: %.6f, want 2.1304", a.Asymptotic)
	}
}

// TestFSMCountsMatchEnumeration: the type graph of the FSM-pruned puzzle
// counts exactly the nodes of the real tree searched with the FSM as the
// move filter of the search core.
func TestFSMCountsMatchEnumeration(t *testing.T) {
	f, _ := LearnFSM(context.Background(), 10, search.Limits{})
	for _, tc := range []struct{ rows, cols, start, depth int }{{4, 4, 0, 14}, {3, 3, 4, 16}, {3, 4, 5, 14}} {
		g, _ := TypeGraphFSM(context.Background(), tc.rows, tc.cols, tc.start, f, search.Limits{})
		q, _ := g.Reduce()
		want := totals(q.Counts(tc.depth))
		goal := Goal(tc.rows, tc.cols)
		b := RandomWalk(goal, 0, 1)
		b.Tiles[0], b.Tiles[tc.start] = b.Tiles[tc.start], 0
		if !b.Solvable(goal) {
			n := len(b.Tiles)
			b.Tiles[n-1], b.Tiles[n-2] = b.Tiles[n-2], b.Tiles[n-1]
		}
		p, err := NewPuzzle(b, goal, false)
		if err != nil {
			t.Fatal(err)
		}
		r := search.DepthFirst(context.Background(), noGoal{p}, search.Options{DepthBound: tc.depth, Filter: f})
		got := append([]int64{1}, r.Stats.GeneratedByDepth[1:]...)
		if !slices.Equal(got, want) {
			t.Errorf("%dx%d: enumeration %v, recurrence %v", tc.rows, tc.cols, got, want)
		}
	}
}

// TestFSMKeepsIDAStarOptimal: IDA* with the learned FSM as its move filter
// finds the same optimal lengths as without it, generating fewer nodes.
func TestFSMKeepsIDAStarOptimal(t *testing.T) {
	f, _ := LearnFSM(context.Background(), 12, search.Limits{})
	var with, without int64
	for _, k := range Korf100() {
		if k.Generated > 3_000_000 {
			continue
		}
		p, _ := NewPuzzle(k.Board, Goal(4, 4), false)
		r := IDA(context.Background(), p, IDAOptions{Filter: f})
		if r.Status != search.Solved || r.Cost != k.Optimal {
			t.Errorf("#%s with the FSM: %v length %d, want %d", k.Name, r.Status, r.Cost, k.Optimal)
		}
		with += r.Stats.Generated
		without += k.Generated
	}
	if with >= without {
		t.Errorf("the FSM generated %d nodes, more than %d without it", with, without)
	}
	for seed := uint64(0); seed < 60; seed++ {
		b := RandomWalk(Goal(3, 4), 40, seed)
		p, _ := NewPuzzle(b, Goal(3, 4), false)
		plain := IDA(context.Background(), p, IDAOptions{})
		pruned := IDA(context.Background(), p, IDAOptions{Filter: f})
		if plain.Cost != pruned.Cost {
			t.Fatalf("3x4 %v: %d moves without the FSM, %d with it", b, plain.Cost, pruned.Cost)
		}
	}
}

// TestLearnFSMLimits: the learning stops on each limit, promptly, with the
// limit's error and a valid, smaller automaton.
func TestLearnFSMLimits(t *testing.T) {
	full, err := LearnFSM(context.Background(), 10, search.Limits{})
	if err != nil || full.Length != 10 {
		t.Fatalf("unlimited: length %d, %v", full.Length, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		lim  search.Limits
		want error
	}{
		{"nodes", context.Background(), search.Limits{MaxNodes: 1000}, search.ErrNodeLimit},
		{"memory", context.Background(), search.Limits{MaxMem: 256 << 10}, search.ErrMemLimit},
		{"cancelled", ctx, search.Limits{}, context.Canceled},
	} {
		a, err := LearnFSM(tc.ctx, 24, tc.lim)
		if !errors.Is(err, tc.want) || a == nil {
			t.Errorf("%s: %v, want %v with a partial automaton", tc.name, err, tc.want)
			continue
		}
		if a.Length >= 24 || len(a.Forbidden) >= 1<<20 {
			t.Errorf("%s: learned to length %d, %d strings", tc.name, a.Length, len(a.Forbidden))
		}
		// What was learned is a prefix of the unlimited learning.
		n := min(len(a.Forbidden), len(full.Forbidden))
		if !slices.Equal(a.Forbidden[:n], full.Forbidden[:n]) {
			t.Errorf("%s: the strings learned differ from the unlimited learning's", tc.name)
		}
	}
}

// TestTypeGraphFSMLimits: the exploration of a large type graph stops on
// each limit.
func TestTypeGraphFSMLimits(t *testing.T) {
	a, _ := LearnFSM(context.Background(), 8, search.Limits{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		lim  search.Limits
		want error
	}{
		{"nodes", context.Background(), search.Limits{MaxNodes: 500}, search.ErrNodeLimit},
		{"memory", context.Background(), search.Limits{MaxMem: 100 << 10}, search.ErrMemLimit},
		{"cancelled", ctx, search.Limits{}, context.Canceled},
	} {
		if g, err := TypeGraphFSM(tc.ctx, 8, 8, 0, a, tc.lim); !errors.Is(err, tc.want) || g != nil {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}
