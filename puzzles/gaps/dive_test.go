package gaps

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/branchwise/branchwise/internal/cputime"
	"github.com/branchwise/branchwise/search"
)

// TestLuby checks the first terms of Luby, Sinclair and Zuckerman's
// sequence as they publish it.
func TestLuby(t *testing.T) {
	if Luby(0) != 0 || Luby(-3) != 0 {
		t.Fatalf("Luby(0) = %d, Luby(-3) = %d, want 0", Luby(0), Luby(-3))
	}
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16, 1}
	for i, w := range want {
		if got := Luby(i + 1); got != w {
			t.Fatalf("Luby(%d) = %d, want %d", i+1, got, w)
		}
	}
}

// TestDiveSmallExact runs Dive without limits on small deals, standard
// and rule variants, against the exhaustive decider: it wins exactly the
// solvable deals, each with a path that replays, and on an unsolvable deal
// its dives run out of positions (ErrDiveExhausted), never claiming a
// verdict.
func TestDiveSmallExact(t *testing.T) {
	type set struct {
		k      int
		seeds  uint64
		rules  Rules
		noAces bool
	}
	sets := []set{{4, 200, Rules{}, false}, {5, 60, Rules{}, false}, {6, 12, Rules{}, false},
		{5, 30, Rules{}, true}, {6, 6, Rules{}, true},
		{4, 60, Rules{FixedSuits: true}, false}, {4, 60, Rules{Redeals: 1}, false}, {5, 10, Rules{Redeals: 2}, false}}
	var won, lost int
	for _, st := range sets {
		for s := uint64(1); s <= st.seeds; s++ {
			d := Generate(st.k, s)
			d.Rules = st.rules
			want, err := Decide(context.Background(), d, DecideOptions{Deadlock: true, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			got, err := Dive(context.Background(), d, DiveOptions{Unit: 50, NoAces: st.noAces})
			if err != nil {
				t.Fatal(err)
			}
			switch want.Verdict {
			case Solvable:
				won++
				if got.Verdict != Solvable {
					t.Fatalf("4 x %d seed %d (%v, no aces %v): dive %v (%v), want solvable", st.k, s, st.rules, st.noAces, got.Verdict, got.Err)
				}
				if ok, err := Replay(d, got.Path); !ok || err != nil {
					t.Fatalf("4 x %d seed %d (%v, no aces %v): the dive's path does not replay to a win (%v)", st.k, s, st.rules, st.noAces, err)
				}
			case Unsolvable:
				lost++
				if got.Verdict != Unknown || got.Status != search.Stopped || !errors.Is(got.Err, ErrDiveExhausted) {
					t.Fatalf("4 x %d seed %d (%v, no aces %v): dive %v (%v, %v) on an unsolvable deal, want unknown, exhausted", st.k, s, st.rules, st.noAces, got.Verdict, got.Status, got.Err)
				}
			default:
				t.Fatalf("4 x %d seed %d: the decider gave no verdict", st.k, s)
			}
		}
	}
	if won == 0 || lost == 0 {
		t.Fatalf("%d solvable and %d unsolvable deals: the test needs both", won, lost)
	}
}

// TestDiveFullReplays gives Dive 100,000 nodes on full and middling deals:
// every win replays from the deal, and a deal it does not win stops on the
// node limit exactly.
func TestDiveFullReplays(t *testing.T) {
	n := 0
	for _, c := range []struct {
		k     int
		seeds []uint64
	}{{8, []uint64{1, 2, 3, 4, 5, 6}}, {10, []uint64{1, 2, 3}}, {13, []uint64{1000, 1001, 20035}}} {
		for _, s := range c.seeds {
			d := Generate(c.k, s)
			got, err := Dive(context.Background(), d, DiveOptions{Limits: search.Limits{MaxNodes: 100_000}})
			if err != nil {
				t.Fatal(err)
			}
			switch got.Verdict {
			case Solvable:
				n++
				if ok, err := Replay(d, got.Path); !ok || err != nil {
					t.Fatalf("4 x %d seed %d: the dive's path does not replay to a win (%v)", c.k, s, err)
				}
			case Unknown:
				if got.Status == search.NodeLimit && got.Generated != 100_000 {
					t.Fatalf("4 x %d seed %d: stopped on the node limit after %d nodes, want 100000", c.k, s, got.Generated)
				}
			default:
				t.Fatalf("4 x %d seed %d: dive %v", c.k, s, got.Verdict)
			}
		}
	}
	if n == 0 {
		t.Fatal("no deal won: the test checks no path")
	}
}

// TestDiveDeterministic checks that a deal and a Seed give the same dives:
// the same path, nodes and number of dives, for Luby and geometric budgets.
func TestDiveDeterministic(t *testing.T) {
	for _, o := range []DiveOptions{{Unit: 500}, {Unit: 500, Growth: 1500}, {Unit: 500, Seed: 7}, {Unit: 500, NoStore: true}, {Unit: 500, NoAces: true}} {
		d := Generate(13, 20035)
		o.MaxNodes = 40_000
		a, err := Dive(context.Background(), d, o)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Dive(context.Background(), d, o)
		if err != nil {
			t.Fatal(err)
		}
		if a.Verdict != b.Verdict || a.Generated != b.Generated || a.Dives != b.Dives || !slices.Equal(a.Path, b.Path) {
			t.Fatalf("%+v: two runs differ: %v %d nodes %d dives, %v %d nodes %d dives", o, a.Verdict, a.Generated, a.Dives, b.Verdict, b.Generated, b.Dives)
		}
		if a.Dives < 2 {
			t.Fatalf("%+v: %d dives, want restarts", o, a.Dives)
		}
	}
}

// TestDiveLimits checks that Dive stops on each limit with the status that
// names it, and keeps its store within MaxMem: on 4 x 13 deal 20004, which
// is unsolvable (docs/gaps-notes.md), so no dive can end the search.
func TestDiveLimits(t *testing.T) {
	d := Generate(13, 20004)
	got, err := Dive(context.Background(), d, DiveOptions{Limits: search.Limits{MaxNodes: 30_000, MaxMem: 1 << 20}, Unit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if got.Verdict != Unknown || got.Status != search.NodeLimit || got.Generated != 30_000 || got.Bytes > 1<<20 {
		t.Fatalf("node limit: %v %v, %d nodes, %d bytes", got.Verdict, got.Status, got.Generated, got.Bytes)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, err = Dive(ctx, d, DiveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got.Verdict != Unknown || got.Status != search.Interrupted {
		t.Fatalf("cancelled: %v %v", got.Verdict, got.Status)
	}
	if _, ok := cputime.Process(); !ok {
		return
	}
	got, err = Dive(context.Background(), d, DiveOptions{Limits: search.Limits{MaxCPU: 50 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	if got.Verdict != Unknown || got.Status != search.TimeLimit || !errors.Is(got.Err, search.ErrCPULimit) {
		t.Fatalf("CPU limit: %v %v %v", got.Verdict, got.Status, got.Err)
	}
}

// TestSolveDive checks the dive through Solve: --algo dive wins a deal
// with a path that replays and respects the node limit.
func TestSolveDive(t *testing.T) {
	d := Generate(8, 1)
	out, err := Solve(context.Background(), d, "dive", SolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if out.Verdict != Solvable || out.Algorithm != "dive" {
		t.Fatalf("4 x 8 seed 1: %v (%s), want solvable", out.Verdict, out.Algorithm)
	}
	if ok, err := Replay(d, out.Path); !ok || err != nil {
		t.Fatalf("the path does not replay: %v", err)
	}
	out, err = Solve(context.Background(), Generate(13, 20004), "dive", SolveOptions{Limits: search.Limits{MaxNodes: 5000}})
	if err != nil {
		t.Fatal(err)
	}
	if out.Verdict != Unknown || out.Status != search.NodeLimit || out.Generated != 5000 {
		t.Fatalf("deal 20004 at 5000 nodes: %v %v %d", out.Verdict, out.Status, out.Generated)
	}
}

// BenchmarkDive makes 100,000 nodes of dives of 2,000 nodes on 4 x 13
// deal 20004 (unsolvable, so every dive runs its budget out): the
// allocations per op are the search's setup and its stacks' and table's
// growth, none per node.
func BenchmarkDive(b *testing.B) {
	d := Generate(13, 20004)
	b.ReportAllocs()
	for b.Loop() {
		got, err := Dive(context.Background(), d, DiveOptions{Limits: search.Limits{MaxNodes: 100_000}, Unit: 2000})
		if err != nil || got.Generated != 100_000 {
			b.Fatal(got.Generated, err)
		}
	}
}
