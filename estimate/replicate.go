package estimate

import (
	"math"
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
	// NodeTail and SolutionTail are Hill's (1975) estimates of the tail
	// index of the probes (a probe's value exceeds x with probability
	// about x^-alpha), from their largest tenth: below minTail the tail is
	// too heavy for the spread of the replicates to measure the error (an
	// index below 2 means an infinite variance). 0 when fewer than a tenth
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
	// minHits: an estimate of the solutions from fewer probes that met one
	// is a spread: the variance of a handful of hits says nothing of
	// those not yet met (measured: intervals from fewer hits covered the
	// truth in 40 to 85% of the repetitions on the validation trees).
	minHits = 0
	// adCritical is the 5% critical value of the Anderson-Darling
	// statistic for normality with mean and variance estimated, after
	// Stephens' (1974) correction A²(1 + 0.75/n + 2.25/n²).
	adCritical = 0.752
	// minTail is the least tail index of the probes at which the
	// replicates' interval is printed as a confidence interval: below 2
	// the probes' variance is infinite, the central limit theorem does not
	// hold, and the spread of a sample understates the error (measured:
	// Knuth's probes, index about 1 to 1.5, covered the truth in 70 to
	// 86% of repetitions whose replicates passed the test of fit).
	minTail = 2
)

// intervals are the estimate's intervals from its replicates.
func (r Replicates) intervals() (nodes, solutions Interval) {
	nodes = replicateInterval(r.Nodes, r.NodeTail >= minTail)
	solutions = replicateInterval(r.Solutions, (r.Hits < 0 || r.Hits >= minHits) && r.SolutionTail >= minTail)
	if solutions.Estimate == 0 && solutions.Kind == KindSpread {
		solutions.High = math.Inf(1)
	}
	return nodes, solutions
}

// replicateInterval is the mean of xs with a 95% interval: Student's t
// when the replicates pass the Anderson-Darling test of normality, Cox's
// log-normal interval when their logarithms do, and otherwise (or when
// enough is false, or there are fewer than minReplicates) the t interval
// labelled a spread.
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
		// Every replicate alike: counted exactly (a prefix or a tail that
		// held the whole tree), unless nothing was met at all.
		if m.mean() > 0 {
			iv.Kind = KindExact
		}
		return iv
	}
	if !enough || len(xs) < minReplicates {
		return iv
	}
	if andersonDarling(xs) <= adCritical {
		iv.Kind = KindConfidence
		return iv
	}
	if m.nonPositive > 0 {
		return iv
	}
	logs := make([]float64, len(xs))
	for i, x := range xs {
		logs[i] = math.Log(x)
	}
	if andersonDarling(logs) <= adCritical {
		iv = m.sizeInterval()
		iv.Kind, iv.Level = KindConfidence, Level
	}
	return iv
}

// andersonDarling is the Anderson-Darling statistic of xs against the
// normal law with their own mean and deviation, with Stephens'
// small-sample factor; above adCritical the law is rejected at 5%.
func andersonDarling(xs []float64) float64 {
	n := len(xs)
	s := slices.Clone(xs)
	slices.Sort(s)
	var m moments
	for _, x := range s {
		m.add(x)
	}
	mu, sd := m.mean(), m.sd()
	if sd == 0 {
		return 0
	}
	cdf := func(x float64) float64 {
		p := 0.5 * math.Erfc(-(x-mu)/(sd*math.Sqrt2))
		return min(max(p, 1e-300), 1-1e-16)
	}
	var a float64
	for i := range n {
		a += float64(2*i+1) * (math.Log(cdf(s[i])) + math.Log(1-cdf(s[n-1-i])))
	}
	a = -float64(n) - a/float64(n)
	nf := float64(n)
	return a * (1 + 0.75/nf + 2.25/(nf*nf))
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
