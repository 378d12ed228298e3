package estimate

import (
	"context"
	"math"
	"testing"

	"github.com/branchwise/branchwise/puzzles/tiles"
)

// TestDomainTreeIsIDAIteration: the tree of a bound has exactly the nodes
// that IDA* expands in that (complete) iteration, on random 11-puzzles (3 x 4); and
// the stratified estimate of it is near.
func TestDomainTreeIsIDAIteration(t *testing.T) {
	goal := tiles.Goal(3, 4)
	checked, big := 0, 0
	for seed := uint64(1); seed <= 5; seed++ {
		start := tiles.Random(goal, seed)
		p, err := tiles.NewPuzzle(start, goal, false)
		if err != nil {
			t.Fatal(err)
		}
		res := tiles.IDA(context.Background(), p, tiles.IDAOptions{})
		its := res.Stats.Iterations
		for _, it := range its[:len(its)-1] {
			newTree := func() Tree {
				q, _ := tiles.NewPuzzle(start, goal, false)
				return NewDomainTree(q, int(it.Bound))
			}
			prof, _ := Exhaustive(context.Background(), newTree, 1000, 2)
			if got := total(prof.Nodes); got != it.Expanded {
				t.Errorf("seed %d bound %v: tree has %d nodes, IDA* expanded %d", seed, it.Bound, got, it.Expanded)
			}
			checked++
			if it.Expanded < 1000 {
				continue
			}
			big++
			r := Stratified(context.Background(), newTree, Options{Seed: 1, Samples: 200, Workers: 2})
			if math.Abs(r.Nodes.Estimate-float64(it.Expanded)) > 4*r.Nodes.StdErr+1e-9*float64(it.Expanded) {
				t.Errorf("seed %d bound %v: stratified %.0f +- %.0f, truth %d", seed, it.Bound, r.Nodes.Estimate, r.Nodes.StdErr, it.Expanded)
			}
		}
	}
	if checked < 10 || big < 3 {
		t.Errorf("only %d iterations checked, %d big ones", checked, big)
	}
}
