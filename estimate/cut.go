package estimate

import (
	"context"
	"math/rand/v2"

	"github.com/branchwise/branchwise/internal/opterr"
)

// CheckCut reports impossible parameters of the Cut method.
func CheckCut(opt Options) error {
	switch {
	case opt.CutP < 0 || opt.CutP >= 1:
		return opterr.Errorf("--cut-p", "cut probability %v outside [0, 1)", opt.CutP)
	case opt.CutFrom > opt.CutTo:
		return opterr.Errorf("--cut-depths", "empty cut depth range %d..%d", opt.CutFrom, opt.CutTo)
	case opt.CutFrom < 1:
		return opterr.Errorf("--cut-depths", "the cut depth range must start at depth 1 or below the root")
	case opt.Samples < 1:
		return opterr.Errorf("--samples", "at least one run is needed")
	}
	return nil
}

// depthMoments are the branching factors measured at one depth in a run,
// and how many of the nodes there were solutions.
type depthMoments struct {
	bf        moments
	solutions int64
}

// Cut is Korekawa et al.'s estimate. Each of opt.Samples runs is a depth-first
// search in which a node at a depth in [CutFrom, CutTo] is dropped with
// probability CutP; every node kept is measured: its branching factor
// (the minimum, when the tree branches on the fewest options) and whether
// it is a solution. Per depth, the mean over runs of each run's mean
// branching factor (Table a) multiplies the exact count of exact (Table b,
// to its last depth) depth by depth into nodes per depth (Table c); the
// solutions at a depth are its nodes times the fraction of measured nodes
// there that were solutions. The interval is the spread of the estimates
// that each run makes alone (Student's t): it measures the noise, not the
// method's bias. When ctx ends, the estimate is that of the runs finished
// so far, with a nil error (ctx's error when none has finished).
func Cut(ctx context.Context, newTree func() Tree, exact Profile, opt Options) (Result, error) {
	if err := CheckCut(opt); err != nil {
		return Result{}, err
	}
	split := splitTasks(newTree(), opt.CutFrom-1, tasksWanted)
	type job struct{ run, task int }
	var paths [][]int
	var jobs []job
	for r := 0; r < opt.Samples; r++ {
		for i, p := range split.paths {
			paths = append(paths, p)
			jobs = append(jobs, job{r, i})
		}
	}
	results := make([][]depthMoments, len(jobs))
	works := make([]int64, len(jobs))
	finished := make([]bool, len(jobs))
	err := runTasks(ctx, newTree, paths, opt.Workers, opt.Meter, func(t Tree, j int, stop func() bool) {
		var pcg rand.PCG
		pcg.Seed(opt.Seed, 3+uint64(jobs[j].run)<<32+uint64(jobs[j].task))
		rng := rand.New(&pcg)
		var acc []depthMoments
		var work int64
		var rec func()
		rec = func() {
			d := t.Depth()
			for len(acc) <= d {
				acc = append(acc, depthMoments{})
			}
			n, sol := t.Branches()
			acc[d].bf.add(float64(n))
			if sol {
				acc[d].solutions++
			}
			for k := 0; k < n && !stop(); k++ {
				if d+1 >= opt.CutFrom && d+1 <= opt.CutTo && rng.Float64() < opt.CutP {
					continue
				}
				t.Down(k)
				work++
				rec()
				t.Up()
			}
		}
		rec()
		results[j], works[j], finished[j] = acc, work, !stop()
		opt.Meter.add(work, 0) // for the progress line's moves
	})
	// Interrupted: the runs whose every subtree was searched to its end
	// are whole runs, and the estimate is theirs (the jobs go out in the
	// order of the runs, so they are the first ones).
	runs := opt.Samples
	for j := range jobs {
		if !finished[j] {
			runs = min(runs, jobs[j].run)
		}
	}
	if err != nil && runs == 0 {
		return Result{}, err
	}
	// The nodes above the split are never dropped: every run measures
	// them alike.
	prefix := measurePrefix(newTree(), len(split.prefix.Nodes))
	perRun := make([][]depthMoments, runs)
	for r := range perRun {
		perRun[r] = append([]depthMoments(nil), prefix...)
	}
	for j, acc := range results {
		r := jobs[j].run
		if r >= runs {
			continue
		}
		for d, m := range acc {
			for len(perRun[r]) <= d {
				perRun[r] = append(perRun[r], depthMoments{})
			}
			perRun[r][d].bf.merge(m.bf)
			perRun[r][d].solutions += m.solutions
		}
	}
	out := Result{Method: "cut", Samples: runs}
	for _, w := range works {
		out.Work += w // the moves of the unfinished runs too: they were spent
	}
	maxDepth := 0
	for _, pr := range perRun {
		maxDepth = max(maxDepth, len(pr))
	}
	// Table a: the mean of the runs' mean branching factors, the pooled
	// standard deviation, the samples.
	meanBF := make([]float64, maxDepth)
	solFrac := make([]float64, maxDepth)
	for d := 0; d < maxDepth; d++ {
		var runMeans moments
		var pooled moments
		var sols int64
		for _, pr := range perRun {
			if d < len(pr) && pr[d].bf.n > 0 {
				runMeans.add(pr[d].bf.mean())
				pooled.merge(pr[d].bf)
				sols += pr[d].solutions
			}
		}
		meanBF[d] = runMeans.mean()
		if pooled.n > 0 {
			solFrac[d] = float64(sols) / float64(pooled.n)
		}
		out.ByDepth = append(out.ByDepth, DepthEstimate{Depth: d, MeanBF: meanBF[d], SDBF: pooled.sd(), BFSamples: pooled.n})
	}
	if len(exact.Nodes) == 0 {
		exact = Profile{Nodes: []int64{1}, Branches: []int64{0}, Solutions: []int64{0}}
	}
	nodes, sols := combine(exact, meanBF, solFrac)
	for d := range out.ByDepth {
		out.ByDepth[d].Nodes = nodes[d]
		out.ByDepth[d].Exact = d < len(exact.Nodes)
	}
	for d := len(out.ByDepth); d < len(nodes); d++ {
		out.ByDepth = append(out.ByDepth, DepthEstimate{Depth: d, Nodes: nodes[d], Exact: d < len(exact.Nodes)})
	}
	// Each run's own estimate, for the spread.
	var runNodes, runSols moments
	for _, pr := range perRun {
		bf := make([]float64, maxDepth)
		frac := make([]float64, maxDepth)
		for d := range pr {
			bf[d] = pr[d].bf.mean()
			if pr[d].bf.n > 0 {
				frac[d] = float64(pr[d].solutions) / float64(pr[d].bf.n)
			}
		}
		n, s := combine(exact, bf, frac)
		runNodes.add(sum(n))
		runSols.add(sum(s))
	}
	// A product of ratio means is biased: the runs' spread is no
	// confidence interval.
	out.Nodes, out.Solutions = runNodes.tInterval(), runSols.tInterval()
	out.Nodes.Kind, out.Solutions.Kind = KindSpread, KindSpread
	out.Nodes.Level, out.Solutions.Level = Level, Level
	out.Nodes.Estimate, out.Solutions.Estimate = sum(nodes), sum(sols)
	return out, nil
}

