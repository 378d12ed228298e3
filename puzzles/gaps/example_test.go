package gaps_test

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/puzzles/gaps"
)

// Decide a 4-column deal and print its solution in Shintani's notation.
func Example() {
	deal, err := gaps.ParseString(`
H2 HA .. H3
DA D2 D3 ..
SA S2 S3 ..
CA C2 C3 ..
`, "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	dec, _ := gaps.Decide(context.Background(), deal, gaps.DecideOptions{Workers: 1, Deadlock: true})
	pairs, cards, _ := gaps.Notation(deal, dec.Path)
	fmt.Println(dec.Verdict, pairs, cards)
	// Output: solvable [(H2, H4) (HA, H4) (H2, H4) (H3, H4)] [H2 HA H2 H3]
}

// Survey the solvability of 50 random five-column deals, with the 95%
// Wilson interval of the solvable fraction, and the nodes A* needs on the
// solvable ones. Two deals are decided at once, each on one goroutine (0
// would give each deal every CPU, and node counts that vary from run to
// run).
func ExampleSurvey() {
	r := gaps.Survey(context.Background(), gaps.SurveyOptions{Columns: 5, Seed: 1, Deals: 50, Workers: 2, Algorithms: []string{"astar"},
		Solve: gaps.SolveOptions{Workers: 1}})
	fmt.Printf("%d of %d solvable (95%%: %.1f-%.1f%%)\n", r.Solvable, r.Deals, r.CILow, r.CIHigh)
	for _, a := range r.Algorithms {
		fmt.Printf("%s: median %.1f nodes, mean length %.2f\n", a.Name, a.MedianNodes, a.MeanLength)
	}
	// Output:
	// 45 of 50 solvable (95%: 78.6-95.7%)
	// auto: median 122.0 nodes, mean length 18.84
	// astar: median 767.0 nodes, mean length 17.89
}
