package branching_test

import (
	"fmt"
	"strings"

	"github.com/branchwise/branchwise/branching"
)

// The Five Puzzle (2 x 3 sliding tiles) without the parent as a child, as
// the node-type matrix of Figure 4 of Edelkamp and Korf (1998): the exact
// node counts per depth, the asymptotic branching factor and the
// characteristic polynomial whose largest root it is: N(d) = N(d-3) +
// 2 N(d-4).
func Example() {
	g, err := branching.ReadMatrix(strings.NewReader(`start: cs
cc: 0 1 0 0
cs: 0 0 1 1
ss: 0 0 0 2
sc: 1 0 0 0
`), "five")
	if err != nil {
		panic(err)
	}
	r := branching.NewReport("Five Puzzle", g, 8)
	var counts []string
	for _, d := range r.Depths {
		counts = append(counts, d.Nodes)
	}
	fmt.Println(strings.Join(counts, " "))
	fmt.Printf("asymptotic %.5f, %s = 0\n", r.Asymptotic, r.Polynomial)
	// Output:
	// 1 2 3 3 4 7 9 10 15
	// asymptotic 1.35321, b^4 - b - 2 = 0
}
