package estimate

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/branchwise/branchwise/internal/numfmt"
	"github.com/branchwise/branchwise/internal/workpool"
)

// runProbes runs probes 0, 1, ... on opt.Workers goroutines and returns
// those kept, in order: opt.Samples of them, or with opt.MaxWork as many
// as the budget holds (workCut), and at most Samples if it is positive. Probes cut by ctx are left out, and so
// is every later one (completed.prefix), so that what is kept does not
// depend on the timing or the workers.
//
// With opt.workCap (a fixed number of probes, fixedProbes) the Samples
// are planned and MaxWork is ignored: the run stops early only when the
// probes in order pass the cap (capCut), and then reports capped.
//
// A probe dropped at its limit (Options.probeLimit, the cap) ends the
// probes kept, and the run is capped; extra is its moves, or with workCap those of the probe
// that passed the cap: a probe that ran whatever the workers, so that
// the work reported is the same on any number of them.
func runProbes(ctx context.Context, opt Options, newWorker func() func(i int) probeOutcome) (kept []probeOutcome, capped bool, extra int64) {
	n := opt.Samples
	stopAt := opt.MaxWork
	switch {
	case opt.workCap > 0:
		stopAt = opt.workCap
		opt.Meter.plan(0, int64(n))
	case opt.MaxWork > 0:
		if n <= 0 {
			n = math.MaxInt32
		}
		opt.Meter.plan(opt.MaxWork, 0)
	default:
		opt.Meter.plan(0, int64(n))
	}
	var res completed[probeOutcome]
	var spent atomic.Int64
	workpool.Run(ctx, opt.Workers, n, func(int) func(int) bool {
		probe := newWorker()
		return func(i int) bool {
			r := probe(i)
			res.put(i, r)
			opt.Meter.add(r.work, 1)
			// Stop once the probes done hold the budget (or the cap):
			// every probe up to workCut's (capCut's) is then done or
			// under way.
			return stopAt <= 0 || spent.Add(r.work) < stopAt
		}
	})
	out := res.prefix(probeEnded)
	k := len(out)
	for i, r := range out {
		if r.dropped {
			k = i
			break
		}
	}
	switch {
	case opt.workCap > 0:
		k = capCut(out[:k], opt.workCap)
		capped = k < len(out) || len(out) < n && ctx.Err() == nil
	case opt.MaxWork > 0:
		k = workCut(out[:k], opt.MaxWork)
	}
	if k < len(out) && (out[k].dropped || opt.workCap > 0) {
		extra = out[k].work
		capped = true
	}
	return out[:k], capped, extra
}

// tallyRun is tallyProbes over runProbes, a capped run labelled: its
// method says so, and its intervals are spreads. The work includes the
// extra moves of runProbes. The mean of the probes
// kept before the cap is the biased mean of a run stopped by its work
// (a costly probe ends the run and carries the estimate), so it must not
// read as a confidence interval.
func tallyRun(kept []probeOutcome, capped bool, extra int64, opt Options, method string) Result {
	r := tallyProbes(kept, method)
	r.Work += extra
	if capped {
		of := ""
		if opt.workCap > 0 {
			of = fmt.Sprintf(" of %d", opt.Samples)
		}
		r.Method += fmt.Sprintf(" (capped: the work cap of %s moves stopped the run after %d%s probes;"+
			" the estimate is biased where costly probes carry it)", numfmt.Count(max(opt.workCap, opt.probeLimit)), len(kept), of)
		// Not exact either, however alike the probes kept: the costly
		// ones were left out.
		r.Nodes.Kind, r.Solutions.Kind = KindSpread, KindSpread
	}
	return r
}

// capNote is the note tallyRun adds to a capped run's method, or "".
func capNote(method string) string {
	if i := strings.Index(method, " (capped:"); i >= 0 {
		return method[i:]
	}
	return ""
}

// capCut is the longest prefix of probes whose moves stay below the
// cap: it reads the probes in order only, so it is the same on any
// number of workers (a run stops once its moves reach the cap).
func capCut(probes []probeOutcome, limit int64) int {
	var spent int64
	for i, r := range probes {
		if spent += r.work; spent >= limit {
			return i
		}
	}
	return len(probes)
}

