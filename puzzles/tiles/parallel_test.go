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

// TestParallelProgress runs a search longer than progressEvery and checks
// the Progress calls: at least one, bounds of the search's parity at or
// above the root's heuristic and never falling, node counts never falling.
func TestParallelProgress(t *testing.T) {
	insts, res := loadKorf(t)
	var hard Instance
	for _, in := range insts {
		if res[in.Name].generated > res[hard.Name].generated {
			hard = in
		}
	}
	p, _ := NewPuzzle(hard.Board, Goal(4, 4), false)
	h := newSearcher(p, nil).h
	var bounds []int
	var nodes []int64
	o := ParallelOptions{Workers: 2, Limits: search.Limits{MaxTime: 4 * progressEvery}}
	o.Progress = func(bound int, generated int64) {
		bounds, nodes = append(bounds, bound), append(nodes, generated)
	}
	r := ParallelIDA(context.Background(), p, o)
	if r.Status != search.Stopped {
		t.Fatalf("#%s: %v within %v; want a search that stops on its time limit", hard.Name, r.Status, o.MaxTime)
	}
	if len(bounds) == 0 {
		t.Fatalf("#%s: no Progress call in %v", hard.Name, o.MaxTime)
	}
	for i, b := range bounds {
		if b < h || (b-h)%2 != 0 || i > 0 && (b < bounds[i-1] || nodes[i] < nodes[i-1]) {
			t.Fatalf("#%s: progress (bound, nodes) %v %v from a root of heuristic %d", hard.Name, bounds, nodes, h)
		}
	}
}
