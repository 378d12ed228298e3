package polyform

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/branchwise/branchwise/bitpack"
	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/cputime"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// StrategyAuto is the strategy name that lets the program choose the rule of a
// count by estimation (ChooseRule): the branching factors of the papers
// turned on the program itself.
const StrategyAuto = "auto"

// autoProbe is the CPU time of ChooseRule's first look at a candidate
// rule: half on timing its search, half on sizing its tree. A count
// that reaches the choice has outlasted autoTry already, so four looks
// cost a few per cent of it.
const autoProbe = 16 * time.Millisecond

// autoMargin is how close to the best prediction a candidate must come
// to be looked at again, for longer: a first look sizes a tree to within
// a factor of about three (on the 3x4x5 pentomino box a first look of
// 2,048 moves put the first empty cell's tree at 1.58e8 nodes where it
// has 5.89e8).
const autoMargin = 3

// autoShare and autoMaxProbe bound the longer looks at the close
// candidates: 1% of the best predicted count each, at most a second; a
// candidate is looked at again only when its new look is at least
// autoGrow times its last. autoLooks bounds the rounds of looks (the best
// may move after a look, and bring others within autoMargin).
const (
	autoShare    = 0.01
	autoMaxProbe = time.Second
	autoGrow     = 2
	autoLooks    = 4
)

// autoRuns is the number of independent estimates of a tree that a look
// averages (each with its own seed and a share of the look's budget):
// their spread, which a single estimate does not show, penalises a rule
// whose estimates disagree (see RuleEstimate.NodesHigh).
const autoRuns = 3

// autoIntervals is the fewest progress intervals (checkEvery nodes each,
// a few milliseconds on the fewest-cells rules) over which a rule's speed
// is timed, so that one interval's share of the search's start does not
// decide it.
const autoIntervals = 4

// autoTry is the CPU time per worker that CountAll with Choose gives the
// first empty cell's rule (the one this program's measurements find
// fastest or close to it on most boards: docs/benchmarks.md) before it
// chooses by estimation. A count that ends within it pays nothing for
// the choice, which on the smallest boards (8x8 and 5x12 pentominoes:
// 0.05 to 0.1 s of CPU) costs as much as the count; a longer count pays
// at most this much more, under a third on a count of a second.
//
// A variable only so that tests can shorten it.
var autoTry = 300 * time.Millisecond

// RuleEstimate is one candidate of ChooseRule: a rule of the bitboard
// kernel with the size of its tree (restricted by the board's symmetry
// when Symmetric), the measured speed of its search and the time they
// predict on one worker.
type RuleEstimate struct {
	Strategy    string  `json:"strategy"`
	DeadRegions bool    `json:"dead_regions"`
	Nodes       float64 `json:"nodes"`
	// NodesHigh is Nodes plus the standard error of the mean of the
	// look's independent estimates (autoRuns): the prediction uses it, so
	// that a rule whose estimates disagree (heavy-tailed trees, where
	// most estimates fall short and a few are far above) is not chosen on
	// its low ones.
	NodesHigh   float64 `json:"nodes_high,omitempty"`
	NodesPerSec float64 `json:"nodes_per_second"`
	// Seconds is NodesHigh over NodesPerSec (or measured when Finished).
	Seconds float64 `json:"seconds"`
	// Runs is the number of independent estimates behind Nodes. A rule
	// sized by one short run (its look had no room for more), whose
	// spread is not known, is not chosen over the rule tried first
	// (keepTried): runs of 2,048 moves fell up to 5.8 times short (the
	// PP-24 part's fewest-cells tree: 6 seeds gave 6.2e4 to 2.9e5 nodes
	// where it has 5.27e5; the 3x4x5 box's first-empty tree 1.58e8 where it
	// has 5.89e8).
	Runs int `json:"runs,omitempty"`
	// Probe is the CPU time of the last look at the rule (timing and
	// sizing), in seconds.
	Probe float64 `json:"probe_seconds,omitempty"`
	// Finished is set when the timing search ended within its budget: the
	// whole tree was walked and Seconds is measured, not predicted.
	Finished bool `json:"finished,omitempty"`
	// Done is the share of the rule's tree searched by a count of
	// countRace (bitpack.Tracker).
	Done float64 `json:"done,omitempty"`
}

