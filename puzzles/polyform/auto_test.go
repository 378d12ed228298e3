package polyform

import (
	"context"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/branchwise/branchwise/internal/cputime"
)

// TestChooseRuleCounts checks that a count by the rule strategy auto
// chooses gives the published numbers, whatever it chooses, and that the
// choice is the cheapest candidate.
func TestChooseRuleCounts(t *testing.T) {
	for _, tc := range []struct {
		name        string
		all, unique int64
	}{
		{"pentomino-8x8", 520, 65},
		{"pentomino-6x10", 9356, 2339},
		{"hexiamond-6x6", 624, 156},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && tc.name != "pentomino-8x8" {
				t.Skip("short")
			}
			b, ps, _ := Named(tc.name)
			pk, err := NewPacking(b, ps)
			if err != nil {
				t.Fatal(err)
			}
			if !pk.AutoApplies() {
				t.Fatal("the kernel does not apply")
			}
			ch, err := pk.ChooseRule(context.Background(), false)
			if err != nil {
				t.Fatal(err)
			}
			if len(ch.Candidates) != 4 || !ch.Symmetric {
				t.Fatalf("%d candidates, symmetric %v; want 4 restricted", len(ch.Candidates), ch.Symmetric)
			}
			for _, c := range ch.Candidates {
				if c.Seconds < ch.Chosen.Seconds {
					t.Errorf("chose %s (%g s) over %s (%g s)", ch.Chosen.Rule(), ch.Chosen.Seconds, c.Rule(), c.Seconds)
				}
			}
			o := RunOptions{Name: tc.name, Workers: 2}
			ch.Use(pk, &o)
			rep := pk.CountAll(context.Background(), o)
			if rep.Solutions != tc.all || *rep.Unique != tc.unique {
				t.Errorf("%s: %d solutions, %d unique; want %d, %d", ch.Chosen.Rule(), rep.Solutions, *rep.Unique, tc.all, tc.unique)
			}
			if rep.Auto == nil || rep.Strategy != ch.Chosen.Rule() {
				t.Errorf("the report does not show the choice: strategy %q", rep.Strategy)
			}
		})
	}
	// A fixed --dead-regions is kept.
	b, ps, _ := Named("pentomino-8x8")
	pk, _ := NewPacking(b, ps)
	pk.DeadRegions = true
	ch, err := pk.ChooseRule(context.Background(), true)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range ch.Candidates {
		if !c.DeadRegions {
			t.Errorf("candidate %s without the fixed dead-region test", c.Rule())
		}
	}
}

// TestCountAllChoose: CountAll with Choose picks the rule itself, counts
// by it, and says so; pk is left on the rule that counted.
func TestCountAllChoose(t *testing.T) {
	b, ps, _ := Named("pentomino-8x8")
	pk, _ := NewPacking(b, ps)
	rep := pk.CountAll(context.Background(), RunOptions{Name: "pentomino-8x8", Workers: 2, Choose: true})
	if rep.Solutions != 520 || rep.Unique == nil || *rep.Unique != 65 {
		t.Fatalf("%d solutions, %v unique; want 520, 65", rep.Solutions, rep.Unique)
	}
	if rep.Auto == nil || rep.Strategy != rep.Auto.Chosen.Rule() || pk.DeadRegions != rep.Auto.Chosen.DeadRegions ||
		pk.FirstEmpty != (rep.Auto.Chosen.Strategy == FirstEmpty) {
		t.Errorf("the report or the packing does not show the choice: strategy %q, %+v", rep.Strategy, rep.Auto)
	}
	// The summary names the rule that counted (it named the tried
	// count's options, "strategy fewest --dead-regions").
	if !strings.Contains(rep.summary, "; strategy "+rep.Strategy+", ") {
		t.Errorf("the summary does not name %s: %q", rep.Strategy, rep.summary)
	}
}

