package estimate

import (
	"context"
	"math/rand/v2"
	"sync"

	"github.com/branchwise/branchwise/internal/workpool"
)

// Options control the sampling estimators.
type Options struct {
	// Seed makes the estimate reproducible, whatever Workers.
	Seed uint64
	// Samples: probes for Knuth, probes per frontier node for Frontier,
	// runs for Cut. At least 1 (2 for an interval).
	Samples int
	// Workers is the number of goroutines (search.Workers: 0 is every CPU).
	Workers int
	// ExactDepth: Frontier counts the tree exactly to this depth and probes
	// from every node there; Cut uses the exact counts to this depth.
	ExactDepth int
	// Cut: a node at a depth in [CutFrom, CutTo] is dropped with
	// probability CutP (Korekawa et al.: 0.7 at depths 2..19, root 0).
	CutP           float64
	CutFrom, CutTo int
	// Tail makes Knuth's and the frontier probes count exactly, instead of
	// sampling, every subtree of at most Tail nodes that they reach (0: never).
	// The choice depends only on the subtree, so the estimate stays
	// unbiased, and the rare solutions near the leaves are no longer left to
	// chance: the variance falls by orders of magnitude on packing puzzles.
	// Each attempt costs at most Tail moves.
	Tail int
	// Lookahead makes Knuth's and the frontier probes look at every child
	// of the nodes on their path: the leaves among them (dead ends and
	// solutions) are counted exactly, and the probe goes on among the
	// others, which the estimate weights by their number. Unbiased; a probe
	// no longer dies in a dead end while a live child remains, which is
	// what finds the rare solutions of a packing puzzle. Costs one look at
	// every child on the path.
	Lookahead bool
	// Width is the number of children Purdom's partial backtracking goes
	// on into at every node (1: Knuth's probe).
	Width int
	// TailDepth: with Tail, Purdom's and stratified probes try to count
	// exactly the subtree of every node they reach at this depth or deeper
	// (TailDepth gives it from a pilot run's nodes per depth).
	TailDepth int
	// Importance, with Lookahead, makes Knuth's and the frontier probes,
	// and Purdom's where they take one child of several, choose among the
	// children that have children by a defensive mixture (mixtureDraw):
	// half uniformly, half in proportion to their own number of children
	// (the fewest-options count after the tree's cuts, which the look at
	// every child reads anyway), weighting the child by the inverse of
	// its probability: still unbiased, and a probe goes more often where
	// the tree is wide, which is where most of its nodes and solutions
	// are, without starving the narrow children.
	Importance bool
	// Viable, with Importance, on a Viable tree, makes the mixture's
	// proportional half draw uniformly among the children the tree says
	// are viable, instead of in proportion to their numbers of children:
	// on a tree that finds its dead ends late (the first empty cell's), a
	// probe spends less of itself in subtrees without solutions, and a
	// solution it reaches weighs at most twice the viable children.
	Viable bool
	// Strata, with Stratified on a Stater tree, refines the strata by
	// the nodes' states: StrataRegions or StrataPieces (0,
	// StrataChildren: by the number of children alone).
	Strata int
	// MaxStrata, with Strata, bounds the strata of a level: where the
	// finest detail makes more, the level is stratified at a coarser one
	// (0: no bound). A probe costs about the strata times the branching
	// factor per level.
	MaxStrata int
	// Stratify makes Auto's main run on an untyped tree Chen's
	// stratified sampling (strata by Strata, at most MaxStrata a level)
	// over the same counted bottom as its Purdom probes would have, a
	// probe per round until the budget is spent.
	Stratify bool
	// MaxWork, for Budgeted and the method "auto", is the moves the
	// estimate may spend, pilot runs included (0: Samples decide).
	// Purdom's, stratified and SampleSearch probes called directly with
	// it run until the budget is spent (workCut), a biased mean where one
	// probe can spend much of it; Budgeted and Auto fix their number from
	// a calibration instead (fixedProbes).
	MaxWork int64
	// workCap, set by budgeted, fixes the probes of Purdom's, stratified
	// and SampleSearch runs at Samples and stops a run only when its
	// probes pass these moves (runProbes): MaxWork is then ignored.
	workCap int64
	// probeLimit, set by budgeted, drops a Purdom probe whose own moves
	// pass it (a probe that takes the large child of the broom of the
	// tests would run far past the budget): the work cap, for the
	// calibration and the main run alike.
	probeLimit int64
	// capFactor, set by Auto, is budgeted's work cap in budgets (0:
	// workCapFactor).
	capFactor float64
	// Meter, if not nil, is told of the work as it is done, for a
	// progress line (Meter.Line).
	Meter *Meter
}

