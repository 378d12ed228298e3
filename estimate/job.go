package estimate

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/branchwise/branchwise/internal/cputime"
	"github.com/branchwise/branchwise/internal/numfmt"
	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/internal/workpool"
	"github.com/branchwise/branchwise/render"
	"github.com/branchwise/branchwise/search"
)

// Job is one estimate as a command asks for it: a method and its options,
// with a time budget (knuth) or a target width (a stop rule), and what the
// report says about the tree. Check's errors name the settings as the
// branchwise command's flags spell them.
type Job struct {
	// Name and Symmetries label the report: the puzzle, and the symmetries
	// of its board (the unique solutions are the solutions over them).
	Name       string
	Symmetries int
	// Restricted says the tree holds one solution of each class of
	// Symmetries members: its solutions are unique ones, and Symmetries
	// times as many are all of theirs. SymmetricClasses, with it, are the
	// classes of fewer members (a symmetry maps their solutions onto
	// themselves), which lie outside the tree, and SymmetricSolutions
	// their solutions: counted exactly, they are added to the estimates.
	Restricted                           bool
	SymmetricClasses, SymmetricSolutions int64
	Method                               string // one of Methods
	Options                              Options
	// Budget, with "knuth", probes for this long instead of
	// Options.Samples.
	Budget time.Duration
	// Target, when not "", is the stop rule's relative half-width, as a
	// fraction ("0.1") or a percentage ("10%"): rounds of the estimator
	// until both intervals are that narrow, Limits.MaxTime runs out (0:
	// no limit), or counting is cheaper (then the tree is counted).
	Target string
	// Limits bound the stop rule: MaxTime its rounds' time (the only
	// field read; --max-time).
	search.Limits
	// NodeRate, if set, measures the nodes per second of one worker of an
	// exhaustive search: the stop rule's count cost and the report's
	// predicted count time.
	NodeRate func(context.Context) float64
	// Progress, if set, is the stop rule's Target.Progress; Counting, if
	// set, is called when the stop rule turns to counting the tree.
	Progress func(r Result, left time.Duration)
	Counting func()
}

// ErrNoRound: the stop rule's MaxTime ran out before its first round. It
// wraps context.DeadlineExceeded (errors.Is), the time limit's error.
var ErrNoRound error = noRound{}

// ErrNoProbe: a budgeted run kept no probe, the first passing the work
// cap (workCapFactor times the budget) alone: there is no estimate, not
// an estimate of 0.
var ErrNoProbe = fmt.Errorf("estimate: no probe ended within the work cap (%d times the work given): give more --work, or a smaller --width", workCapFactor)

// noRound is ErrNoRound's type: a time limit in the stop rule's words.
type noRound struct{}

func (noRound) Error() string { return "estimate: the time ran out before the first round ended" }
func (noRound) Unwrap() error { return context.DeadlineExceeded }

// Check reports settings that do not go together, or out of range.
func (j Job) Check() error {
	o := j.Options
	switch {
	case !slices.Contains(Methods, j.Method):
		return opterr.Errorf("--method", "unknown method %q (want %s)", j.Method, strings.Join(Methods, ", "))
	case o.Width < 1:
		return opterr.Errorf("--width", "--width must be at least 1")
	case j.MaxTime < 0:
		return opterr.Errorf("--max-time", "--max-time must not be negative")
	case j.MaxTime > 0 && j.Target == "":
		return opterr.Errorf("--max-time", "--max-time is for --target (a single estimate takes --samples)")
	case o.Workers < 0:
		return opterr.Errorf("-j", "-j must not be negative (0: every CPU)")
	case o.Samples < 1 && j.Budget == 0 && j.Method != "exact":
		return opterr.Errorf("--samples", "--samples must be at least 1")
	case o.Strata < StrataChildren || o.Strata > StrataPieces:
		return opterr.Errorf("--strata", "--strata must be %d, %d or %d", StrataChildren, StrataRegions, StrataPieces)
	case o.ExactDepth < 0:
		return opterr.Errorf("--exact-depth", "--exact-depth must be at least 0")
	case j.Budget < 0 || j.Budget > 0 && j.Method != "knuth":
		return opterr.Errorf("--time", "--time is for --method knuth (the other methods take --samples)")
	}
	_, err := j.target()
	return err
}

