package gaps

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/branchwise/branchwise/internal/stats"
	"github.com/branchwise/branchwise/internal/workpool"
	"github.com/branchwise/branchwise/search"
)

// SurveyOptions configure Survey.
type SurveyOptions struct {
	Columns int    // k of every deal
	Seed    uint64 // the first deal's seed; deal i has seed Seed+i
	Deals   int    // number of deals
	Workers int    `spec:"-"` // deals decided at once
	// Decider is the algorithm that decides each deal: Auto (the
	// default, when empty), "decide", "decide-reach", "decide-stubborn" or
	// "decide-stubborn-dfs", or a portfolio of them ("decide,decide-stubborn-dfs",
	// see Solve).
	Decider string
	// Algorithms are run, after the decider, on every deal it found
	// solvable (Shintani's averages are over solvable deals).
	Algorithms []string
	// Solve holds each search's limits (Solve.Limits) and store.
	Solve SolveOptions
	// Done, if set, is called after each deal, one call at a time.
	Done func(DealOutcome) `spec:"-"`
	// Resumed are deals decided by an earlier run (a checkpoint), by
	// number 0..Deals-1: they are not run again and count as they are.
	Resumed map[int]DealOutcome `spec:"-"`
	// Keep, if set, picks the deals of this run by number (a shard's);
	// the others are neither run nor counted.
	Keep func(i int) bool `spec:"-"`
}

// DealOutcome is one deal of a survey: the decider's outcome and those of
// the algorithms run on it.
type DealOutcome struct {
	Seed     uint64
	Decision Outcome
	Runs     []Outcome
}

// AlgorithmStats are one algorithm's figures over the deals found solvable.
type AlgorithmStats struct {
	Name        string  `json:"name"`
	Solved      int     `json:"solved"`
	Unknown     int     `json:"unknown"`
	MeanNodes   float64 `json:"mean_nodes"`
	MedianNodes float64 `json:"median_nodes"`
	MeanStored  float64 `json:"mean_stored"`
	MeanLength  float64 `json:"mean_length"`
	// LengthRatio is the mean of length/optimum over the deals where the
	// first optimal algorithm of the list (astar, dfid or bfs) solved it.
	LengthRatio float64 `json:"length_over_optimum,omitempty"`
	Rejected    int64   `json:"deadlocks_rejected"`
	Seconds     float64 `json:"seconds"`
}

// SurveyResult is the survey of one number of columns. Deals counts the
// deals decided; a deal the context stopped before its decision ended is
// not counted at all (neither solvable nor unknown).
type SurveyResult struct {
	Columns int `json:"columns"`
	// Rules names the rule variant the deals were played by (Rules.String:
	// "fixed suits", "2 redeals", ...); empty, and left out of the JSON,
	// for the standard game, whose output stays as it was.
	Rules       string  `json:"rules,omitempty"`
	Deals       int     `json:"deals"`
	Solvable    int     `json:"solvable"`
	Unsolvable  int     `json:"unsolvable"`
	Unknown     int     `json:"unknown"`
	SolvablePct float64 `json:"solvable_pct"`
	// CILow and CIHigh bound the solvable fraction of the decided deals:
	// the 95% Wilson interval, in percent.
	CILow      float64 `json:"ci95_low_pct"`
	CIHigh     float64 `json:"ci95_high_pct"`
	Seconds    float64 `json:"seconds"`
	MaxSeconds float64 `json:"max_seconds_per_deal"`
	// The decider's CPU time (Outcome.CPU): in all, the most a deal took,
	// and the median over the decided deals.
	CPUSeconds       float64 `json:"cpu_seconds"`
	MaxCPUSeconds    float64 `json:"max_cpu_seconds_per_deal"`
	MedianCPUDecided float64 `json:"median_cpu_seconds_decided"`
	// Algorithms[0] is the decider, then opt.Algorithms in order.
	Algorithms []AlgorithmStats `json:"algorithms"`
	// UnknownSeeds are the seeds of the deals a limit left undecided.
	UnknownSeeds []uint64 `json:"unknown_seeds,omitempty"`
	// ByCPU, when a limit left deals unknown, counts the deals decided
	// within growing amounts of CPU time (see CPUStep).
	ByCPU []CPUStep `json:"by_cpu,omitempty"`
	// OfAll, when a limit left deals unknown, gives the shares of all the
	// deals, unknown ones included (SolvablePct is of the decided ones).
	OfAll *Shares `json:"of_all,omitempty"`
	// Prefix, in a report of a ledger (SurveySizes.Report), is how many
	// deals from the first are all finished: the deals past it that are
	// finished are a shard's (--shard) and the prefix is the sample that
	// no stop can bias.
	Prefix int `json:"finished_prefix,omitempty"`
	// Status is search.Solved when every deal asked for was decided, and
	// the context's status (search.Interrupted, search.TimeLimit) when ctx
	// ended first. In JSON it is the flag "interrupted", only when set.
	Status search.Status `json:"-"`
}