// Result is an estimate of a tree's size and solutions.
type Result struct {
	Method string `json:"method"`
	// Nodes counts the whole tree, root included.
	Nodes     Interval `json:"nodes"`
	Solutions Interval `json:"solutions"`
	// ByDepth has the estimated nodes per depth and, for Cut, the mean
	// minimum branching factor measured there.
	ByDepth []DepthEstimate `json:"by_depth"`
	// Samples is the number of probes, replications or runs completed.
	Samples int `json:"samples"`
	// Work counts the moves down the tree: the estimator's cost in the
	// unit of a search's nodes.
	Work int64 `json:"work"`
	// Replicates are the independent estimates the intervals come from.
	Replicates Replicates `json:"-"`
}

// DepthEstimate is one depth of a Result.
type DepthEstimate struct {
	Depth int     `json:"depth"`
	Nodes float64 `json:"nodes"`
	// Exact marks counts from the exhaustive prefix.
	Exact bool `json:"exact,omitempty"`
	// MeanBF and SDBF are the mean and standard deviation of the branching
	// factors measured at this depth; BFSamples their number.
	MeanBF    float64 `json:"mean_bf"`
	SDBF      float64 `json:"sd_bf,omitempty"`
	BFSamples int64   `json:"bf_samples,omitempty"`
}

// prober runs Knuth probes from a tree's current node with a reusable
// generator: no allocation once its slices have grown.
type prober struct {
	pcg   rand.PCG
	rng   *rand.Rand
	tail  int
	nodes []float64 // weight per depth, accumulated
	work  int64
	ws    []float64 // the weights along the current probe's path
	sols  []bool    // and which of its nodes are solutions
	sub   []int64   // the exact subtree's nodes per depth below its root
	tmp   []int64   // a subtree being counted

	lookahead    bool
	importance   bool
	viable       bool    // Options.Viable: draw by viableCount
	inner        []int   // children that have children
	innerN       []int   // and their numbers of children
	leafN, leafS []int64 // leaf children and solutions among them at each node of the path
}

func newProber(tail int, lookahead, importance bool) *prober {
	p := &prober{tail: tail, lookahead: lookahead, importance: importance && lookahead}
	p.rng = rand.New(&p.pcg)
	return p
}

// seed seeds the generator for one probe from the estimate's seed and the
// probe's coordinates, so that no two probes share a stream.
func (p *prober) seed(seed uint64, a, b, c uint64) {
	h := a*0x9e3779b97f4a7c15 ^ b*0xbf58476d1ce4e5b9 ^ c*0x94d049bb133111eb
	h ^= h >> 31
	p.pcg.Seed(seed, h)
}

