package rubik

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// TestRotations checks the rotations about the diagonal: the third power
// is the identity, each maps the 18 turns one to one onto turns (U to R to
// F, quarter turns to quarter turns), and the conjugate of a scrambled
// cube is the conjugated scramble applied to the solved cube.
func TestRotations(t *testing.T) {
	rot := rotations[1]
	if rot.Mul(rot).Mul(rot) != Solved() {
		t.Fatal("the rotation cubed is not the identity")
	}
	for r := range rotations {
		if err := rotations[r].Check(); err != nil {
			t.Fatalf("rotation %d: %v", r, err)
		}
		if rotations[r].Mul(rotInverse[r]) != Solved() {
			t.Fatalf("rotation %d times its inverse is not the identity", r)
		}
		seen := map[uint8]bool{}
		for m, c := range conjMove[r] {
			if c == 255 || seen[c] || int(c)%3 != m%3 {
				t.Fatalf("rotation %d: turn %s conjugates to %d", r, MoveName(m), c)
			}
			seen[c] = true
		}
	}
	if got := MoveName(int(conjMove[1][0])); got != "R" && got != "F" {
		t.Errorf("U conjugates to %s, want R or F", got)
	}
	rnd := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 100; trial++ {
		var scr, conj []int
		for i := 0; i < 20; i++ {
			m := rnd.IntN(18)
			scr = append(scr, m)
			conj = append(conj, int(conjMove[trial%3][m]))
		}
		x := Solved().Apply(scr)
		if got, want := x.Conjugate(trial%3), Solved().Apply(conj); got != want {
			t.Fatalf("%s: conjugate %v, want %v", FormatMoves(scr), got, want)
		}
		if x.Mul(x.Inverse()) != Solved() || x.Inverse().Mul(x) != Solved() {
			t.Fatalf("%s: inverse", FormatMoves(scr))
		}
	}
}

// symHeuristics returns the small heuristic of the solver tests, plain
// and with the conjugate lookups, the inverse lookups, and both.
func symHeuristics(t *testing.T) []*Heuristic {
	plain := smallHeuristic(t)
	conj, inv, both := *plain, *plain, *plain
	conj.Conjugates = MaxConjugates
	inv.Inverse = true
	both.Conjugates, both.Inverse = MaxConjugates, true
	return []*Heuristic{plain, &conj, &inv, &both}
}

// TestSymmetricHeuristic checks the heuristic with the edge tables looked
// up on the conjugates, on the inverse, and both, against a breadth-first
// search over whole cubes to depth 5: it never exceeds the true distance,
// it is at least the plain heuristic, and the search's incremental form of
// it (coordinates moved by the conjugated turns, the whole cube for the
// inverse) agrees with the value computed from the cube.
func TestSymmetricHeuristic(t *testing.T) {
	hs := symHeuristics(t)
	var solvers []*solver
	for _, h := range hs {
		solvers = append(solvers, newSolver(h, Solved()))
	}
	type entry struct {
		c Cube
		n []node
	}
	root := entry{c: Solved()}
	for _, s := range solvers {
		root.n = append(root.n, s.node(Solved()))
	}
	dist := map[Cube]int{Solved(): 0}
	layer := []entry{root}
	stronger := make([]int, len(hs))
	for d := 1; d <= 5; d++ {
		var next []entry
		for _, e := range layer {
			for m := 0; m < 18; m++ {
				c := e.c.Turn(m)
				if _, ok := dist[c]; ok {
					continue
				}
				dist[c] = d
				ne := entry{c: c}
				hp := hs[0].Value(c)
				for i, s := range solvers {
					n := s.turn(&e.n[i], m)
					v := hs[i].Value(c)
					if v > d || v < hp {
						t.Fatalf("heuristic %d, depth %d: %d, plain %d", i, d, v, hp)
					}
					if v > hp {
						stronger[i]++
					}
					if got := s.value(&n); got != v {
						t.Fatalf("heuristic %d, depth %d: incremental %d, from the cube %d", i, d, got, v)
					}
					ne.n = append(ne.n, n)
				}
				next = append(next, ne)
			}
		}
		layer = next
	}
	if len(dist) != 1+18+243+3240+43239+574908 {
		t.Fatalf("%d cubes within 5 turns", len(dist))
	}
	for i := 1; i < len(hs); i++ {
		if stronger[i] == 0 {
			t.Errorf("heuristic %d never above the plain one", i)
		}
	}
	t.Logf("cubes within 5 turns: %d; above the plain heuristic: %v", len(dist), stronger)
}

// TestSolveSymmetric checks Solve with the conjugate and inverse lookups
// against a blind IDA* on random scrambles: same optimal length, no more
// nodes expanded in a complete iteration than without them, counts
// independent of the number of workers.
func TestSolveSymmetric(t *testing.T) {
	hs := symHeuristics(t)
	r := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 9; trial++ {
		var scr []int
		for len(scr) < 3+trial%3 {
			scr = append(scr, r.IntN(18))
		}
		c := Solved().Apply(scr)
		blind := search.IDAStar(context.Background(), NewDomain(c), search.Options{})
		p := Solve(context.Background(), c, hs[0], SolveOptions{Workers: 1})
		for hi, h := range hs[1:] {
			var first search.Result
			for _, w := range []int{1, 2, 3} {
				res := Solve(context.Background(), c, h, SolveOptions{Workers: w})
				if res.Status != search.Solved || res.Cost != blind.Cost {
					t.Fatalf("%s heuristic %d -j %d: %v length %d, want %d", FormatMoves(scr), hi+1, w, res.Status, res.Cost, blind.Cost)
				}
				sol := make([]int, len(res.Path))
				for i, m := range res.Path {
					sol[i] = int(m)
				}
				if c.Apply(sol) != Solved() {
					t.Fatalf("%s: %s does not solve", FormatMoves(scr), FormatMoves(sol))
				}
				if w == 1 {
					first = res
					continue
				}
				if len(res.Stats.Iterations) != len(first.Stats.Iterations) {
					t.Fatalf("%s -j %d: %d iterations, -j 1 %d", FormatMoves(scr), w, len(res.Stats.Iterations), len(first.Stats.Iterations))
				}
				for i, it := range res.Stats.Iterations {
					if it != first.Stats.Iterations[i] {
						t.Errorf("%s -j %d: iteration %+v, -j 1 %+v", FormatMoves(scr), w, it, first.Stats.Iterations[i])
					}
				}
			}
			// A larger heuristic expands no more at the same bound.
			for i := 0; i+1 < len(first.Stats.Iterations) && i+1 < len(p.Stats.Iterations); i++ {
				a, b := first.Stats.Iterations[i], p.Stats.Iterations[i]
				if a.Bound == b.Bound && a.Expanded > b.Expanded {
					t.Errorf("%s bound %g: %d expanded, %d with the plain heuristic", FormatMoves(scr), a.Bound, a.Expanded, b.Expanded)
				}
			}
		}
	}
}