// Rule names the candidate as the pack command's flags.
func (r RuleEstimate) Rule() string {
	if r.DeadRegions {
		return r.Strategy + " --dead-regions"
	}
	return r.Strategy
}

// RuleChoice is what ChooseRule measured and chose.
type RuleChoice struct {
	Chosen     RuleEstimate   `json:"chosen"`
	Candidates []RuleEstimate `json:"candidates"`
	// Symmetric is set when the trees are restricted to one solution of
	// each class under the board's symmetries (Restrict).
	Symmetric bool    `json:"symmetric"`
	Seconds   float64 `json:"seconds"` // spent choosing
	// CPU is the CPU time of the choice itself (the probes), in seconds:
	// the cost that autoShare keeps to a few per cent of the count.
	CPU float64 `json:"cpu_seconds"`
	// Tried is set when the first rule tried (autoTry) finished the count
	// before any estimate was made: Candidates is then that rule alone.
	Tried bool `json:"tried,omitempty"`
	// Continued is set when the rule tried first was kept (keepTried):
	// its count, paused while the rules were compared, went on.
	Continued bool `json:"continued,omitempty"`
	// Raced is set when the tried count raced a rival (countRace):
	// Candidates are the two counts, Seconds their CPU time in the race,
	// Done the share of their trees searched; Chosen finished first, and
	// CPU is the other's turns.
	Raced bool `json:"raced,omitempty"`
}

// Why says in one line what was chosen and why.
func (c RuleChoice) Why() string {
	if c.Raced {
		return c.raceWhy()
	}
	if c.Tried && !c.Chosen.Finished {
		return fmt.Sprintf("strategy auto: %s, the rule tried first: the search stopped before any rule was chosen", c.Chosen.Rule())
	}
	if c.Tried {
		return fmt.Sprintf("strategy auto: %s, the rule tried first, finished within %s of CPU: no estimate needed", c.Chosen.Rule(), fmtSeconds(autoTry.Seconds()))
	}
	var others []string
	for _, r := range c.Candidates {
		if r != c.Chosen {
			others = append(others, fmt.Sprintf("%s %s", r.Rule(), fmtSeconds(r.Seconds)))
		}
	}
	how := "predicted"
	if c.Chosen.Finished {
		how = "measured"
	}
	verb := "chose"
	if c.Continued {
		verb = "kept the rule tried first,"
	}
	s := fmt.Sprintf("strategy auto %s %s: %s %s", verb, c.Chosen.Rule(), how, fmtSeconds(c.Chosen.Seconds))
	if len(others) > 0 {
		s += " against " + strings.Join(others, ", ")
	}
	if c.Continued {
		return s + fmt.Sprintf(" (its count went on: another rule must be predicted %.3g times faster than what it has left; %.2f s in all, %.2f s of CPU to choose)", autoSwitch, c.Seconds, c.CPU)
	}
	return s + fmt.Sprintf(" (%.2f s to choose, %.2f s of CPU)", c.Seconds, c.CPU)
}

func fmtSeconds(s float64) string {
	if s < 60 {
		return fmt.Sprintf("%.2g s", s)
	}
	return time.Duration(s * float64(time.Second)).Round(time.Second).String()
}

// AutoApplies reports whether ChooseRule can choose for the packing: it
// compares the bitboard kernel's rules, so the packing must run on the
// kernel (no copies or ranges, within its limits) and the engine must be
// Auto or Bitboard.
func (pk *Packing) AutoApplies() bool {
	on, err := pk.onKernel()
	return err == nil && on
}

