package logicgrid_test

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// Generate a puzzle with one solution and no redundant clue, then compare
// Igarashi et al.'s three clue-choice strategies on it: the nodes of each
// search to the proof of uniqueness.
func ExampleGenerate() {
	p, solution, err := logicgrid.Generate(context.Background(), 4, 3, logicgrid.GenOptions{Difficulty: 2, Seed: 7})
	if err != nil {
		panic(err)
	}
	fmt.Print(p.String())
	for _, s := range []string{"fewest", "sorted", "fixed"} {
		strategy, _ := xcover.ParseStrategy(s)
		r := logicgrid.Solve(context.Background(), p, logicgrid.Options{Strategy: strategy, Limits: search.Limits{MaxSolutions: 2}, Keep: 1})
		fmt.Println(s, r.Unique(), r.Nodes, r.Unique() && fmt.Sprint(r.Kept[0]) == fmt.Sprint(solution))
	}
	// Output:
	// pos: 1 2 3 4 (numeric)  # the key
	// colour: red green ivory yellow
	// hobby: chess golf reading piano
	// nation: English Spanish Ukrainian Norwegian
	// |ivory.pos - green.pos| = 1
	// Ukrainian.pos = Spanish.pos - 1
	// English = ivory
	// golf.pos % 2 = 0
	// Ukrainian.pos = 3
	// piano.pos = Spanish.pos - 1
	// piano.pos < reading.pos
	// yellow.pos = 1
	// fewest true 23 true
	// sorted true 33 true
	// fixed true 135 true
}
