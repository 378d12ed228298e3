package estimate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/search"
)

func TestJobCheck(t *testing.T) {
	ok := Options{Samples: 10, Workers: 1, Width: 3}
	for _, tc := range []struct {
		j    Job
		want string
	}{
		{Job{Method: "frontier", Options: ok}, ""},
		{Job{Method: "guess", Options: ok}, "unknown method \"guess\""},
		{Job{Method: "purdom", Options: Options{Samples: 1, Workers: 1}}, "--width must be at least 1"},
		{Job{Method: "knuth", Options: ok, Limits: search.Limits{MaxTime: time.Second}}, "--max-time is for --target"},
		{Job{Method: "knuth", Options: Options{Workers: 1, Width: 1}}, "--samples must be at least 1"},
		{Job{Method: "exact", Options: Options{Workers: 1, Width: 1}}, ""},
		{Job{Method: "frontier", Options: ok, Budget: time.Second}, "--time is for --method knuth"},
		{Job{Method: "frontier", Options: ok, Target: "ten"}, "--target \"ten\": want a relative half-width"},
		{Job{Method: "frontier", Options: ok, Target: "150%"}, "--target \"150%\": estimate: target half-width 150% outside"},
		{Job{Method: "exact", Options: ok, Target: "10%"}, "--target with --method exact: " + ErrNoInterval.Error()},
		{Job{Method: "knuth", Options: ok, Target: "0.1", Budget: time.Second}, "--target and --time"},
		{Job{Method: "stratified", Options: Options{Samples: 1, Workers: 1, Width: 1, Strata: 3}}, "--strata must be 0, 1 or 2"},
	} {
		err := tc.j.Check()
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)) {
			t.Errorf("%+v: %v, want %q", tc.j, err, tc.want)
		}
	}
	// ErrNoRound is a time limit's error (the stop rule's MaxTime ran
	// out), as search.StatusOf reads it.
	if !errors.Is(ErrNoRound, context.DeadlineExceeded) || search.StatusOf(ErrNoRound) != search.TimeLimit || !strings.HasPrefix(ErrNoRound.Error(), "estimate: ") {
		t.Errorf("ErrNoRound %q: not a time limit's error", ErrNoRound)
	}
	if v, err := (Job{Target: "10%"}).Relative(); err != nil || v != 0.1 {
		t.Errorf("Relative = %v, %v", v, err)
	}
}