// combine extends exact counts per depth by mean branching factors (Table
// c): nodes[d+1] = nodes[d] * meanBF[d] beyond the exact depths; solutions
// per depth are exact there and nodes times the solution fraction beyond.
func combine(exact Profile, meanBF, solFrac []float64) (nodes, sols []float64) {
	for d := 0; ; d++ {
		var n, s float64
		switch {
		case d < len(exact.Nodes):
			n = float64(exact.Nodes[d])
			// The exact profile's last depth was counted, not expanded.
			if d < len(exact.Nodes)-1 {
				s = float64(exact.Solutions[d])
			} else if d < len(solFrac) {
				s = n * solFrac[d]
			}
		case d-1 < len(meanBF) && d > 0:
			n = nodes[d-1] * meanBF[d-1]
			if d < len(solFrac) {
				s = n * solFrac[d]
			}
		}
		if n == 0 || d > len(meanBF)+len(exact.Nodes) {
			return nodes, sols
		}
		nodes = append(nodes, n)
		sols = append(sols, s)
	}
}

func sum(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s
}

// measurePrefix measures the branching factors of every node above depth.
func measurePrefix(t Tree, depth int) []depthMoments {
	acc := make([]depthMoments, depth)
	var rec func()
	rec = func() {
		d := t.Depth()
		if d >= depth {
			return
		}
		n, sol := t.Branches()
		acc[d].bf.add(float64(n))
		if sol {
			acc[d].solutions++
		}
		for k := 0; k < n; k++ {
			t.Down(k)
			rec()
			t.Up()
		}
	}
	rec()
	return acc
}
