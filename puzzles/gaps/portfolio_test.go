package gaps

import (
	"context"
	"testing"
	"time"

	"github.com/branchwise/branchwise/internal/cputime"
	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
)

// TestPortfolioVerdicts runs the portfolio of the 4 x 13 survey on small
// deals: the verdicts are decide's, and every solution replays.
func TestPortfolioVerdicts(t *testing.T) {
	for k := 5; k <= 6; k++ {
		for s := uint64(1); s <= 10; s++ {
			d := Generate(k, s)
			want, err := Solve(context.Background(), d, "decide", SolveOptions{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			got, err := Solve(context.Background(), d, "decide-reach,decide-stubborn-dfs", SolveOptions{Workers: 1, Limits: search.Limits{MaxTime: time.Minute}})
			if err != nil {
				t.Fatal(err)
			}
			if got.Verdict != want.Verdict || got.Algorithm != "decide-reach,decide-stubborn-dfs" {
				t.Fatalf("4 x %d seed %d: portfolio %v (%s), decide %v", k, s, got.Verdict, got.Algorithm, want.Verdict)
			}
			if got.Verdict == Solvable {
				if ok, err := Replay(d, got.Path); !ok {
					t.Fatalf("4 x %d seed %d: the portfolio's solution does not replay: %v", k, s, err)
				}
			}
		}
	}
}

// TestPortfolioShares checks that the second algorithm gets its turn: on
// 4 x 13 deal 1042 the best-first decider runs out of its half of the CPU
// budget, and the depth-first decider with stubborn sets then wins (in
// about 0.1 s of CPU, session 4's measurement).
func TestPortfolioShares(t *testing.T) {
	if longtest.Short() {
		t.Skip("two seconds of CPU")
	}
	if _, ok := cputime.Process(); !ok {
		t.Skip("no CPU clock")
	}
	d := Generate(13, 1042)
	out, err := Solve(context.Background(), d, "decide,decide-stubborn-dfs", SolveOptions{Workers: 1, Limits: search.Limits{MaxCPU: 4 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	if out.Verdict != Solvable {
		t.Fatalf("deal 1042: %v (%v) after %v of CPU, want solvable", out.Verdict, out.Status, out.CPU)
	}
	if ok, err := Replay(d, out.Path); !ok {
		t.Fatalf("deal 1042: the solution does not replay: %v", err)
	}
	if out.CPU < 2*time.Second {
		t.Errorf("deal 1042 won after %v of CPU: the best-first half did not use its 2s", out.CPU)
	}
	// One algorithm alone, stopped by the CPU budget: unknown, on time.
	out, err = Solve(context.Background(), d, "decide", SolveOptions{Workers: 1, Limits: search.Limits{MaxCPU: 300 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	if out.Verdict != Unknown || out.Status != search.TimeLimit || out.CPU < 300*time.Millisecond {
		t.Errorf("deal 1042, decide for 300ms of CPU: %v (%v) after %v", out.Verdict, out.Status, out.CPU)
	}
	// Auto gives best-first AutoFirstShare of the budget, then
	// depth-first wins within the rest.
	const budget = 4 * time.Second
	first := budget * AutoFirstShare / 1000
	out, err = Solve(context.Background(), d, Auto, SolveOptions{Workers: 1, Limits: search.Limits{MaxCPU: budget}})
	if err != nil {
		t.Fatal(err)
	}
	if out.Verdict != Solvable || out.CPU < first {
		t.Errorf("deal 1042, auto with %v of CPU: %v after %v, want solvable after at least %v", budget, out.Verdict, out.CPU, first)
	} else if ok, err := Replay(d, out.Path); !ok {
		t.Fatalf("deal 1042: auto's solution does not replay: %v", err)
	}
}

func TestPortfolioErrors(t *testing.T) {
	d := Generate(5, 1)
	for _, tc := range []struct {
		algo string
		o    SolveOptions
	}{
		{"decide,decide-stubborn-dfs", SolveOptions{Workers: 1}},                                     // nothing to share
		{"decide,nope", SolveOptions{Workers: 1, Limits: search.Limits{MaxCPU: time.Second}}},        // unknown member
		{"decide,,astar", SolveOptions{Workers: 1, Limits: search.Limits{MaxTime: time.Second}}},     // empty member
		{"decide,decide", SolveOptions{Workers: 1, Store: "tree", Limits: search.Limits{MaxCPU: 1}}}, // bad store
		{"auto,decide", SolveOptions{Workers: 1, Limits: search.Limits{MaxCPU: time.Second}}},        // auto is a portfolio
		{"auto+dl", SolveOptions{Workers: 1}},                                                        // no suffix on auto
		{"astar+suits", SolveOptions{Workers: 1}},                                                    // suit keys with the deciders only
	} {
		if _, err := Solve(context.Background(), d, tc.algo, tc.o); err == nil {
			t.Errorf("%q %+v: no error", tc.algo, tc.o)
		}
	}
	bad := []SurveySizes{
		{ToColumns: 5, SurveyOptions: SurveyOptions{Columns: 5, Deals: 1, Decider: "decide,decide-stubborn-dfs", Solve: SolveOptions{Workers: 1, Store: "hash"}}},
		{ToColumns: 5, SurveyOptions: SurveyOptions{Columns: 5, Deals: 1, Decider: "decide,astar", Solve: SolveOptions{Workers: 1, Store: "hash", Limits: search.Limits{MaxTime: time.Second}}}},
		{ToColumns: 5, SurveyOptions: SurveyOptions{Columns: 5, Deals: 1, Decider: "decide", Workers: 2, Solve: SolveOptions{Workers: 1, Store: "hash", Limits: search.Limits{MaxCPU: time.Second}}}},
		{ToColumns: 5, SurveyOptions: SurveyOptions{Columns: 5, Deals: 1, Decider: "auto,decide", Solve: SolveOptions{Workers: 1, Store: "hash", Limits: search.Limits{MaxTime: time.Second}}}},
		{ToColumns: 5, SurveyOptions: SurveyOptions{Columns: 5, Deals: 99999999999999, Decider: "decide"}}, // D7: a panic in makeslice
		{ToColumns: 5, SurveyOptions: SurveyOptions{Columns: 5, Deals: 1000000000, Decider: "decide"}},     // D7: out of memory
	}
	for i, o := range bad {
		if err := o.Check(); err == nil {
			t.Errorf("survey %d: no error", i)
		}
	}
}

// TestAutoVerdicts: the default decider without a limit gives decide's
// verdicts on small deals, with the same nodes (best-first decides them
// all within its budget), and with a best-first budget of 100 nodes the
// depth-first run takes over and still gives them.
func TestAutoVerdicts(t *testing.T) {
	for k := 4; k <= 6; k++ {
		for s := uint64(1); s <= 12; s++ {
			d := Generate(k, s)
			want, err := Solve(context.Background(), d, "decide", SolveOptions{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, first := range []int64{0, 100} {
				got, err := Solve(context.Background(), d, Auto, SolveOptions{Workers: 1, AutoFirst: first})
				if err != nil {
					t.Fatal(err)
				}
				if got.Verdict != want.Verdict || got.Algorithm != Auto {
					t.Fatalf("4 x %d seed %d, first %d: auto %v (%s), decide %v", k, s, first, got.Verdict, got.Algorithm, want.Verdict)
				}
				if first == 0 && got.Generated != want.Generated {
					t.Errorf("4 x %d seed %d: auto generated %d, decide %d", k, s, got.Generated, want.Generated)
				}
				if got.Verdict == Solvable {
					if ok, err := Replay(d, got.Path); !ok {
						t.Fatalf("4 x %d seed %d: auto's solution does not replay: %v", k, s, err)
					}
				}
			}
		}
	}
}

// TestAutoNodes: auto's node limits without a time limit.
func TestAutoNodes(t *testing.T) {
	for _, tc := range []struct {
		i                   int
		limit, first, spent int64
		want                int64
	}{
		{0, 0, AutoFirstNodes, 0, AutoFirstNodes},
		{0, 1000, AutoFirstNodes, 0, 1000},
		{0, 1000, 10, 0, 10},
		{1, 0, 10, 10, 0},
		{1, 1000, 10, 10, 990},
		{1, 1000, 10, 1000, 1},
	} {
		if got := autoNodes(tc.i, tc.limit, tc.first, tc.spent); got != tc.want {
			t.Errorf("autoNodes(%d, %d, %d, %d) = %d, want %d", tc.i, tc.limit, tc.first, tc.spent, got, tc.want)
		}
	}
	// Deal 1042 of 4 x 13: best-first stops after its 200,000 nodes and
	// depth-first with stubborn sets wins (in about 0.1 s, session 4).
	d := Generate(13, 1042)
	out, err := Solve(context.Background(), d, Auto, SolveOptions{Workers: 1, AutoFirst: 200_000})
	if err != nil {
		t.Fatal(err)
	}
	if out.Verdict != Solvable || out.Generated <= 200_000 {
		t.Errorf("deal 1042, auto with 200,000 first nodes: %v, %d generated", out.Verdict, out.Generated)
	} else if ok, err := Replay(d, out.Path); !ok {
		t.Fatalf("deal 1042: auto's solution does not replay: %v", err)
	}
	// A node limit below the first budget stops auto after best-first.
	out, err = Solve(context.Background(), d, Auto, SolveOptions{Workers: 1, Limits: search.Limits{MaxNodes: 5000}})
	if err != nil {
		t.Fatal(err)
	}
	if out.Verdict != Unknown || out.Status != search.NodeLimit || out.Generated > 5000+16 {
		t.Errorf("deal 1042, auto with 5000 nodes: %v (%v), %d generated", out.Verdict, out.Status, out.Generated)
	}
}
