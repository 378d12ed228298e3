package search_test

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/search/searchtest"
)

// IDA* sorts a stack of eight pancakes in the fewest flips.
func ExampleIDAStar() {
	p := searchtest.NewPancakes(8, 3)
	r := search.IDAStar(context.Background(), p, search.Options{})
	fmt.Println(r.Status, r.Cost, len(r.Stats.Iterations), "iterations")
	// Output: solved 5 2 iterations
}

// Weighted A* with mu = 2 (Berliner et al.'s adventurousness coefficient) finds a
// path across a weighted grid expanding fewer nodes than A*, at a cost at
// most twice the optimum.
func ExampleWeightedAStar() {
	g := searchtest.NewGrid(30, 30, 0.2, true, 5)
	for _, mu := range []float64{1, 2} {
		g.Reset()
		r := search.WeightedAStar(context.Background(), g, search.Options{Weight: mu})
		fmt.Printf("mu=%g: %v, cost %d, expanded %d\n", mu, r.Status, r.Cost, r.Stats.Expanded)
	}
	// Output:
	// mu=1: solved, cost 125, expanded 702
	// mu=2: solved, cost 126, expanded 430
}
