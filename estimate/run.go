package estimate

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// Methods lists the estimators by the names Run takes.
var Methods = []string{"auto", "frontier", "knuth", "stratified", "purdom", "samplesearch", "paper", "exact"}

// Run estimates the tree of newTree with the method named: "frontier"
// (Frontier), "knuth" (Knuth), "stratified" (Stratified), "purdom"
// (Purdom), "samplesearch" (SampleSearch), "paper" (Cut on
// the exhaustive profile to opt.ExactDepth: Korekawa et al.'s method) or
// "exact" (that profile alone, Profile.Result). The samplers return what
// they have when ctx ends; the exhaustive count and Cut return ctx's error.
//
// With opt.MaxWork a sampler runs as Budgeted, and "auto" (Auto) chooses
// the sampler from a pilot run.
//
// A tree that is its root alone is counted, whatever the method: each
// probe would cost no move (a budget of moves would never be spent) and
// report an exact count as a spread.
func Run(ctx context.Context, method string, newTree func() Tree, opt Options) (Result, error) {
	if n, sol := newTree().Branches(); n == 0 && slices.Contains(Methods, method) {
		p := Profile{Nodes: []int64{1}, Branches: []int64{0}, Solutions: []int64{0}}
		if sol {
			p.Solutions[0] = 1
		}
		r := p.Result()
		r.Method, r.Samples = r.Method+" (the root is a leaf)", 1 // one count
		return r, nil
	}
	if method == "auto" {
		return Auto(ctx, newTree, opt)
	}
	if opt.MaxWork > 0 && method != "exact" && method != "paper" {
		r, _, err := budgeted(ctx, method, newTree, opt, opt.MaxWork)
		return r, err
	}
	return runMethod(ctx, method, newTree, opt)
}

// runMethod is Run with opt.Samples samples.
func runMethod(ctx context.Context, method string, newTree func() Tree, opt Options) (Result, error) {
	switch method {
	case "frontier":
		return Frontier(ctx, newTree, opt), nil
	case "knuth":
		return Knuth(ctx, newTree, opt), nil
	case "stratified":
		return Stratified(ctx, newTree, opt), nil
	case "purdom":
		return Purdom(ctx, newTree, opt), nil
	case "samplesearch":
		return SampleSearch(ctx, newTree, opt), nil
	case "exact", "paper":
		exact, err := exhaustive(ctx, newTree, opt.ExactDepth, opt.Workers, opt.Meter)
		if err != nil {
			return Result{}, err
		}
		if method == "exact" {
			return exact.Result(), nil
		}
		return Cut(ctx, newTree, exact, opt)
	}
	return Result{}, fmt.Errorf("estimate: unknown method %q (want %s)", method, strings.Join(Methods, ", "))
}

// MethodDefaults returns the settings a method takes when they are not
// given: its samples (Options.Samples), the depth it counts exactly
// (Options.ExactDepth), and whether its probes look ahead
// (Options.Lookahead: off for purdom, where it is unmeasured).
func MethodDefaults(method string) (samples, exactDepth int, lookahead bool) {
	samples = map[string]int{"auto": 1, "frontier": 20, "knuth": 10000, "stratified": 100, "paper": 20, "purdom": 30, "samplesearch": 30}[method]
	exactDepth = map[string]int{"frontier": 2, "paper": 3, "exact": 3}[method]
	return samples, exactDepth, method != "purdom"
}
