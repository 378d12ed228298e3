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
// call: strategy auto's first trial reads only the contexts it derives,
// the check after it is the first call, and the rule's choice makes the
// second, so the limit ends the choice.
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
