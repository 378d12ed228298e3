package bitpack

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// TestDeadSwitch: a SolveSplit count whose dead-region test is switched on
// before it starts, after its first solution, at its first progress
// check (on one worker, the subtree under way switches then) or never
// finds the same
// solutions as the count without the test and the count with it, on one
// and two workers; its nodes by depth add up to its nodes, the tree it
// walks (the test's victims left out) is no larger than the tree without
// the test, and the switch, when set, cuts subtrees on some of the boards.
func TestDeadSwitch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	sets := [][][][2]int{
		{square, lTetro, lTetro, lTetro, domino, domino},
		{tromino, lTromino, lTromino, tromino, domino, square},
		{lTetro, lTetro, square, tromino, lTromino, domino},
	}
	trials := 18
	if testing.Short() {
		trials = 6
	}
	cut := false
	for trial := 0; trial < trials; trial++ {
		set := sets[trial%len(sets)]
		p := setRectangle(set)
		p.Rule = FirstEmpty
		lead := rng.IntN(len(set))
		ks := scanKernels(t, rng, p, lead, 2)
		p.DeadRegions = true
		kd := scanKernels(t, rand.New(rand.NewPCG(uint64(trial), 7)), p, lead, 1)
		// switchAt: -1 never, 0 before the count, n > 0 at solution n,
		// atCheck at the first progress check.
		const atCheck = -2
		count := func(ks []*Kernel, workers int, switchAt int) (Result, string) {
			var w *DeadSwitch
			if switchAt != -1 {
				w = &DeadSwitch{}
				if switchAt == 0 {
					w.Set()
				}
			}
			for _, k := range ks {
				if err := k.SetDeadSwitch(w); err != nil {
					t.Fatal(err)
				}
				k.SetProgress(nil)
				if switchAt == atCheck {
					k.SetProgress(func(int64) { w.Set() })
				}
			}
			var got []string
			var mu sync.Mutex
			r, err := SolveSplit(context.Background(), ks, workers, search.Limits{}, func(_ int, pl []int32) bool {
				mu.Lock()
				defer mu.Unlock()
				got = append(got, fmt.Sprint(slices.Sorted(slices.Values(pl))))
				if len(got) == switchAt {
					w.Set()
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(got)
			return r, fmt.Sprint(r.Solutions, got)
		}
		if trial%2 == 1 {
			// The general search (the boards have at most 64 cells: the
			// one-word search would serve them), which switches the
			// subtree under way on one worker.
			for i, k := range ks {
				kc := *k
				kc.small = nil
				ks[i] = &kc
			}
		}
		off, want := count(ks, 1, -1)
		if r, _ := count(kd, 1, -1); r.Solutions != off.Solutions {
			t.Fatalf("trial %d: %d solutions with the test, %d without", trial, r.Solutions, off.Solutions)
		}
		for _, workers := range []int{1, 2} {
			for _, at := range []int{-1, 0, 1, atCheck} {
				r, got := count(ks, workers, at)
				if got != want {
					t.Fatalf("trial %d, %d workers, switched at solution %d: %s, without the switch %s", trial, workers, at, got, want)
				}
				var sum int64
				for _, n := range r.Stats.NodesByDepth {
					sum += n
				}
				if sum != r.Stats.Nodes+1 || r.Stats.Nodes-r.Stats.Pruned > off.Stats.Nodes || at == -1 && !reflect.DeepEqual(r.Stats, off.Stats) {
					t.Fatalf("trial %d, %d workers, switched at solution %d: nodes %d (by depth %d), pruned %d; without the switch %d",
						trial, workers, at, r.Stats.Nodes, sum, r.Stats.Pruned, off.Stats.Nodes)
				}
				cut = cut || r.Stats.Pruned > 0
			}
		}
	}
	if !cut {
		t.Fatal("the switched test cut nothing on any board")
	}
}

// TestDeadSwitchRefused: the switch needs a first-empty kernel without
// the test.
func TestDeadSwitchRefused(t *testing.T) {
	p := setRectangle([][][2]int{square, lTetro, domino, domino})
	for _, tc := range []struct {
		rule Rule
		dead bool
		ok   bool
	}{{FirstEmpty, false, true}, {FirstEmpty, true, false}, {Fewest, false, false}} {
		p.Rule, p.DeadRegions = tc.rule, tc.dead
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := k.SetDeadSwitch(&DeadSwitch{}); (err == nil) != tc.ok {
			t.Errorf("rule %d, dead regions %v: error %v", tc.rule, tc.dead, err)
		}
	}
}

// TestGotoRegionsOK: a search of WithDeadRegions' copy moved to a node
// of the original's tree finds the node's regions as the original's
// search does, and counts the same solutions below it.
func TestGotoRegionsOK(t *testing.T) {
	p := setRectangle([][][2]int{square, lTetro, lTetro, lTetro, domino, domino})
	p.Rule = FirstEmpty
	k, err := Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	kd, err := k.WithDeadRegions()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	s, sd := k.NewSearch(), kd.NewSearch()
	for range 200 {
		s.Reset()
		for depth := rng.IntN(4); depth > 0; depth-- {
			n, _ := s.Branches()
			if n == 0 {
				break
			}
			s.Down(rng.IntN(n))
		}
		sd.Goto(s.Path())
		if !slices.Equal(sd.Path(), s.Path()) || sd.RegionsOK() != s.RegionsOK() {
			t.Fatalf("at %v: copy at %v, regions %v and %v", s.Path(), sd.Path(), sd.RegionsOK(), s.RegionsOK())
		}
		r := s.Solve(context.Background(), search.Limits{}, nil)
		rd := sd.Solve(context.Background(), search.Limits{}, nil)
		if r.Solutions != rd.Solutions || rd.Stats.Nodes-rd.Stats.Pruned > r.Stats.Nodes {
			t.Fatalf("below %v: %d solutions (%d nodes) with the test, %d (%d) without", s.Path(), rd.Solutions, rd.Stats.Nodes, r.Solutions, r.Stats.Nodes)
		}
	}
}

// TestDeadSwitchInPlace: a search of the general kernel whose switch is
// set turns the test on at its first progress check, in the subtree
// under way (as SolveSplit's one worker does), and finds the same
// solutions with fewer nodes walked.
func TestDeadSwitchInPlace(t *testing.T) {
	for i, set := range [][][][2]int{
		{square, lTetro, lTetro, lTetro, domino, domino},
		{lTetro, lTetro, square, tromino, lTromino, domino},
	} {
		p := setRectangle(set)
		p.Rule = FirstEmpty
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		k.small = nil // the general search
		off := k.NewSearch().Solve(context.Background(), search.Limits{}, nil)
		kc := *k
		w := &DeadSwitch{single: true}
		w.Set()
		if err := kc.SetDeadSwitch(w); err != nil {
			t.Fatal(err)
		}
		on := kc.NewSearch().Solve(context.Background(), search.Limits{}, nil)
		if on.Solutions != off.Solutions || on.Stats.Pruned == 0 || on.Stats.Nodes-on.Stats.Pruned >= off.Stats.Nodes || !kc.dead {
			t.Errorf("set %d: switched %d solutions, %d nodes (%d pruned); without %d, %d nodes", i, on.Solutions, on.Stats.Nodes, on.Stats.Pruned, off.Solutions, off.Stats.Nodes)
		}
	}
}