// ChooseRule predicts the time of a count under each candidate rule of
// the bitboard kernel (first empty cell and fewest options, each with and
// without the dead-region test unless fixedDead; cells only is kept as
// pk has it) and returns them with the cheapest. Each candidate's tree is
// restricted by the board's symmetries when Restrict finds a piece, as
// CountAll with Unique searches it. A first look (autoProbe of CPU) times
// every candidate and sizes its tree (timeRule); then, in rounds, those
// within autoMargin of the best prediction are looked at again for a
// share of the best predicted count (autoShare), until no close
// candidate's look would grow autoGrow-fold. The prediction is nodes
// (with their spread: NodesHigh) over speed, on one worker. pk itself is
// not changed.
func (pk *Packing) ChooseRule(ctx context.Context, fixedDead bool) (RuleChoice, error) {
	start, cpu := time.Now(), cputime.Clock()
	var ch RuleChoice
	keep := pk.restrictedKeep()
	ch.Symmetric = keep != nil
	deads := []bool{false, true}
	if fixedDead {
		deads = []bool{pk.DeadRegions}
	}
	type candidate struct {
		pk   Packing
		est  RuleEstimate
		look time.Duration
	}
	var cands []candidate
	for _, strategy := range []string{FirstEmpty, "fewest"} {
		for _, dead := range deads {
			c := candidate{pk: *pk}
			c.pk.FirstEmpty, c.pk.DeadRegions, c.pk.Progress = strategy == FirstEmpty, dead, nil
			c.est.Strategy, c.est.DeadRegions = strategy, dead
			cands = append(cands, c)
		}
	}
	look := func(c *candidate, budget time.Duration) error {
		est, err := c.pk.timeRule(ctx, keep, budget)
		if err != nil {
			return err
		}
		est.Strategy, est.DeadRegions = c.est.Strategy, c.est.DeadRegions
		c.est, c.look = est, budget
		return nil
	}
	seconds := make([]float64, len(cands))
	for i := range cands {
		if err := look(&cands[i], autoProbe); err != nil {
			return RuleChoice{}, err
		}
	}
	for round := 0; round < autoLooks; round++ {
		for i, c := range cands {
			seconds[i] = c.est.Seconds
		}
		again := closeLooks(seconds, func(i int) time.Duration {
			if cands[i].est.Finished {
				return time.Duration(math.MaxInt64) // measured: no look would tell more
			}
			return cands[i].look
		})
		if len(again) == 0 {
			break
		}
		for _, a := range again {
			if err := look(&cands[a.index], a.budget); err != nil {
				return RuleChoice{}, err
			}
		}
	}
	for i, c := range cands {
		ch.Candidates = append(ch.Candidates, c.est)
		if i == 0 || c.est.Seconds < ch.Chosen.Seconds {
			ch.Chosen = c.est
		}
	}
	ch.Seconds, ch.CPU = time.Since(start).Seconds(), cpu().Seconds()
	return ch, ctx.Err()
}

// againLook is a candidate to look at again, for budget of CPU.
type againLook struct {
	index  int
	budget time.Duration
}

// closeLooks returns the candidates worth a longer look, given each one's
// predicted seconds and its last look's budget: those within autoMargin
// of the best, when a look of autoShare of the best predicted count
// (autoProbe to autoMaxProbe) is at least autoGrow times their last.
func closeLooks(seconds []float64, last func(int) time.Duration) []againLook {
	best := math.Inf(1)
	for _, s := range seconds {
		best = min(best, s)
	}
	budget := min(max(time.Duration(best*autoShare*float64(time.Second)), autoProbe), autoMaxProbe)
	var again []againLook
	for i, s := range seconds {
		if s <= autoMargin*best && last(i) <= budget/autoGrow {
			again = append(again, againLook{i, budget})
		}
	}
	return again
}

