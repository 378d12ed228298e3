package polyform

import (
	"context"
	"errors"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"github.com/branchwise/branchwise/internal/workpool"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// RunOptions configure the pack command's searches, List and CountAll.
type RunOptions struct {
	// Name and StrategyName label the report (the puzzle, the strategy
	// as given).
	Name, StrategyName string
	Strategy           xcover.Strategy
	// Workers run CountAll and List with All and Unique.
	Workers int
	// All lists every solution (List), Unique only one of each class
	// under the board's symmetries (List: the first one's, or with All
	// one per class; CountAll: counts the classes by a restricted
	// search).
	All, Unique bool
	// Stats keeps the nodes and branching factors per depth.
	Stats bool
	// Show, if set, is given each solution List finds as the label of
	// every board cell, one call at a time; KeepShown keeps their rows
	// (Board.Rows) in the report.
	Show      func(labels []string)
	KeepShown bool
	// Found, if set, is told CountAll's counts after each solution, one
	// call at a time.
	Found func(all, unique int64)
	// Auto, if set, is the choice of rule that CountAll runs (see
	// RuleChoice.Use); the report shows it.
	Auto *RuleChoice
	// Choose makes CountAll choose the rule itself (strategy auto): it
	// tries the usual fastest rule for a moment, and if that does not
	// finish, counts by the rule ChooseRule picks (keeping pk's
	// DeadRegions when FixedDead). The packing must run on the kernel
	// (AutoApplies).
	Choose, FixedDead bool
}

// Report is a packing search as the pack command prints it.
type Report struct {
	Puzzle     string              `json:"puzzle"`
	Strategy   string              `json:"strategy"`
	Engine     string              `json:"engine"`
	Symmetries int                 `json:"symmetries"`
	Solutions  int64               `json:"solutions"`
	Unique     *int64              `json:"unique,omitempty"`
	Nodes      int64               `json:"nodes"`
	Pruned     int64               `json:"pruned,omitempty"`
	Seconds    float64             `json:"seconds"`
	Workers    int                 `json:"workers,omitempty"`
	Shown      [][]string          `json:"shown,omitempty"`
	ByDepth    []xcover.DepthStats `json:"by_depth,omitempty"`
	// Status is how the search ended: in JSON by its name. List's first
	// solution (neither All nor Unique asked) ends with SolutionLimit.
	Status  search.Status `json:"status"`
	Stopped string        `json:"stopped_by,omitempty"`
	Auto    *RuleChoice   `json:"auto,omitempty"`

	shown   int    // solutions shown
	summary string // the line WriteSummary prints
	stats   bool   // RunOptions.Stats
}

func (pk *Packing) newReport(o RunOptions) Report {
	return Report{Puzzle: o.Name, Strategy: pk.ruleName(o.StrategyName), Engine: pk.engineName(), Symmetries: len(pk.Symmetries())}
}

// ruleName is the strategy as given, with the dead-region test when pk
// has it (a rule of its own: "strategy fewest" used to stand for fewest
// with and without it). Auto's name is left alone: countAuto puts the
// rule that counted in its place.
func (pk *Packing) ruleName(strategy string) string {
	const dead = " --dead-regions"
	if pk.DeadRegions && strategy != StrategyAuto && !strings.HasSuffix(strategy, dead) {
		return strategy + dead
	}
	return strategy
}

// finish records a search's statistics.
func (rep *Report) finish(r xcover.Result, start time.Time, stats bool) {
	rep.Nodes, rep.Pruned = r.Stats.Nodes, r.Stats.Pruned
	rep.Seconds = time.Since(start).Seconds()
	rep.Status = r.Status
	if r.Err != nil {
		rep.Stopped = stopLabel(r.Err)
	}
	if rep.stats = stats; stats {
		rep.ByDepth = r.Stats.ByDepth()
	}
}

// stopLabel names what stopped a search (Report.Stopped).
func stopLabel(err error) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "time limit"
	case errors.Is(err, search.ErrMemLimit):
		return "memory limit"
	case errors.Is(err, context.Canceled):
		return "interrupt"
	}
	return err.Error()
}

// Labels returns the piece names of an assignment (the piece index of
// every board cell).
func (pk *Packing) Labels(assign []int) []string {
	labels := make([]string, len(assign))
	for i, a := range assign {
		labels[i] = pk.Pieces[a].Name
	}
	return labels
}

