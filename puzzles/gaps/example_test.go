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
	dec, _ := gaps.Decide(context.Background(), deal, gaps.DecideOptions{Deadlock: true})
	pairs, cards, _ := gaps.Notation(deal, dec.Path)
	fmt.Println(dec.Verdict, pairs, cards)
	// Output: solvable [(H2, H4) (HA, H4) (H2, H4) (H3, H4)] [H2 HA H2 H3]
}