// MarshalJSON writes the result with Status as "interrupted": true, last,
// when the survey ended early.
func (r SurveyResult) MarshalJSON() ([]byte, error) {
	type plain SurveyResult // without this method
	return json.Marshal(struct {
		plain
		Interrupted bool `json:"interrupted,omitempty"`
	}{plain(r), r.Status.Early()})
}

// CPUStep is one step of a survey's CPU curve: the deals its decider
// decided within CPUSeconds of CPU each, and the solvable fraction among
// them with its 95% Wilson interval. It is this run's curve, not a survey at
// that limit: a portfolio's later members start at fractions of the whole
// limit, so a smaller limit would run them sooner.
type CPUStep struct {
	CPUSeconds  float64 `json:"cpu_seconds"`
	Solvable    int     `json:"solvable"`
	Unsolvable  int     `json:"unsolvable"`
	Undecided   int     `json:"undecided"`
	SolvablePct float64 `json:"solvable_pct"`
	CILow       float64 `json:"ci95_low_pct"`
	CIHigh      float64 `json:"ci95_high_pct"`
}

// Shares are the solvable and unknown shares of all the deals of a survey
// with their 95% Wilson intervals, in percent. The share of these deals
// that can be won lies between SolvablePct and SolvablePct + UnknownPct,
// whatever the unknown deals turn out to be; the share of all deals, with
// 95% confidence, between WinnableLow (the solvable share's lower Wilson
// bound) and WinnableHi (the upper bound of solvable + unknown): each
// bound fails with probability 2.5% at most, so both hold with 95%.
type Shares struct {
	SolvablePct float64 `json:"solvable_pct"`
	SolvableLow float64 `json:"solvable_ci95_low_pct"`
	SolvableHi  float64 `json:"solvable_ci95_high_pct"`
	UnknownPct  float64 `json:"unknown_pct"`
	UnknownLow  float64 `json:"unknown_ci95_low_pct"`
	UnknownHi   float64 `json:"unknown_ci95_high_pct"`
	WinnableLow float64 `json:"winnable_ci95_low_pct"`
	WinnableHi  float64 `json:"winnable_ci95_high_pct"`
}

// sharesOf returns the shares of solvable and unknown deals among n.
func sharesOf(solvable, unknown, n int) *Shares {
	s := &Shares{SolvablePct: 100 * float64(solvable) / float64(n), UnknownPct: 100 * float64(unknown) / float64(n)}
	lo, hi := stats.Wilson(solvable, n)
	s.SolvableLow, s.SolvableHi, s.WinnableLow = 100*lo, 100*hi, 100*lo
	lo, hi = stats.Wilson(unknown, n)
	s.UnknownLow, s.UnknownHi = 100*lo, 100*hi
	_, hi = stats.Wilson(solvable+unknown, n)
	s.WinnableHi = 100 * hi
	return s
}

// cpuSteps are the CPU times of the curve, in seconds: 1-2-5 steps, as
// far as the slowest deal; the curve's last step is every deal.
var cpuSteps = []float64{0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000}

// cpuCurve is the CPU curve of deals.
func cpuCurve(deals []DealOutcome) []CPUStep {
	slowest := 0.0
	for _, r := range deals {
		slowest = max(slowest, r.Decision.CPU.Seconds())
	}
	var curve []CPUStep
	for _, t := range append(slices.Clone(cpuSteps), slowest) {
		if t > slowest {
			continue
		}
		st := CPUStep{CPUSeconds: t}
		for _, r := range deals {
			switch v := r.Decision; {
			case v.Verdict == Solvable && v.CPU.Seconds() <= t:
				st.Solvable++
			case v.Verdict == Unsolvable && v.CPU.Seconds() <= t:
				st.Unsolvable++
			default:
				st.Undecided++
			}
		}
		if decided := st.Solvable + st.Unsolvable; decided > 0 {
			st.SolvablePct = 100 * float64(st.Solvable) / float64(decided)
		}
		lo, hi := stats.Wilson(st.Solvable, st.Solvable+st.Unsolvable)
		st.CILow, st.CIHigh = 100*lo, 100*hi
		curve = append(curve, st)
	}
	return curve
}