// probe walks one random path down from t's current node, adding the
// weight of each node met (the product of the branching factors above it,
// times w) to p.nodes at its depth; it returns the path's total weight and
// its solution weight, and climbs back. With a tail budget B it climbs
// from the leaf while the subtree of the node above has at most B nodes,
// and counts the last such subtree exactly instead: the first node of the
// path whose subtree is that small, a choice fixed by the tree alone.
// Counting from the bottom up wastes at most one failed count of B moves.
func (p *prober) probe(t Tree, w float64) (nodes, solutions float64) {
	d0 := t.Depth()
	p.ws, p.sols = p.ws[:0], p.sols[:0]
	p.leafN, p.leafS = p.leafN[:0], p.leafS[:0]
	for {
		n, sol := t.Branches()
		p.ws = append(p.ws, w)
		p.sols = append(p.sols, sol)
		if n == 0 {
			break
		}
		k := p.rng.IntN(n)
		scale := float64(n) // the weight of the child taken: 1 / its probability
		if p.lookahead {
			// Count the leaf children exactly and choose among the others.
			p.inner, p.innerN = p.inner[:0], p.innerN[:0]
			var leaves, leafSols int64
			for c := 0; c < n; c++ {
				t.Down(c)
				p.work++
				cn, csol := t.Branches()
				if cn > 0 {
					if viable := viability(t, p.viable); viable != nil {
						cn = viableCount(viable)
					}
					t.Up()
					p.inner = append(p.inner, c)
					p.innerN = append(p.innerN, cn)
					continue
				}
				t.Up()
				leaves++
				if csol {
					leafSols++
				}
			}
			p.leafN = append(p.leafN, leaves)
			p.leafS = append(p.leafS, leafSols)
			if len(p.inner) == 0 {
				break
			}
			n = len(p.inner)
			j := p.rng.IntN(n)
			scale = float64(n)
			if p.importance {
				j, scale = mixtureDraw(p.rng, p.innerN)
			}
			k = p.inner[j]
		}
		w *= scale
		t.Down(k)
		p.work++
	}
	// The exact subtree: the leaf's, then as far up as the budget allows.
	e := t.Depth()
	p.sub = append(p.sub[:0], 1)
	var subSol int64
	if p.sols[e-d0] {
		subSol = 1
	}
	if e-d0 < len(p.leafN) {
		// The probe stopped at a node whose children are all leaves.
		p.sub = append(p.sub, p.leafN[e-d0])
		subSol += p.leafS[e-d0]
	}
	for p.tail > 0 && t.Depth() > d0 {
		t.Up()
		budget := p.tail
		p.tmp = p.tmp[:0]
		s, ok := p.countSmall(t, 0, &budget)
		if !ok {
			break
		}
		e, subSol = t.Depth(), s
		p.sub, p.tmp = p.tmp, p.sub
	}
	for t.Depth() > d0 {
		t.Up()
	}
	for len(p.nodes) < e+len(p.sub) {
		p.nodes = append(p.nodes, 0)
	}
	for d := d0; d < e; d++ {
		v := p.ws[d-d0]
		p.nodes[d] += v
		nodes += v
		if p.sols[d-d0] {
			solutions += v
		}
		if d-d0 < len(p.leafN) {
			// The leaf children counted at this node, outside the exact
			// subtree below it.
			p.nodes[d+1] += v * float64(p.leafN[d-d0])
			nodes += v * float64(p.leafN[d-d0])
			solutions += v * float64(p.leafS[d-d0])
		}
	}
	we := p.ws[e-d0]
	for k, c := range p.sub {
		p.nodes[e+k] += we * float64(c)
		nodes += we * float64(c)
	}
	return nodes, solutions + we*float64(subSol)
}

// countSmall counts the subtree of t's current node into p.tmp (by depth
// below it) and returns its solutions, unless it has more nodes than
// *budget allows; it comes back to the node either way.
func (p *prober) countSmall(t Tree, k int, budget *int) (solutions int64, ok bool) {
	if *budget <= 0 {
		return 0, false
	}
	*budget--
	for len(p.tmp) <= k {
		p.tmp = append(p.tmp, 0)
	}
	p.tmp[k]++
	n, sol := t.Branches()
	if sol {
		solutions++
	}
	for i := 0; i < n; i++ {
		t.Down(i)
		p.work++
		s, ok := p.countSmall(t, k+1, budget)
		t.Up()
		if !ok {
			return 0, false
		}
		solutions += s
	}
	return solutions, true
}

// knuthBatch is the number of probes a worker takes at a time.
const knuthBatch = 64

// Knuth estimates by opt.Samples random probes from the root (Knuth 1975),
// each an unbiased estimate; the interval is Student's t over the probes.
// When ctx ends (a time budget) the probes of the completed batches count.
func Knuth(ctx context.Context, newTree func() Tree, opt Options) Result {
	// Batches small enough to give replicatesWanted replicates.
	size := max(1, min(knuthBatch, opt.Samples/replicatesWanted))
	batches := (opt.Samples + size - 1) / size
	type batch struct {
		done       bool
		hits       int64
		nodes, sol moments
		byDepth    []float64
		work       int64
	}
	var res completed[batch]
	opt.Meter.plan(0, int64(opt.Samples))
	forEachSample(ctx, opt.Workers, batches, func() func(b int) {
		t := newTree()
		p := newProber(opt.Tail, opt.Lookahead, opt.Importance)
		p.viable = opt.Viable
		return func(b int) {
			var r batch
			clear(p.nodes)
			p.work = 0
			for i := b * size; i < min((b+1)*size, opt.Samples); i++ {
				p.seed(opt.Seed, 1, uint64(i), 0)
				n, s := p.probe(t, 1)
				r.nodes.add(n)
				r.sol.add(s)
				if s > 0 {
					r.hits++
				}
			}
			r.byDepth = append([]float64(nil), p.nodes...)
			r.work, r.done = p.work, ctx.Err() == nil
			opt.Meter.add(r.work, r.nodes.n)
			res.put(b, r)
		}
	})
	var t tally
	for _, b := range res.prefix(func(b batch) bool { return b.done }) {
		t.add(b.nodes, b.sol, b.hits, b.byDepth, b.work)
	}
	return t.result("knuth")
}