// Status is a one-line account of a stop rule's round r after elapsed,
// left to go (negative: not yet predictable), for a progress line.
func (j Job) Status(r Result, elapsed, left time.Duration) string {
	eta := "?"
	if left >= 0 {
		eta = left.Round(time.Second).String()
	}
	rel, _ := j.target()
	return fmt.Sprintf("%s solutions %s %s, nodes %s %s; %s, %s to ±%g%%", elapsed.Round(time.Second),
		FormatCount(r.Solutions.Estimate), r.Solutions.Text(), FormatCount(r.Nodes.Estimate), r.Nodes.Text(),
		FormatCount(float64(r.Samples))+" samples", eta, 100*rel)
}

// Heartbeat is the progress line of the job under way, for a run with
// Options.Meter set: the time so far, the moves and samples done and, at
// the rate so far, the time left (of a --time budget: what remains of it).
func (j Job) Heartbeat() string {
	m := j.Options.Meter
	line := j.Name + ": estimating (" + j.Method + ")"
	switch {
	case m == nil:
	case j.Budget > 0 && j.Target == "":
		elapsed := time.Since(m.start)
		line += ", " + m.counts(elapsed) + ", about " + max(j.Budget-elapsed, 0).Round(time.Second).String() + " left"
	default:
		line += ", " + m.Line()
	}
	return line + " (Ctrl-C stops it)"
}

// TimeLeft says how long a search estimated at est nodes has left after
// done nodes in elapsed, at the rate so far: ", about 1m30s left", ", past
// the estimate" once done exceeds it, or "" with no estimate or no nodes yet.
func TimeLeft(est, done float64, elapsed time.Duration) string {
	if est <= 0 || done <= 0 {
		return ""
	}
	if left := (est - done) / done * elapsed.Seconds(); left > 0 {
		return fmt.Sprintf(", about %s left", time.Duration(left*float64(time.Second)).Round(time.Second))
	}
	return ", past the estimate"
}

// Relative returns the target's relative half-width (0 when not given),
// or why it cannot be met.
func (j Job) Relative() (float64, error) { return j.target() }

func (j Job) target() (float64, error) {
	if j.Target == "" {
		return 0, nil
	}
	s := strings.TrimSpace(j.Target)
	scale := 1.0
	if t, ok := strings.CutSuffix(s, "%"); ok {
		s, scale = t, 0.01
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, opterr.Errorf("--target", "--target %q: want a relative half-width, e.g. 10%%", j.Target)
	}
	v *= scale
	if err := CheckTarget(v); err != nil {
		return 0, opterr.Errorf("--target", "--target %q: %v", j.Target, err)
	}
	switch {
	case j.Method == "exact" || j.Method == "paper":
		return 0, opterr.Errorf("--target", "--target with --method %s: %v", j.Method, ErrNoInterval)
	case j.Budget > 0:
		return 0, opterr.Errorf("--target", "--target and --time: give --max-time for the stop rule")
	}
	return v, nil
}

// Report is an estimate as the branchwise command prints it.
type Report struct {
	Puzzle     string          `json:"puzzle"`
	Method     string          `json:"method"`
	Symmetries int             `json:"symmetries"`
	Nodes      Interval        `json:"nodes"`
	Solutions  Interval        `json:"solutions"`
	Unique     Interval        `json:"unique"`
	ByDepth    []DepthEstimate `json:"by_depth"`
	Samples    int             `json:"samples"`
	Work       int64           `json:"work"`
	Seconds    float64         `json:"seconds"`
	// NodeRate is the exhaustive search's measured speed (nodes per
	// second, one worker); CountSeconds the predicted time of an exact
	// count on the workers.
	NodeRate     float64 `json:"node_rate"`
	CountSeconds float64 `json:"count_seconds"`
	Workers      int     `json:"workers"`
	// Stop says why a Target stopped: StopTarget, StopTime or
	// StopExhaustive.
	Stop string `json:"stop,omitempty"`
	// Status is search.Solved for an estimate that ran to its end, and
	// search.Interrupted (or search.TimeLimit) when ctx ended it: the
	// figures are then those of the samples so far. In JSON it is the
	// flag "interrupted".
	Status search.Status `json:"-"`
	// Cut is true when the exact method's count stopped at its depth
	// (ExactDepth) with nodes still there: its figures are of the tree to
	// that depth, not of the whole tree. In JSON "cut", after
	// "interrupted".
	Cut bool `json:"-"`
}

