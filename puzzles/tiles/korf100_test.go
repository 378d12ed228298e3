package tiles

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// TestRunKorf100 runs Korf's two cheapest instances (79 and 12, about half
// a million nodes each) with his configuration and checks his counts.
func TestRunKorf100(t *testing.T) {
	var done []int
	var lines []string
	got, err := RunKorf100(context.Background(), Korf100Options{Instances: []int{79, 12}, Workers: 2,
		Done:   func(r KorfRun) { done = append(done, r.Index) },
		Printf: func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "korf100: 2/2 instances done, 1,087,202 nodes, ") {
		t.Errorf("progress lines %q", lines)
	}
	if !got.CheckCounts || got.Solved != 2 || got.Matches != 2 || got.Optimal != 2 || got.SumLength != 42+45 ||
		got.Generated != 540859+546343 || got.MeanLengthRatio != 1 || got.Status != search.Solved || len(done) != 2 {
		t.Fatalf("%+v", got)
	}
	if got.Runs[0].Index != 79 || got.Runs[1].Index != 12 || got.Runs[0].KorfGenerated != 540859 {
		t.Errorf("runs out of order: %+v", got.Runs)
	}
	if _, err := RunKorf100(context.Background(), Korf100Options{Instances: []int{101}}); err == nil {
		t.Error("instance 101 accepted")
	}
}

// TestRunKorf100Limit: weighted A* under a node limit leaves instances
// stopped, counted as run but not solved; counts are not checked.
func TestRunKorf100Limit(t *testing.T) {
	got, err := RunKorf100(context.Background(), Korf100Options{Instances: []int{79, 12, 1},
		Solve: SolveOptions{Algorithm: "wastar", Weight: 3, Limits: search.Limits{MaxNodes: 20000}}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got.CheckCounts || len(got.Runs) != 3 || got.Solved+countStatus(got.Runs, search.Stopped) != 3 || got.Weight != 3 {
		t.Fatalf("%+v", got)
	}
	for _, r := range got.Runs {
		if r.Status == search.Solved && r.Length < r.Optimal {
			t.Errorf("instance %d: length %d below the optimum %d", r.Index, r.Length, r.Optimal)
		}
	}
}

// TestRunKorf100Stopped: under Korf's configuration an instance its node
// limit stopped is reported as stopped, not as differing from his counts,
// and is no error; the finished one is still compared (issue 36, D12).
func TestRunKorf100Stopped(t *testing.T) {
	got, err := RunKorf100(context.Background(), Korf100Options{Instances: []int{79, 2}, Workers: 1,
		Solve: SolveOptions{Limits: search.Limits{MaxNodes: 600000}}})
	if err != nil {
		t.Fatal(err)
	}
	if !got.CheckCounts || got.Solved != 1 || got.Matches != 1 || got.Stopped != 1 || got.Err() != nil {
		t.Fatalf("%+v, verdict %v", got, got.Err())
	}
	var tab strings.Builder
	got.WriteTable(&tab)
	if strings.Contains(tab.String(), "differs") || !strings.Contains(tab.String(), "node limit") ||
		!strings.Contains(tab.String(), "(2 run, 1 stopped by a limit)") || !strings.Contains(tab.String(), "1 of 1 match") {
		t.Errorf("table:\n%s", tab.String())
	}
	// A finished run that differs is still an error.
	got.Runs[0].MatchesPublished, got.Matches = false, 0
	if got.Err() == nil {
		t.Error("a finished instance that differs is no error")
	}
}

func TestRunKorf100Cancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, err := RunKorf100(ctx, Korf100Options{Instances: []int{1, 2}, Workers: 2})
	if err != nil || got.Status != search.Interrupted || len(got.Runs) != 0 || got.Solved != 0 {
		t.Fatalf("%+v, %v", got, err)
	}
	if b, err := json.Marshal(got); err != nil || !strings.HasSuffix(string(b), `,"interrupted":true}`) {
		t.Errorf("JSON of an interrupted run: %s, %v", b, err)
	}
}

func countStatus(rs []KorfRun, status search.Status) int {
	n := 0
	for _, r := range rs {
		if r.Status == status {
			n++
		}
	}
	return n
}

func TestSolveDispatch(t *testing.T) {
	start, err := ParseBoard("8 7 6 5 4 3 2 1 0", 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, algo := range []string{"", "ida", "astar", "dfid"} {
		r, err := Solve(context.Background(), start, Goal(3, 3), SolveOptions{Algorithm: algo})
		if err != nil || r.Status != search.Solved || r.Cost != 28 {
			t.Errorf("%q: %v, %v, cost %d; want solved in 28", algo, err, r.Status, r.Cost)
		}
	}
	if _, err := Solve(context.Background(), start, Goal(3, 3), SolveOptions{Algorithm: "quantum"}); err == nil {
		t.Error("unknown algorithm accepted")
	}
}

// TestRunKorf100PDB: with a pattern database the run is named after it and
// checks lengths only (Korf's counts are the Manhattan distance's).
func TestRunKorf100PDB(t *testing.T) {
	h, _, err := LoadPartition(context.Background(), "pdb555", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := RunKorf100(context.Background(), Korf100Options{Instances: []int{79, 12}, Workers: 1,
		Solve: SolveOptions{PDB: h, Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if got.CheckCounts || got.Heuristic != "pdb555" || got.Solved != 2 || got.Matches != 2 || got.SumLength != 42+45 ||
		got.Runs[0].KorfGenerated != 0 || got.Generated >= 540859+546343 {
		t.Fatalf("%+v", got)
	}
}
