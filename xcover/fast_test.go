package xcover

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// randomExact returns a random exact cover problem without colours: np
// primary and ns secondary items, no options of random items, each with
// a primary item.
func randomExact(r *rand.Rand, np, ns, no int) *Problem {
	var prim, sec []string
	for i := range np {
		prim = append(prim, fmt.Sprint("p", i))
	}
	for i := range ns {
		sec = append(sec, fmt.Sprint("s", i))
	}
	p, _ := NewProblem(prim, sec)
	for range no {
		var items []int
		for i := 1; i <= np+ns; i++ {
			if r.IntN(4) == 0 {
				items = append(items, i)
			}
		}
		if len(items) == 0 || items[0] > np {
			items = append([]int{1 + r.IntN(np)}, items...) // Algorithm C never chooses an option without a primary item
		}
		p.AddOptionItems(items)
	}
	return p
}

// bruteExact counts the sets of p's options that cover every primary
// item once and every secondary item at most once.
func bruteExact(p *Problem) int64 {
	var n int64
	for mask := 0; mask < 1<<len(p.options); mask++ {
		cover := make([]int, len(p.names)+1)
		for k, o := range p.options {
			if mask>>k&1 == 1 {
				for _, ic := range o {
					cover[ic.item]++
				}
			}
		}
		ok := true
		for i := 1; i <= len(p.names); i++ {
			ok = ok && (cover[i] == 1 || i > p.primary && cover[i] == 0)
		}
		if ok {
			n++
		}
	}
	return n
}

// solveAll runs s, keeping the solutions (sorted options) in order.
func solveAll(s *Solver, limit int64) (Result, [][]int) {
	var sols [][]int
	r := s.Solve(context.Background(), search.Limits{MaxSolutions: limit}, func(o []int) bool {
		sols = append(sols, slices.Sorted(slices.Values(o)))
		return true
	})
	return r, sols
}

// TestExactPath: on random problems without colours, the exact-cover
// path finds the brute-force count, and the same solutions in the same
// order, with the same nodes, depths and branching histograms as the
// general path, with and without a solution limit.
func TestExactPath(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for trial := range 400 {
		p := randomExact(r, 2+r.IntN(7), r.IntN(4), 3+r.IntN(12))
		want := bruteExact(p)
		for _, limit := range []int64{0, 1, 2} {
			fast := p.Compile(Fewest)
			if !fast.exact() {
				t.Fatalf("trial %d: the exact-cover path does not apply", trial)
			}
			gen := p.Compile(Fewest)
			gen.general = true
			rf, sf := solveAll(fast, limit)
			rg, sg := solveAll(gen, limit)
			if limit == 0 && rf.Solutions != want {
				t.Fatalf("trial %d: %d solutions, brute force %d", trial, rf.Solutions, want)
			}
			rf.Stats.Updates, rg.Stats.Updates = 0, 0 // the exact path hides fewer nodes
			if !reflect.DeepEqual(rf, rg) || !reflect.DeepEqual(sf, sg) {
				t.Fatalf("trial %d, limit %d: exact path %+v %v, general %+v %v", trial, limit, rf, sf, rg, sg)
			}
			// The structure is back at the root: a second search agrees.
			if again, _ := solveAll(fast, limit); again.Solutions != rf.Solutions || again.Stats.Nodes != rf.Stats.Nodes {
				t.Fatalf("trial %d: second search %+v, first %+v", trial, again, rf)
			}
		}
	}
}

// TestExactPathParallel: workers on the exact-cover path replay their
// tasks on its own links and count what one worker counts.
func TestExactPathParallel(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for trial := range 100 {
		p := randomExact(r, 4+r.IntN(6), r.IntN(3), 8+r.IntN(12))
		one := p.Compile(Fewest).Solve(context.Background(), search.Limits{}, nil)
		for _, w := range []int{2, 3} {
			par := p.SolveParallel(context.Background(), Fewest, w, search.Limits{}, nil)
			one.Stats.Updates, par.Stats.Updates = 0, 0
			if !reflect.DeepEqual(one, par) {
				t.Fatalf("trial %d, %d workers: %+v, one worker %+v", trial, w, par, one)
			}
		}
	}
}