// timeRule sizes and times the tree a count under pk's rule searches,
// restricted to the placements keep accepts: for the first empty cell's
// rule, the tree of bitpack.SolveSplit (each placement of the lead piece
// completed from the nearer end of the board), as CountAll searches it.
// The speed is that of the count's own loop for budget/2 of CPU (at
// least autoIntervals of its progress reports), timed on the clock of
// the thread that runs the search (threadMeter): neither other work on
// the machine nor the process's other threads (the garbage collector,
// the paused tried count) enter it, where a few milliseconds of the wall
// clock on a loaded machine had put a rule's speed anywhere within a
// factor of 300. The size, when the timing does not walk the whole tree,
// comes from the estimator measured best at such budgets (estimate.Auto:
// Purdom's probes over exactly counted small subtrees) in the other half
// (sizeTree).
func (pk *Packing) timeRule(ctx context.Context, keep func(int) bool, budget time.Duration) (RuleEstimate, error) {
	k, _, err := pk.kernel(xcover.Fewest, keep, false)
	if err != nil {
		return RuleEstimate{}, err
	}
	ks := []*bitpack.Kernel{k}
	solve := func(ctx context.Context) bitpack.Result { return k.NewSearch().Solve(ctx, search.Limits{}, nil) }
	newTree := func() estimate.Tree { return k.NewSearch() }
	if pk.FirstEmpty {
		back, _, err := pk.kernel(xcover.Fewest, keep, true)
		if err != nil {
			return RuleEstimate{}, err
		}
		ks = append(ks, back)
		if _, err := bitpack.NewSplitTree(ks); err != nil {
			return RuleEstimate{}, err
		}
		solve = func(ctx context.Context) bitpack.Result {
			r, _ := bitpack.SolveSplit(ctx, ks, 1, search.Limits{}, nil) // the kernels were checked above
			return r
		}
		newTree = func() estimate.Tree {
			t, _ := bitpack.NewSplitTree(ks)
			return t
		}
	}
	var est RuleEstimate
	clock := cputime.Clock()
	// The process's CPU clock bounds the timing where the thread's is not
	// read (autoRateCap times the window: the intervals are a few
	// milliseconds each).
	b := cputime.WithBudget(ctx, autoRateCap*budget/2)
	tctx, cancel := context.WithCancel(b)
	m := &threadMeter{window: budget / 2, stop: cancel}
	for _, k := range ks {
		k.SetProgress(m.progress)
	}
	r := solve(tctx)
	if m.locked && !pk.FirstEmpty {
		runtime.UnlockOSThread() // Search.Solve reported from this goroutine
	}
	for _, k := range ks {
		k.SetProgress(nil)
	}
	cancel()
	b.Stop()
	elapsed := clock().Seconds()
	// The estimators size the tree without the dead-region test's
	// victims, which Solve counts as nodes: the speed is in the tree's
	// nodes.
	walked := float64(r.Stats.Nodes - r.Stats.Pruned)
	est.NodesPerSec = walked / max(elapsed, 1e-9)
	if rate := m.rate(); rate > 0 && r.Stats.Nodes > 0 {
		est.NodesPerSec = rate * walked / float64(r.Stats.Nodes)
	}
	if r.Err == nil {
		est.Nodes, est.NodesHigh, est.Seconds, est.Finished = walked, walked, elapsed, true
		est.Probe = elapsed
		return est, nil
	}
	if ctx.Err() != nil {
		return est, ctx.Err()
	}
	nodes, high, runs, err := sizeTree(ctx, newTree, budget/2)
	if err != nil {
		return est, err
	}
	est.Nodes, est.NodesHigh, est.Runs = nodes, high, runs
	est.Seconds = high / max(est.NodesPerSec, 1)
	est.Probe = clock().Seconds()
	return est, ctx.Err()
}

// autoRateCap bounds, in multiples of its window, the process CPU of a
// rule's timing search: the bound that ends it where the thread's clock
// is not read, or the search never reports progress.
const autoRateCap = 4

// threadMeter times a search by its progress reports, every few
// thousand nodes from the thread that runs it: the nodes and the CPU
// time of the intervals between two reports on the same thread (one
// across a move of the search's goroutine to another thread is left
// out). It calls stop once window of CPU time and autoIntervals
// intervals are measured. The single-worker searches it times report from
// one goroutine at a time.
type threadMeter struct {
	window  time.Duration
	stop    func()
	locked  bool
	started bool
	id      int
	last    time.Duration
	cpu     time.Duration
	spans   []span
}

