package estimate_test

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/xcover"
)

// Estimate the search tree of a packing puzzle from a sample, then count
// it exhaustively to compare: the 3 x 20 pentomino rectangle, whose
// fewest-options tree is small enough to count. The tree's size is well
// estimated; its 8 solutions are rare leaves, which 200 probes per node of
// the frontier at depth 2 undercount. Equal seeds give equal estimates,
// whatever the number of workers.
func Example() {
	pk, err := polyform.Load("pentomino-3x20", "")
	if err != nil {
		panic(err)
	}
	tree := pk.Tree(xcover.Fewest) // one call: a packing's tree for the estimators
	r := estimate.Frontier(context.Background(), tree, estimate.Options{Seed: 1, Samples: 200, ExactDepth: 2, Workers: 2, Lookahead: true})
	fmt.Printf("estimate: %.0f nodes (%s: %.0f..%.0f), %.1f solutions\n", r.Nodes.Estimate, r.Nodes.Kind, r.Nodes.Low, r.Nodes.High, r.Solutions.Estimate)
	exact, err := estimate.Exhaustive(context.Background(), tree, 1000, 2)
	if err != nil {
		panic(err)
	}
	truth := exact.Result()
	fmt.Printf("exact:    %.0f nodes, %.0f solutions\n", truth.Nodes.Estimate, truth.Solutions.Estimate)
	// Output:
	// estimate: 32484 nodes (confidence: 30165..35560), 2.9 solutions
	// exact:    32978 nodes, 8 solutions
}
