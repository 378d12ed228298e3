package gaps

import (
	"context"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// TestSpillStoreExact: the spilling store forgets nothing, so a depth-first
// decider whose store keeps under 1 MB of memory (spilling every 4,096
// positions or so) visits exactly the positions it visits with the hash store: the
// same verdict, the same positions generated and stored, the same path.
// Deals of 7 to 9 columns, solvable and unsolvable (exhausted), storing
// 3 to 9 times what the table holds (12,926 to 39,225 positions).
func TestSpillStoreExact(t *testing.T) {
	deals := []struct {
		cols int
		seed uint64
		algo string
	}{{8, 14, "decide-stubborn-dfs"}, {7, 17, "decide-stubborn-dfs+aces"}, {9, 5, "decide-stubborn-dfs"}, {8, 9, "decide-stubborn-dfs+aces"}, {9, 10, "decide-stubborn-dfs"}}
	if testing.Short() {
		deals = deals[:2] // sequential: the main test run checks them all
	}
	spilled := 0
	for _, dc := range deals {
		d := Generate(dc.cols, dc.seed)
		{
			algo := dc.algo
			want, err := Solve(context.Background(), d, algo, SolveOptions{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			got, err := Solve(context.Background(), d, algo, SolveOptions{Workers: 1, Store: "spill", Limits: search.Limits{MaxMem: 2 << 20}})
			if err != nil {
				t.Fatal(err)
			}
			if got.Verdict != want.Verdict || got.Generated != want.Generated || got.Stored != want.Stored || len(got.Path) != len(want.Path) {
				t.Fatalf("%dx%d deal %d, %s: spill %v %d generated %d stored %d moves; hash %v %d %d %d",
					4, dc.cols, dc.seed, algo, got.Verdict, got.Generated, got.Stored, len(got.Path), want.Verdict, want.Generated, want.Stored, len(want.Path))
			}
			if want.Verdict == Solvable {
				if ok, err := Replay(d, got.Path); !ok {
					t.Fatalf("deal %d: the solution does not replay: %v", dc.seed, err)
				}
			}
			if got.Stored > 3*4096 {
				spilled++
			}
		}
	}
	if spilled == 0 {
		t.Fatal("no deal stored enough positions to spill")
	}
}

// TestSpillNeedsMemoryLimit: a spilling store without --max-mem is an
// option error, before any search.
func TestSpillNeedsMemoryLimit(t *testing.T) {
	_, err := Solve(context.Background(), Generate(6, 1), "decide", SolveOptions{Store: "spill"})
	if err == nil || err.Error() != "spill keeps the store under half of --max-mem: give --max-mem" {
		t.Fatalf("err = %v", err)
	}
}
