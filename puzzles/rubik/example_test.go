package rubik_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/branchwise/branchwise/puzzles/rubik"
	"github.com/branchwise/branchwise/search"
)

// Scramble the cube with four face turns and let iterative deepening find
// the shortest way back (the domain has no heuristic: IDA* is then
// depth-first iterative deepening). The way back undoes the turns in the
// reverse order.
func Example() {
	c := rubik.Solved()
	for _, m := range []int{0, 4, 7, 11} { // U R2 F2 D'
		c = c.Turn(m)
	}
	r := search.IDAStar(context.Background(), rubik.NewDomain(c), search.Options{})
	var moves []string
	for _, m := range r.Path {
		moves = append(moves, rubik.MoveName(int(m)))
	}
	fmt.Println(r.Status, r.Cost, strings.Join(moves, " "))
	// Output: solved 4 D F2 R2 U'
}
