package stats_test

import (
	"fmt"

	"github.com/branchwise/branchwise/internal/stats"
)

// The median of an even count is the mean of the two middle values.
func ExampleMedian() {
	fmt.Println(stats.Median([]int64{40, 10, 30, 20}), stats.Median([]float64{3, 1, 2}))
	// Output: 25 2
}

// 45 solvable deals of 50: the 95% Wilson interval of the fraction.
func ExampleWilson() {
	lo, hi := stats.Wilson(45, 50)
	fmt.Printf("%.1f%% (%.1f-%.1f%%)\n", 100*45/50.0, 100*lo, 100*hi)
	// Output: 90.0% (78.6-95.7%)
}
