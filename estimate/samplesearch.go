package estimate

import (
	"context"
	"math/rand/v2"
)

// SampleSearch counts solutions by importance sampling from the
// backtrack-free distribution (Gogate and Dechter 2007, 2011): a probe is
// a depth-first search from the root that tries the children of every
// node in a random order and stops at the first solution. Under a random
// order the first child whose subtree holds a solution is uniform among
// such "live" children, so the solution found has probability
// prod 1/a(v) over the nodes v of its path, with a(v) the number of live
// children of v, and prod a(v) is an unbiased estimate of the number of
// solutions (0 when the search ends without one). The children tried
// before the one taken are dead (searched out); those after it are
// checked by a search for a first solution each: a(v) is then exact, and
// the estimate unbiased, not Gogate and Dechter's bounds. Dead ends cost
// nothing to the variance; what remains is the imbalance of solutions
// between live children. The cost is the dead subtrees, searched out.
//
// Nodes are estimated alongside by one Knuth probe with lookahead per
// sample. opt.Samples probes, pooled into replicates for the interval.
func SampleSearch(ctx context.Context, newTree func() Tree, opt Options) Result {
	kept, capped, extra := runProbes(ctx, opt, func() func(i int) probeOutcome {
		t := newTree()
		s := &sampleSearcher{stop: func() bool { return ctx.Err() != nil }}
		s.rng = rand.New(&s.pcg)
		kp := newProber(0, true, false)
		return func(i int) probeOutcome {
			s.pcg.Seed(opt.Seed, 6+uint64(i))
			s.work = 0
			var r probeOutcome
			r.sol = s.probe(t)
			kp.seed(opt.Seed, 7, uint64(i), 0)
			clear(kp.nodes)
			kp.work = 0
			r.nodes, _ = kp.probe(t, 1)
			r.byDepth = append([]float64(nil), kp.nodes...)
			r.work, r.done, r.hits = s.work+kp.work, ctx.Err() == nil, solutionHit(r.sol)
			return r
		}
	})
	return tallyRun(kept, capped, extra, opt, "samplesearch")
}

type sampleSearcher struct {
	pcg   rand.PCG
	rng   *rand.Rand
	work  int64
	stop  func() bool
	steps int
	// stopped is sticky: once stop says so, every call returns at once
	// (a check that only cut the node it fell on let the search go on).
	stopped bool
	perm    [][]int
}

// halt reports whether the search must stop, asking stop every 1024
// steps.
func (s *sampleSearcher) halt() bool {
	if s.steps++; !s.stopped && s.steps&1023 == 0 && s.stop() {
		s.stopped = true
	}
	return s.stopped
}

// probe searches depth first in random order for a first solution below
// t's current node and returns the product of the live children counts
// along its path (0 if there is none), back at the node.
func (s *sampleSearcher) probe(t Tree) float64 {
	if s.halt() {
		return 0
	}
	d := t.Depth()
	n, sol := t.Branches()
	if sol {
		return 1
	}
	if n == 0 {
		return 0
	}
	for len(s.perm) <= d {
		s.perm = append(s.perm, nil)
	}
	p := s.perm[d][:0]
	for k := range n {
		p = append(p, k)
	}
	s.rng.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	s.perm[d] = p
	for i := range n {
		t.Down(s.perm[d][i])
		s.work++
		w := s.probe(t)
		t.Up()
		if w == 0 {
			continue // a dead child: searched out
		}
		live := 1
		for _, k := range s.perm[d][i+1:] {
			t.Down(k)
			s.work++
			if s.live(t) {
				live++
			}
			t.Up()
		}
		return w * float64(live)
	}
	return 0
}

// live reports whether the subtree of t's current node holds a solution,
// searching it in order up to the first.
func (s *sampleSearcher) live(t Tree) bool {
	if s.halt() {
		return false
	}
	n, sol := t.Branches()
	if sol {
		return true
	}
	for k := range n {
		t.Down(k)
		s.work++
		ok := s.live(t)
		t.Up()
		if ok {
			return true
		}
	}
	return false
}