// TestJobRun: the exact method reports the exhaustive count, the unique
// solutions over the symmetries, and prints it; a target met by rounds
// of frontier estimates, and a stop rule that turns to counting.
func TestJobRun(t *testing.T) {
	newTree := newHashTree(6)
	exact, err := Exhaustive(context.Background(), newTree, 100, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := exact.Result()
	rep, err := Job{Name: "hash", Symmetries: 2, Method: "exact", Options: Options{Workers: 1, ExactDepth: 100}}.Run(context.Background(), newTree)
	if err != nil || rep.Nodes.Estimate != want.Nodes.Estimate || rep.Unique.Estimate != want.Solutions.Estimate/2 || rep.Status != search.Solved {
		t.Fatalf("exact: %+v, %v; want %v nodes", rep, err, want.Nodes.Estimate)
	}
	var tab bytes.Buffer
	rep.WriteTable(&tab)
	for _, s := range []string{"hash: exact estimate", "nodes      " + FormatCount(want.Nodes.Estimate) + "  (exact)", "solutions  57  (exact)"} {
		if !strings.Contains(tab.String(), s) {
			t.Errorf("table lacks %q:\n%s", s, tab.String())
		}
	}
	var svg bytes.Buffer
	if err := rep.WriteSVG(&svg); err != nil || !strings.Contains(svg.String(), "<svg") {
		t.Errorf("SVG: %v", err)
	}
	counted := false
	j := Job{Symmetries: 1, Method: "frontier", Options: Options{Samples: 5, Workers: 1, ExactDepth: 1, Width: 1, Seed: 1}, Target: "1e-9",
		NodeRate: func(context.Context) float64 { return 1e9 }, Counting: func() { counted = true }}
	rep, err = j.Run(context.Background(), newTree)
	if err != nil || rep.Stop != StopExhaustive || !counted || rep.Nodes.Estimate != want.Nodes.Estimate {
		t.Errorf("target turned to counting: %+v, %v", rep, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (Job{Method: "exact", Options: Options{Workers: 1, ExactDepth: 100}}).Run(ctx, newTree); err == nil {
		t.Error("a cancelled count gave a result")
	}
}

func TestFormatCountAndText(t *testing.T) {
	for x, want := range map[float64]string{12.4: "12", 1e15: "1.000e+15", 999999999999999: "999,999,999,999,999", 1234567: "1,234,567"} {
		if got := FormatCount(x); got != want {
			t.Errorf("FormatCount(%v) = %s, want %s", x, got, want)
		}
	}
	for _, tc := range []struct {
		iv   Interval
		want string
	}{
		{Interval{Kind: KindExact}, "(exact)"},
		{Interval{Kind: KindConfidence, Level: 0.95, Low: 1, High: 3}, "(95% confidence: 1 .. 3)"},
		{Interval{Kind: KindConfidence, Level: 0.95, Low: 2303224, High: 20228286}, "(95% confidence: 2.30e6 .. 2.02e7)"},
		{Interval{Kind: KindSpread, Low: 1, High: 3}, "(spread, not a confidence interval: 1 .. 3)"},
	} {
		if got := tc.iv.Text(); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc.iv, got, tc.want)
		}
	}
}

func TestMethodDefaults(t *testing.T) {
	if s, d, la := MethodDefaults("knuth"); s != 10000 || d != 0 || !la {
		t.Errorf("knuth: %d %d %t", s, d, la)
	}
	if s, d, la := MethodDefaults("purdom"); s != 30 || d != 0 || la {
		t.Errorf("purdom: %d %d %t", s, d, la)
	}
	if s, d, _ := MethodDefaults("exact"); s != 0 || d != 3 {
		t.Errorf("exact: %d %d", s, d)
	}
}

func TestLongDuration(t *testing.T) {
	for _, c := range []struct {
		seconds float64
		want    string
	}{
		{55.4, "55s"},
		{3 * 3600, "3h0m0s"},
		{3 * 86400, "3 days"},
		{6e15 / 2.45e5, "776 years"},
	} {
		if got := longDuration(c.seconds); got != c.want {
			t.Errorf("longDuration(%g) = %q, want %q", c.seconds, got, c.want)
		}
	}
}

func TestJobStatus(t *testing.T) {
	j := Job{Target: "10%"}
	r := Result{Samples: 1000}
	got := j.Status(r, 65*time.Second+300*time.Millisecond, -1)
	if !strings.HasPrefix(got, "1m5s solutions ") || !strings.HasSuffix(got, ", ? to ±10%") || !strings.Contains(got, FormatCount(1000)+" samples") {
		t.Errorf("Status before a prediction: %q", got)
	}
	if got := j.Status(r, time.Second, 90*time.Second+400*time.Millisecond); !strings.HasSuffix(got, ", 1m30s to ±10%") {
		t.Errorf("Status with 90.4 s left: %q", got)
	}
}

func TestTimeLeft(t *testing.T) {
	for _, tc := range []struct {
		est, done float64
		elapsed   time.Duration
		want      string
	}{
		{1000, 250, 30 * time.Second, ", about 1m30s left"},
		{1000, 1000, 30 * time.Second, ", past the estimate"},
		{1000, 1500, 30 * time.Second, ", past the estimate"},
		{0, 250, 30 * time.Second, ""},
		{1000, 0, 30 * time.Second, ""},
	} {
		if got := TimeLeft(tc.est, tc.done, tc.elapsed); got != tc.want {
			t.Errorf("TimeLeft(%g, %g, %v) = %q, want %q", tc.est, tc.done, tc.elapsed, got, tc.want)
		}
	}
}

// cancelling is a tree that cancels its context after a number of moves:
// a Ctrl-C at a known point of a run on one worker.
type cancelling struct {
	hashTree
	moves  *int
	after  int
	cancel context.CancelFunc
}

func (c *cancelling) Down(k int) {
	if *c.moves++; *c.moves == c.after {
		c.cancel()
	}
	c.hashTree.Down(k)
}

// TestPaperInterrupted (issue 32): Korekawa et al.'s method stopped
// during its runs reports the runs finished so far, marked interrupted,
// with its table and SVG, and its progress line has a time left.
func TestPaperInterrupted(t *testing.T) {
	opt := Options{Workers: 1, ExactDepth: 2, Samples: 6, CutP: 0.5, CutFrom: 2, CutTo: 8, Seed: 3}
	whole, err := Job{Name: "hash", Symmetries: 1, Method: "paper", Options: opt}.Run(context.Background(), newHashTree(12))
	if err != nil || whole.Samples != 6 || whole.Status != search.Solved {
		t.Fatalf("uninterrupted: %d runs, %v, %v", whole.Samples, whole.Status, err)
	}
	moves := 0
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The count of the top (2 levels) and then 3 of the 6 runs, about.
	newTree := func() Tree {
		return &cancelling{hashTree: hashTree{keys: []uint64{0x12345}, max: 12}, moves: &moves, after: int(whole.Work / 2), cancel: cancel}
	}
	o := opt
	o.Meter = NewMeter()
	j := Job{Name: "hash", Symmetries: 1, Method: "paper", Options: o}
	rep, err := j.Run(ctx, newTree)
	if err != nil || rep.Status != search.Interrupted || rep.Samples < 1 || rep.Samples >= 6 || rep.Nodes.Estimate <= 0 {
		t.Fatalf("interrupted: %d runs, status %v, nodes %v, %v", rep.Samples, rep.Status, rep.Nodes.Estimate, err)
	}
	var tab, svg bytes.Buffer
	if err := rep.WriteTable(&tab); err != nil || !strings.Contains(tab.String(), fmt.Sprintf("interrupted: the statistics of the %d samples so far", rep.Samples)) {
		t.Errorf("table: %v\n%s", err, tab.String())
	}
	if err := rep.WriteSVG(&svg); err != nil || !strings.Contains(svg.String(), "<svg") {
		t.Errorf("SVG: %v", err)
	}
	if line := j.Heartbeat(); !strings.Contains(line, "% done, about ") || !strings.Contains(line, " left") {
		t.Errorf("progress line without a time left: %q", line)
	}
}