// Survey decides opt.Deals random deals of opt.Columns columns (seeds
// Seed, Seed+1, ...) on opt.Workers goroutines, runs the algorithms on the
// solvable ones, and sums up. When ctx ends, the deals decided so far are
// summed up; the others do not count.
func Survey(ctx context.Context, opt SurveyOptions) SurveyResult {
	so := opt.Solve
	decider := opt.Decider
	if decider == "" {
		decider = Auto
	}
	type dealRun struct {
		DealOutcome
		complete, resumed, skipped bool
	}
	runs, _ := workpool.Map(ctx, opt.Workers, opt.Deals, func(i int) dealRun {
		if r, ok := opt.Resumed[i]; ok {
			return dealRun{DealOutcome: r, complete: true, resumed: true}
		}
		if opt.Keep != nil && !opt.Keep(i) {
			return dealRun{skipped: true}
		}
		r := dealRun{DealOutcome: DealOutcome{Seed: opt.Seed + uint64(i)}}
		d := Generate(opt.Columns, r.Seed)
		d.Rules = so.Rules
		r.Decision, _ = Solve(ctx, d, decider, so)
		if ctx.Err() != nil {
			return r // cut by the survey's context, not by a limit: not decided
		}
		if r.Decision.Verdict == Solvable {
			for _, a := range opt.Algorithms {
				o, _ := Solve(ctx, d, a, so)
				r.Runs = append(r.Runs, o)
			}
		}
		r.complete = ctx.Err() == nil
		return r
	}, func(_ int, r dealRun) {
		if opt.Done != nil && r.complete && !r.resumed {
			opt.Done(r.DealOutcome)
		}
	})
	var deals []DealOutcome
	wanted := 0
	for _, r := range runs {
		if !r.skipped {
			wanted++
		}
		if r.complete {
			deals = append(deals, r.DealOutcome)
		}
	}
	res := Summarize(opt.Columns, opt.Algorithms, deals)
	if !so.Rules.Standard() {
		res.Rules = so.Rules.String()
	}
	res.Algorithms[0].Name = decider
	if len(deals) < wanted {
		// Only the context leaves deals undecided.
		res.Status = search.StatusOf(search.ContextErr(ctx))
	}
	return res
}

// Summarize sums up the outcomes of decided deals, each with a run of
// every algorithm of algos if the deal is solvable.
func Summarize(columns int, algos []string, deals []DealOutcome) SurveyResult {
	res := SurveyResult{Columns: columns, Deals: len(deals)}
	acc := make([]algoAcc, len(algos)+1)
	acc[0].Name = "decide"
	for j, a := range algos {
		acc[j+1].Name = a
	}
	optIdx := -1
	for j, a := range algos {
		if b := strings.TrimSuffix(a, "+dl"); b == "astar" || b == "dfid" || b == "bfs" {
			optIdx = j
			break
		}
	}
	var decidedCPU []float64
	for _, r := range deals {
		v := r.Decision
		res.Seconds += v.Elapsed.Seconds()
		res.MaxSeconds = max(res.MaxSeconds, v.Elapsed.Seconds())
		res.CPUSeconds += v.CPU.Seconds()
		res.MaxCPUSeconds = max(res.MaxCPUSeconds, v.CPU.Seconds())
		if v.Verdict != Unknown {
			decidedCPU = append(decidedCPU, v.CPU.Seconds())
		}
		switch v.Verdict {
		case Solvable:
			res.Solvable++
		case Unsolvable:
			res.Unsolvable++
		default:
			res.Unknown++
			res.UnknownSeeds = append(res.UnknownSeeds, r.Seed)
		}
		acc[0].Seconds += v.Elapsed.Seconds()
		acc[0].Rejected += v.Rejected
		if v.Verdict == Solvable {
			acc[0].add(v, -1)
		}
		opt := -1
		if optIdx >= 0 && optIdx < len(r.Runs) && r.Runs[optIdx].Verdict == Solvable {
			opt = len(r.Runs[optIdx].Path)
		}
		for j, o := range r.Runs {
			a := &acc[j+1]
			a.Seconds += o.Elapsed.Seconds()
			a.Rejected += o.Rejected
			if o.Verdict != Solvable {
				a.Unknown++
				continue
			}
			a.add(o, opt)
		}
	}
	for _, a := range acc {
		res.Algorithms = append(res.Algorithms, a.stats())
	}
	res.MedianCPUDecided = stats.Median(decidedCPU)
	decided := res.Solvable + res.Unsolvable
	if decided > 0 {
		res.SolvablePct = 100 * float64(res.Solvable) / float64(decided)
	}
	lo, hi := stats.Wilson(res.Solvable, decided)
	res.CILow, res.CIHigh = 100*lo, 100*hi
	if res.Unknown > 0 {
		res.ByCPU = cpuCurve(deals)
		res.OfAll = sharesOf(res.Solvable, res.Unknown, res.Deals)
	}
	return res
}

// algoAcc gathers one algorithm's figures.
type algoAcc struct {
	AlgorithmStats
	nodes, stored, lengths []float64
	ratios                 []float64
}

// add counts a solved run; opt > 0 is the deal's optimal length.
func (a *algoAcc) add(o Outcome, opt int) {
	a.Solved++
	a.nodes = append(a.nodes, float64(o.Generated))
	a.stored = append(a.stored, float64(o.Stored))
	a.lengths = append(a.lengths, float64(len(o.Path)))
	if opt > 0 {
		a.ratios = append(a.ratios, float64(len(o.Path))/float64(opt))
	}
}

func (a *algoAcc) stats() AlgorithmStats {
	s := a.AlgorithmStats
	s.MeanNodes, s.MedianNodes = stats.Mean(a.nodes), stats.Median(a.nodes)
	s.MeanStored, s.MeanLength = stats.Mean(a.stored), stats.Mean(a.lengths)
	s.LengthRatio = stats.Mean(a.ratios)
	return s
}