// span is one interval between two progress reports on the same thread.
type span struct {
	nodes int64
	cpu   time.Duration
}

func (m *threadMeter) progress(nodes int64) {
	if !m.locked {
		// The goroutine stays on this thread to the end of the search,
		// so that the spans are not broken by moves (on a loaded machine
		// most spans of a few milliseconds were). A worker goroutine of
		// SolveSplit ends with its thread; timeRule unlocks its own.
		runtime.LockOSThread()
		m.locked = true
	}
	id, now, ok := cputime.Thread()
	if !ok {
		return
	}
	if m.started && id == m.id && now >= m.last && nodes > 0 {
		m.spans = append(m.spans, span{nodes, now - m.last})
		m.cpu += now - m.last
	}
	m.started, m.id, m.last = true, id, now
	if m.cpu >= m.window && len(m.spans) >= autoIntervals {
		m.stop()
	}
}

// rate returns the nodes per second of CPU over the spans, leaving out
// those whose CPU per node is over autoSpanOutlier times the median's (a
// span in which the thread also ran other goroutines: the garbage
// collector's marking, say), and 0 when no span was measured.
func (m *threadMeter) rate() float64 {
	if len(m.spans) == 0 {
		return 0
	}
	per := make([]float64, len(m.spans))
	for i, s := range m.spans {
		per[i] = s.cpu.Seconds() / float64(s.nodes)
	}
	slices.Sort(per)
	median := per[len(per)/2]
	var nodes int64
	var cpu time.Duration
	for _, s := range m.spans {
		if s.cpu.Seconds()/float64(s.nodes) <= autoSpanOutlier*median {
			nodes += s.nodes
			cpu += s.cpu
		}
	}
	return float64(nodes) / max(cpu.Seconds(), 1e-9)
}

// autoSpanOutlier: a span of a rule's timing that costs this many times
// the median span per node is not the search's own work.
const autoSpanOutlier = 4

// sizeTree estimates the nodes of a tree with estimate.Auto in about the
// given CPU time: a first run of autoMinWork moves measures how fast the
// estimator walks this tree (through Branches, Down and Up, several
// times slower than a count's own loop, and by a factor that depends on
// the rule), and up to autoRuns more independent runs, each of at least
// autoMinWork moves, share the rest of the time. It returns the mean of
// all the runs weighted by their moves and that mean plus its standard
// error (the mean alone when one run was all there was room for).
func sizeTree(ctx context.Context, newTree func() estimate.Tree, budget time.Duration) (mean, high float64, runs int, err error) {
	clock := cputime.Clock()
	var ests, works []float64
	work := int64(autoMinWork)
	for run := uint64(1); run <= 1+autoRuns; run++ {
		rctx := cputime.WithBudget(ctx, 0)
		if run > 1 {
			// A run that would overrun the budget by half is dropped:
			// the estimator's moves cost more on some parts of a tree.
			rctx = cputime.WithBudget(ctx, (budget-clock())*3/2)
		}
		r, err := estimate.Auto(rctx, newTree, estimate.Options{Seed: run, Workers: 1, MaxWork: work})
		rctx.Stop()
		if rctx.Spent() {
			break
		}
		if err != nil {
			return 0, 0, 0, err
		}
		ests, works = append(ests, r.Nodes.Estimate), append(works, float64(max(r.Work, 1)))
		spent := clock()
		if run == 1 && spent < budget {
			// The rest of the budget, shared by the runs still to come.
			perMove := spent.Seconds() / float64(max(r.Work, 1))
			work = max(int64((budget-spent).Seconds()/perMove/autoRuns), autoMinWork)
		}
		if spent+spent/time.Duration(run) > budget {
			break // no room for another run of about the mean cost
		}
	}
	mean, high = meanHigh(ests, works)
	return mean, high, len(ests), nil
}

