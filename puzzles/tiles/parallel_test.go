package tiles

import (
	"context"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// TestSolveMatchesKorf checks the parallel IDA* with the Manhattan distance
// against Korf's generated-node counts, whole searches and iteration by
// iteration against the sequential IDA, for 1, 2 and 3 workers.
func TestSolveMatchesKorf(t *testing.T) {
	insts, res := loadKorf(t)
	n := 0
	for _, in := range insts {
		want := res[in.Name]
		limit := int64(2_000_000)
		if testing.Short() {
			limit = 600_000
		}
		if want.generated > limit {
			continue
		}
		n++
		p, _ := NewPuzzle(in.Board, Goal(4, 4), false)
		seq := IDA(context.Background(), p, IDAOptions{})
		for _, w := range []int{1, 2, 3} {
			r := ParallelIDA(context.Background(), p, ParallelOptions{Workers: w})
			if r.Status != search.Solved || r.Cost != want.optimal || r.Stats.Generated != want.generated {
				t.Errorf("#%s -j %d: %v, length %d, generated %d; want length %d, generated %d",
					in.Name, w, r.Status, r.Cost, r.Stats.Generated, want.optimal, want.generated)
			}
			if len(r.Stats.Iterations) != len(seq.Stats.Iterations) {
				t.Fatalf("#%s -j %d: %d iterations, sequential %d", in.Name, w, len(r.Stats.Iterations), len(seq.Stats.Iterations))
			}
			for i, it := range r.Stats.Iterations {
				if it != seq.Stats.Iterations[i] {
					t.Errorf("#%s -j %d iteration %d: %+v, sequential %+v", in.Name, w, i, it, seq.Stats.Iterations[i])
				}
			}
			checkPath(t, in.Board, r.Path, r.Cost)
		}
	}
	if n < 2 {
		t.Fatalf("only %d cheap instances", n)
	}
}
