package workpool_test

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/internal/workpool"
)

// Squares computed on three goroutines come back in job order.
func ExampleMap() {
	squares, ran := workpool.Map(context.Background(), 3, 6, func(i int) int { return i * i }, nil)
	fmt.Println(squares, ran[5])
	// Output: [0 1 4 9 16 25] true
}
