package bitpack

import (
	"context"
	"math"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// TestTrackerDone: the share done from the root's tasks and the subtree
// under way, each unfinished task as large as the finished ones on
// average (as the one under way before any is finished), and from the
// one-word search's share where it keeps no sizes.
func TestTrackerDone(t *testing.T) {
	for _, tc := range []struct {
		name string
		t    *Tracker
		want float64
	}{
		{"nothing yet", &Tracker{}, 0},
		{"one search, half its predicted size", &Tracker{nodes: 50, size: 100}, 0.5},
		{"one-word search's share", &Tracker{share: 0.25}, 0.25},
		// 2 of 4 tasks, 200 nodes; the third 30 of a predicted 60; the
		// fourth as large as the finished ones: 100.
		{"tasks", &Tracker{tasks: 4, finished: 2, taskSize: 200, nodes: 30, size: 60}, 230.0 / 360},
		// No task finished: each as large as the one under way (60).
		{"tasks, none finished", &Tracker{tasks: 3, nodes: 30, size: 60}, 30.0 / 180},
		{"tasks, one-word share", &Tracker{tasks: 4, finished: 1, share: 0.5}, 1.5 / 4},
		{"every task finished", &Tracker{tasks: 2, finished: 2, taskSize: 10}, 1},
	} {
		if got := tc.t.Done(); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: done %g, want %g", tc.name, got, tc.want)
		}
	}
}

// TestTrackerWhole: a count searched to its end is wholly done, on the
// general search and the one-word search, alone and split into tasks;
// the counts are those without a tracker.
func TestTrackerWhole(t *testing.T) {
	p := setRectangle([][][2]int{square, lTetro, lTetro, lTetro, domino, domino})
	for _, rule := range []Rule{FirstEmpty, Fewest} {
		p.Rule = rule
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		want := k.SolveParallel(context.Background(), 1, search.Limits{}, nil)
		for _, workers := range []int{1, 2} {
			tr := &Tracker{}
			k.SetTracker(tr)
			r := k.SolveParallel(context.Background(), workers, search.Limits{}, nil)
			k.SetTracker(nil)
			if r.Solutions != want.Solutions || r.Stats.Nodes != want.Stats.Nodes {
				t.Errorf("rule %v, %d workers: %d solutions, %d nodes with the tracker; want %d, %d", rule, workers, r.Solutions, r.Stats.Nodes, want.Solutions, want.Stats.Nodes)
			}
			if d := tr.Done(); d != 1 {
				t.Errorf("rule %v, %d workers: done %g at the end, want 1", rule, workers, d)
			}
		}
	}
}
