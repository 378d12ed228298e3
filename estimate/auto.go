package estimate

import (
	"context"
	"fmt"
	"math"
)

// An autoConfig is one estimator the method "auto" may choose.
type autoConfig struct {
	name, method string
	set          func(o *Options, budget int64)
}

// autoConfigs are the candidates of Auto's pilot: Knuth's probes with
// lookahead and the small subtrees counted (the heavy tail of a packing's
// probes is there), the same guided by the fewest-options counts, the
// frontier over them, and Purdom's partial backtracking of width 2.
var autoConfigs = []autoConfig{
	{"knuth lookahead tail", "knuth", func(o *Options, b int64) { o.Lookahead, o.Tail = true, autoTail(b) }},
	{"knuth importance tail", "knuth", func(o *Options, b int64) { o.Lookahead, o.Importance, o.Tail = true, true, autoTail(b) }},
	{"frontier importance tail", "frontier", func(o *Options, b int64) {
		o.Lookahead, o.Importance, o.Tail, o.ExactDepth = true, true, autoTail(b), 1
	}},
	{"purdom width 2 lookahead", "purdom", func(o *Options, b int64) { o.Lookahead, o.Width = true, 2 }},
	{"purdom width 3 lookahead, root exact", "purdom", func(o *Options, b int64) { o.Lookahead, o.Width, o.ExactDepth = true, 3, 1 }},
	{"purdom width 4, root exact", "purdom", func(o *Options, b int64) { o.Width, o.ExactDepth = 4, 1 }},
}

// purdomCost predicts the moves of a Purdom probe of width w from those of
// width 2, c2: a probe reaches about w^D nodes where width 2 reaches 2^D,
// so c2^(log w / log 2). Auto tries a wider probe only when this fits the
// candidate's share: a single probe of width 4 on a deep tree can cost
// more than the whole budget.
func purdomCost(c2 float64, w int) float64 {
	return math.Pow(c2, math.Log(float64(w))/math.Ln2)
}

const (
	// pilotShare is the part of the budget the pilot spends, all
	// candidates together.
	pilotShare = 0.25
	// probesPerTail: the tail budget is set so that the main run has room
	// for this many probes even if each counts a subtree of the tail's
	// size (the failed count that precedes it included).
	probesPerTail = 600
	// minTail, maxTail bound the small subtrees counted exactly.
	minTailNodes, maxTailNodes = 16, 20000
	// heavyPenalty multiplies the pilot's variance of a candidate whose
	// probes' tail index is below 2 (an infinite variance): its pilot
	// spread understates the error.
	heavyPenalty = 4
)

// autoTail is the tail budget of a run of about budget moves.
func autoTail(budget int64) int {
	return int(min(max(budget/(2*probesPerTail), minTailNodes), maxTailNodes))
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

// Auto spends opt.MaxWork moves (1e6 if 0): a pilot run of each
// candidate estimator on pilotShare of the budget, then the one whose
// pilot promises the smallest relative variance of nodes and solutions
// at equal work runs on the rest. Its Result's Method names the choice.
func Auto(ctx context.Context, newTree func() Tree, opt Options) (Result, error) {
	const defaultWork = 1_000_000
	budget := opt.MaxWork
	if budget <= 0 {
		budget = defaultWork
	}
	if _, ok := newTree().(Typed); ok {
		// A tree that types its nodes (an iteration of IDA*: heuristic
		// value and children) is stratified sampling's: Lelis, Zilles and
		// Holte's SS, measured on Korf's instances at a median of 0.99 of
		// the truth where Knuth's probes gave 0.89 (docs/estimate-log.md).
		r, _, err := budgeted(ctx, "stratified", newTree, opt, budget)
		r.Method = "auto: stratified (typed tree)"
		return r, err
	}
	share := int64(pilotShare * float64(budget) / float64(len(autoConfigs)))
	best, bestScore := -1, math.Inf(1)
	var spent int64
	pilots := make([]Result, len(autoConfigs))
	perWidth2 := 0.0 // moves per probe of Purdom width 2
	for i, c := range autoConfigs {
		o := opt
		c.set(&o, budget)
		o.Seed = RoundSeed(opt.Seed, 2000+i)
		if c.method == "purdom" && o.Width > 2 && (perWidth2 == 0 || purdomCost(perWidth2, o.Width) > float64(share)) {
			continue
		}
		r, per, err := budgeted(ctx, c.method, newTree, o, share)
		if err != nil {
			return r, err
		}
		if c.method == "purdom" && o.Width == 2 {
			perWidth2 = per
		}
		spent += r.Work
		pilots[i] = r
		if s := pilotScore(r); s < bestScore || best < 0 {
			best, bestScore = i, s
		}
		if i == 0 && r.Work > 2*share {
			// The budget is too small for the pilots' calibration runs
			// (a tree of a few thousand nodes at 1%): no pilot, the first
			// candidate, the most often chosen on the validation set.
			break
		}
	}
	c := autoConfigs[best]
	if budget-spent < share {
		// No room left: the chosen pilot, an estimate as unbiased as any.
		r := pilots[best]
		r.Work = spent
		r.Method = fmt.Sprintf("auto: %s (the pilot)", c.name)
		return r, nil
	}
	o := opt
	c.set(&o, budget)
	r, _, err := budgeted(ctx, c.method, newTree, o, budget-spent)
	r.Work += spent
	r.Method = fmt.Sprintf("auto: %s", c.name)
	return r, err
}

// pilotScore is a pilot's relative variance of the nodes plus that of the
// solutions, per replicate, times its work: smaller is better at equal
// work. No solution met where a tree has some is infinite: a candidate
// that met none is chosen only if none met any.
func pilotScore(r Result) float64 {
	rv := func(xs []float64, tail float64) float64 {
		m, v := meanVar(xs)
		if len(xs) < 2 || m <= 0 {
			return math.NaN()
		}
		s := v / float64(len(xs)) / (m * m)
		if tail > 0 && tail < 2 {
			s *= heavyPenalty
		}
		return s
	}
	n := rv(r.Replicates.Nodes, r.Replicates.NodeTail)
	s := rv(r.Replicates.Solutions, r.Replicates.SolutionTail)
	if math.IsNaN(n) {
		return math.Inf(1)
	}
	if math.IsNaN(s) {
		// No solution met: worse than any candidate that met one, ranked
		// among those that met none by the nodes.
		s = 1e6
	}
	return (n + s) * float64(max(r.Work, 1))
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
