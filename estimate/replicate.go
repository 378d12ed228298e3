package estimate

import (
	"math"
	"math/rand/v2"
	"slices"
)

// The kinds of Interval.
const (
	// KindConfidence: an interval at Level whose coverage the estimator's
	// replicates support (a test of fit passed, enough hits).
	KindConfidence = "confidence"
	// KindSpread: the replicates' t interval, printed as their spread and
	// not as a confidence interval, because the replicates failed the test
	// of fit or too few samples met a solution: on the validation trees
	// such intervals cover the truth far less often than their level.
	KindSpread = "spread"
	// KindExact: counted, not estimated.
	KindExact = "exact"
)

// Level is the nominal coverage of every confidence interval here.
const Level = 0.95

// Replicates of an estimate: independent, identically distributed,
// unbiased estimates of the same tree's nodes and solutions (Knuth's and
// stratified probes in consecutive groups, the frontier method's
// replications), and the number of samples among them that met a
// solution. Their mean is the estimate; their spread its interval.
type Replicates struct {
	Nodes, Solutions []float64
	// Hits counts the probes that met a solution; -1 when the solutions
	// are not rare (an exhaustive prefix holds some).
	Hits int64
	// Work is the moves of the samples behind the replicates: below
	// minConfidenceWork their interval is a spread.
	Work int64
	// NodeTail and SolutionTail are Hill's (1975) estimates of the tail
	// index of the probes (a probe's value exceeds x with probability
	// about x^-alpha), from their largest tenth, for the record: an index
	// below 2 means an infinite variance (the intervals no longer depend on
	// it: bootstrapT). 0 when fewer than a tenth
	// of the probes, or fewer than minTop, are positive: too few to tell,
	// and too few for a confidence interval.
	NodeTail, SolutionTail float64
	// The largest probes, kept so that pooled rounds share one tail.
	nodeTop, solutionTop topK
}

// withTops sets the largest probes and the tail indices from them.
func (r Replicates) withTops(nodes, solutions topK) Replicates {
	r.nodeTop, r.solutionTop = nodes, solutions
	r.NodeTail, r.SolutionTail = nodes.hill(), solutions.hill()
	return r
}

// topK keeps the largest positive values offered (at most topKept) and
// counts every value offered, positive or not, for Hill's estimator.
type topK struct {
	v []float64 // a min-heap
	n int64     // values offered
}

const (
	// topShare: Hill's estimator uses the largest tenth of the probes, but
	// never fewer than minTop. The order statistics it averages over must
	// lie in the tail, where the law is a power: a larger share reaches
	// into the body of the distribution, where a tail lighter than a power
	// reads heavier than it is (TestHill, log-normal samples); a tenth is
	// the common choice for samples of thousands.
	topShare = 10
	// minTop: with fewer order statistics the estimate is noise (relative
	// error 1/sqrt(k)). Measured with the largest tenth of 100 Purdom
	// probes (k = 10) on 6x10: 25 of 200 solution intervals passed as
	// confidence intervals and 88% of them covered the truth; with the
	// largest 50 none passed. So samples of fewer than 500 probes keep
	// the largest 50, and fewer than 50 positive probes tell nothing.
	minTop = 50
	// topKept bounds the memory and the cost of pooling: beyond 5,000
	// probes Hill's estimator uses the largest 500, a share below a tenth,
	// which keeps it deeper in the tail.
	topKept = 500
)

func (t *topK) add(x float64) {
	t.n++
	t.push(x)
}

// push keeps x if it is among the topKept largest positive values.
func (t *topK) push(x float64) {
	if !(x > 0) {
		return
	}
	if len(t.v) < topKept {
		t.v = append(t.v, x)
		// Sift up.
		for i := len(t.v) - 1; i > 0; {
			p := (i - 1) / 2
			if t.v[p] <= t.v[i] {
				break
			}
			t.v[p], t.v[i] = t.v[i], t.v[p]
			i = p
		}
		return
	}
	if x <= t.v[0] {
		return
	}
	t.v[0] = x
	// Sift down.
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < len(t.v) && t.v[l] < t.v[m] {
			m = l
		}
		if l+1 < len(t.v) && t.v[l+1] < t.v[m] {
			m = l + 1
		}
		if m == i {
			break
		}
		t.v[m], t.v[i] = t.v[i], t.v[m]
		i = m
	}
}

