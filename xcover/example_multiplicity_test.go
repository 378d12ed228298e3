package xcover_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// Knuth's DLX3 example: item C must be covered two or three times.
func ExampleProblem_SetBounds() {
	p, _ := xcover.NewProblem([]string{"A", "B", "C"}, []string{"X", "Y"})
	p.SetBounds(3, 2, 3)
	for _, o := range [][]string{{"A", "B", "X:0", "Y:0"}, {"A", "C", "X:1", "Y:1"}, {"C", "X:0"}, {"B", "X:1"}, {"C", "Y:1"}} {
		p.AddOption(o...)
	}
	p.Compile(xcover.Fewest).Solve(context.Background(), search.Limits{}, func(opts []int) bool {
		var rows []string
		for _, o := range opts {
			rows = append(rows, p.OptionString(o))
		}
		fmt.Println(strings.Join(rows, "; "))
		return true
	})
	// Output: A C X:1 Y:1; B X:1; C Y:1
}