const (
	// calShare: a budgeted run of probes first spends this part of the
	// budget on probes of its own seed (stopped by that share, as their
	// estimate is not used) to measure the moves per probe, from which
	// the main run's number of probes is fixed (fixedProbes).
	calShare = 10
	// workCapFactor: a run of a fixed number of probes costs about its
	// budget in expectation, but where one probe can cost far more than
	// the budget (the broom of the tests: a probe of width 3 that takes
	// its large child costs 16 times a budget of 1,551 moves) it would
	// run for hours; it is stopped at this many times the budget, and
	// said capped (tallyRun).
	workCapFactor = 4
)

// fixedProbes is the number of probes a budget of moves holds at the
// measured moves per probe, at least one (as a run stopped by the budget
// keeps its first probe). Fixed before the main run from a calibration
// of its own seed, it does not depend on the main run's probes, so their
// mean is unbiased: stopped by the budget instead, a run ends at its
// first costly probe, which carries the estimate over few others (3 times
// the truth on the broom of the tests: docs/estimate-log.md, seventh
// pass).
func fixedProbes(budget int64, perProbe float64) int {
	return int(max(min(float64(budget)/max(perProbe, 1), math.MaxInt32), 1))
}

// workCut is the number of probes, in order, that a budget of moves
// holds: probe i is kept while the moves of those before it, plus their
// mean (the expected cost of probe i), stay within the budget; the first
// probe always. The rule reads the probes in order only, so the probes
// kept are the same on any number of workers, and the total work is about
// the budget, over or under by part of one probe.
func workCut(probes []probeOutcome, budget int64) int {
	var spent int64
	for i, r := range probes {
		if i > 0 && spent+spent/int64(i) > budget {
			return i
		}
		spent += r.work
	}
	return len(probes)
}

// Meter follows an estimate as it runs, for a progress line: the moves
// and samples done, against the budget or the samples planned. Its
// methods may be called from any goroutine; a nil Meter does nothing.
type Meter struct {
	start                 time.Time
	moves, samples        atomic.Int64
	planMoves, planSample atomic.Int64
}

// NewMeter returns a meter started now.
func NewMeter() *Meter { return &Meter{start: time.Now()} }

// plan sets the work planned: a budget of moves, which holds for the
// whole estimate once set (auto and a budgeted run know the whole), or
// else the samples of the phase beginning (a count's subtrees, then
// Korekawa et al.'s runs), counted afresh.
func (m *Meter) plan(moves, samples int64) {
	if m == nil || m.planMoves.Load() > 0 {
		return
	}
	if moves > 0 {
		m.planMoves.Store(moves)
		return
	}
	m.samples.Store(0)
	m.planSample.Store(samples)
}

func (m *Meter) add(moves, samples int64) {
	if m == nil {
		return
	}
	m.moves.Add(moves)
	m.samples.Add(samples)
}

// Done is the share of the planned work done (0 to 1), and false when
// nothing is planned.
func (m *Meter) Done() (float64, bool) {
	if m == nil {
		return 0, false
	}
	if p := m.planMoves.Load(); p > 0 {
		return min(float64(m.moves.Load())/float64(p), 1), true
	}
	if p := m.planSample.Load(); p > 0 {
		return min(float64(m.samples.Load())/float64(p), 1), true
	}
	return 0, false
}

// Line is a progress line: the time so far, the work done and the time
// left at the rate so far ("?" until some work is done).
func (m *Meter) Line() string {
	if m == nil {
		return ""
	}
	elapsed := time.Since(m.start)
	s := m.counts(elapsed)
	f, ok := m.Done()
	switch {
	case !ok:
		return s
	case f <= 0:
		return s + ", 0% done, ? left"
	}
	left := time.Duration(float64(elapsed) * (1 - f) / f)
	return s + ", " + strconv.FormatFloat(100*f, 'f', 0, 64) + "% done, about " + left.Round(time.Second).String() + " left"
}

// Elapsed is the time since the meter started.
func (m *Meter) Elapsed() time.Duration { return time.Since(m.start) }

// counts is the time so far and the work done.
func (m *Meter) counts(elapsed time.Duration) string {
	return elapsed.Round(time.Second).String() + ", " + FormatCount(float64(m.moves.Load())) + " moves, " +
		FormatCount(float64(m.samples.Load())) + " samples"
}
