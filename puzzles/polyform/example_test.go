package polyform_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// A board drawn in text, packed with four pentominoes picked by letter:
// the first solution, then the count of all and of those distinct under
// the board's rotations and reflections.
func Example() {
	board, _, err := polyform.ReadBoardSet(strings.NewReader(`grid: square
 ....
......
......
 ....
`), "custom")
	if err != nil {
		panic(err)
	}
	pieces, err := polyform.SelectPieces(polyform.Pentominoes(), "LPUY")
	if err != nil {
		panic(err)
	}
	pk, err := polyform.NewPacking(board, pieces)
	if err != nil {
		panic(err)
	}
	pk.Solve(context.Background(), xcover.Fewest, search.Limits{MaxSolutions: 1}, func(assign []int) bool {
		labels := make([]string, len(assign))
		for i, a := range assign {
			labels[i] = pk.Pieces[a].Name
		}
		for _, row := range pk.Board.Rows(labels) {
			fmt.Printf("|%-6s|\n", row)
		}
		return false
	})
	c := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{})
	fmt.Println(c.All, "packings,", c.Unique, "unique")
	// Output:
	// | LLLL |
	// |PPPULU|
	// |PPYUUU|
	// | YYYY |
	// 4 packings, 1 unique
}
