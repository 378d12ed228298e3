package gaps

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/search"
)

// TestSurveyMatchesSolve checks the survey's figures against the deals
// decided one by one.
func TestSurveyMatchesSolve(t *testing.T) {
	opt := SurveyOptions{Columns: 4, Seed: 1, Deals: 30, Workers: 2, Algorithms: []string{"astar", "priority1"}, Solve: SolveOptions{Workers: 1}}
	got := Survey(context.Background(), opt)
	var deals []DealOutcome
	solvable, unsolvable := 0, 0
	for i := range opt.Deals {
		d := Generate(4, opt.Seed+uint64(i))
		dec, err := Solve(context.Background(), d, "decide", SolveOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		r := DealOutcome{Seed: opt.Seed + uint64(i), Decision: dec}
		switch dec.Verdict {
		case Solvable:
			solvable++
			for _, a := range opt.Algorithms {
				o, _ := Solve(context.Background(), d, a, SolveOptions{Workers: 1})
				r.Runs = append(r.Runs, o)
			}
		case Unsolvable:
			unsolvable++
		}
		deals = append(deals, r)
	}
	// 28 of the first 30 four-column deals are solvable (cmd's survey
	// printed the same before the survey moved here).
	if got.Deals != 30 || got.Solvable != 28 || got.Unsolvable != 2 || solvable != 28 || unsolvable != 2 || got.Status != search.Solved {
		t.Fatalf("survey %+v; one by one %d solvable, %d unsolvable", got, solvable, unsolvable)
	}
	want := Summarize(4, opt.Algorithms, deals)
	want.Algorithms[0].Name = Auto // the default decider; it runs decide alone on these deals
	for j, a := range got.Algorithms {
		w := want.Algorithms[j]
		if a.Name != w.Name || a.Solved != w.Solved || a.MeanNodes != w.MeanNodes || a.MedianNodes != w.MedianNodes ||
			a.MeanLength != w.MeanLength || a.LengthRatio != w.LengthRatio || a.Rejected != w.Rejected {
			t.Errorf("algorithm %d: survey %+v, one by one %+v", j, a, w)
		}
	}
	if d := got.Algorithms[0]; d.Name != Auto || d.Solved != 28 || d.MeanNodes != 85.42857142857143 || d.MedianNodes != 46.5 || d.Rejected != 257 {
		t.Errorf("decider's figures %+v, want 28 solved, mean 85.43, median 46.5 nodes, 257 deadlocks", d)
	}
	if a := got.Algorithms[1]; a.LengthRatio != 1 {
		t.Errorf("astar's length ratio to itself %v, want 1", a.LengthRatio)
	}
}

// TestSurveyInterrupted is the regression test of an interrupted survey
// (issue 19, S2): the deals that never ran were counted as solvable, with
// a median of 0 nodes. Only the deals decided before the interruption count.
func TestSurveyInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := 0
	got := Survey(ctx, SurveyOptions{Columns: 5, Seed: 1, Deals: 200, Workers: 1, Solve: SolveOptions{Workers: 1}, Done: func(DealOutcome) {
		done++
		if done == 3 {
			cancel()
		}
	}})
	if got.Deals != 3 || got.Solvable+got.Unsolvable+got.Unknown != 3 || got.Status != search.Interrupted {
		t.Fatalf("interrupted after 3 deals: %d deals, %d solvable, %d unsolvable, %d unknown, interrupted %v",
			got.Deals, got.Solvable, got.Unsolvable, got.Unknown, got.Status)
	}
	if b, err := json.Marshal(got); err != nil || !strings.HasSuffix(string(b), `,"interrupted":true}`) {
		t.Errorf("JSON of an interrupted survey: %s, %v", b, err)
	}
	if b, err := json.Marshal(SurveyResult{}); err != nil || strings.Contains(string(b), "interrupted") {
		t.Errorf("JSON of a whole survey: %s, %v", b, err)
	}
	dec := got.Algorithms[0]
	if dec.Solved != got.Solvable || (dec.Solved > 0 && dec.MedianNodes == 0) {
		t.Errorf("decider %+v after 3 deals (%d solvable)", dec, got.Solvable)
	}
}

// TestCPUCurve checks the CPU curve on made-up deals against counts by
// hand: each step counts a deal decided at most that long, the last step is
// the slowest deal, and a survey without unknown deals has no curve.
func TestCPUCurve(t *testing.T) {
	deal := func(v Verdict, cpu time.Duration) DealOutcome {
		return DealOutcome{Decision: Outcome{Verdict: v, CPU: cpu}}
	}
	deals := []DealOutcome{
		deal(Solvable, 50*time.Millisecond),
		deal(Solvable, 100*time.Millisecond),
		deal(Unsolvable, 150*time.Millisecond),
		deal(Solvable, 900*time.Millisecond),
		deal(Unknown, 1500*time.Millisecond),
	}
	got := Summarize(13, nil, deals).ByCPU
	want := []struct {
		cpu                       float64
		solvable, unsolvable, und int
	}{{0.1, 2, 0, 3}, {0.2, 2, 1, 2}, {0.5, 2, 1, 2}, {1, 3, 1, 1}, {1.5, 3, 1, 1}}
	if len(got) != len(want) {
		t.Fatalf("curve %+v, want %d steps", got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.CPUSeconds != w.cpu || g.Solvable != w.solvable || g.Unsolvable != w.unsolvable || g.Undecided != w.und {
			t.Errorf("step %d: %+v, want %gs: %d solvable, %d unsolvable, %d undecided", i, g, w.cpu, w.solvable, w.unsolvable, w.und)
		}
	}
	if s := got[3]; s.SolvablePct != 75 || s.CILow < 30 || s.CILow > 31 || s.CIHigh < 95 || s.CIHigh > 96 {
		t.Errorf("1s step: %+v, want 75%% solvable, Wilson 30.1-95.4%%", s)
	}
	if c := Summarize(13, nil, deals[:4]).ByCPU; c != nil {
		t.Errorf("no unknown deal, curve %+v, want none", c)
	}
}

// TestSharesOfAll: with unknown deals the survey gives the shares of all
// the deals and the winnable share's bounds, the solvable share's lower
// Wilson bound and the upper bound of solvable + unknown (Wilson's values
// for 8 and 9 of 10 computed apart: 49.02% and 98.21%); without, none.
func TestSharesOfAll(t *testing.T) {
	var deals []DealOutcome
	for i, v := range []Verdict{Solvable, Solvable, Unknown, Solvable, Solvable, Unsolvable, Solvable, Solvable, Solvable, Solvable} {
		deals = append(deals, DealOutcome{Seed: uint64(i), Decision: Outcome{Verdict: v, CPU: time.Second}})
	}
	a := Summarize(13, nil, deals).OfAll
	near := func(x, want float64) bool { return math.Abs(x-want) < 0.005 }
	if a == nil || a.SolvablePct != 80 || a.UnknownPct != 10 || !near(a.SolvableLow, 49.02) || !near(a.SolvableHi, 94.33) ||
		!near(a.UnknownLow, 1.79) || !near(a.UnknownHi, 40.42) || a.WinnableLow != a.SolvableLow || !near(a.WinnableHi, 98.21) {
		t.Errorf("shares %+v", a)
	}
	deals[2].Decision.Verdict = Solvable
	if a := Summarize(13, nil, deals).OfAll; a != nil {
		t.Errorf("no unknown deal: shares %+v, want none", a)
	}
}