// List finds the first solution (with o.Unique, the first that is the
// smallest of its images), or every solution (o.All), or one of each
// class (o.All and o.Unique, on o.Workers), and shows each. With copies
// and ranges of pieces o.Unique runs eachRanges' search, on one worker:
// its first solution, or one of each class.
func (pk *Packing) List(ctx context.Context, o RunOptions) Report {
	rep := pk.newReport(o)
	start := time.Now()
	var all, uniq int64
	show := func(assign []int) {
		labels := pk.Labels(assign)
		if o.KeepShown {
			rep.Shown = append(rep.Shown, pk.Board.Rows(labels))
		}
		rep.shown++
		if o.Show != nil {
			o.Show(labels)
		}
	}
	var r xcover.Result
	switch {
	case o.Unique && pk.Ranges != nil:
		assign := make([]int, len(pk.Board.Cells))
		c := pk.eachRanges(ctx, o.Strategy, search.Limits{}, true, func(pls []int, class int) bool {
			all += int64(class)
			uniq++
			pk.fillPlacements(assign, pls)
			show(assign)
			return o.All
		})
		r = xcover.Result{Solutions: c.Unique, Stats: c.Stats, Status: c.Status, Err: c.Err}
		rep.Unique = &uniq
	case o.All && o.Unique:
		var mu sync.Mutex
		r = pk.SolveUnique(ctx, o.Strategy, o.Workers, search.Limits{}, pk.Restrict(), func(_ int, assign []int, class int) bool {
			mu.Lock()
			defer mu.Unlock()
			all += int64(class)
			uniq++
			show(assign)
			return true
		})
		rep.Unique = &uniq
	case o.All:
		r = pk.Solve(ctx, o.Strategy, search.Limits{}, func(assign []int) bool {
			all++
			if pk.IsCanonical(assign) {
				uniq++
			}
			show(assign)
			return true
		})
		rep.Unique = &uniq
	default:
		r = pk.Solve(ctx, o.Strategy, search.Limits{}, func(assign []int) bool {
			all++
			if o.Unique && !pk.IsCanonical(assign) {
				return true
			}
			show(assign)
			return false
		})
	}
	rep.Solutions = all
	if pk.Ranges != nil && !o.Unique {
		rep.Unique = nil
	}
	rep.finish(r, start, o.Stats)
	if r.Status == search.VisitorStop && !o.All {
		rep.Status = search.SolutionLimit // stopped at the one solution asked for
	}
	switch {
	case rep.shown == 0:
		rep.summary = fmt.Sprintf("%s: no solution (%s nodes, %.2f s)\n", o.Name, numfmt.Count(rep.Nodes), rep.Seconds)
	case o.All && o.Unique:
		rep.summary = fmt.Sprintf("\n%s: %s unique solutions shown, %s in all (%s nodes, %.2f s)\n", o.Name, numfmt.Count(int64(rep.shown)), numfmt.Count(all), numfmt.Count(rep.Nodes), rep.Seconds)
	case o.All && pk.Ranges != nil: // copies: CountAll tells the unique ones apart
		rep.summary = fmt.Sprintf("\n%s: %s solutions (%s nodes, %.2f s)\n", o.Name, numfmt.Count(rep.Solutions), numfmt.Count(rep.Nodes), rep.Seconds)
	case o.All:
		rep.summary = fmt.Sprintf("\n%s: %s solutions, %s unique (%s nodes, %.2f s)\n", o.Name, numfmt.Count(rep.Solutions), numfmt.Count(uniq), numfmt.Count(rep.Nodes), rep.Seconds)
	}
	return rep
}

