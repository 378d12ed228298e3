package estimate

import (
	"context"
	"fmt"
	"math"

	"github.com/branchwise/branchwise/internal/numfmt"
)

const (
	// minPurdomProbes: auto takes the widest Purdom probe of which this
	// many fit in the budget: minReplicates, the fewest that give a
	// confidence interval.
	minPurdomProbes = minReplicates
	// maxAutoWidth bounds the widths auto considers (the widest measured
	// on 6x10: docs/estimate-log.md).
	maxAutoWidth = 6
	// widthProbes: the probes of width 2 whose mean cost predicts the
	// wider ones' (one probe that dies early would predict too little).
	widthProbes = 4
)

// purdomCost predicts the moves of a Purdom probe of width w from those of
// width 2, c2: a probe reaches about w^D nodes where width 2 reaches 2^D,
// so c2^(log w / log 2).
func purdomCost(c2 float64, w int) float64 {
	return math.Pow(c2, math.Log(float64(w))/math.Ln2)
}

// nativeBudget: the methods whose probes run until a budget of moves is
// spent (runProbes), with no calibration run.
var nativeBudget = map[string]bool{"purdom": true, "stratified": true, "samplesearch": true}

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
	opt.Meter.plan(budget, 0)
	if nativeBudget[method] {
		// A calibration of its own seed measures the moves per probe; the
		// main run's number of probes is fixed from it (fixedProbes), and
		// capped at workCapFactor times the budget.
		cal := opt
		cal.MaxWork, cal.Samples, cal.workCap, cal.probeLimit = max(budget/calShare, 1), 0, 0, workCapFactor*budget
		if opt.probeLimit > 0 {
			// The caller's limit (Auto's: a probe that costs more than
			// the budget is not what it chose) ends a costly calibration
			// sooner.
			cal.probeLimit = min(cal.probeLimit, opt.probeLimit)
		}
		cal.Seed = RoundSeed(opt.Seed, 1000)
		c, err := runMethod(ctx, method, newTree, cal)
		if err != nil || c.Samples == 0 && ctx.Err() != nil {
			return c, 0, err
		}
		// The moves of a probe dropped at the limit count (c.Work).
		per := float64(c.Work) / float64(max(c.Samples, 1))
		if capNote(c.Method) != "" || float64(budget-c.Work) < per && c.Samples == 1 {
			// A probe passed the cap: so would the main run's, and the
			// calibration is the result, said capped. Or no room for
			// another probe: the calibration's one probe, kept whatever
			// its value (the first always is), is the result, unbiased.
			return c, per, nil
		}
		// At least one probe: the calibration, stopped by its share of
		// the budget, is biased where it kept several.
		o := opt
		o.MaxWork, o.Samples = 0, fixedProbes(budget-c.Work, per)
		capFactor := float64(workCapFactor)
		if opt.capFactor > 0 {
			capFactor = opt.capFactor
		}
		o.workCap = max(int64(capFactor*float64(budget))-c.Work, 1)
		o.probeLimit = o.workCap
		r, err := runMethod(ctx, method, newTree, o)
		r.Work += c.Work
		return r, per, err
	}
	opt.MaxWork = 0
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
// at such budgets on the validation set (docs/estimate.md). On a typed
// tree (an iteration of IDA*) that is stratified sampling. On the others
// a pilot run of Purdom's probes of width 2 (at most widthProbes of them,
// at most a pilotShare of the budget) measures the tree: its nodes per
// depth and the cost of a probe. From the pilot, the main run takes
// Purdom's probes of the largest width of which minPurdomProbes fit in
// the rest (a probe of width w costs about c2^(log w / log 2) where one of
// width 2 costs c2: it reaches about w^D nodes where width 2 reaches
// 2^D), and counts exactly the subtrees of at most a tailShare of the
// budget from the depth where the pilot's subtrees are that small on
// average (TailDepth): a sampled top over a counted bottom, so that the
// clustered solutions at the leaves are counted where a probe reaches
// them. The choice depends on the pilot, and the main run draws afresh,
// so the estimate is unbiased. Its Result's Method names the choice.
func Auto(ctx context.Context, newTree func() Tree, opt Options) (Result, error) {
	const defaultWork = 1_000_000
	budget := opt.MaxWork
	if budget <= 0 {
		budget = defaultWork
	}
	opt.Meter.plan(budget, 0)
	exact, tried, counted := countWithin(ctx, newTree, budget/exactShare)
	if counted {
		r := exact.Result()
		r.Method = fmt.Sprintf("auto: counted, not estimated (a tree of %s nodes, within a %dth of the budget)", numfmt.Count(tried), exactShare)
		return r, nil
	}
	if err := ctx.Err(); err != nil {
		return Result{Work: tried}, err
	}
	budget = max(budget-tried, 1)
	if _, ok := newTree().(Typed); ok {
		// Lelis, Zilles and Holte's SS: on Korf's instances a median of
		// 0.99 of the truth where Knuth's probes gave 0.89
		// (docs/estimate-log.md).
		r, _, err := budgeted(ctx, "stratified", newTree, opt, budget)
		r.Method = "auto: stratified (typed tree)" + capNote(r.Method)
		r.Work += tried
		return r, err
	}
	// The pilot: Knuth's probes, cheap anywhere, then (where four of them
	// fit in a pilotShare of the budget) widthProbes probes of width 2,
	// whose cost predicts that of the wider ones.
	o := opt
	o.Width, o.ExactDepth, o.Lookahead, o.Tail = 1, 0, false, 0
	o.Samples, o.MaxWork = knuthPilotProbes, max(budget/pilotShare, 1)
	o.Seed = RoundSeed(opt.Seed, 3000)
	pilot := Purdom(ctx, newTree, o)
	spent := pilot.Work
	c2 := 0.0 // the moves of a probe of width 2, when measured
	if purdomTailCost(pilot.ByDepth, len(pilot.ByDepth), 2)*widthProbes <= float64(budget/pilotShare) {
		o.Width, o.Samples, o.Seed = 2, widthProbes, RoundSeed(opt.Seed, 3001)
		p2 := Purdom(ctx, newTree, o)
		spent += p2.Work
		c2 = float64(p2.Work) / float64(max(p2.Samples, 1))
		pilot = p2
	}
	pilot.ByDepth = raiseToSeen(pilot.ByDepth, exact.Nodes)
	left := budget - spent
	o = opt
	o.Lookahead, o.ExactDepth, o.Samples = false, 0, 0
	o.Tail = int(max(left/tailShare, 1))
	o.TailDepth = TailDepth(pilot.ByDepth, int64(o.Tail))
	if left < minTailBudget*tailStep {
		o.Tail = 0 // one failed count would take a large part of the budget
	}
	// The last probe overshoots by part of its cost: aim a little lower.
	o.MaxWork = max(int64(float64(left)*mainShare), 1)
	o.Width = 1
	for w := maxAutoWidth; w >= 2 && c2 > 0; w-- {
		// The cost of the top, measured by width 2, and of the counts.
		cost := purdomCost(c2, w)
		if o.Tail > 0 {
			cost = max(cost, purdomTailCost(pilot.ByDepth, o.TailDepth, w))
		}
		if cost*minPurdomProbes <= float64(o.MaxWork) {
			o.Width = w
			break
		}
	}
	o.Lookahead, o.Importance = false, false
	if opt.Importance && (o.Width == 1 || opt.Viable) {
		// Opt-in, not the default: measured no better (estimate-log.md).
		// With Viable, probes of any width draw by the mixture.
		o.Lookahead, o.Importance = true, true
	}
	main := o
	main.MaxWork, main.probeLimit = 0, o.MaxWork
	main.capFactor = autoCapFactor
	if opt.Stratify {
		main.Width, main.Lookahead, main.Importance = 1, false, false
		r, _, _ := budgeted(ctx, "stratified", newTree, main, o.MaxWork)
		r.Method = fmt.Sprintf("auto: stratified (strata %d), %s", o.Strata, tailNote(o.Tail, o.TailDepth)) + capNote(r.Method)
		r.Work += spent + tried
		return r, ctx.Err()
	}
	// The main run's probes are fixed in number from a calibration
	// (budgeted), not stopped by the budget: unbiased.
	r, _, _ := budgeted(ctx, "purdom", newTree, main, o.MaxWork)
	fallback := ""
	if capNote(r.Method) != "" && main.Width > 1 && ctx.Err() == nil {
		// A probe of the width chosen passed the cap (a pilot that never
		// met the costly subtree: the broom of the tests): Knuth's
		// probes, with a seed of their own, on the main run's budget
		// again. The choice depends on the capped run only, so the
		// estimate stays unbiased; the capped run's moves count.
		spentCapped := r.Work
		fallback = fmt.Sprintf(" (width %d passed the work cap)", main.Width)
		main.Width, main.Seed = 1, RoundSeed(opt.Seed, 3002)
		r, _, _ = budgeted(ctx, "purdom", newTree, main, o.MaxWork)
		r.Work += spentCapped
	}
	r.Method = fmt.Sprintf("auto: purdom width %d, %s", main.Width, tailNote(o.Tail, o.TailDepth)) + fallback + capNote(r.Method)
	r.Work += spent + tried
	return r, ctx.Err()
}

