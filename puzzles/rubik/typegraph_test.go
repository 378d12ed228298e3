package rubik

import (
	"context"
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/search"
)

func totals(c []*big.Int) []int64 {
	out := make([]int64, len(c))
	for i, v := range c {
		out[i] = v.Int64()
	}
	return out
}

// noGoal hides the goal so that an enumeration runs to its depth bound.
type noGoal struct{ search.Domain }

func (noGoal) IsGoal() bool { return false }

// enumerate counts the nodes per depth of d's tree by search.DepthFirst.
func enumerate(d search.Domain, depth int, filter search.Automaton) []int64 {
	r := search.DepthFirst(context.Background(), noGoal{d}, search.Options{DepthBound: depth, Filter: filter})
	out := []int64{1}
	for k := 1; k <= depth; k++ {
		out = append(out, r.Stats.GeneratedByDepth[k])
	}
	return out
}

// TestTypeGraph: 13.34847 = 6 + 3 sqrt 6, b^2 - 12b - 18 on the recurrent
// types, and the node counts of Edelkamp and Korf's rules to depth 6, which
// an enumeration of the real tree confirms to depth 5.
func TestTypeGraph(t *testing.T) {
	q, _ := TypeGraph().Reduce()
	a := q.Analyze(1000)
	if !near(a.Asymptotic, 6+3*math.Sqrt(6), 1e-12) || !near(a.Asymptotic, 13.34847, 5e-6) {
		t.Errorf("rubik: %.8f, want 13.34847", a.Asymptotic)
	}
	if p := branching.PolyString(branching.CharPoly(q.RecurrentMatrix(a.Recurrent))); p != "b^2 - 12b - 18" {
		t.Errorf("rubik polynomial %s", p)
	}
	want := []int64{1, 18, 243, 3240, 43254, 577368, 7706988}
	if got := totals(q.Counts(6)); !slices.Equal(got, want) {
		t.Errorf("rubik counts %v, want %v", got, want)
	}
	if got := enumerate(NewDomain(Solved()), 5, nil); !slices.Equal(got, want[:6]) {
		t.Errorf("enumeration %v, recurrence %v", got, want[:6])
	}
}

// TestLearnFSM: the duplicate pairs learned at length 2 are Edelkamp and
// Korf's rules, so FSM pruning of all 18 turns gives 13.34847 and the same
// counts as MayFollow; at length 4 the automaton prunes more, and the
// enumeration with it as the move filter matches its type graph.
func TestLearnFSM(t *testing.T) {
	a, err := LearnFSM(context.Background(), 2, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	// 6 faces x 9 same-face pairs, 3 opposite pairs x 9 in the wrong order.
	if len(a.Forbidden) != 54+27 {
		t.Errorf("length 2: %d forbidden pairs, want 81", len(a.Forbidden))
	}
	g, err := TypeGraphFSM(context.Background(), a, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	q, _ := g.Reduce()
	if an := q.Analyze(1000); !near(an.Asymptotic, 13.34847, 5e-6) {
		t.Errorf("FSM of length 2: %.8f, want 13.34847", an.Asymptotic)
	}
	want := []int64{1, 18, 243, 3240, 43254, 577368}
	if got := totals(q.Counts(5)); !slices.Equal(got, want) {
		t.Errorf("FSM of length 2: counts %v, want %v", got, want)
	}
	a4, err := LearnFSM(context.Background(), 4, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	g4, err := TypeGraphFSM(context.Background(), a4, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	q4, _ := g4.Reduce()
	c4 := totals(q4.Counts(4))
	if got := enumerate(&Domain{Unpruned: true, cube: Solved()}, 4, a4); !slices.Equal(got, c4) {
		t.Errorf("FSM of length 4: enumeration %v, type graph %v", got, c4)
	}
	if c4[4] >= want[4] {
		t.Errorf("FSM of length 4 prunes nothing at depth 4: %d nodes", c4[4])
	}
	t.Logf("length 4: %d strings, %d states, counts %v, asymptotic %.5f", len(a4.Forbidden), a4.States(), c4, q4.Analyze(1000).Asymptotic)
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }
