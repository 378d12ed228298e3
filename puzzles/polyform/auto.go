package polyform

import (
	"context"
	"fmt"
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

// autoProbe is how long ChooseRule spends on one candidate rule: half on
// estimating the size of its tree, half on searching it to time a node. 6x10's
// whole count on the fastest rule takes about 0.15 s, so four candidates
// at 12 ms keep the choice within a third of the count on the smallest
// puzzle worth counting, while on 6x10 a few thousand probes size each
// tree within a few per cent.
const autoProbe = 8 * time.Millisecond

// autoMargin is how close to the best prediction a candidate must come
// to be looked at again: estimates of a few thousand moves and a timing
// of a few milliseconds are good to about a factor of two.
const autoMargin = 2.5

// autoShare and autoMaxProbe bound the second look at the close
// candidates: 2% of the best predicted count each, at most a second.
const (
	autoShare    = 0.02
	autoMaxProbe = time.Second
)

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
	NodesPerSec float64 `json:"nodes_per_second"`
	Seconds     float64 `json:"seconds"`
	// Finished is set when the timing search ended within its budget: the
	// whole tree was walked and Seconds is measured, not predicted.
	Finished bool `json:"finished,omitempty"`
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
	// Tried is set when the first rule tried (autoTry) finished the count
	// before any estimate was made: Candidates is then that rule alone.
	Tried bool `json:"tried,omitempty"`
	// Continued is set when the rule tried first was kept (keepTried):
	// its count, paused while the rules were compared, went on.
	Continued bool `json:"continued,omitempty"`
}