// MarshalJSON writes the report with Status as "interrupted": true or
// false, and Cut after it.
func (rep Report) MarshalJSON() ([]byte, error) {
	type plain Report // without this method
	return json.Marshal(struct {
		plain
		Interrupted bool `json:"interrupted"`
		Cut         bool `json:"cut,omitempty"`
	}{plain(rep), rep.Status.Early(), rep.Cut})
}

// Run runs the job on the tree of newTree until it ends or ctx ends.
// Its errors are ctx's (the exhaustive counts stop without a result) and
// ErrNoRound; a sampler that ctx stops reports its samples so far.
func (j Job) Run(ctx context.Context, newTree func() Tree) (Report, error) {
	target, err := j.target()
	if err != nil {
		return Report{}, err
	}
	rep := Report{Puzzle: j.Name, Method: j.Method, Symmetries: j.Symmetries, Workers: search.Workers(j.Options.Workers)}
	start := time.Now()
	var r Result
	if target == 0 {
		ctx, opt := ctx, j.Options
		if j.Budget > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, j.Budget)
			defer cancel()
			opt.Samples = math.MaxInt32
		}
		if r, err = Run(ctx, j.Method, newTree, opt); err != nil {
			return rep, err
		}
		if r.Samples == 0 && capNote(r.Method) != "" {
			return rep, ErrNoProbe
		}
	} else if r, rep.Stop, err = j.runTarget(ctx, newTree, target); err != nil {
		return rep, err
	}
	if ctx.Err() != nil && j.Budget == 0 {
		rep.Status = search.StatusOf(ctx.Err())
	}
	rep.Seconds = time.Since(start).Seconds()
	rep.Nodes, rep.Solutions, rep.ByDepth, rep.Samples, rep.Work = r.Nodes, r.Solutions, fillBranching(r.ByDepth), r.Samples, r.Work
	if r.Method != "" && r.Method != j.Method {
		rep.Method = r.Method // auto's choice
	}
	rep.Unique = r.Solutions.Scale(1 / float64(rep.Symmetries))
	rep.Cut = j.Method == "exact" && len(rep.ByDepth) > j.Options.ExactDepth && rep.ByDepth[len(rep.ByDepth)-1].Nodes > 0
	if j.Restricted {
		rep.Unique = r.Solutions.Shift(float64(j.SymmetricClasses))
		rep.Solutions = r.Solutions.Scale(float64(rep.Symmetries)).Shift(float64(j.SymmetricSolutions))
	}
	if !rep.Status.Early() && j.NodeRate != nil {
		rep.NodeRate = j.NodeRate(ctx)
	}
	if rep.NodeRate > 0 && j.Method != "exact" {
		rep.CountSeconds = rep.Nodes.Estimate / rep.NodeRate / float64(rep.Workers)
	}
	return rep, nil
}

