package xcover_test

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// An exact cover problem from scratch: the example of Knuth's "Dancing
// links" (2000), items A to G and six options, whose only solution is
// {A D}, {B G}, {C E F}; the options are printed in the order chosen.
func Example() {
	p, err := xcover.NewProblem([]string{"A", "B", "C", "D", "E", "F", "G"}, nil)
	if err != nil {
		panic(err)
	}
	for _, o := range [][]string{{"C", "E", "F"}, {"A", "D", "G"}, {"B", "C", "F"}, {"A", "D"}, {"B", "G"}, {"D", "E", "G"}} {
		if _, err := p.AddOption(o...); err != nil {
			panic(err)
		}
	}
	r := p.Compile(xcover.Fewest).Solve(context.Background(), search.Limits{}, func(options []int) bool {
		for _, o := range options {
			fmt.Println(p.OptionString(o))
		}
		return true
	})
	fmt.Println(r.Solutions, "solution,", r.Stats.Nodes, "nodes")
	// Output:
	// A D
	// C E F
	// B G
	// 1 solution, 5 nodes
}

// Secondary items with colours: two options may share a secondary item
// only when they give it the same colour.
func ExampleProblem_AddOption_colours() {
	p, _ := xcover.NewProblem([]string{"a", "b"}, []string{"x"})
	p.AddOption("a", "x:red")
	p.AddOption("b", "x:red")
	p.AddOption("b", "x:blue")
	r := p.Compile(xcover.Fewest).Solve(context.Background(), search.Limits{}, nil)
	fmt.Println(r.Solutions)
	// Output: 1
}