// meanHigh returns the mean of independent estimates weighted by the
// work behind each (an estimate of more probes varies less), and that
// mean plus its standard error (the mean alone for one estimate: see
// RuleEstimate.Runs).
func meanHigh(ests, works []float64) (mean, high float64) {
	var total float64
	for i, e := range ests {
		mean += e * works[i]
		total += works[i]
	}
	mean /= total
	n := float64(len(ests))
	if len(ests) < 2 {
		return mean, mean
	}
	var ss float64
	for i, e := range ests {
		ss += works[i] * (e - mean) * (e - mean)
	}
	variance := ss / total * n / (n - 1)
	return mean, mean + math.Sqrt(variance/n)
}

// autoMinWork is the moves of sizeTree's first run: a few dozen probes,
// enough to time the estimator's walk of the tree.
const autoMinWork = 2048

// Use sets pk to the chosen rule and o to count by it: one solution of
// each class when the trees were restricted by the board's symmetries.
func (c *RuleChoice) Use(pk *Packing, o *RunOptions) {
	pk.FirstEmpty, pk.DeadRegions = c.Chosen.Strategy == FirstEmpty, c.Chosen.DeadRegions
	o.Strategy, o.StrategyName = xcover.Fewest, c.Chosen.Rule()
	o.Unique = o.Unique || c.Symmetric
	o.Auto = c
}

// restrictedKeep returns the placements the restricted search of
// SolveUnique keeps (see Restrict), or nil when no piece can be
// restricted or the packing has copies and ranges.
func (pk *Packing) restrictedKeep() func(int) bool {
	if pk.Ranges != nil {
		return nil
	}
	r := pk.Restrict()
	if r.Kept == nil {
		return nil
	}
	return r.keep(pk)
}

// keep returns the placements of pk that r keeps: all of the other
// pieces', r.Kept of its piece.
func (r Restriction) keep(pk *Packing) func(int) bool {
	kept := map[int]bool{}
	for _, k := range r.Kept {
		kept[k] = true
	}
	return func(k int) bool { return pk.Placements[k].Piece != r.Piece || kept[k] }
}

// countAuto is CountAll with o.Choose. It first counts by the first empty
// cell's rule (triedDead says with or without the dead-region test; on
// cubic boards with wide layers by fewest options: wideLayers). On
// boards of more than 64 cells (races) that count, with the test, races
// fewest options with the test (countRace): the two counts share the CPU
// in turns and keep their work, and the first to finish is the answer.
// Any other tried count gets autoTry of CPU per worker; a count
// that ends within it is the answer. Otherwise the count is paused (its
// searches wait in their progress reports), ChooseRule predicts every
// rule's time, and either the paused count goes on, when its rule is the
// one chosen, or it is dropped and the count starts again by the chosen
// rule. pk is set to the rule that counted, and the report says why.
func (pk *Packing) countAuto(ctx context.Context, o RunOptions) Report {
	start := time.Now()
	o.Choose = false
	first := *pk
	first.FirstEmpty = !pk.wideLayers()
	if !o.FixedDead {
		first.DeadRegions = first.FirstEmpty && first.triedDead()
	}
	try := o
	try.Found, try.Unique, try.Strategy = nil, o.Unique || pk.restrictedKeep() != nil, xcover.Fewest
	if first.races(o) {
		first.DeadRegions = true
		return pk.countRace(ctx, first, try)
	}
	triedRule := FirstEmpty
	if !first.FirstEmpty {
		triedRule = "fewest"
	}
	pause := newTryPause(autoTry*time.Duration(search.Workers(o.Workers)), pk.Progress)
	first.Progress = pause.progress
	tctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan Report, 1)
	go func() { done <- first.CountAll(tctx, try) }()
	tried := func(rep Report, ch *RuleChoice) Report {
		pk.FirstEmpty, pk.DeadRegions = first.FirstEmpty, first.DeadRegions
		return tagReport(rep, ch)
	}
	// triedAlone is the answer of the tried count when no rule was chosen.
	triedAlone := func(rep Report) Report {
		ch := &RuleChoice{Chosen: RuleEstimate{Strategy: triedRule, DeadRegions: first.DeadRegions, Nodes: float64(rep.Nodes),
			Seconds: rep.Seconds, Finished: rep.Stopped == ""}, Symmetric: try.Unique, Tried: true}
		ch.Candidates = []RuleEstimate{ch.Chosen}
		return tried(rep, ch)
	}
	select {
	case rep := <-done:
		// Finished, or stopped by the caller: this count is the answer,
		// stopped by the caller's limit, not by the trial's budget.
		return triedAlone(rep)
	case <-pause.paused:
	}
	ch, err := pk.ChooseRule(ctx, o.FixedDead)
	if err == nil && ch.keepTried(triedRule, first.DeadRegions, autoTry*time.Duration(search.Workers(o.Workers))) {
		pause.resume()
		rep := <-done
		ch.Seconds = time.Since(start).Seconds()
		return tried(rep, &ch)
	}
	cancel()
	pause.resume()
	rep := <-done
	if ctx.Err() != nil {
		// The caller's limit ended the choice: the tried count's partial
		// counts are the answer, stopped by that limit (issue 36: they
		// were dropped, and the stop was named "context deadline
		// exceeded" with 0 nodes).
		rep.Stopped = stopLabel(ctx.Err())
		return triedAlone(rep)
	}
	if err != nil {
		rep := pk.newReport(o)
		rep.Stopped = err.Error()
		return rep
	}
	ch.Seconds = time.Since(start).Seconds()
	ch.Use(pk, &o)
	return pk.CountAll(ctx, o)
}

