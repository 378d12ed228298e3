package estimate

import (
	"context"
	"fmt"
	"math"
)

const (
	// minPurdomProbes: auto takes the widest Purdom probe of which this
	// many fit in the budget (fewer and the spread says nothing).
	minPurdomProbes = 3
	// maxAutoWidth bounds the widths auto considers (the widest measured
	// on 6x10: docs/estimate-log.md).
	maxAutoWidth = 6
	// widthProbes: the probes of width 2 whose mean cost predicts the
	// wider ones' (one probe that dies early would predict too little).
	widthProbes = 4
	// probesPerTail: the fallback's tail budget is set so that the run has
	// room for this many probes even if each counts a subtree of the
	// tail's size (the failed count that precedes it included).
	probesPerTail = 600
	// minTailNodes, maxTailNodes bound the small subtrees counted exactly.
	minTailNodes, maxTailNodes = 16, 20000
)

// autoTail is the tail budget of a run of about budget moves.
func autoTail(budget int64) int {
	return int(min(max(budget/(2*probesPerTail), minTailNodes), maxTailNodes))
}

// purdomCost predicts the moves of a Purdom probe of width w from those of
// width 2, c2: a probe reaches about w^D nodes where width 2 reaches 2^D,
// so c2^(log w / log 2).
func purdomCost(c2 float64, w int) float64 {
	return math.Pow(c2, math.Log(float64(w))/math.Ln2)
}

// calibrationSamples is a first run's size per method: small enough to
// cost little anywhere, large enough to measure the cost of a sample.
var calibrationSamples = map[string]int{"knuth": 4, "purdom": 1, "frontier": 1, "stratified": 1, "samplesearch": 1}

// Budgeted runs method with as many samples as fit in opt.MaxWork moves:
// a small run measures the moves per sample, and the main run takes the
// rest of the budget (the small run's moves counted in Work). Without
// MaxWork it is Run.
func Budgeted(ctx context.Context, method string, newTree func() Tree, opt Options) (Result, error) {
	o := opt
	o.MaxWork = 0
	if opt.MaxWork <= 0 || method == "exact" || method == "paper" {
		return runMethod(ctx, method, newTree, o)
	}
	r, _, err := budgeted(ctx, method, newTree, o, opt.MaxWork)
	return r, err
}

// budgeted runs method in about budget moves and returns the result with
// its total work, and the moves per sample measured. A first run of
// calibrationSamples measures the moves per sample (the frontier's exact
// prefix apart, made shallower until it fits); when the budget has no room
// for more, that run is the result.
func budgeted(ctx context.Context, method string, newTree func() Tree, opt Options, budget int64) (Result, float64, error) {
	cal := opt
	cal.Samples = calibrationSamples[method]
	cal.Seed = RoundSeed(opt.Seed, 1000)
	var c Result
	var fixed float64 // moves not per sample: the frontier's exact prefix
	for {
		var err error
		if c, err = runMethod(ctx, method, newTree, cal); err != nil || c.Samples == 0 {
			return c, 0, err
		}
		fixed = 0
		if method == "frontier" {
			for _, d := range c.ByDepth {
				if d.Exact {
					fixed += d.Nodes
				}
			}
		}
		if method != "frontier" || cal.ExactDepth == 0 || c.Work <= budget {
			break
		}
		cal.ExactDepth--
	}
	per := max((float64(c.Work)-fixed)/float64(c.Samples), 1)
	left := float64(budget-c.Work) - fixed // the main run counts the prefix again
	if left < per*float64(cal.Samples+1) {
		return c, per, nil
	}
	main := opt
	main.ExactDepth = cal.ExactDepth
	main.Samples = int(min(left/per, math.MaxInt32))
	r, err := runMethod(ctx, method, newTree, main)
	if err != nil {
		return r, per, err
	}
	// Every sample of the calibration run is one the main run draws
	// again with another seed: the moves count, the estimate is the main run's.
	r.Work += c.Work
	return r, per, nil
}

// Auto spends opt.MaxWork moves (1e6 if 0) on the estimator measured best
// at such budgets (docs/estimate.md, the validation set): on a typed tree
// (an iteration of IDA*) stratified sampling; on the others Purdom's
// partial backtracking of the largest width of which minPurdomProbes
// probes fit in the budget, as predicted from the moves of widthProbes
// probes of width 2 (a wide probe reaches the clusters of solutions that narrow
// probes miss: at 1% of the work, width 3 estimated the solutions of
// 6x10 within 36% where the best of Knuth's probes, the frontier and a
// pilot-chosen mix missed them in most repetitions); and when not even
// width 2 fits, Knuth's probes with lookahead and small subtrees counted.
// Its Result's Method names the choice.
func Auto(ctx context.Context, newTree func() Tree, opt Options) (Result, error) {
	const defaultWork = 1_000_000
	budget := opt.MaxWork
	if budget <= 0 {
		budget = defaultWork
	}
	if _, ok := newTree().(Typed); ok {
		// Lelis, Zilles and Holte's SS: on Korf's instances a median of
		// 0.99 of the truth where Knuth's probes gave 0.89
		// (docs/estimate-log.md).
		r, _, err := budgeted(ctx, "stratified", newTree, opt, budget)
		r.Method = "auto: stratified (typed tree)"
		return r, err
	}
	o := opt
	o.Width, o.ExactDepth, o.Lookahead, o.Samples = 2, 0, false, widthProbes
	o.Seed = RoundSeed(opt.Seed, 3000)
	c := Purdom(ctx, newTree, o)
	spent := c.Work
	left := budget - spent
	width := 0
	for w := maxAutoWidth; w >= 2; w-- {
		if purdomCost(float64(max(c.Work, 1))/widthProbes, w)*minPurdomProbes <= float64(left) {
			width = w
			break
		}
	}
	var r Result
	var err error
	if width == 0 {
		o = opt
		o.Lookahead, o.Tail = true, autoTail(left)
		r, _, err = budgeted(ctx, "knuth", newTree, o, max(left, 1))
		r.Method = "auto: knuth lookahead tail"
	} else {
		o = opt
		o.Width, o.ExactDepth, o.Lookahead = width, 0, false
		r, _, err = budgeted(ctx, "purdom", newTree, o, left)
		r.Method = fmt.Sprintf("auto: purdom width %d", width)
	}
	r.Work += spent
	return r, err
}

// meanVar is the mean and the sample variance of xs.
func meanVar(xs []float64) (mean, variance float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(max(len(xs), 1))
	for _, x := range xs {
		variance += (x - mean) * (x - mean)
	}
	if len(xs) > 1 {
		variance /= float64(len(xs) - 1)
	}
	return mean, variance
}