// TestCountAllChooseStopped: a time limit that ends the count while the
// first rule is tried is named as the time limit, and the choice does not
// claim that rule finished (issue 36).
func TestCountAllChooseStopped(t *testing.T) {
	b, ps, _ := Named("pentomino-6x10")
	pk, _ := NewPacking(b, ps)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	rep := pk.CountAll(ctx, RunOptions{Name: "pentomino-6x10", Workers: 2, Choose: true})
	if rep.Stopped != "time limit" || rep.Auto == nil || !rep.Auto.Tried || strings.Contains(rep.Auto.Why(), "finished") {
		t.Errorf("stopped %q, choice %+v: %s", rep.Stopped, rep.Auto, rep.Auto.Why())
	}
}

// stopAfterErr is a context whose time limit passes at its second Err
// call: strategy auto's tried count reads only the context it derives,
// and the rule's choice makes the calls, so the limit ends the choice.
type stopAfterErr struct {
	context.Context
	calls atomic.Int32
	done  chan struct{}
	once  sync.Once
}

func (c *stopAfterErr) Done() <-chan struct{} { return c.done }

func (c *stopAfterErr) Err() error {
	if c.calls.Add(1) < 2 {
		return nil
	}
	c.once.Do(func() { close(c.done) })
	return context.DeadlineExceeded
}

// TestCountAllChoiceStopped: a time limit that ends strategy auto's choice
// of a rule, after the first trial, keeps the trial's partial counts and
// names the time limit (issue 36: "pack bedlam --count --max-time 2s" said
// "stopped by the context deadline exceeded after 0 nodes", and the
// interrupt where the CPU budget's context was read).
func TestCountAllChoiceStopped(t *testing.T) {
	b, ps, ok := Named("bedlam")
	if !ok {
		t.Fatal("no bedlam")
	}
	pk, err := NewPacking(b, ps)
	if err != nil {
		t.Fatal(err)
	}
	ctx := &stopAfterErr{Context: context.Background(), done: make(chan struct{})}
	rep := pk.CountAll(ctx, RunOptions{Name: "bedlam", Workers: 1, Choose: true})
	if rep.Stopped != "time limit" || rep.Nodes == 0 || rep.Auto == nil || !rep.Auto.Tried || ctx.calls.Load() < 2 {
		t.Errorf("stopped by %q after %d nodes, choice %+v, %d Err calls", rep.Stopped, rep.Nodes, rep.Auto, ctx.calls.Load())
	}
}

// TestTryPause: the tried count's progress function waits once the budget
// is spent, until resume, and then never again.
func TestTryPause(t *testing.T) {
	var reported atomic.Int64
	p := newTryPause(0, func(n int64) { reported.Add(n) })
	back := make(chan struct{})
	go func() {
		p.progress(5) // pauses: a budget of 0 is spent at once
		close(back)
	}()
	<-p.paused
	select {
	case <-back:
		t.Fatal("the progress report did not wait for resume")
	case <-time.After(20 * time.Millisecond):
	}
	p.resume()
	<-back
	p.progress(7) // no wait after resume
	if reported.Load() != 12 {
		t.Errorf("passed on %d nodes, want 12", reported.Load())
	}
}