// tagReport puts the rule that counted and the choice's reasons in the
// report of a count of strategy auto, in place of the strategy the
// count's own report names (its options' name, with the dead-region
// test: the summary of a count tried with the test said "strategy
// fewest --dead-regions" where first-empty --dead-regions counted).
func tagReport(rep Report, ch *RuleChoice) Report {
	named := "strategy " + rep.Strategy + ","
	rep.Strategy, rep.Auto = ch.Chosen.Rule(), ch
	rep.summary = strings.Replace(rep.summary, named, "strategy "+rep.Strategy+",", 1) + ch.Why() + "\n"
	return rep
}

// races says whether countAuto's tried count (pk) races fewest options
// (countRace): a first-empty count on a board of more than 64 cells,
// whose dead-region test the options leave to the choice, with no test
// that its rival would not share (the largest region only, the colour
// test). Both counts have the dead-region test: on the boards of more
// than 64 cells measured (docs/benchmarks.md, eighth pass) the first
// empty cell's count with it took 0.38 to 0.47 times the count without
// on the PP-24 part, 0.8 to 1.1 times on heptiamond 6x14, and on
// hexiamond 6x6 (0.9 to 1.8 times) fewest options wins the race. On
// boards of up to 64 cells the tried count ends within a race's looks
// (pentominoes: 0.04 to 0.2 s) or is faster than fewest options by more
// than the race would cost.
func (pk *Packing) races(o RunOptions) bool {
	return pk.FirstEmpty && len(pk.Board.Cells) > 64 && !o.FixedDead && !pk.LargestRegionOnly && !pk.ColourCut
}

// wideLayers says whether countAuto tries the fewest-options rule (without
// the dead-region test) first rather than the first empty cell's: on a
// board of the cubic grid whose layers across its longest side hold
// autoWideLayer cells or more on average. The first empty cell's rule
// fills the board layer by layer, and its tree grows with the shapes a
// layer's front can take, where fewest options branches wherever the
// board is tightest: measured on the built-in boxes (docs/benchmarks.md),
// fewest is 1.1 to 1.5 times faster on 2x5x6 (10 cells a layer) and 4
// times on 3x4x5 (12), the first empty cell 6 times faster on 2x3x10 (6);
// on the Soma cube (9) the rules are within 20 ms. On the plane the
// first empty cell's rule (with the dead-region test on up to 64 cells)
// is the fastest or close to it on every board measured.
func (pk *Packing) wideLayers() bool {
	if pk.Board.Grid != Cubic || len(pk.Board.Cells) == 0 {
		return false
	}
	lo, hi := pk.Board.Cells[0], pk.Board.Cells[0]
	for _, c := range pk.Board.Cells {
		lo = Cell{min(lo.X, c.X), min(lo.Y, c.Y), min(lo.Z, c.Z)}
		hi = Cell{max(hi.X, c.X), max(hi.Y, c.Y), max(hi.Z, c.Z)}
	}
	longest := max(hi.X-lo.X, hi.Y-lo.Y, hi.Z-lo.Z) + 1
	return len(pk.Board.Cells) >= autoWideLayer*longest
}

