package estimate

import (
	"context"
	"math/rand/v2"
)

// Purdom is Purdom's partial backtracking (1978): a probe walks down from
// the root and, at every node with n children, goes on into min(n,
// opt.Width) of them, drawn uniformly without replacement, each weighted
// n / min(n, Width). Width 1 is Knuth's probe; a width of the largest
// branching factor is the exhaustive search. Every probe is an unbiased
// estimate of the nodes per depth and the solutions; a wider probe
// reaches more of the rare solutions at the leaves for a cost that grows
// as Width^depth at most (less on a tree that narrows, as a packing's
// does). opt.Samples probes, pooled into replicates for the interval;
// the hits that decide whether the solutions get a confidence interval
// are the solutions the probes reached.
//
// Above opt.ExactDepth a probe takes every child (a frontier counted
// exactly inside each probe): the variance between the top subtrees, which
// a narrow probe samples, is gone, for the cost of the frontier's nodes in
// every probe.
//
// With opt.Tail, the subtree of every node at depth opt.TailDepth or
// deeper that the probe reaches is counted exactly when it has at most
// about Tail nodes (tailCounter): the bottom of the tree, where the
// solutions sit in clusters that a sample sees or misses, is counted, and
// only the top is sampled.
func Purdom(ctx context.Context, newTree func() Tree, opt Options) Result {
	width := max(opt.Width, 1)
	kept, capped, extra := runProbes(ctx, opt, func() func(i int) probeOutcome {
		t := newTree()
		w := &partialWalker{width: width, exactDepth: opt.ExactDepth, lookahead: opt.Lookahead,
			importance: opt.Importance && opt.Lookahead, viable: viability(t, opt.Viable), ctx: ctx, limit: opt.probeLimit,
			tail: newTailCounter(opt.Tail, opt.TailDepth, func() bool { return ctx.Err() != nil })}
		w.rng = rand.New(&w.pcg)
		return func(i int) probeOutcome {
			w.pcg.Seed(opt.Seed, 5+uint64(i))
			// steps afresh: where the limit stops a probe depends on the
			// probe alone, whatever the worker ran before.
			w.work, w.byDepth, w.hits, w.stopped, w.steps = 0, nil, 0, false, 0
			var r probeOutcome
			r.nodes, r.sol = w.walk(t, 1)
			r.byDepth, r.work, r.hits = w.byDepth, w.work, w.hits
			r.done = ctx.Err() == nil && !w.stopped
			r.dropped = ctx.Err() == nil && w.stopped
			return r
		}
	})
	return tallyRun(kept, capped, extra, opt, "purdom")
}

// partialWalker walks one probe of partial backtracking.
type partialWalker struct {
	width int
	// exactDepth: above it every child is taken.
	exactDepth int
	// lookahead: the leaf children are counted, and the probe goes on
	// among the others only.
	lookahead bool
	// importance: where a probe takes one child of several, it draws it
	// by a defensive mixture (mixtureDraw), weighted by the inverse of its
	// probability; with lookahead only, which reads the children's counts.
	importance bool
	// viable, with importance, is the tree's Viable (Options.Viable): the
	// draw weighs a child by viableCount, not its children.
	viable  func() bool
	mult    [][]int     // with importance, the draws of each child per depth
	inv     [][]float64 // and 1 / its probability
	counts  [][]int     // a scratch list of the open children's numbers of children per depth
	pcg     rand.PCG
	rng     *rand.Rand
	work    int64
	hits    int64 // solutions reached
	byDepth []float64
	perm    [][]int // a scratch permutation per depth
	// tail counts the small subtrees at the bottom exactly.
	tail *tailCounter
	// ctx is checked every 1024 nodes: one wide probe can run for hours.
	ctx     context.Context
	steps   int
	stopped bool
	// limit, when positive, drops a probe whose own moves pass it (the
	// work cap of a fixed number of probes: the run is then capped).
	limit int64
}

