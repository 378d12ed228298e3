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
// before it starts, after its first solution or never finds the same
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
		count := func(ks []*Kernel, workers int, switchAt int) (Result, string) {
			var w *DeadSwitch
			if switchAt >= 0 {
				w = &DeadSwitch{}
				if switchAt == 0 {
					w.Set()
				}
			}
			for _, k := range ks {
				if err := k.SetDeadSwitch(w); err != nil {
					t.Fatal(err)
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
		off, want := count(ks, 1, -1)
		if r, _ := count(kd, 1, -1); r.Solutions != off.Solutions {
			t.Fatalf("trial %d: %d solutions with the test, %d without", trial, r.Solutions, off.Solutions)
		}
		for _, workers := range []int{1, 2} {
			for _, at := range []int{-1, 0, 1} {
				r, got := count(ks, workers, at)
				if got != want {
					t.Fatalf("trial %d, %d workers, switched at solution %d: %s, without the switch %s", trial, workers, at, got, want)
				}
				var sum int64
				for _, n := range r.Stats.NodesByDepth {
					sum += n
				}
				if sum != r.Stats.Nodes+1 || r.Stats.Nodes-r.Stats.Pruned > off.Stats.Nodes || at < 0 && !reflect.DeepEqual(r.Stats, off.Stats) {
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