func (t *topK) merge(o topK) {
	t.n += o.n
	for _, x := range o.v {
		t.push(x)
	}
}

// hill is Hill's estimate of the tail index from the largest tenth of the
// values offered (at least minTop, at most topKept): 1 / mean(log(X(i) / X(k)))
// over the k-1 largest against the k-th. 0 when fewer than k values are
// positive: too few to tell.
func (t topK) hill() float64 {
	k := int(min(max(t.n/topShare, minTop), topKept))
	if len(t.v) < k {
		return 0
	}
	s := slices.Clone(t.v)
	slices.Sort(s)
	s = s[len(s)-k:]
	var sum float64
	for _, x := range s[1:] {
		sum += math.Log(x / s[0])
	}
	if sum == 0 {
		return math.Inf(1)
	}
	return float64(len(s)-1) / sum
}

const (
	// replicatesWanted is the number of groups Knuth's and stratified
	// probes are pooled into: enough degrees of freedom for Student's t
	// (t975(29) = 2.05 against 1.96) and for a test of fit, few enough
	// that each group's mean is close to normal.
	replicatesWanted = 30
	// minReplicates: fewer than this and the test of fit has no power;
	// the interval is a spread.
	minReplicates = 10
	// minConfidenceWork: the replicates of fewer moves give a spread. The
	// probes of so small a sample have seen too little of the tree for
	// their spread to measure their error: on the validation set's trees
	// with budgets of 330 to 5,000 moves, the bootstrap-t intervals of at
	// least minReplicates replicates held the truth in 80 to 90% of the
	// repetitions, on the larger budgets in 93 to 100% (docs/estimate-log.md).
	minConfidenceWork = 10_000
	// minMetShare: a solution count's interval is a confidence interval
	// only when at least this share of its replicates met a solution. On
	// pentomino 4x15 (first empty cell), whose replicates met one in 4 to
	// 14 of 30, the intervals held the truth in 77% of the repetitions
	// (docs/estimate-log.md).
	minMetShare = 0.5
)

// intervals are the estimate's intervals from its replicates.
func (r Replicates) intervals() (nodes, solutions Interval) {
	nodes = replicateInterval(r.Nodes, r.Work >= minConfidenceWork)
	// The solutions' replicates, most of them 0 where the solutions are
	// rare, show too little of their tail for a confidence interval.
	met := 0
	for _, x := range r.Solutions {
		if x > 0 {
			met++
		}
	}
	solutions = replicateInterval(r.Solutions, r.Work >= minConfidenceWork && float64(met) >= minMetShare*float64(len(r.Solutions)))
	if solutions.Estimate == 0 && solutions.Kind == KindSpread {
		solutions = zeroSolutions(solutions, nodes)
	}
	return nodes, solutions
}

// zeroSolutions bounds a solution count of which no replicate met any
// (iv, 0 .. 0): 0 up to the nodes' upper bound. Every solution is a node,
// so the true solutions are at most the true nodes, and where the nodes'
// interval is a confidence interval that holds them, this one holds the
// solutions: a confidence interval at the nodes' level at least. Where
// it is not, a spread (0 .. infinity without nodes' replicates to bound
// it). The replicates say nothing tighter: probes that met no solution
// bound the chance of meeting one (the rule of three: below 3/n at 95%
// for n probes), not the weight a meeting would carry, which can be any
// size.
func zeroSolutions(iv, nodes Interval) Interval {
	iv.Low, iv.High, iv.Kind = 0, nodes.High, KindSpread
	if nodes.Kind == KindConfidence || nodes.Kind == KindExact {
		iv.Kind = KindConfidence
	}
	return iv
}

