package estimate

import (
	"math"
	"math/rand/v2"
	"testing"
)

// stateTree is a hash tree whose nodes have states: a few values drawn
// from the node's key, coarser at detail 1 than at 2.
type stateTree struct{ hashTree }

func (s *stateTree) State(detail int) uint64 {
	if detail == StrataRegions {
		return s.key() >> 40 % 2
	}
	return s.key() >> 40 % 5
}

// enumerator draws every sequence of representatives in turn, depth
// first, with the probability of each sequence: the exact expectation
// of a stratified probe, with no sampling error.
type enumerator struct {
	plan  []int     // the draw made at each call of the current sequence
	sizes []int     // the number of members at each call
	probs []float64 // the probability of each draw made
	at    int
}

func (e *enumerator) choose(m []ssMember) int {
	if e.at == len(e.plan) {
		e.plan, e.sizes, e.probs = append(e.plan, 0), append(e.sizes, 0), append(e.probs, 0)
	}
	i := e.plan[e.at]
	var total float64
	for _, x := range m {
		total += x.weight
	}
	e.sizes[e.at], e.probs[e.at] = len(m), m[i].weight/total
	e.at++
	return i
}

// next moves to the next sequence and reports false after the last.
func (e *enumerator) next() bool {
	e.plan, e.sizes, e.probs = e.plan[:e.at], e.sizes[:e.at], e.probs[:e.at]
	e.at = 0
	for len(e.plan) > 0 {
		last := len(e.plan) - 1
		if e.plan[last]+1 < e.sizes[last] {
			e.plan[last]++
			return true
		}
		e.plan, e.sizes, e.probs = e.plan[:last], e.sizes[:last], e.probs[:last]
	}
	return false
}

func (e *enumerator) prob() float64 {
	p := 1.0
	for _, x := range e.probs {
		p *= x
	}
	return p
}

// TestStratifiedExactExpectation: the expectation of one stratified
// probe, computed exactly by enumerating every draw of representatives
// with its probability, is the tree's nodes per depth and solutions,
// whatever the strata: by the number of children, refined by a Stater's
// states at both levels of detail, with small subtrees counted.
func TestStratifiedExactExpectation(t *testing.T) {
	const maxDepth = 4
	newTree := func() Tree { return &stateTree{hashTree{keys: []uint64{0x12345}, max: maxDepth}} }
	p, err := Exhaustive(t.Context(), newTree, 100, 1)
	if err != nil {
		t.Fatal(err)
	}
	truthSols := float64(total(p.Solutions))
	for _, c := range []struct {
		name                           string
		strata, tail, depth, maxStrata int
	}{
		{"children", StrataChildren, 0, 0, 0},
		{"regions", StrataRegions, 0, 0, 0},
		{"pieces", StrataPieces, 0, 0, 0},
		{"pieces, at most 6 strata", StrataPieces, 0, 0, 6},
		{"regions, tail", StrataRegions, 1, 3, 0},
	} {
		s := &ssProber{t: newTree(), tail: newTailCounter(c.tail, c.depth, func() bool { return false }), index: map[uint64]int{}, maxStrata: c.maxStrata}
		s.rng = rand.New(&s.pcg)
		if c.strata != StrataChildren {
			s.state, s.detail = s.t.(Stater), c.strata
		}
		e := &enumerator{}
		s.choose = e.choose
		var byDepth []float64
		var sols, mass float64
		runs := 0
		for {
			d, sol := s.probe()
			pr := e.prob()
			for i, v := range d {
				for len(byDepth) <= i {
					byDepth = append(byDepth, 0)
				}
				byDepth[i] += pr * v
			}
			sols += pr * sol
			mass += pr
			runs++
			if !e.next() {
				break
			}
		}
		near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
		if !near(mass, 1) {
			t.Errorf("%s: the draws' probabilities add up to %v", c.name, mass)
		}
		if !near(sols, truthSols) {
			t.Errorf("%s: expected solutions %v, truth %v (%d sequences)", c.name, sols, truthSols, runs)
		}
		if len(byDepth) != len(p.Nodes) {
			t.Fatalf("%s: %d depths, truth %d", c.name, len(byDepth), len(p.Nodes))
		}
		for d := range byDepth {
			if !near(byDepth[d], float64(p.Nodes[d])) {
				t.Errorf("%s: depth %d: expected %v nodes, truth %d", c.name, d, byDepth[d], p.Nodes[d])
			}
		}
		if runs < 10 {
			t.Errorf("%s: only %d sequences of draws: the test tests little", c.name, runs)
		}
		t.Logf("%s: %d sequences of draws", c.name, runs)
	}
}