// TestExactPathApplies: the exact-cover path is taken exactly when the
// problem has no colours, multiplicities, pruner or items never branched
// on, under the fewest rule.
func TestExactPathApplies(t *testing.T) {
	plain := func() *Problem {
		p, _ := NewProblem([]string{"a", "b"}, []string{"s"})
		p.AddOption("a", "s")
		p.AddOption("b")
		return p
	}
	colours := plain()
	colours.AddOption("a", "s:red")
	bounds := plain()
	bounds.SetBounds(1, 0, 1)
	noBranch := plain()
	noBranch.NoBranch(2)
	pruned := plain()
	pruned.SetPruner(func() Pruner { return func(*Solver) bool { return false } })
	for _, c := range []struct {
		name      string
		p         *Problem
		s         Strategy
		want      bool
		solutions int64
	}{
		{"plain", plain(), Fewest, true, 1},
		{"fixed", plain(), Fixed, false, 1},
		{"sorted", plain(), Sorted, false, 1},
		{"colours", colours, Fewest, false, 2},    // {a s, b} and {a s:red, b}
		{"bounds", bounds, Fewest, false, 2},      // a at most once: {b} too
		{"no branch", noBranch, Fewest, false, 0}, // b is covered by no option chosen for a
		{"pruner", pruned, Fewest, false, 1},
	} {
		if got := c.p.Compile(c.s).exact(); got != c.want {
			t.Errorf("%s: exact() = %v, want %v", c.name, got, c.want)
		}
		if got := c.p.Compile(c.s).Solve(context.Background(), search.Limits{}, nil).Solutions; got != c.solutions {
			t.Errorf("%s: %d solutions, want %d", c.name, got, c.solutions)
		}
	}
}

// TestSomaDLX: the Soma cube (testdata/soma.dlx, written by `branchwise
// pack soma --dlx`) has 11,520 solutions in 254,675 nodes below the root,
// Knuth's DLX1 counting 254,676 with the root; the general path agrees.
func TestSomaDLX(t *testing.T) {
	if testing.Short() {
		t.Skip("a second or two")
	}
	p := readTestDLX(t, "testdata/soma.dlx")
	for _, general := range []bool{false, true} {
		s := p.Compile(Fewest)
		s.general = general
		r := s.Solve(context.Background(), search.Limits{}, nil)
		if r.Solutions != 11520 || r.Stats.Nodes != 254675 {
			t.Errorf("general %v: %d solutions, %d nodes; want 11520, 254675", general, r.Solutions, r.Stats.Nodes)
		}
	}
}

func readTestDLX(tb testing.TB, name string) *Problem {
	f, err := os.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	p, err := ReadDLX(f, name)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkSomaDLX counts the Soma cube's solutions on the exact-cover
// path, single-threaded: no allocation but the statistics' few slices.
func BenchmarkSomaDLX(b *testing.B) {
	s := readTestDLX(b, "testdata/soma.dlx").Compile(Fewest)
	for b.Loop() {
		if r := s.Solve(context.Background(), search.Limits{}, nil); r.Solutions != 11520 {
			b.Fatal(r.Solutions)
		}
	}
}

// BenchmarkSomaDLXGeneral is the same count on the general path.
func BenchmarkSomaDLXGeneral(b *testing.B) {
	s := readTestDLX(b, "testdata/soma.dlx").Compile(Fewest)
	s.general = true
	for b.Loop() {
		if r := s.Solve(context.Background(), search.Limits{}, nil); r.Solutions != 11520 {
			b.Fatal(r.Solutions)
		}
	}
}
