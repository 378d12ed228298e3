package estimate

import (
	"context"
	"math"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/branchwise/branchwise/internal/workpool"
)

// runProbes runs probes 0, 1, ... on opt.Workers goroutines and returns
// those kept, in order: opt.Samples of them, or with opt.MaxWork as many
// as the budget holds (workCut), and at most Samples if it is positive. Probes cut by ctx are left out, and so
// is every later one (completed.prefix), so that what is kept does not
// depend on the timing or the workers.
func runProbes(ctx context.Context, opt Options, newWorker func() func(i int) probeOutcome) []probeOutcome {
	n := opt.Samples
	if opt.MaxWork > 0 {
		if n <= 0 {
			n = math.MaxInt32
		}
		opt.Meter.plan(opt.MaxWork, 0)
	} else {
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
			// Stop once the probes done hold the budget: every probe up
			// to workCut's is then done or under way.
			return opt.MaxWork <= 0 || spent.Add(r.work) < opt.MaxWork
		}
	})
	out := res.prefix(probeDone)
	if opt.MaxWork > 0 {
		out = out[:workCut(out, opt.MaxWork)]
	}
	return out
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
