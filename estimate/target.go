package estimate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"
)

// Why a stop rule stopped.
const (
	StopTarget     = "target"     // the intervals are as narrow as asked
	StopTime       = "time"       // the time ran out (or ctx ended) first
	StopExhaustive = "exhaustive" // counting the tree is cheaper than going on
)

// Target is a stop rule: rounds of an estimator, pooled, until the
// confidence intervals of both the nodes and the solutions have a
// relative half-width of at most Relative.
type Target struct {
	// Relative is the half-width asked for, over the estimate: 0.1 is
	// +-10% at Level. It must lie in (0, 1).
	Relative float64
	// CountCost, when set, is the predicted time of an exhaustive count
	// of a tree of that many nodes; when the time left to the target
	// exceeds it, the rule stops with StopExhaustive.
	CountCost func(nodes float64) time.Duration
	// Work, when set, tells the rounds' cost so far in CountCost's units
	// (the CPU time of one worker, say): the switch to counting compares
	// it, extrapolated as the time left is, with CountCost. Nil: the wall
	// time since Run began, which on a loaded machine makes the rounds
	// look dearer than a count predicted from an unloaded node rate.
	Work func() time.Duration
	// Progress, when set, is called after every round with the pooled
	// result and the predicted time left to the target (negative: not
	// yet predictable, no confidence interval yet).
	Progress func(r Result, left time.Duration)
}

// CheckTarget reports a target outside (0, 1).
func CheckTarget(relative float64) error {
	if !(relative > 0 && relative < 1) {
		return fmt.Errorf("estimate: target half-width %g%% outside (0%%, 100%%)", 100*relative)
	}
	return nil
}

// ErrNoInterval: the method gives no confidence interval, so a target
// cannot be met.
var ErrNoInterval = errors.New("estimate: the method gives no confidence interval to meet a target with")

// RoundSeed is the seed of round k of a stop rule: rounds must not
// repeat each other's samples.
func RoundSeed(seed uint64, k int) uint64 { return seed + uint64(k)*0x9e3779b97f4a7c15 }

// Run calls round(ctx, k) for k = 0, 1, ..., each an estimate of its
// own seed (RoundSeed), merging the results, until the target is met, ctx
// ends, or an exhaustive count would be cheaper than the time left. The
// time left is extrapolated from the standard error falling as one over
// the square root of the work: left = elapsed ((h / Relative)^2 - 1) for
// the current relative half-width h.
func (tg Target) Run(ctx context.Context, round func(ctx context.Context, k int) Result) (Result, string) {
	start := time.Now()
	var pooled Result
	for k := 0; ; k++ {
		r := round(ctx, k)
		if r.Samples == 0 {
			// Nothing done: ctx ended, or the round cannot sample.
			return pooled, StopTime
		}
		pooled = Merge(pooled, r)
		h := max(pooled.Nodes.RelativeHalfWidth(), pooled.Solutions.RelativeHalfWidth())
		left, workLeft := time.Duration(-1), time.Duration(-1)
		elapsed := time.Since(start)
		work := elapsed
		if tg.Work != nil {
			work = tg.Work()
		}
		if !math.IsInf(h, 0) {
			more := max((h/tg.Relative)*(h/tg.Relative)-1, 0)
			left, workLeft = time.Duration(float64(elapsed)*more), time.Duration(float64(work)*more)
		}
		if tg.Progress != nil {
			tg.Progress(pooled, left)
		}
		switch {
		case h <= tg.Relative:
			return pooled, StopTarget
		case ctx.Err() != nil:
			return pooled, StopTime
		case tg.CountCost != nil && (workLeft > tg.CountCost(pooled.Nodes.Estimate) || workLeft < 0 && work > tg.CountCost(pooled.Nodes.Estimate)):
			// Going on would cost more than counting (or, with no
			// interval yet, has already cost more).
			return pooled, StopExhaustive
		}
	}
}
