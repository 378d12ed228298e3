package polyform

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
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
// only: 64 s for both under it).
func TestCountAllChooseAfterTry(t *testing.T) {
	saved := autoTry
	autoTry = time.Millisecond
	defer func() { autoTry = saved }()
	b, ps, _ := Named("hexiamond-6x6")
	workerCounts := []int{1, 2}
	if testing.Short() {
		workerCounts = workerCounts[1:]
	}
	for _, workers := range workerCounts {
		pk, _ := NewPacking(b, ps)
		rep := pk.CountAll(context.Background(), RunOptions{Name: "hexiamond-6x6", Workers: workers, Choose: true})
		if rep.Solutions != 624 || rep.Unique == nil || *rep.Unique != 156 || rep.Stopped != "" {
			t.Fatalf("%d workers: %d solutions, %v unique, stopped %q; want 624, 156", workers, rep.Solutions, rep.Unique, rep.Stopped)
		}
		ch := rep.Auto
		if ch == nil || ch.Tried || len(ch.Candidates) != 4 {
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