// runTarget runs rounds of the estimator until the target is met, MaxTime
// runs out or counting is cheaper (then it counts).
func (j Job) runTarget(ctx context.Context, newTree func() Tree, target float64) (Result, string, error) {
	rctx := ctx
	if j.MaxTime > 0 {
		var cancel context.CancelFunc
		rctx, cancel = context.WithTimeout(ctx, j.MaxTime)
		defer cancel()
	}
	rate := 0.0
	if j.NodeRate != nil {
		rate = j.NodeRate(rctx)
	}
	// The count's cost is the CPU time of each of the workers at the
	// measured node rate, so the rounds are charged theirs too (not the
	// wall time, which the machine's other load stretches).
	workers, cpu := search.Workers(j.Options.Workers), cputime.Clock()
	tg := Target{Relative: target, Progress: j.Progress,
		CountCost: func(nodes float64) time.Duration {
			if rate <= 0 {
				return time.Duration(math.MaxInt64)
			}
			return time.Duration(min(nodes/rate/float64(workers), 1e9) * float64(time.Second))
		},
		Work: func() time.Duration { return cpu() / time.Duration(workers) }}
	r, why := tg.Run(rctx, func(ctx context.Context, k int) Result {
		o := j.Options
		o.Seed = RoundSeed(j.Options.Seed, k)
		r, _ := Run(ctx, j.Method, newTree, o)
		return r
	})
	if err := ctx.Err(); err != nil {
		return r, why, err
	}
	if r.Samples == 0 {
		return r, why, ErrNoRound
	}
	if why == StopExhaustive {
		if j.Counting != nil {
			j.Counting()
		}
		p, err := Exhaustive(ctx, newTree, math.MaxInt32, j.Options.Workers)
		if err != nil {
			return r, why, err
		}
		c := p.Result()
		c.Method, c.Work, c.Samples = r.Method+", then counted", c.Work+r.Work, r.Samples
		return c, why, nil
	}
	return r, why, nil
}

