package polyform_test

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// The Soma cube: the 7 Soma pieces fill the 3 x 3 x 3 cube in 240 ways up
// to rotation and reflection, 11,520 in all.
func ExampleBox() {
	pk, err := polyform.NewPacking(polyform.Box(3, 3, 3), polyform.SomaPieces())
	if err != nil {
		panic(err)
	}
	c := pk.CountUnique(context.Background(), xcover.Fewest, 1, search.Limits{})
	fmt.Println(len(pk.Symmetries()), "symmetries:", c.All, "solutions,", c.Unique, "unique")
	// Output: 48 symmetries: 11520 solutions, 240 unique
}

// Two L pentominoes, one P or two, and at most one U, in a 4 x 5
// rectangle: copies are identical and counted once.
func ExampleParsePieces() {
	ps, ranges, err := polyform.ParsePieces(polyform.Pentominoes(), "L*2,P*1-2,U*0-1")
	if err != nil {
		panic(err)
	}
	pk, err := polyform.NewPackingRanges(polyform.Rectangle(5, 4), ps, ranges)
	if err != nil {
		panic(err)
	}
	c := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{})
	fmt.Println(c.All, "solutions,", c.Unique, "unique")
	// Output: 20 solutions, 6 unique
}