// autoWideLayer is the cells a layer of a cubic board must hold on
// average for countAuto to try fewest options first (wideLayers).
const autoWideLayer = 10

// autoSwitch is how much faster than the tried rule's remaining time
// another rule must be predicted to be worth a new count. The predictions
// come from a few milliseconds of timing and estimates of a few thousand
// moves, off by up to a factor of about two: on the 2x5x6 pentomino box
// every rule was predicted at 0.6 to 1.1 s where they take 0.57
// (first-empty with the dead-region test, the tried rule) to 1.0 s
// (fewest), and a switch on so slight a margin cost up to 1.8 times the
// count.
const autoSwitch = 1.5

// keepTried reports whether the count of the rule tried first (the first
// empty cell's, with the dead-region test when dead) should go on rather
// than a new count by the predicted best: it has spent tried of CPU
// already, and another rule must be predicted autoSwitch times faster
// than what it has left, by an estimate of several runs (RuleEstimate.Runs).
// It sets the choice to the tried rule when so.
func (c *RuleChoice) keepTried(strategy string, dead bool, tried time.Duration) bool {
	unsure := !c.Chosen.Finished && c.Chosen.Runs < 2
	for _, r := range c.Candidates {
		if r.Strategy != strategy || r.DeadRegions != dead {
			continue
		}
		left := max(r.Seconds-tried.Seconds(), 0)
		if r == c.Chosen || unsure || c.Chosen.Seconds*autoSwitch >= left {
			c.Chosen, c.Continued = r, true
			return true
		}
	}
	return false
}

// triedDead says whether countAuto tries the first empty cell's rule with
// the dead-region test when it does not race (races): on boards of at
// most 64 cells, where the kernel keeps a node's board in one word and
// the test costs a few word operations (the fastest rule on the 6x10,
// 5x12 and 8x8 pentomino boards: docs/benchmarks.md); on larger boards
// (a count with the largest region only, say) the estimate decides.
func (pk *Packing) triedDead() bool {
	return len(pk.Board.Cells) <= 64 && !pk.ColourCut
}

// tryPause pauses countAuto's tried count once it has used its budget of
// CPU: the searches report progress every few thousand nodes, and the
// report waits until resume is called. A paused search holds no CPU, so
// the choice made meanwhile is timed as if alone.
type tryPause struct {
	budget  time.Duration
	clock   func() time.Duration
	next    func(nodes int64)
	once    sync.Once
	paused  chan struct{} // closed when the budget is spent
	resumed chan struct{} // closed by resume
	done    atomic.Bool   // resume was called: no more looks at the clock
}

func newTryPause(budget time.Duration, next func(nodes int64)) *tryPause {
	return &tryPause{budget: budget, clock: cputime.Clock(), next: next, paused: make(chan struct{}), resumed: make(chan struct{})}
}

// progress is the tried count's progress function.
func (t *tryPause) progress(nodes int64) {
	if t.next != nil {
		t.next(nodes)
	}
	if t.done.Load() {
		return
	}
	if t.clock() >= t.budget {
		t.once.Do(func() { close(t.paused) })
		<-t.resumed
	}
}

// resume lets the paused searches go on (to the end, or to their
// context's cancellation).
func (t *tryPause) resume() {
	t.done.Store(true)
	close(t.resumed)
}
