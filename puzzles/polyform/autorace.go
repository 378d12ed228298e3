package polyform

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/branchwise/branchwise/bitpack"
	"github.com/branchwise/branchwise/internal/cputime"
)

// raceSlice is the CPU time a count of countAuto's race runs before the
// race looks again at which count should run: long enough that the
// switches (a lock, a clock read, a goroutine woken) cost nothing, short
// enough that a count of a few tenths of a second gets many looks, and
// that a look (raceLook) ends soon after its length (a turn ends at the
// first progress report past its slice).
const raceSlice = 5 * time.Millisecond

// raceLook is the CPU time each count of the race searches (after its
// compiling) before the share of its tree done decides which leads: the
// tried rule first, then its rival (the first-empty count also searches
// raceLookNodes). With the dead-region test in both counts, the
// predictions after 15 and 20 ms of search put the faster rule ahead in
// each of 24 runs on hexiamond 6x6, heptiamond 6x14 and the PP-24 part
// on a lightly loaded machine, by 1.5 times or more; after 10 ms they did
// not (docs/benchmarks.md, eighth pass). Each look costs the race its
// length where its count loses: on hexiamond 6x6, where the winner takes
// 0.11 to 0.25 s, the loser's look and start are a fifth of the count.
const raceLook = 20 * time.Millisecond

// raceLookNodes is the nodes that the first-empty count (count 0)
// searches in its look besides raceLook of CPU (up to raceLookMax of
// CPU), and its rival searches as long as that took: its share done takes
// every subtree of the root to be as large as the first ones and is far
// off until some of them have ended, after a number of nodes, not of
// milliseconds, and fewest options' share done has its own early jumps.
// The predictions at a given number of nodes are the same run after run
// (one worker), where a millisecond of CPU searches fewer nodes on a
// loaded machine. In counts on one worker (deterministic), heptiamond
// 6x14's first-empty count predicted 2 to 7 times the time it needs up to
// 60,000 nodes and within 2.6 times from 64,000 on; on hexiamond 6x6,
// fewest options' count predicted 0.33 s after 13 ms of search (16,000
// nodes) against 0.18 to 0.19 s after 17 to 30 ms, where the first-empty
// count predicted 0.35. On the loaded machine, with looks of 15 and of 20
// ms of CPU alone, 1 race of 54 each went to the slower rule (heptiamond
// 6x14), with the first-empty count's nodes alone 1 of 114 (hexiamond
// 6x6), with the looks matched in nodes none of 114 (docs/benchmarks.md,
// eighth pass).
const raceLookNodes = 96 << 10

// raceLookMax bounds a look that waits for raceLookNodes.
const raceLookMax = 4 * raceLook

// raceSmooth is how many of a count's last predictions (one at the end of
// each of its turns from half its look on) the race takes the median of,
// 50 ms of its CPU: a prediction jumps for 20 or 30 ms when the search
// meets a subtree much larger than its siblings (the PP-24 part's
// fewest-options count predicted 1.1 s left for two turns of 10 ms
// between predictions of 0.4), and a race that switched on it would pay
// for both counts.
const raceSmooth = 10

// raceMargin is how much less time left the count not leading must be
// predicted to have than the leader for the lead to change after the
// looks: the predictions of a count are off by up to 2 to 3 times early
// on (the first-empty count on the PP-24 part predicted 0.6 s in all where
// it takes 1.6; on hexiamond 6x6 0.5 s where it takes 0.3), and a race that
// goes back and forth pays for both counts.
const raceMargin = 2

// raceCount is what the race knows of one of its counts.
type raceCount struct {
	started bool
	cpu     time.Duration // in its turns, its compiling included
	cpu0    time.Duration // cpu at its first progress report: the compiling
	seen    bool          // a progress report came (cpu0 is set)
	nodes   int64         // searched, as its progress reports count them
	// look is the CPU time of its search when its look ended (the
	// first-empty count's, which sets its rival's: raceLooking).
	look time.Duration
	done float64 // share of its tree done at its last turn's end
	// totals are its last predictions of the CPU time of its whole
	// search (after its compiling), n of them in all.
	totals [raceSmooth]float64
	n      int
}

// searched is the CPU time of the count's search (after its compiling).
func (c raceCount) searched() time.Duration { return c.cpu - c.cpu0 }

// raceLooking says whether count i is still in its look: before its first
// progress report, within raceLook of search, and then, the first-empty
// count (0), short of raceLookNodes within raceLookMax, its rival within
// the CPU time of the first-empty count's look.
func raceLooking(i int, c [2]raceCount) bool {
	x := c[i]
	switch {
	case !x.seen || x.searched() < raceLook:
		return true
	case i == 0:
		return x.nodes < raceLookNodes && x.searched() < raceLookMax
	}
	return x.searched() < c[0].look
}

// record notes the share done at the end of a turn and, from half the
// look on, the prediction it makes: the search so far takes done of it.
func (c *raceCount) record(done float64) {
	c.done = done
	if c.searched() < raceLook/2 {
		return
	}
	total := math.Inf(1)
	if done > 0 {
		total = c.searched().Seconds() / done
	}
	c.totals[c.n%raceSmooth] = total
	c.n++
}