// walk adds the weighted subtree estimate below t's current node and
// returns its nodes and solutions.
func (w *partialWalker) walk(t Tree, weight float64) (nodes, solutions float64) {
	// The limit is looked at every node (a probe dropped at it costs the
	// limit, not up to 1,023 moves more, on a small budget a large part),
	// ctx every 1024 nodes.
	if w.steps++; w.stopped || w.limit > 0 && w.work > w.limit || w.steps&1023 == 0 && w.ctx.Err() != nil {
		w.stopped = true // the probe is dropped: ctx or the cap ended it first
		return 0, 0
	}
	d := t.Depth()
	if ok, work, stopped := w.tail.try(t, d); ok || stopped {
		w.work += work
		if stopped {
			w.stopped = true
			return 0, 0
		}
		var hits int64
		nodes, solutions, hits = w.tail.add(&w.byDepth, weight)
		w.hits += hits
		return nodes, solutions
	} else {
		w.work += work
	}
	w.addDepth(d, weight)
	nodes = weight
	n, sol := t.Branches()
	if sol {
		solutions = weight
		w.hits++
	}
	if n == 0 {
		return
	}
	for len(w.perm) <= d {
		w.perm = append(w.perm, nil)
	}
	p := w.perm[d][:0]
	for len(w.counts) <= d {
		w.counts = append(w.counts, nil)
	}
	counts := w.counts[d][:0]
	for k := range n {
		if w.lookahead {
			// A look at child k: a leaf is counted here, exactly.
			t.Down(k)
			w.work++
			cn, csol := t.Branches()
			if cn > 0 && w.viable != nil {
				cn = viableCount(w.viable)
			} else if cn == 0 {
				cn = -1 // a leaf
			}
			t.Up()
			if cn < 0 {
				w.addDepth(d+1, weight)
				nodes += weight
				if csol {
					solutions += weight
					w.hits++
				}
				continue
			}
			counts = append(counts, cn)
		}
		p = append(p, k)
	}
	w.perm[d], w.counts[d] = p, counts
	n = len(p)
	m := min(n, w.width)
	if d < w.exactDepth {
		m = n
	}
	if m < n && w.importance {
		// m draws with replacement by the mixture, a child drawn c times
		// weighted c/(m q) (Hansen and Hurwitz 1943): unbiased for any m,
		// and each child drawn is walked once. Width 1 is one draw.
		for len(w.mult) <= d {
			w.mult, w.inv = append(w.mult, nil), append(w.inv, nil)
		}
		mult, inv := w.mult[d][:0], w.inv[d][:0]
		for range n {
			mult, inv = append(mult, 0), append(inv, 0)
		}
		w.mult[d], w.inv[d] = mult, inv
		for range m {
			j, v := mixtureDraw(w.rng, counts)
			mult[j]++
			inv[j] = v
		}
		for j, c := range mult {
			if c == 0 {
				continue
			}
			t.Down(p[j])
			w.work++
			a, b := w.walk(t, weight*float64(c)*inv[j]/float64(m))
			t.Up()
			nodes += a
			solutions += b
		}
		return
	}
	// The first m of a partial Fisher-Yates shuffle: m distinct children,
	// uniformly.
	for i := range m {
		j := i + w.rng.IntN(n-i)
		p[i], p[j] = p[j], p[i]
	}
	if m == 0 {
		return
	}
	cw := weight * float64(n) / float64(m)
	for i := range m {
		t.Down(w.perm[d][i])
		w.work++
		a, b := w.walk(t, cw)
		t.Up()
		nodes += a
		solutions += b
	}
	return
}

// addDepth adds weight to the estimate of the nodes at depth d.
func (w *partialWalker) addDepth(d int, weight float64) {
	for len(w.byDepth) <= d {
		w.byDepth = append(w.byDepth, 0)
	}
	w.byDepth[d] += weight
}

// mixtureDraw draws one of the children whose numbers of children are
// counts, with probability q_j = 1/2n + c_j/2C (n children, C their
// children in all): half uniformly, half in proportion to the children's
// own branching, the fewest-options count after the tree's cuts. It
// returns j and 1/q_j. A defensive mixture (Hesterberg 1995): a probe
// goes more often where the tree is wide, and no child's weight exceeds
// twice the uniform draw's, n, so no narrow child is starved (a draw in
// proportion alone made pentomino 3x20's solutions 3 times worse than
// uniform: estimate-log.md).
func mixtureDraw(rng *rand.Rand, counts []int) (j int, inv float64) {
	n := len(counts)
	total := 0
	for _, c := range counts {
		total += c
	}
	if total == 0 {
		// No child is weighed (Options.Viable: none viable): uniform.
		return rng.IntN(n), float64(n)
	}
	if rng.IntN(2) == 0 {
		j = rng.IntN(n)
	} else {
		r := rng.IntN(total)
		for j = 0; r >= counts[j]; j++ {
			r -= counts[j]
		}
	}
	q := 0.5/float64(n) + 0.5*float64(counts[j])/float64(total)
	return j, 1 / q
}
