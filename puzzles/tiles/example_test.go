package tiles_test

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/puzzles/tiles"
)

// Solve an eight-puzzle optimally (IDA* with the Manhattan distance) and
// print the blank's moves.
func ExampleSolve() {
	start, err := tiles.ParseBoard("8 7 6 5 4 3 2 1 0", 3, 3)
	if err != nil {
		panic(err)
	}
	r, err := tiles.Solve(context.Background(), start, tiles.Goal(3, 3), tiles.SolveOptions{})
	if err != nil {
		panic(err)
	}
	s := tiles.Summarize("reversed", start, r)
	fmt.Println(s.Status, s.Length, s.Moves)
	// Output: solved 28 UULLDDRRUULLDDRRUULLDDRRUULL
}

// Two of Korf's 100 fifteen-puzzles, checked against his published
// lengths and generated-node counts.
func ExampleRunKorf100() {
	r, err := tiles.RunKorf100(context.Background(), tiles.Korf100Options{Instances: []int{79, 12}, Workers: 2})
	if err != nil {
		panic(err)
	}
	for _, run := range r.Runs {
		fmt.Println(run.Index, run.Length, run.Generated, run.MatchesPublished)
	}
	fmt.Println(r.Matches, "of", len(r.Runs), "match Korf")
	// Output:
	// 79 42 540859 true
	// 12 45 546343 true
	// 2 of 2 match Korf
}