// left predicts the CPU time the count needs to finish from its last
// predictions (raceSmooth), less what it has searched (+Inf when nothing
// is known): their median, or their least when least (the leader's, which
// keeps the lead unless all of them say it should not).
func (c raceCount) left(least bool) float64 {
	k := min(c.n, raceSmooth)
	if k == 0 {
		return math.Inf(1)
	}
	t := slices.Clone(c.totals[:k])
	slices.Sort(t)
	pick := t[k/2]
	if least {
		pick = t[0]
	}
	return max(pick-c.searched().Seconds(), 0)
}

// latest is left from the count's last prediction alone.
func (c raceCount) latest() float64 {
	if c.n == 0 {
		return math.Inf(1)
	}
	return max(c.totals[(c.n-1)%raceSmooth]-c.searched().Seconds(), 0)
}

// raceExplore is the share of the leading count's CPU time that the
// other count is given at least (up to sqrt(raceExploreUnit x the
// leader's CPU time), less on long counts): the share done moves as the
// search goes (a large subtree finished, or found), and a count that fell
// behind on its look gets to show it was wrongly judged. It bounds what
// the race costs where the lead was right: a sixteenth of the count at
// most, less on counts of minutes. (The first lead was right in each of some 40 runs
// on hexiamond 6x6, heptiamond 6x14 and the PP-24 part; an eighth cost the
// PP-24 part 0.1 s more of first-empty count on a count of 1 s.)
const raceExplore = 1.0 / 16

// raceExploreUnit sets the cap on the share of the count behind on long
// counts (raceExplore): sqrt(0.03 s x 100 s) = 1.7 s of a 100 s count.
const raceExploreUnit = 30 * time.Millisecond

// raceNext returns the leading count and the count to run next, given
// the leader so far (-1 before the looks) and what the race knows of the
// counts: while one is in its look (raceLooking; the tried count, 0,
// first), that one; then the leader, which changes when the other is
// predicted to need raceMargin times less time than the least of the
// leader's last predictions of its own (raceSmooth), unless
// the other has had less than its share of the CPU (raceExplore).
func raceNext(lead int, c [2]raceCount) (newLead, run int) {
	for i := range c {
		if raceLooking(i, c) {
			return lead, i
		}
	}
	if lead < 0 {
		// The first lead on the latest predictions: the looks' first
		// ones, made before a count's first subtree of the root ended,
		// were the ones far off.
		lead = 0
		if c[1].latest() < c[0].latest() {
			lead = 1
		}
	}
	other := 1 - lead
	if c[other].left(false)*raceMargin < c[lead].left(true) {
		lead, other = other, lead
	}
	l := c[lead].cpu.Seconds()
	if c[other].cpu.Seconds() < min(raceExplore*l, math.Sqrt(raceExploreUnit.Seconds()*l)) {
		return lead, other
	}
	return lead, lead
}

// race shares one CPU budget between two counts of countAuto (the tried
// rule's and its rival's), one running at a time: each count's progress
// reports (every few thousand nodes) pass through gate, which holds a
// count whose turn it is not; the counts keep their work between turns,
// and the first to finish is the answer (the other is cancelled). The
// turns are raceSlice of the process's CPU time, measured on the
// process's clock since only one count runs; raceNext decides them from
// the share of each count's tree done (bitpack.Tracker).
type race struct {
	mu       sync.Mutex
	cond     *sync.Cond
	clock    func() time.Duration
	turn     int
	lead     int           // the leading count (-1 before the looks)
	mark     time.Duration // the clock when the turn began
	over     bool          // a count ended: none waits any more
	counts   [2]raceCount
	trackers [2]*bitpack.Tracker
	start    [2]func() // starts count i's goroutine (at its first turn)
	next     [2]func(nodes int64)
}

func newRace(trackers [2]*bitpack.Tracker, next [2]func(nodes int64)) *race {
	r := &race{clock: cputime.Clock(), trackers: trackers, next: next, lead: -1}
	r.cond = sync.NewCond(&r.mu)
	r.counts[0].started = true
	return r
}

// gate is count i's progress function.
func (r *race) gate(i int) func(nodes int64) {
	return func(nodes int64) {
		if r.next[i] != nil {
			r.next[i](nodes)
		}
		r.mu.Lock()
		c := &r.counts[i]
		now := r.clock()
		c.nodes += nodes
		if r.turn == i && !r.over {
			if !c.seen {
				c.seen, c.cpu0 = true, c.cpu+now-r.mark
			}
			if now-r.mark >= raceSlice {
				c.cpu += now - r.mark
				c.record(r.trackers[i].Done())
				if i == 0 && c.look == 0 && !raceLooking(0, r.counts) {
					c.look = c.searched() // the rival's look is as long
				}
				r.mark = now
				var n int
				r.lead, n = raceNext(r.lead, r.counts)
				if n != i {
					r.turn = n
					if !r.counts[n].started {
						r.counts[n].started = true
						r.start[n]()
					}
					r.cond.Broadcast()
				}
			}
		}
		for r.turn != i && !r.over {
			r.cond.Wait()
		}
		r.mu.Unlock()
	}
}