// raiseToSeen raises a pilot's nodes per depth to the nodes the failed
// count (countWithin) met there, each a lower bound of the depth's
// nodes. A pilot of short probes on a tree whose dead ends are many can
// put the whole tree below the count's nodes (a few hundred nodes on
// PP-24's sub-boards under the fewest-options rule without the
// dead-region cut, of millions): auto then counted subtrees from the
// root, and every node a probe reached first tried a count that failed,
// taking the estimate past its budget (docs/estimate-log.md, seventh
// pass).
func raiseToSeen(byDepth []DepthEstimate, seen []int64) []DepthEstimate {
	for d, n := range seen {
		if d == len(byDepth) {
			byDepth = append(byDepth, DepthEstimate{Depth: d})
		}
		byDepth[d].Nodes = max(byDepth[d].Nodes, float64(n))
	}
	return byDepth
}

// exactShare: Auto first counts the tree exactly if that takes at most
// this part of its budget. On a tree smaller than the budget an estimate
// costs more than the count and is less (pentomino-3x20: 32,978 nodes,
// estimated within 8% with 942,113 moves); on a larger tree the count
// that does not finish costs this part of the budget, in the Work
// reported (a count limited to fewer than tailStep nodes asks at every
// node: 1,024 moves, the walks' step, were most or more of the small
// budgets of the validation set, and left the estimate one probe).
const exactShare = 20

