package main

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/xcover"
)

// parseTarget reads --target ("10%" or "0.1") and checks that it can be
// met: 0 when not given.
func parseTarget(f estimateFlags) (float64, error) {
	if f.target == "" {
		return 0, nil
	}
	s := strings.TrimSpace(f.target)
	scale := 1.0
	if t, ok := strings.CutSuffix(s, "%"); ok {
		s, scale = t, 0.01
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, usagef("--target %q: want a relative half-width, e.g. 10%%", f.target)
	}
	v *= scale
	if err := estimate.CheckTarget(v); err != nil {
		return 0, usagef("--target %q: %v", f.target, err)
	}
	switch {
	case f.method == "exact" || f.method == "paper":
		return 0, usagef("--target with --method %s: %v", f.method, estimate.ErrNoInterval)
	case f.budget > 0:
		return 0, usagef("--target and --time: give --max-time for the stop rule")
	}
	return v, nil
}

// runTarget runs rounds of the estimator until the target is met,
// --max-time runs out or counting is cheaper (then it counts), with a
// live line on a terminal.
func runTarget(e *env, prog *progress, pk *polyform.Packing, strat xcover.Strategy, newTree func() estimate.Tree,
	f estimateFlags, target float64, round func(context.Context, int) estimate.Result) (estimate.Result, string, error) {
	ctx := e.ctx
	if f.maxTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.maxTime)
		defer cancel()
	}
	rate := pk.NodeRate(ctx, strat, 500*time.Millisecond)
	start := time.Now()
	tg := estimate.Target{Relative: target,
		CountCost: func(nodes float64) time.Duration {
			if rate <= 0 {
				return time.Duration(math.MaxInt64)
			}
			return time.Duration(min(nodes/rate/float64(f.workers), 1e9) * float64(time.Second))
		},
		Progress: func(r estimate.Result, left time.Duration) {
			eta := "?"
			if left >= 0 {
				eta = left.Round(time.Second).String()
			}
			prog.Printf("%s solutions %s %s, nodes %s %s; %s, %s to ±%g%%", time.Since(start).Round(time.Second),
				bigFloat(r.Solutions.Estimate), intervalText(r.Solutions), bigFloat(r.Nodes.Estimate), intervalText(r.Nodes),
				bigFloat(float64(r.Samples))+" samples", eta, 100*target)
		},
	}
	r, why := tg.Run(ctx, round)
	if e.ctx.Err() != nil {
		return r, why, errInterrupted
	}
	if r.Samples == 0 {
		return r, why, fmt.Errorf("--max-time %v ran out before the first round of %d samples ended: give more time or fewer --samples", f.maxTime, f.samples)
	}
	if why == estimate.StopExhaustive {
		prog.Printf("counting: cheaper than reaching the target")
		p, err := estimate.Exhaustive(e.ctx, newTree, math.MaxInt32, f.workers)
		if err != nil {
			return r, why, errInterrupted
		}
		c := p.Result()
		c.Method, c.Work, c.Samples = r.Method+", then counted", c.Work+r.Work, r.Samples
		return c, why, nil
	}
	return r, why, nil
}

// intervalText is an interval as printed: a confidence interval at its
// level, a spread that is not one, or nothing for a count.
func intervalText(iv estimate.Interval) string {
	switch iv.Kind {
	case estimate.KindExact:
		return "(exact)"
	case estimate.KindConfidence:
		return fmt.Sprintf("(%g%% confidence: %s .. %s)", 100*iv.Level, bigFloat(iv.Low), bigFloat(iv.High))
	}
	return fmt.Sprintf("(spread, not a confidence interval: %s .. %s)", bigFloat(iv.Low), bigFloat(iv.High))
}
