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

// TestConjugateHeuristic checks the heuristic with the edge tables looked
// up on the conjugates against a breadth-first search over whole cubes to
// depth 5: it never exceeds the true distance, it is at least the plain
// heuristic, and the search's incremental form of it (coordinates moved by
// the conjugated turns) agrees with the value computed from the cube.
func TestConjugateHeuristic(t *testing.T) {
	plain := smallHeuristic(t)
	sym := *plain
	sym.Conjugates = MaxConjugates
	s := newSolver(&sym, Solved())
	type entry struct {
		c Cube
		n node
	}
	dist := map[Cube]int{Solved(): 0}
	layer := []entry{{Solved(), s.node(Solved())}}
	stronger := 0
	for d := 1; d <= 5; d++ {
		var next []entry
		for _, e := range layer {
			for m := 0; m < 18; m++ {
				c := e.c.Turn(m)
				if _, ok := dist[c]; ok {
					continue
				}
				dist[c] = d
				n := s.turn(&e.n, m)
				hs, hp := sym.Value(c), plain.Value(c)
				if hs > d || hs < hp {
					t.Fatalf("depth %d: conjugate heuristic %d, plain %d", d, hs, hp)
				}
				if hs > hp {
					stronger++
				}
				if got := s.value(&n); got != hs {
					t.Fatalf("depth %d: incremental %d, from the cube %d", d, got, hs)
				}
				next = append(next, entry{c, n})
			}
		}
		layer = next
	}
	if len(dist) != 1+18+243+3240+43239+574908 {
		t.Fatalf("%d cubes within 5 turns", len(dist))
	}
	if stronger == 0 {
		t.Error("the conjugates never raised the heuristic")
	}
	t.Logf("conjugates raise h on %d of %d cubes", stronger, len(dist))
}

// TestSolveConjugates checks Solve with the conjugate lookups against a
// blind IDA* on random scrambles: same optimal length, fewer or as many
// nodes as without them, counts independent of the number of workers.
func TestSolveConjugates(t *testing.T) {
	plain := smallHeuristic(t)
	sym := *plain
	sym.Conjugates = MaxConjugates
	r := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 10; trial++ {
		var scr []int
		for len(scr) < 3+trial%4 {
			scr = append(scr, r.IntN(18))
		}
		c := Solved().Apply(scr)
		blind := search.IDAStar(context.Background(), NewDomain(c), search.Options{})
		p := Solve(context.Background(), c, plain, SolveOptions{Workers: 1})
		var first search.Result
		for _, w := range []int{1, 2, 3} {
			res := Solve(context.Background(), c, &sym, SolveOptions{Workers: w})
			if res.Status != search.Solved || res.Cost != blind.Cost {
				t.Fatalf("%s -j %d: %v length %d, want %d", FormatMoves(scr), w, res.Status, res.Cost, blind.Cost)
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
		// Every complete iteration: the stronger heuristic expands no more.
		for i := 0; i+1 < len(first.Stats.Iterations) && i+1 < len(p.Stats.Iterations); i++ {
			a, b := first.Stats.Iterations[i], p.Stats.Iterations[i]
			if a.Bound == b.Bound && a.Expanded > b.Expanded {
				t.Errorf("%s bound %g: %d expanded with conjugates, %d without", FormatMoves(scr), a.Bound, a.Expanded, b.Expanded)
			}
		}
	}
}