// replicateInterval is the mean of xs with a 95% bootstrap-t interval
// (bootstrapT), a confidence interval when there are at least
// minReplicates replicates and enough is true, else the same interval
// labelled a spread. At least minReplicates replicates all alike are an
// exact count (a prefix or a tail that held the whole tree), unless
// nothing was met at all.
func replicateInterval(xs []float64, enough bool) Interval {
	var m moments
	for _, x := range xs {
		m.add(x)
	}
	iv := m.tInterval()
	iv.Kind, iv.Level = KindSpread, Level
	if m.n < 2 {
		return iv
	}
	if m.sd() == 0 {
		// Alike because every replicate held the whole tree (a prefix or
		// a tail), or by chance: two probes of width 2 on a PP-24
		// subtree whose root has one live child of four both missed it,
		// and 5 nodes of 2,394,231 were called exact. Fewer than
		// minReplicates alike are a spread.
		if m.mean() > 0 && len(xs) >= minReplicates {
			iv.Kind = KindExact
		}
		return iv
	}
	if len(xs) > maxBootstrapReplicates {
		// Pooled rounds of a stop rule: resample their group means, which
		// are replicates too, not thousands of values a thousand times.
		ones := make([]int64, len(xs))
		for i := range ones {
			ones[i] = 1
		}
		g := groupMeans(xs, ones, maxBootstrapReplicates)
		var mg moments
		for _, x := range g {
			mg.add(x)
		}
		shift := m.mean() - mg.mean()
		lo, hi := bootstrapT(g, mg.mean(), mg.sd()/math.Sqrt(float64(len(g))))
		iv.Low, iv.High = max(lo+shift, 0), hi+shift
	} else {
		iv.Low, iv.High = bootstrapT(xs, m.mean(), iv.StdErr)
	}
	if enough && len(xs) >= minReplicates {
		iv.Kind = KindConfidence
	}
	return iv
}

// maxBootstrapReplicates bounds the replicates bootstrapT resamples.
const maxBootstrapReplicates = 300

// bootstrapResamples is the number of resamples of bootstrapT: 999 puts
// the 0.5% and 99.5% quantiles on order statistics 5 and 995.
const bootstrapResamples = 999

// bootstrapLevel is the level of the bootstrap-t quantiles behind an
// interval printed at Level: wider than Level, because at the nominal
// level the intervals of the skewed replicates held the truth in 87 to
// 90% of the repetitions on several trees of the validation set (the
// upper bound 0.8 to 0.99 of the truth when the probes had not met the
// tail), and a confidence interval must hold at least its level on
// every tree (docs/estimate-log.md).
const bootstrapLevel = 0.99

// bootstrapT is the bootstrap-t interval of the mean of xs (Efron and
// Tibshirani 1993, ch. 12; Hall 1988): the law of the studentized mean
// t = (mean* - mean) / se* over resamples of xs with replacement stands
// for that of (mean - mu) / se, and the interval is [mean - t(99.5%) se,
// mean - t(0.5%) se] (bootstrapLevel). The replicates of a tree's size are skewed to the
// right: a resample without the rare large values has a small mean and a
// small standard error, a t far below 0, and the interval reaches high
// above the mean, where the truth is when the sample has not met the
// tail. Student's t interval, symmetric, held the truth in 84 to 89% of
// the validation set's repetitions, bootstrap-t in 93 to 98%
// (docs/estimate-log.md). A resample of equal values has no spread: its t
// is infinite on the side of its mean, which makes the interval
// unbounded there when that happens in more than 0.5% of the resamples.
// The generator is seeded by the sample's size, so the interval is a
// function of the replicates. Low is not below 0: every quantity
// estimated here is a count.
func bootstrapT(xs []float64, mean, se float64) (low, high float64) {
	n := len(xs)
	rng := rand.New(rand.NewPCG(uint64(n), bootstrapResamples))
	ts := make([]float64, bootstrapResamples)
	for b := range ts {
		var sum, sum2 float64
		for range n {
			x := xs[rng.IntN(n)]
			sum += x
			sum2 += x * x
		}
		mb := sum / float64(n)
		sb := math.Sqrt(max(sum2-float64(n)*mb*mb, 0) / float64(n-1) / float64(n))
		if sb < 1e-12*math.Abs(mb) {
			sb = 0 // equal values, up to rounding
		}
		switch {
		case sb > 0:
			ts[b] = (mb - mean) / sb
		case mb > mean:
			ts[b] = math.Inf(1)
		case mb < mean:
			ts[b] = math.Inf(-1)
		}
	}
	slices.Sort(ts)
	tail := (1 - bootstrapLevel) / 2
	lo, hi := ts[int(float64(bootstrapResamples)*tail)], ts[int(float64(bootstrapResamples)*(1-tail))]
	return max(mean-hi*se, 0), mean - lo*se
}

