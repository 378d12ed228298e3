package estimate

import (
	"context"
	"fmt"
)

// Purdom's probes as wide as the widest node are the exhaustive search:
// every replicate is the count, and the interval says so.
func ExamplePurdom() {
	tree := newHashTree(10)
	nodes, sols := count(tree())
	r := Purdom(context.Background(), tree, Options{Seed: 1, Samples: 40, Width: 5})
	fmt.Println(nodes, sols)
	fmt.Println(r.Nodes.Estimate, r.Nodes.Kind, r.Solutions.Estimate, r.Solutions.Kind)
	// Output:
	// 4759 825
	// 4759 exact 825 exact
}

// A target on a quantity whose replicates are normal: rounds pool until
// the 95% confidence interval is within 5% of the estimate.
func ExampleTarget_Run() {
	round := func(ctx context.Context, k int) Result {
		xs := make([]float64, 30)
		for i := range xs {
			xs[i] = 100 + float64((i*7+k*3)%11) - 5 // spread +-5 about 100
		}
		r := Result{Samples: 30, Replicates: Replicates{Nodes: xs, Solutions: xs, Hits: 1000, Work: minConfidenceWork}}
		r.Nodes, r.Solutions = r.Replicates.intervals()
		return r
	}
	r, why := Target{Relative: 0.02}.Run(context.Background(), round)
	fmt.Println(why, r.Samples, r.Solutions.Kind, r.Solutions.RelativeHalfWidth() <= 0.02)
	// Output:
	// target 30 confidence true
}