// TestCountAllChooseAfterTry: a count that outlasts the try (shortened
// here) is exact whichever way the choice goes, the tried count going on
// when its rule is chosen (Continued) or a new count by the chosen rule,
// on one worker and two (with -short, the race detector's run, on two
// only). The board (60 cells) tries the first empty cell's rule with the
// dead-region test, which is not raced (countRace).
func TestCountAllChooseAfterTry(t *testing.T) {
	saved := autoTry
	autoTry = time.Millisecond
	defer func() { autoTry = saved }()
	b, ps, _ := Named("pentomino-6x10")
	workerCounts := []int{1, 2}
	if testing.Short() {
		workerCounts = workerCounts[1:]
	}
	for _, workers := range workerCounts {
		pk, _ := NewPacking(b, ps)
		rep := pk.CountAll(context.Background(), RunOptions{Name: "pentomino-6x10", Workers: workers, Choose: true})
		if rep.Solutions != 9356 || rep.Unique == nil || *rep.Unique != 2339 || rep.Stopped != "" {
			t.Fatalf("%d workers: %d solutions, %v unique, stopped %q; want 9356, 2339", workers, rep.Solutions, rep.Unique, rep.Stopped)
		}
		ch := rep.Auto
		if ch == nil || ch.Tried || ch.Raced || len(ch.Candidates) != 4 {
			t.Fatalf("%d workers: no choice made after the try: %+v", workers, ch)
		}
		triedRule := ch.Chosen.Strategy == FirstEmpty && ch.Chosen.DeadRegions == pk.triedDead()
		if ch.Continued != triedRule || rep.Strategy != ch.Chosen.Rule() {
			t.Errorf("%d workers: chose %s (continued %v), counted by %s", workers, ch.Chosen.Rule(), ch.Continued, rep.Strategy)
		}
		t.Logf("%d workers: %s", workers, ch.Why())
	}
}

// TestSplitProgress: a whole-tree count by the first empty cell's rule
// reports the nodes of the subtrees searched in either scan direction to
// the progress function (the subtrees of the reversed scan reported none
// before, and the tried count of strategy auto never paused there).
func TestSplitProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("one worker (80 s under the race detector): the main test run checks it")
	}
	b, ps, _ := Named("pentomino-6x10")
	pk, _ := NewPacking(b, ps)
	pk.FirstEmpty = true
	var reported atomic.Int64
	pk.Progress = func(n int64) { reported.Add(n) }
	rep := pk.CountAll(context.Background(), RunOptions{Name: "pentomino-6x10", Workers: 1, Stats: true})
	// The root's children are counted by SolveSplit itself; every node
	// below them by the subtrees' searches.
	if below := rep.Nodes - rep.ByDepth[1].Nodes; len(rep.ByDepth) < 2 || reported.Load() < below {
		t.Errorf("progress reported %d nodes, the subtrees have %d (%d in all)", reported.Load(), below, rep.Nodes)
	}
}

// TestCloseLooks: the candidates looked at again are those within
// autoMargin of the best prediction whose last look was at most
// 1/autoGrow of the new budget (autoShare of the best, clamped to
// autoProbe..autoMaxProbe); none when the best count is too cheap for a
// longer look.
func TestCloseLooks(t *testing.T) {
	budget := func(best float64) time.Duration {
		return min(max(time.Duration(best*autoShare*float64(time.Second)), autoProbe), autoMaxProbe)
	}
	for _, tc := range []struct {
		name    string
		seconds []float64
		last    []time.Duration
		want    []againLook
	}{
		{"cheap count: no second look", []float64{0.3, 0.5, 2, 9}, []time.Duration{autoProbe, autoProbe, autoProbe, autoProbe}, nil},
		{"close ones looked at again", []float64{18, 40, 60, 85},
			[]time.Duration{autoProbe, autoProbe, autoProbe, autoProbe},
			[]againLook{{0, budget(18)}, {1, budget(18)}}},
		{"a look that would not grow enough is skipped", []float64{18, 40, 50, 85},
			[]time.Duration{budget(18), budget(18) / autoGrow, budget(18)/autoGrow + 1, autoProbe},
			[]againLook{{1, budget(18)}}},
		{"capped at autoMaxProbe", []float64{1000, 2500, 4000}, []time.Duration{autoProbe, autoProbe, autoProbe},
			[]againLook{{0, autoMaxProbe}, {1, autoMaxProbe}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := closeLooks(tc.seconds, func(i int) time.Duration { return tc.last[i] })
			if !slices.Equal(got, tc.want) {
				t.Errorf("closeLooks(%v) = %v, want %v", tc.seconds, got, tc.want)
			}
		})
	}
}