// forEachSample calls sample(i) for i = 0..n-1 on workers goroutines,
// each with a sample function of its own from newWorker (its tree and
// scratch space), until ctx ends.
func forEachSample(ctx context.Context, workers, n int, newWorker func() func(i int)) {
	workpool.Run(ctx, workers, n, func(int) func(int) bool {
		sample := newWorker()
		return func(i int) bool { sample(i); return true }
	})
}

// tally combines independent samples of a tree's size and solutions, in
// sample order.
type tally struct {
	n       int64
	hits    int64 // samples that found a solution
	byDepth []float64
	work    int64
	// Per batch of samples: their count and sums, for the replicates.
	counts                []int64
	nodeSums, solutionSum []float64
	nodeTop, solutionTop  topK // the largest samples
}

func (t *tally) add(nodes, sols moments, hits int64, byDepth []float64, work int64) {
	t.n += nodes.n
	t.nodeTop.merge(nodes.top)
	t.solutionTop.merge(sols.top)
	t.counts = append(t.counts, nodes.n)
	t.nodeSums = append(t.nodeSums, nodes.sum)
	t.solutionSum = append(t.solutionSum, sols.sum)
	t.hits += hits
	addInto(&t.byDepth, byDepth)
	t.work += work
}

// result is the mean of the replicates (the samples pooled into
// replicatesWanted groups in sample order) and their intervals.
// probeOutcome is one independent probe of a sampling estimator: its
// estimates, its cost, and whether it ran to its end (a probe cut by the
// context is left out, and so is every later one, so that the samples
// kept do not depend on the timing).
type probeOutcome struct {
	done bool
	// dropped: stopped by its limit (Options.probeLimit), not by ctx.
	dropped    bool
	nodes, sol float64
	byDepth    []float64
	work, hits int64
}

// solutionHit is the hit count of a probe that meets at most one solution
// leaf: 1 when its solution estimate is positive.
func solutionHit(sol float64) int64 {
	if sol > 0 {
		return 1
	}
	return 0
}

// probeEnded reports whether a probe finished or was dropped at its
// limit, not cut by ctx (for completed.prefix).
func probeEnded(r probeOutcome) bool { return r.done || r.dropped }

// tallyProbes adds up the probes that ran to their end, in order.
func tallyProbes(res []probeOutcome, method string) Result {
	var t tally
	for _, r := range res {
		if !r.done {
			break
		}
		var n, s moments
		n.add(r.nodes)
		s.add(r.sol)
		t.add(n, s, r.hits, r.byDepth, r.work)
	}
	return t.result(method)
}

func (t *tally) result(method string) Result {
	out := Result{Method: method, Samples: int(t.n), Work: t.work}
	out.Replicates = Replicates{Nodes: groupMeans(t.nodeSums, t.counts, replicatesWanted),
		Solutions: groupMeans(t.solutionSum, t.counts, replicatesWanted), Hits: t.hits, Work: t.work}
	out.Replicates = out.Replicates.withTops(t.nodeTop, t.solutionTop)
	out.Nodes, out.Solutions = out.Replicates.intervals()
	for d, v := range t.byDepth {
		out.ByDepth = append(out.ByDepth, DepthEstimate{Depth: d, Nodes: v / float64(max(t.n, 1))})
	}
	return out
}

// addInto adds src to *dst element by element, growing it as needed.
func addInto(dst *[]float64, src []float64) {
	for len(*dst) < len(src) {
		*dst = append(*dst, 0)
	}
	for d, v := range src {
		(*dst)[d] += v
	}
}

// tasksWanted is how many subtrees the sampling estimators cut a tree
// into for the workers; a constant, so that the samples' seeds do not
// depend on the number of workers.
const tasksWanted = 256

