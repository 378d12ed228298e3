package estimate

import (
	"context"
	"reflect"
	"testing"
	"time"
)

// TestRun: each method name runs its estimator, with the same result.
func TestRun(t *testing.T) {
	newTree := newHashTree(6)
	opt := Options{Seed: 3, Samples: 50, ExactDepth: 2, Workers: 2, CutP: 0.5, CutFrom: 2, CutTo: 4}
	ctx := context.Background()
	exact, err := Exhaustive(ctx, newTree, opt.ExactDepth, opt.Workers)
	if err != nil {
		t.Fatal(err)
	}
	cut, err := Cut(ctx, newTree, exact, opt)
	if err != nil {
		t.Fatal(err)
	}
	for method, want := range map[string]Result{
		"frontier":   Frontier(ctx, newTree, opt),
		"knuth":      Knuth(ctx, newTree, opt),
		"stratified": Stratified(ctx, newTree, opt),
		"exact":      exact.Result(),
		"paper":      cut,
	} {
		got, err := Run(ctx, method, newTree, opt)
		if err != nil || !reflect.DeepEqual(got.Nodes, want.Nodes) || !reflect.DeepEqual(got.Solutions, want.Solutions) || got.Work != want.Work {
			t.Errorf("%s: %+v, %v; want %+v", method, got.Nodes, err, want.Nodes)
		}
	}
	if _, err := Run(ctx, "guess", newTree, opt); err == nil {
		t.Error("unknown method accepted")
	}
}

// leaf is a tree that is its root alone.
type leaf struct{ solution bool }

func (l leaf) Branches() (int, bool) { return 0, l.solution }
func (leaf) Down(int)                {}
func (leaf) Up()                     {}
func (leaf) Depth() int              { return 0 }

// TestRunLeaf: the estimate of a tree that is its root alone is that
// root, exactly, by every method; on a budget of moves it used to draw
// probes of no move without end (issue 36, D15).
func TestRunLeaf(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, sol := range []bool{false, true} {
		want := Interval{Estimate: 0, Kind: KindExact}
		if sol {
			want = Interval{Estimate: 1, Low: 1, High: 1, Kind: KindExact}
		}
		for _, method := range Methods {
			for _, work := range []int64{0, 1000} {
				r, err := Run(ctx, method, func() Tree { return leaf{sol} }, Options{Seed: 1, Samples: 10, MaxWork: work, Workers: 2})
				if err != nil || r.Nodes != (Interval{Estimate: 1, Low: 1, High: 1, Kind: KindExact}) || r.Solutions != want {
					t.Errorf("%s, solution %t, work %d: nodes %+v, solutions %+v, %v; want exactly 1 and %g", method, sol, work, r.Nodes, r.Solutions, err, want.Estimate)
				}
			}
		}
	}
}