// end is called when count i has ended: the other runs free (to its
// cancellation) and the race's figures are final. It returns the counts.
func (r *race) end(i int) [2]raceCount {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.turn == i && !r.over {
		r.counts[i].cpu += r.clock() - r.mark
	}
	r.counts[i].done = r.trackers[i].Done()
	r.over = true
	r.cond.Broadcast()
	return r.counts
}

// raceWhy says in one line how the race went (RuleChoice.Why).
func (c RuleChoice) raceWhy() string {
	if len(c.Candidates) < 2 {
		if c.Tried {
			return fmt.Sprintf("strategy auto: %s, the rule tried first: the search stopped before the race", c.Chosen.Rule())
		}
		return fmt.Sprintf("strategy auto: %s, the rule tried first, finished within its look (%s of search): no race needed", c.Chosen.Rule(), fmtSeconds(raceLook.Seconds()))
	}
	lost := c.Candidates[0]
	if lost == c.Chosen {
		lost = c.Candidates[1]
	}
	if c.Tried {
		return fmt.Sprintf("strategy auto: stopped during the race of %s and %s; the counts are those of %s so far", c.Candidates[0].Rule(), c.Candidates[1].Rule(), c.Chosen.Rule())
	}
	s := fmt.Sprintf("strategy auto: %s finished first in a race with %s: the two counts shared the CPU in turns of %s, "+
		"%s searched at least %s and %dK nodes, %s as long, then the one with less time left, predicted from the share of its tree done, went on "+
		"(%s of CPU against %s's %s, %.0f%% of its tree done)",
		c.Chosen.Rule(), lost.Rule(), fmtSeconds(raceSlice.Seconds()), c.Candidates[0].Rule(), fmtSeconds(raceLook.Seconds()), raceLookNodes>>10,
		c.Candidates[1].Rule(), fmtSeconds(c.Chosen.Seconds), lost.Rule(), fmtSeconds(lost.Seconds), 100*lost.Done)
	return s + fmt.Sprintf("; %.2f s in all", c.Seconds)
}

// countRace is countAuto's count on the boards where it races (races):
// the first empty cell's count with the dead-region test (first, with
// try's options) races fewest options with the test, the rule that beats
// it on hexiamond 6x6 (0.12 s against 0.16 s) where it wins on the PP-24
// part (0.43 s against 0.58 s) and heptiamond 6x14 (0.36 s against 0.64
// s), in turns of one worker's CPU (race). Both counts keep their work
// between turns, so the race costs the loser's turns: at least raceLook
// and its compiling, more while the predictions are close.
func (pk *Packing) countRace(ctx context.Context, first Packing, try RunOptions) Report {
	start := time.Now()
	rival := *pk
	rival.FirstEmpty, rival.DeadRegions = false, true
	counts := [2]*Packing{&first, &rival}
	trackers := [2]*bitpack.Tracker{{}, {}}
	r := newRace(trackers, [2]func(int64){pk.Progress, pk.Progress})
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type ended struct {
		i   int
		rep Report
	}
	done := make(chan ended, 2)
	for i, c := range counts {
		c.tracker, c.Progress = trackers[i], r.gate(i)
		r.start[i] = func() { go func() { done <- ended{i, c.CountAll(cctx, try)} }() }
	}
	r.start[0]()
	e := <-done
	failed := false
	if e.rep.Stopped != "" && ctx.Err() == nil {
		failed = true
		// The count failed (not stopped by the caller): the other counts
		// alone.
		r.mu.Lock()
		r.over = true
		r.cond.Broadcast()
		if !r.counts[1-e.i].started {
			r.counts[1-e.i].started = true
			r.start[1-e.i]()
		}
		r.mu.Unlock()
		e = <-done
	}
	cancel()
	final := r.end(e.i)
	if final[1-e.i].started && !failed {
		<-done // the other count stops within a progress check
	}
	ch := &RuleChoice{Symmetric: try.Unique, Raced: true}
	for i, c := range counts {
		if !final[i].started {
			continue // the tried count finished within its look
		}
		est := RuleEstimate{Strategy: FirstEmpty, DeadRegions: c.DeadRegions, Seconds: final[i].cpu.Seconds(), Done: final[i].done}
		if !c.FirstEmpty {
			est.Strategy = "fewest"
		}
		if i == e.i {
			est.Nodes, est.Finished = float64(e.rep.Nodes), e.rep.Stopped == ""
		}
		ch.Candidates = append(ch.Candidates, est)
	}
	ch.Chosen = ch.Candidates[min(e.i, len(ch.Candidates)-1)]
	// The choice's CPU: the losing count's turns.
	ch.Seconds, ch.CPU = time.Since(start).Seconds(), final[1-e.i].cpu.Seconds()
	if e.rep.Stopped != "" {
		// Stopped by the caller: the count under way is the answer, as
		// with a tried count stopped before any choice.
		ch.Tried = true
	}
	w := counts[e.i]
	pk.FirstEmpty, pk.DeadRegions = w.FirstEmpty, w.DeadRegions
	return tagReport(e.rep, ch)
}
