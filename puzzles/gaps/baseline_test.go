package gaps

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
)

var update = flag.Bool("update", false, "rewrite testdata/baseline.golden")

// baselineAlgorithms are the search paradigms of the survey: the decider and
// the default --algos of 'gaps survey'.
var baselineAlgorithms = []string{"decide", "priority1", "priority2", "dfs-aces-first", "dfs-aces-last"}

// baselineMaxNodes bounds each search of the baseline so that the test
// stays fast; a search stopped by it is recorded as unknown with its counts,
// which are as deterministic as a verdict.
const baselineMaxNodes = 100000

// baselineSeeds is the number of deals of each size in the golden file.
const baselineSeeds = 40

// TestBaseline runs every survey algorithm on a fixed set of 200 deals (40
// seeds for each of 4..8 columns) and compares every verdict, node count,
// stored count, deadlock count and solution length with
// testdata/baseline.golden, recorded before the gaps engines became
// configurations of package search.
func TestBaseline(t *testing.T) {
	if testing.Short() {
		t.Skip("200 deals times 5 algorithms")
	}
	// Without -tags long, the first 10 seeds of each size: 50 deals,
	// compared with their lines of the golden file.
	seeds := uint64(baselineSeeds)
	if longtest.Short() {
		seeds = 10
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# columns seed algorithm verdict generated stored rejected length (max nodes %d)\n", baselineMaxNodes)
	for k := 4; k <= 8; k++ {
		for seed := uint64(1); seed <= seeds; seed++ {
			d := Generate(k, seed)
			for _, a := range baselineAlgorithms {
				o, err := Solve(context.Background(), d, a, SolveOptions{Workers: 1, Limits: search.Limits{MaxNodes: baselineMaxNodes}})
				if err != nil {
					t.Fatal(err)
				}
				if o.Verdict == Solvable {
					if ok, err := Replay(d, o.Path); err != nil || !ok {
						t.Fatalf("%d columns, seed %d, %s: the path does not win (%v)", k, seed, a, err)
					}
				}
				fmt.Fprintf(&b, "%d %d %s %s %d %d %d %d\n", k, seed, a, o.Verdict, o.Generated, o.Stored, o.Rejected, len(o.Path))
			}
			// The depth-first decider, which the survey does not run.
			dec, err := Decide(context.Background(), d, DecideOptions{Workers: 1, Limits: search.Limits{MaxNodes: baselineMaxNodes}, Deadlock: true, DepthFirst: true})
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%d %d %s %s %d %d %d %d\n", k, seed, "decide-depth-first", dec.Verdict, dec.Generated, dec.Stored, dec.Rejected, len(dec.Path))
		}
	}
	const path = "testdata/baseline.golden"
	if *update {
		if seeds != baselineSeeds {
			t.Fatal("-update writes all the seeds: build with -tags long")
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(b.String(), "\n")
	var wantLines []string
	for _, w := range strings.Split(string(want), "\n") {
		var k int
		var seed uint64
		if n, _ := fmt.Sscan(w, &k, &seed); n < 2 || seed <= seeds {
			wantLines = append(wantLines, w)
		}
	}
	for i, w := range wantLines {
		if i >= len(got) || got[i] != w {
			g := ""
			if i < len(got) {
				g = got[i]
			}
			t.Errorf("line %d: got %q, want %q", i+1, g, w)
		}
	}
}
