package polyform

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

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
// Knuth's probes of its tree, half on searching it to time a node. 6x10's
// whole count on the fastest rule takes about 0.15 s, so four candidates
// at 12 ms keep the choice within a third of the count on the smallest
// puzzle worth counting, while on 6x10 a few thousand probes size each
// tree within a few per cent.
const autoProbe = 8 * time.Millisecond

// autoMargin is how close to the best prediction a candidate must come
// to be looked at again: Knuth's estimates of a few hundred probes and a
// timing of a few milliseconds are good to about a factor of two.
const autoMargin = 2.5

// autoShare and autoMaxProbe bound the second look at the close
// candidates: 2% of the best predicted count each, at most a second.
const (
	autoShare    = 0.02
	autoMaxProbe = time.Second
)

// autoRound is the number of Knuth probes in one round of ChooseRule's
// sizing: one batch of the estimator.
const autoRound = 16

// autoTry is the CPU time per worker that CountAll with Choose gives the
// first empty cell's rule (the one this program's measurements find
// fastest or close to it on most boards: docs/benchmarks.md) before it
// chooses by estimation. A count that ends within it pays nothing for
// the choice, which on the smallest boards (8x8 and 5x12 pentominoes:
// 0.05 to 0.1 s of CPU) costs as much as the count; a longer count pays
// at most this much more, under a third on a count of a second.
const autoTry = 300 * time.Millisecond

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
	s := fmt.Sprintf("strategy auto chose %s: %s %s", c.Chosen.Rule(), how, fmtSeconds(c.Chosen.Seconds))
	if len(others) > 0 {
		s += " against " + strings.Join(others, ", ")
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
// CountAll with Unique searches it; its size comes from Knuth's probes
// with lookahead, its speed from a search timed for a few milliseconds
// (which, on a small tree, walks all of it). The prediction is nodes over
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

// timeRule sizes and times the kernel's tree under pk's rule, restricted
// to the placements keep accepts.
func (pk *Packing) timeRule(ctx context.Context, keep func(int) bool, budget time.Duration) (RuleEstimate, error) {
	k, _, err := pk.kernel(xcover.Fewest, keep, false)
	if err != nil {
		return RuleEstimate{}, err
	}
	var est RuleEstimate
	// The speed is in CPU time: on a busy machine a few milliseconds of
	// the wall clock hold any share of them.
	tctx, cancel := context.WithTimeout(ctx, budget/2)
	t0 := time.Now()
	cpu0, onCPU := cputime.Process()
	r := k.NewSearch().Solve(tctx, search.Limits{}, nil)
	elapsed := time.Since(t0).Seconds()
	if cpu, ok := cputime.Process(); ok && onCPU && cpu > cpu0 {
		elapsed = (cpu - cpu0).Seconds()
	}
	cancel()
	// The probes size the tree without the dead-region test's victims,
	// which Solve counts as nodes: the speed is in the probes' nodes.
	walked := float64(r.Stats.Nodes - r.Stats.Pruned)
	est.NodesPerSec = walked / max(elapsed, 1e-9)
	if r.Err == nil {
		est.Nodes, est.Seconds, est.Finished = walked, elapsed, true
		return est, nil
	}
	if ctx.Err() != nil {
		return est, ctx.Err()
	}
	// Rounds of autoRound probes until the budget is spent: a round
	// started is finished, so a slow tree still gets one. Knuth's
	// estimate is heavy-tailed (a rare deep probe weighs a great deal),
	// and one such probe in a few rounds would rule a good rule out: the
	// choice takes the median of the rounds.
	newTree := func() estimate.Tree { return k.NewSearch() }
	var rounds []float64
	for t1 := time.Now(); len(rounds) == 0 || time.Since(t1) < budget/2; {
		if err := ctx.Err(); err != nil {
			return est, err
		}
		kr := estimate.Knuth(ctx, newTree, estimate.Options{Seed: uint64(len(rounds) + 1), Samples: autoRound, Workers: 1, Lookahead: true})
		rounds = append(rounds, kr.Nodes.Estimate)
	}
	slices.Sort(rounds)
	est.Nodes = rounds[len(rounds)/2]
	est.Seconds = est.Nodes / max(est.NodesPerSec, 1)
	return est, ctx.Err()
}

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

// countAuto is CountAll with o.Choose: first the count by the first
// empty cell's rule (pk's DeadRegions) on the restricted tree, given
// autoTry of CPU per worker; if that does not finish it, the count by
// the rule ChooseRule picks (keeping pk's DeadRegions when o.FixedDead).
// pk is set to the rule that counted, and the report says why.
func (pk *Packing) countAuto(ctx context.Context, o RunOptions) Report {
	start := time.Now()
	o.Choose = false
	first := *pk
	first.FirstEmpty, first.Progress = true, nil
	try := o
	try.Found, try.Unique = nil, o.Unique || pk.restrictedKeep() != nil
	budget := cputime.WithBudget(ctx, autoTry*time.Duration(search.Workers(o.Workers)))
	rep := first.CountAll(budget, try)
	budget.Stop()
	if rep.Stopped == "" || ctx.Err() != nil {
		// Finished, or stopped by the caller: this count is the answer,
		// stopped by the caller's limit, not by the trial's budget.
		if rep.Stopped != "" {
			rep.Stopped = stopLabel(ctx.Err())
		}
		ch := &RuleChoice{Chosen: RuleEstimate{Strategy: FirstEmpty, DeadRegions: first.DeadRegions, Nodes: float64(rep.Nodes),
			Seconds: rep.Seconds, Finished: rep.Stopped == ""}, Symmetric: try.Unique, Tried: true}
		ch.Candidates = []RuleEstimate{ch.Chosen}
		pk.FirstEmpty = true
		rep.Strategy, rep.Auto = ch.Chosen.Rule(), ch
		rep.summary = strings.Replace(rep.summary, "strategy "+o.StrategyName+",", "strategy "+rep.Strategy+",", 1) + ch.Why() + "\n"
		return rep
	}
	ch, err := pk.ChooseRule(ctx, o.FixedDead)
	if err != nil {
		rep := pk.newReport(o)
		rep.Stopped = err.Error()
		return rep
	}
	ch.Seconds = time.Since(start).Seconds()
	ch.Use(pk, &o)
	return pk.CountAll(ctx, o)
}