// Frontier counts the tree exactly to opt.ExactDepth and runs opt.Samples
// probes from every node there. Replication r sums probe r of every
// frontier node with the exact counts; the estimate is the mean of the
// replications and its interval Student's t over them.
func Frontier(ctx context.Context, newTree func() Tree, opt Options) Result {
	reps := max(opt.Samples, 1)
	split := splitTasks(newTree(), opt.ExactDepth, tasksWanted)
	type taskResult struct {
		exact       Profile
		nodes, sols []float64 // per replication, below the frontier
		byDepth     []float64 // summed over replications
		work, hits  int64     // hits: probes that found a solution
		nodeTop     topK      // the largest probes
		solTop      topK
	}
	results := make([]taskResult, len(split.paths))
	probers := sync.Pool{New: func() any {
		p := newProber(opt.Tail, opt.Lookahead, opt.Importance)
		p.viable = opt.Viable
		return p
	}}
	err := runTasks(ctx, newTree, split.paths, opt.Workers, opt.Meter, func(t Tree, i int, stop func() bool) {
		r := taskResult{nodes: make([]float64, reps), sols: make([]float64, reps)}
		p := probers.Get().(*prober)
		defer probers.Put(p)
		clear(p.nodes)
		p.work = 0
		local := uint64(0)
		var rec func()
		rec = func() {
			d := t.Depth()
			r.exact.Grow(d)
			r.exact.Nodes[d]++
			n, sol := t.Branches()
			if sol {
				r.exact.Solutions[d]++
			}
			if d < opt.ExactDepth {
				r.exact.Branches[d] += int64(n)
				for k := 0; k < n && !stop(); k++ {
					t.Down(k)
					rec()
					t.Up()
				}
				return
			}
			// A frontier node: probes below it, not counting itself.
			local++
			if n == 0 {
				return
			}
			for rep := 0; rep < reps; rep++ {
				if rep%64 == 63 && stop() {
					break // Ctrl-C: the replications so far (issue 19)
				}
				p.seed(opt.Seed, 2+uint64(i), local, uint64(rep))
				k := p.rng.IntN(n)
				t.Down(k)
				p.work++
				nn, ss := p.probe(t, float64(n))
				t.Up()
				r.nodes[rep] += nn
				r.sols[rep] += ss
				r.nodeTop.add(nn)
				r.solTop.add(ss)
				if ss > 0 {
					r.hits++
				}
			}
		}
		rec()
		// p.nodes below the frontier only: the probes start there.
		addInto(&r.byDepth, p.nodes)
		r.work = p.work
		opt.Meter.add(r.work, 0)
		results[i] = r
	})
	var exact Profile
	exact.Add(&split.prefix)
	nodes := make([]float64, reps)
	sols := make([]float64, reps)
	var byDepth []float64
	var hits int64
	var nodeTop, solTop topK
	out := Result{Method: "frontier", Samples: reps}
	for _, r := range results {
		exact.Add(&r.exact)
		for k := range nodes {
			if r.nodes != nil {
				nodes[k] += r.nodes[k]
				sols[k] += r.sols[k]
			}
		}
		addInto(&byDepth, r.byDepth)
		out.Work += r.work
		hits += r.hits
		nodeTop.merge(r.nodeTop)
		solTop.merge(r.solTop)
	}
	var base, baseSol float64
	for d := range exact.Nodes {
		base += float64(exact.Nodes[d])
		baseSol += float64(exact.Solutions[d])
		out.Work += exact.Nodes[d] // the exhaustive prefix's moves
	}
	for k := range nodes {
		nodes[k] += base
		sols[k] += baseSol
	}
	if baseSol > 0 {
		hits = -1
	}
	out.Replicates = Replicates{Nodes: nodes, Solutions: sols, Hits: hits, Work: out.Work}.withTops(nodeTop, solTop)
	out.Nodes, out.Solutions = out.Replicates.intervals()
	if err != nil {
		out.Samples = 0
	}
	for d := 0; d < max(len(exact.Nodes), len(byDepth)); d++ {
		e := DepthEstimate{Depth: d}
		if d < len(exact.Nodes) {
			e.Nodes, e.Exact = float64(exact.Nodes[d]), true
			if d < opt.ExactDepth && exact.Nodes[d] > 0 {
				e.MeanBF = float64(exact.Branches[d]) / float64(exact.Nodes[d])
			}
		} else {
			e.Nodes = byDepth[d] / float64(reps)
		}
		out.ByDepth = append(out.ByDepth, e)
	}
	return out
}