// groupMeans pools consecutive batches (sums of values and their counts)
// into at most want groups of nearly equal counts and returns each
// group's mean: independent replicates of the estimate.
func groupMeans(sums []float64, counts []int64, want int) []float64 {
	var total int64
	for _, c := range counts {
		total += c
	}
	if total == 0 {
		return nil
	}
	want = int(min(int64(want), int64(len(counts))))
	out := make([]float64, 0, want)
	var sum float64
	var n, done int64
	for i := range sums {
		sum += sums[i]
		n += counts[i]
		// Close the group once it holds its share of the total.
		if int64(len(out)+1)*total <= (done+n)*int64(want) || i == len(sums)-1 {
			out = append(out, sum/float64(n))
			done += n
			sum, n = 0, 0
		}
	}
	return out
}

// Merge pools the replicates of two estimates of the same tree by the same
// method (the rounds of a stop rule): their replicates are concatenated,
// the per-depth estimates weighted by samples, the work added.
func Merge(a, b Result) Result {
	if a.Samples == 0 {
		return b
	}
	if b.Samples == 0 {
		return a
	}
	out := Result{Method: a.Method, Samples: a.Samples + b.Samples, Work: a.Work + b.Work}
	out.Replicates.Nodes = append(slices.Clone(a.Replicates.Nodes), b.Replicates.Nodes...)
	out.Replicates.Solutions = append(slices.Clone(a.Replicates.Solutions), b.Replicates.Solutions...)
	out.Replicates.Hits = a.Replicates.Hits + b.Replicates.Hits
	out.Replicates.Work = a.Replicates.Work + b.Replicates.Work
	var nodeTop, solutionTop topK
	for _, r := range []Replicates{a.Replicates, b.Replicates} {
		nodeTop.merge(r.nodeTop)
		solutionTop.merge(r.solutionTop)
	}
	out.Replicates = out.Replicates.withTops(nodeTop, solutionTop)
	if a.Replicates.Hits < 0 || b.Replicates.Hits < 0 {
		out.Replicates.Hits = -1
	}
	wa, wb := float64(a.Samples)/float64(out.Samples), float64(b.Samples)/float64(out.Samples)
	for d := range max(len(a.ByDepth), len(b.ByDepth)) {
		var e DepthEstimate
		switch {
		case d >= len(a.ByDepth):
			e = b.ByDepth[d]
			e.Nodes *= wb
		case d >= len(b.ByDepth):
			e = a.ByDepth[d]
			e.Nodes *= wa
		default:
			e = a.ByDepth[d]
			if !e.Exact {
				e.Nodes = wa*a.ByDepth[d].Nodes + wb*b.ByDepth[d].Nodes
			}
		}
		out.ByDepth = append(out.ByDepth, e)
	}
	out.Nodes, out.Solutions = out.Replicates.intervals()
	return out
}

// RelativeHalfWidth is the larger of (high - estimate) and (estimate -
// low) over the estimate: what a stop rule's target bounds. Infinite for
// an estimate of 0 or an interval that is not a confidence interval.
func (iv Interval) RelativeHalfWidth() float64 {
	switch {
	case iv.Kind == KindExact:
		return 0
	case iv.Kind != KindConfidence || iv.Estimate <= 0:
		return math.Inf(1)
	}
	return max(iv.High-iv.Estimate, iv.Estimate-iv.Low) / iv.Estimate
}