// TestMeanHigh: the mean weighted by work and its standard error.
func TestMeanHigh(t *testing.T) {
	for _, tc := range []struct {
		ests, works []float64
		mean, high  float64
	}{
		{[]float64{100}, []float64{2048}, 100, 100},
		// Equal work: mean 200, sample sd 100, standard error 100/sqrt(3).
		{[]float64{100, 200, 300}, []float64{1, 1, 1}, 200, 200 + 100/math.Sqrt(3)},
		{[]float64{50, 50}, []float64{1, 3}, 50, 50},
		// Weighted: (1*100 + 3*300)/4 = 250.
		{[]float64{100, 300}, []float64{1, 3}, 250, 250 + math.Sqrt((1*150*150+3*50*50)/4.0*2/2)},
	} {
		mean, high := meanHigh(tc.ests, tc.works)
		if math.Abs(mean-tc.mean) > 1e-9*tc.mean || math.Abs(high-tc.high) > 1e-9*tc.high {
			t.Errorf("meanHigh(%v, %v) = %g, %g; want %g, %g", tc.ests, tc.works, mean, high, tc.mean, tc.high)
		}
	}
}

// TestThreadMeterRate: the rate is the nodes over the CPU of the spans,
// those costing over autoSpanOutlier times the median per node left out;
// the meter stops the search once its window and autoIntervals spans are
// measured.
func TestThreadMeterRate(t *testing.T) {
	ms := time.Millisecond
	m := threadMeter{spans: []span{{4096, 4 * ms}, {4096, 4 * ms}, {1024, ms}, {4096, 400 * ms}, {4096, 5 * ms}}}
	// The 400 ms span (100 times the median per node) is dropped.
	if got, want := m.rate(), float64(4096*3+1024)/(0.014); math.Abs(got-want) > 1e-6*want {
		t.Errorf("rate %g, want %g", got, want)
	}
	if (&threadMeter{}).rate() != 0 {
		t.Error("a meter with no span gave a rate")
	}
	if _, _, ok := cputime.Thread(); !ok {
		t.Skip("no thread CPU clock here")
	}
	stopped := false
	m = threadMeter{window: 0, stop: func() { stopped = true }}
	for i := 0; i <= autoIntervals && !stopped; i++ {
		m.progress(4096)
	}
	if !stopped || len(m.spans) < autoIntervals {
		t.Errorf("stopped %v after %d spans; want a stop at %d", stopped, len(m.spans), autoIntervals)
	}
	if m.locked {
		runtime.UnlockOSThread()
	}
}

// TestKeepTried: the tried rule's count goes on unless another rule is
// predicted autoSwitch times faster than what it has left, by an
// estimate of several runs.
func TestKeepTried(t *testing.T) {
	tried := RuleEstimate{Strategy: FirstEmpty, Seconds: 2.0, Runs: 3}
	for _, tc := range []struct {
		name       string
		challenger RuleEstimate
		keep       bool
	}{
		{"much faster, several runs: switch", RuleEstimate{Strategy: "fewest", Seconds: 0.5, Runs: 3}, false},
		{"not autoSwitch times faster than what is left", RuleEstimate{Strategy: "fewest", Seconds: 1.2, Runs: 3}, true},
		{"one run: its spread unknown", RuleEstimate{Strategy: "fewest", Seconds: 0.1, Runs: 1}, true},
		{"measured to its end: switch", RuleEstimate{Strategy: "fewest", Seconds: 0.1, Runs: 0, Finished: true}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := RuleChoice{Chosen: tc.challenger, Candidates: []RuleEstimate{tried, tc.challenger}}
			if got := c.keepTried(FirstEmpty, false, 300*time.Millisecond); got != tc.keep || (got && (c.Chosen != tried || !c.Continued)) {
				t.Errorf("keepTried = %v (chosen %s, continued %v), want %v", got, c.Chosen.Rule(), c.Continued, tc.keep)
			}
		})
	}
}