// CountAll counts all solutions and the unique ones on o.Workers (copies
// and ranges of pieces: on one, by Algorithm M); with o.Unique, or
// without o.Stats wherever a piece can be restricted, by a search
// restricted to one solution per class (each counted with its class's
// size, exact where a stabiliser keeps some placements: SolveUnique),
// which finds the same counts in a tree up to the symmetries' number of
// times smaller. o.Stats keeps the whole tree, whose nodes by depth it
// reports. It is the count of the pack command, options in and a
// printable Report out; Count and CountUnique are the bare searches.
func (pk *Packing) CountAll(ctx context.Context, o RunOptions) Report {
	if o.Choose {
		return pk.countAuto(ctx, o)
	}
	if !o.Stats && pk.restrictedKeep() != nil {
		o.Unique = true
	}
	rep := pk.newReport(o)
	start := time.Now()
	var mu sync.Mutex
	var all, uniq int64
	found := func() {
		if o.Found != nil {
			o.Found(all, uniq)
		}
	}
	var r xcover.Result
	switch {
	case pk.Ranges != nil:
		count := pk.Count
		if o.Unique {
			count = pk.CountUnique
		}
		c := count(ctx, o.Strategy, 1, search.Limits{})
		all, uniq, r = c.All, c.Unique, xcover.Result{Solutions: c.All, Stats: c.Stats, Status: c.Status, Err: c.Err}
		o.Workers = 1
	case o.Unique:
		r = pk.SolveUnique(ctx, o.Strategy, o.Workers, search.Limits{}, pk.Restrict(), func(_ int, _ []int, class int) bool {
			mu.Lock()
			all += int64(class)
			uniq++
			found()
			mu.Unlock()
			return true
		})
	default:
		r = pk.SolveParallel(ctx, o.Strategy, o.Workers, search.Limits{}, func(_ int, assign []int) bool {
			canon := pk.IsCanonical(assign)
			mu.Lock()
			all++
			if canon {
				uniq++
			}
			found()
			mu.Unlock()
			return true
		})
	}
	rep.Solutions, rep.Unique, rep.Workers = all, &uniq, o.Workers
	rep.finish(r, start, o.Stats)
	how := "all solutions searched"
	if o.Unique {
		how = fmt.Sprintf("unique ones searched, piece %s restricted", pk.Pieces[pk.Restrict().Piece].Name)
		if pk.Ranges != nil && pk.Restrict().Kept == nil {
			how = "no piece used once to restrict: all solutions searched"
		}
	}
	if r.Err != nil || r.Status.Early() {
		how = "the search stopped early: the counts so far"
	}
	rep.summary = fmt.Sprintf("%s: %s solutions, %s unique (%s; strategy %s, engine %s, %s nodes, %s, %.2f s)\n",
		o.Name, numfmt.Count(all), numfmt.Count(uniq), how, rep.Strategy, rep.Engine, numfmt.Count(rep.Nodes), workpool.Describe(o.Workers), rep.Seconds)
	if rep.Auto = o.Auto; o.Auto != nil {
		rep.summary += o.Auto.Why() + "\n"
	}
	return rep
}

// estimateProbes bounds EstimateNodes' probes: Knuth keeps a slot per
// batch of 64 probes up front, and the 2^30 probes the pack command used
// to ask for took about 3 GB and several seconds before the first probe
// (so that a second's estimate was 0); 2^20 take 3 MB and more than a
// second on the puzzles worth estimating.
const estimateProbes = 1 << 20

// EstimateNodes estimates the size of the search tree by Knuth's probes
// with lookahead for the duration d (a second gives a few per cent), or
// fewer when estimateProbes end first; 0 when no probe finished in time
// (Knuth's probes count by batches: on PP-24 under load a batch can take
// longer than a second).
func (pk *Packing) EstimateNodes(ctx context.Context, s xcover.Strategy, workers int, d time.Duration) float64 {
	return pk.estimateNodes(ctx, s, workers, d, estimateProbes)
}

// estimateNodes is EstimateNodes with at most probes probes.
func (pk *Packing) estimateNodes(ctx context.Context, s xcover.Strategy, workers int, d time.Duration, probes int) float64 {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	r := estimate.Knuth(ctx, pk.Tree(s), estimate.Options{Seed: 1, Samples: probes, Workers: workers, Lookahead: true})
	return r.Nodes.Estimate
}

// WriteTable prints what ends a search's text, below the solutions shown:
// the solutions and unique ones found, the nodes and the time (nothing
// after a first solution shown); the nodes and mean minimum branching
// factor per depth (when kept) with the nodes the dead-region test cut;
// and what stopped the search early.
func (rep *Report) WriteTable(w io.Writer) error {
	io.WriteString(w, rep.summary)
	if rep.stats {
		fmt.Fprintf(w, "\n%5s %14s %12s %10s\n", "depth", "nodes", "mean min bf", "sd")
		var sum int64
		for _, d := range rep.ByDepth {
			fmt.Fprintf(w, "%5d %14s %12.5f %10.5f\n", d.Depth, numfmt.Count(d.Nodes), d.MeanMinB, d.SDMinB)
			sum += d.Nodes
		}
		// The node count leaves the root out; the table has it at depth 0.
		fmt.Fprintf(w, "%5s %14s  (the root and the %s nodes below it)\n", "all", numfmt.Count(sum), numfmt.Count(rep.Nodes))
		if rep.Pruned > 0 {
			fmt.Fprintf(w, "%s nodes cut by the dead-region test\n", numfmt.Count(rep.Pruned))
		}
	}
	if rep.Stopped != "" {
		fmt.Fprintf(w, "stopped by the %s after %s nodes: the counts are partial\n", rep.Stopped, numfmt.Count(rep.Nodes))
	}
	return nil
}
