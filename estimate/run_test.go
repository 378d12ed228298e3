package estimate

import (
	"context"
	"reflect"
	"testing"
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