// tailNote names auto's counted bottom: the subtrees counted, or none.
func tailNote(tail, tailDepth int) string {
	if tail <= 0 {
		return "no subtrees counted"
	}
	return fmt.Sprintf("subtrees of <= %d nodes counted from depth %d", max(tail, tailStep), tailDepth)
}

// countWithin counts the whole tree on one goroutine, stopping once it
// has counted more than limit nodes: the profile, the nodes counted
// (the moves spent) and whether the count finished.
func countWithin(ctx context.Context, newTree func() Tree, limit int64) (Profile, int64, bool) {
	var p Profile
	nodes := func() int64 {
		var n int64
		for _, c := range p.Nodes {
			n += c
		}
		return n
	}
	stopped := false
	stop := func() bool {
		stopped = stopped || ctx.Err() != nil || nodes() > limit
		return stopped
	}
	if limit < tailStep {
		// The walks ask whether to stop once every tailStep moves: a
		// limit below that is kept by asking at every node, so that the
		// count takes its share of a small budget and no more.
		walkTreeEvery(newTree(), math.MaxInt32, &p, stop, 0)
	} else {
		walkExhaustive(newTree(), math.MaxInt32, &p, stop)
	}
	return p, nodes(), !stopped
}

const (
	// knuthPilotProbes: the pilot's first part, Knuth's probes (Purdom's of
	// width 1), cheap on any tree, tell whether probes of width 2 are
	// affordable: one costs up to 2^D moves, 4% of heptiamond 4x21's
	// nodes.
	knuthPilotProbes = 16
	// pilotShare: the pilot takes at most this part of the budget (on a
	// tree so small that its probes of width 2 cost more, one probe).
	pilotShare = 4
	// tailShare: the subtrees counted exactly have at most this part of
	// the budget's nodes (but at least tailStep: the counts stop at that
	// granularity). Measured on the validation set at 1% of the work, 30
	// repetitions (docs/estimate-log.md): a three-hundredth gave the
	// solutions within a factor 2 on 24 of 36 trees, against 18 without
	// counting; larger shares left too few probes.
	tailShare = 300
	// minTailBudget: subtrees are counted when the budget holds this many
	// counts of tailStep moves, the least a failed count can cost. (8,
	// tried in the tenth pass, switched the counted bottom off on budgets
	// of 1,000 to 8,000 moves: the nodes' median errors fell, but
	// pentomino 4x15's and pentahex 5x10's solutions left the factor 2.)
	minTailBudget = 1
	// autoCapFactor: auto's main run is capped at this many times its
	// budget (workCapFactor elsewhere): a run past 1.5 times the cost its
	// calibration predicted has met probes its width cannot afford, and
	// the fallback to Knuth's probes then has its budget left within
	// three budgets in all (the broom of the tests: up to 5.1 budgets
	// with the cap at 4 once the exact try no longer took 1,024 of
	// 1,551 moves). On the validation set at 1% (30 repetitions) 35 of
	// 1,080 runs fell back, the summary as with 2 or 4 (tenth pass).
	autoCapFactor = 1.5
	// mainShare: the main run aims at this part of what the pilot left,
	// so that the mean work stays within the budget.
	mainShare = 0.95
)

// purdomTailCost predicts the moves of a Purdom probe of width w that
// counts the subtrees from tailDepth on, from the nodes per depth of a
// pilot: it reaches about prod min(w, bf) nodes of each depth above
// tailDepth (bf the mean branching factor there; an upper bound, as the
// mean of min(w, n) is at most min(w, mean n)), and counts the subtree of
// each it reaches at tailDepth, of the mean size there.
func purdomTailCost(byDepth []DepthEstimate, tailDepth, w int) float64 {
	reached, cost := 1.0, 0.0
	for d := range byDepth {
		if byDepth[d].Nodes <= 0 {
			break
		}
		if d == tailDepth {
			below := 0.0
			for _, e := range byDepth[d:] {
				below += e.Nodes
			}
			return cost + reached*below/byDepth[d].Nodes
		}
		cost += reached
		if d+1 < len(byDepth) {
			reached *= min(float64(w), byDepth[d+1].Nodes/byDepth[d].Nodes)
		}
	}
	return cost
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