// WriteTable prints the estimate per depth, the totals with their
// intervals, why a stop rule stopped, and the predicted time of a count.
func (rep *Report) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "%s: %s estimate, %d samples, %d moves of work, %.2f s\n\n", rep.Puzzle, rep.Method, rep.Samples, rep.Work, rep.Seconds)
	// The spread of the branching factors is measured by the paper's
	// method only: its columns are left out for the others.
	measured := slices.ContainsFunc(rep.ByDepth, func(d DepthEstimate) bool { return d.BFSamples > 0 })
	fmt.Fprintf(w, "%5s %20s %6s %12s", "depth", "nodes", "", "mean bf")
	if measured {
		fmt.Fprintf(w, " %10s %12s", "sd", "bf samples")
	}
	fmt.Fprintln(w)
	for i, d := range rep.ByDepth {
		exact := ""
		if d.Exact {
			exact = "exact"
		}
		nodes := numfmt.Estimate(d.Nodes)
		if d.Exact {
			nodes = FormatCount(d.Nodes)
		}
		bf := fmt.Sprintf("%12.5f", d.MeanBF)
		if rep.Cut && i == len(rep.ByDepth)-1 {
			bf = fmt.Sprintf("%12s", "-") // the count stopped here: its children were not counted
		}
		fmt.Fprintf(w, "%5d %20s %6s %s", d.Depth, nodes, exact, bf)
		if measured {
			fmt.Fprintf(w, " %10.5f %12d", d.SDBF, d.BFSamples)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
	line := func(name string, iv Interval) {
		text := iv.Text()
		if rep.Cut && iv.Kind == KindExact {
			// The count stops at its depth: a solution deeper is not in it.
			text = fmt.Sprintf("(counted to depth %d only, not a count of the whole tree)", len(rep.ByDepth)-1)
		}
		value := numfmt.Estimate(iv.Estimate)
		if iv.Kind == KindExact {
			value = FormatCount(iv.Estimate)
		}
		fmt.Fprintf(w, "%-10s %s  %s\n", name, value, text)
	}
	line("nodes", rep.Nodes)
	line("solutions", rep.Solutions)
	line("unique", rep.Unique)
	switch rep.Stop {
	case StopTarget:
		fmt.Fprintln(w, "target met")
	case StopTime:
		fmt.Fprintln(w, "target not met: the time ran out")
	case StopExhaustive:
		fmt.Fprintln(w, "target not met: an exhaustive count was cheaper, and the totals are counted")
	}
	if rep.CountSeconds > 0 {
		fmt.Fprintf(w, "an exact count: about %s on %s (%s nodes/s per worker)", longDuration(rep.CountSeconds), workpool.Describe(rep.Workers), numfmt.Estimate(rep.NodeRate))
		// On more workers, at the same rate each (shards of a split tree
		// scale so: docs/distributed.md).
		for _, n := range projectedWorkers {
			if t := rep.CountSeconds * float64(rep.Workers) / float64(n); n > rep.Workers && t >= 1 {
				fmt.Fprintf(w, "; %s on %d", longDuration(t), n)
			}
		}
		fmt.Fprintln(w)
	}
	switch {
	case rep.Status == search.Interrupted:
		fmt.Fprintf(w, "\ninterrupted: the statistics of the %d samples so far\n", rep.Samples)
	case rep.Status.Early():
		fmt.Fprintf(w, "\nstopped by the %s: the statistics of the %d samples so far\n", rep.Status, rep.Samples)
	}
	return nil
}

// projectedWorkers are the numbers of workers the report projects an
// exact count's time to: a machine, a rack, a cluster.
var projectedWorkers = []int{64, 1024, 65536}

// fillBranching sets the mean branching factor of every depth that has
// none measured (the sampled depths below an exact prefix) to the ratio
// of the estimated nodes of the next depth to this one's: the mean number
// of children, the figure Korekawa et al.'s tables give per depth.
func fillBranching(ds []DepthEstimate) []DepthEstimate {
	out := append([]DepthEstimate(nil), ds...)
	for i := range out {
		if out[i].MeanBF == 0 && i+1 < len(out) && out[i].Nodes > 0 {
			out[i].MeanBF = out[i+1].Nodes / out[i].Nodes
		}
	}
	return out
}

// WriteSVG draws the mean branching factor and the nodes per depth.
func (rep *Report) WriteSVG(w io.Writer) error {
	var depth, bf, nodes []float64
	for _, d := range rep.ByDepth {
		depth = append(depth, float64(d.Depth))
		bf = append(bf, d.MeanBF)
		nodes = append(nodes, d.Nodes)
	}
	bfDepth := depth
	if rep.Cut && len(bf) > 0 {
		// The last depth of a cut count has no children counted: no branching factor.
		bfDepth, bf = depth[:len(depth)-1], bf[:len(bf)-1]
	}
	charts := []render.Chart{
		{Title: "Mean minimum branching factor per depth", Subtitle: rep.Puzzle + ", " + rep.Method, XLabel: "depth", YLabel: "branching factor",
			Series: []render.Series{{Name: rep.Method, X: bfDepth, Y: bf}}},
		{Title: "Nodes per depth", Subtitle: rep.Puzzle + ", " + rep.Method, XLabel: "depth", YLabel: "log10 nodes", LogY: true,
			Series: []render.Series{{Name: rep.Method, X: depth, Y: nodes}}},
	}
	return render.WriteStackSVG(w, charts, 640, 400)
}

// FormatCount prints an exact count as every text output of the program
// does (internal/numfmt): every digit with thousands separators below
// 1e15, in e-notation above (a float64 holds no more digits exactly).
func FormatCount(x float64) string {
	if math.IsInf(x, 0) || math.IsNaN(x) || math.Abs(x) >= 1e15 {
		return strconv.FormatFloat(x, 'e', 3, 64)
	}
	return numfmt.Count(int64(math.Round(x)))
}

// Text is the interval as printed: a confidence interval at its level, a
// spread that is not one, or "(exact)" for a count.
func (iv Interval) Text() string {
	switch iv.Kind {
	case KindExact:
		return "(exact)"
	case KindConfidence:
		return fmt.Sprintf("(%g%% confidence: %s .. %s)", 100*iv.Level, numfmt.Estimate(iv.Low), numfmt.Estimate(iv.High))
	}
	return fmt.Sprintf("(spread, not a confidence interval: %s .. %s)", numfmt.Estimate(iv.Low), numfmt.Estimate(iv.High))
}

// longDuration writes a predicted time: as a duration up to two days, then
// in days, then in years (a search of PP-24's size takes centuries).
func longDuration(seconds float64) string {
	const day, year = 86400, 365.25 * 86400
	switch {
	case seconds < 2*day:
		return time.Duration(seconds * float64(time.Second)).Round(time.Second).String()
	case seconds < 2*year:
		return fmt.Sprintf("%.0f days", seconds/day)
	default:
		return fmt.Sprintf("%.3g years", seconds/year)
	}
}