// Why says in one line what was chosen and why.
func (c RuleChoice) Why() string {
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
		return s + fmt.Sprintf(" (its count went on: another rule must be predicted %.3g times faster than what it has left; %.2f s in all)", autoSwitch, c.Seconds)
	}
	return s + fmt.Sprintf(" (%.2f s to choose)", c.Seconds)
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
// CountAll with Unique searches it; its size comes from estimate.Auto,
// its speed from a search timed for a few milliseconds (which, on a
// small tree, walks all of it). The prediction is nodes over
// speed on one worker. pk itself is not changed.
func (pk *Packing) ChooseRule(ctx context.Context, fixedDead bool) (RuleChoice, error) {
	start := time.Now()
	var ch RuleChoice
	keep := pk.restrictedKeep()
	ch.Symmetric = keep != nil
	deads := []bool{false, true}
	if fixedDead {
		deads = []bool{pk.DeadRegions}
	}
	type candidate struct {
		pk  Packing
		est RuleEstimate
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
	// Round one sizes and times every candidate briefly; round two again,
	// for longer, those that came within autoMargin of the best, so that
	// a choice between close rules rests on more than a few milliseconds.
	budget := autoProbe
	for round := 0; round < 2; round++ {
		best := -1.0
		for i := range cands {
			c := &cands[i]
			if round > 0 && (c.est.Finished || c.est.Seconds > autoMargin*best) {
				continue
			}
			est, err := c.pk.timeRule(ctx, keep, budget)
			if err != nil {
				return RuleChoice{}, err
			}
			est.Strategy, est.DeadRegions = c.est.Strategy, c.est.DeadRegions
			c.est = est
		}
		for _, c := range cands {
			if best < 0 || c.est.Seconds < best {
				best = c.est.Seconds
			}
		}
		// The second round's budget: a small share of the predicted count.
		budget = min(max(time.Duration(best*autoShare*float64(time.Second)), autoProbe), autoMaxProbe)
		if budget == autoProbe {
			break // the count itself is about as cheap as a longer look
		}
	}
	for i, c := range cands {
		ch.Candidates = append(ch.Candidates, c.est)
		if i == 0 || c.est.Seconds < ch.Chosen.Seconds {
			ch.Chosen = c.est
		}
	}
	ch.Seconds = time.Since(start).Seconds()
	return ch, ctx.Err()
}

// timeRule sizes and times the tree a count under pk's rule searches,
// restricted to the placements keep accepts: for the first empty cell's
// rule, the tree of bitpack.SolveSplit (each placement of the lead piece
// completed from the nearer end of the board), as CountAll searches it.
// The speed is that of the count's own loop for budget/2 of CPU; the
// size, when that does not walk the whole tree, comes from the
// estimator measured best at such budgets (estimate.Auto: Purdom's
// probes over exactly counted small subtrees) in the other half
// (sizeTree). The median of rounds of Knuth's probes, used before, sized
// heptiamond 6x14's first-empty tree with the dead-region test 6.4 times
// too small (116,350 nodes against 742,393), and a choice between rules
// within a factor 1.5 of each other needs better.
func (pk *Packing) timeRule(ctx context.Context, keep func(int) bool, budget time.Duration) (RuleEstimate, error) {
	k, _, err := pk.kernel(xcover.Fewest, keep, false)
	if err != nil {
		return RuleEstimate{}, err
	}
	solve := func(ctx context.Context) bitpack.Result { return k.NewSearch().Solve(ctx, search.Limits{}, nil) }
	newTree := func() estimate.Tree { return k.NewSearch() }
	if pk.FirstEmpty {
		back, _, err := pk.kernel(xcover.Fewest, keep, true)
		if err != nil {
			return RuleEstimate{}, err
		}
		ks := []*bitpack.Kernel{k, back}
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
	// The speed is in CPU time: on a busy machine a few milliseconds of
	// the wall clock hold any share of them.
	tctx, cancel := context.WithTimeout(ctx, budget/2)
	clock := cputime.Clock()
	r := solve(tctx)
	elapsed := clock().Seconds()
	cancel()
	// The estimators size the tree without the dead-region test's
	// victims, which Solve counts as nodes: the speed is in the tree's
	// nodes.
	walked := float64(r.Stats.Nodes - r.Stats.Pruned)
	est.NodesPerSec = walked / max(elapsed, 1e-9)
	if r.Err == nil {
		est.Nodes, est.Seconds, est.Finished = walked, elapsed, true
		return est, nil
	}
	if ctx.Err() != nil {
		return est, ctx.Err()
	}
	nodes, err := sizeTree(ctx, newTree, budget/2)
	if err != nil {
		return est, err
	}
	est.Nodes = nodes
	est.Seconds = est.Nodes / max(est.NodesPerSec, 1)
	return est, ctx.Err()
}

// sizeTree estimates the nodes of a tree with estimate.Auto in about the
// given CPU time: a first run of autoMinWork moves measures how fast the
// estimator walks this tree (through Branches, Down and Up, several
// times slower than a count's own loop, and by a factor that depends on
// the rule), and a second run, when there is room, takes the rest of the
// time; the larger run's estimate is the answer.
func sizeTree(ctx context.Context, newTree func() estimate.Tree, budget time.Duration) (float64, error) {
	clock := cputime.Clock()
	work := int64(autoMinWork)
	var nodes float64
	for run := uint64(1); run <= 2; run++ {
		r, err := estimate.Auto(ctx, newTree, estimate.Options{Seed: run, Workers: 1, MaxWork: work})
		if err != nil {
			return 0, err
		}
		nodes = r.Nodes.Estimate
		spent := clock()
		if spent >= budget || r.Work <= 0 {
			break
		}
		next := int64(float64(r.Work) / spent.Seconds() * (budget - spent).Seconds())
		if next < 2*work {
			break // not enough room for a run much larger than the first
		}
		work = next
	}
	return nodes, nil
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
// cell's rule (triedDead says with or without the dead-region test), and
// gives that count autoTry of CPU per worker; a count that ends within it
// is the answer. Otherwise the count is paused (its searches wait in
// their progress reports), ChooseRule predicts every rule's time, and
// either the paused count goes on, when its rule is the one chosen, or
// it is dropped and the count starts again by the chosen rule. The
// choice costs the tried count nothing when that rule wins: on
// heptiamond 6x14 the first-empty count (0.73 s) used to start again
// after 0.3 s of trying. pk is set to the rule that counted, and the
// report says why.
func (pk *Packing) countAuto(ctx context.Context, o RunOptions) Report {
	start := time.Now()
	o.Choose = false
	first := *pk
	first.FirstEmpty = true
	if !o.FixedDead {
		first.DeadRegions = first.triedDead()
	}
	try := o
	try.Found, try.Unique = nil, o.Unique || pk.restrictedKeep() != nil
	pause := newTryPause(autoTry*time.Duration(search.Workers(o.Workers)), pk.Progress)
	first.Progress = pause.progress
	tctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan Report, 1)
	go func() { done <- first.CountAll(tctx, try) }()
	tried := func(rep Report, ch *RuleChoice) Report {
		pk.FirstEmpty, pk.DeadRegions = true, first.DeadRegions
		rep.Strategy, rep.Auto = ch.Chosen.Rule(), ch
		rep.summary = strings.Replace(rep.summary, "strategy "+o.StrategyName+",", "strategy "+rep.Strategy+",", 1) + ch.Why() + "\n"
		return rep
	}
	// triedAlone is the answer of the tried count when no rule was chosen.
	triedAlone := func(rep Report) Report {
		ch := &RuleChoice{Chosen: RuleEstimate{Strategy: FirstEmpty, DeadRegions: first.DeadRegions, Nodes: float64(rep.Nodes),
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
	if err == nil && ch.keepTried(first.DeadRegions, autoTry*time.Duration(search.Workers(o.Workers))) {
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
// than what it has left. It sets the choice to the tried rule when so.
func (c *RuleChoice) keepTried(dead bool, tried time.Duration) bool {
	for _, r := range c.Candidates {
		if r.Strategy != FirstEmpty || r.DeadRegions != dead {
			continue
		}
		left := max(r.Seconds-tried.Seconds(), 0)
		if r == c.Chosen || c.Chosen.Seconds*autoSwitch >= left {
			c.Chosen, c.Continued = r, true
			return true
		}
	}
	return false
}

// triedDead says whether countAuto tries the first empty cell's rule with
// the dead-region test: on boards of at most 64 cells, where the kernel
// keeps a node's board in one word and the test costs a few word
// operations (the fastest rule on the 6x10, 5x12 and 8x8 pentomino
// boards: docs/benchmarks.md); on larger boards the test costs more than
// it saves (hexiamond 6x6, heptiamond 6x14), and the estimate decides.
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
