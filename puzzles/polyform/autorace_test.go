package polyform

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/bitpack"
	"github.com/branchwise/branchwise/xcover"
)

// TestRaceNext: the looks come first (the tried count's, then its
// rival's; the tried count's until it has searched raceLookNodes too, the
// rival's as long in CPU),
// then the count predicted to need less time leads, a lead changes only
// by raceMargin against the least of the leader's last predictions, and the count behind gets its share of the CPU
// (raceExplore, capped on long counts).
func TestRaceNext(t *testing.T) {
	ms := func(n float64) time.Duration { return time.Duration(n * float64(time.Millisecond)) }
	// counted has searched s ms (after 10 ms of compiling) and the nodes of
	// a first-empty look (raceLookNodes), with the shares
	// done at the ends of its last turns (the last one: done), each at
	// the CPU it has now (so that a share alone sets a prediction).
	counted := func(s float64, done ...float64) raceCount {
		c := raceCount{started: true, seen: true, cpu0: ms(10), cpu: ms(10 + s), nodes: raceLookNodes}
		for _, d := range done {
			c.record(d)
		}
		return c
	}
	// nodes sets a count's nodes searched, looked the CPU of its look (ms).
	nodes := func(c raceCount, n int64) raceCount {
		c.nodes = n
		return c
	}
	looked := func(c raceCount, look float64) raceCount {
		c.nodes, c.look = raceLookNodes, ms(look)
		return c
	}
	for _, tc := range []struct {
		name      string
		lead      int
		c         [2]raceCount
		lead2, to int
	}{
		{"tried count before its first report", -1, [2]raceCount{{started: true}, {}}, -1, 0},
		{"tried count within its look", -1, [2]raceCount{counted(15, 0.1), {}}, -1, 0},
		{"rival's look", -1, [2]raceCount{counted(40, 0.1), {}}, -1, 1},
		{"rival within its look", -1, [2]raceCount{counted(40, 0.1), counted(15, 0.5)}, -1, 1},
		// The first-empty count's look needs raceLookNodes too, up to
		// raceLookMax of CPU; its rival's lasts as long in CPU.
		{"tried count short of its nodes", -1, [2]raceCount{nodes(counted(40, 0.1), raceLookNodes-1), {}}, -1, 0},
		{"tried count with its nodes", -1, [2]raceCount{nodes(counted(40, 0.1), raceLookNodes), {}}, -1, 1},
		{"tried count at the longest look", -1, [2]raceCount{nodes(counted(80, 0.1), 1), {}}, -1, 1},
		{"rival within the tried count's look", -1, [2]raceCount{looked(counted(50, 0.1), 45), counted(40, 0.5)}, -1, 1},
		{"rival's look as long as the tried count's", -1, [2]raceCount{looked(counted(50, 0.1), 45), counted(45, 0.5)}, 1, 1},
		// 40 ms for 10%: 360 ms left; 40 ms for 20%: 160 ms left.
		{"rival leads", -1, [2]raceCount{counted(40, 0.1), counted(40, 0.2)}, 1, 1},
		{"tried count leads", -1, [2]raceCount{counted(40, 0.2), counted(40, 0.1)}, 0, 0},
		// The first lead on the latest predictions: 1% done twice, then
		// 20% (160 ms left), against 10% (360 ms).
		{"first lead on the latest prediction", -1, [2]raceCount{counted(40, 0.01, 0.01, 0.2), counted(40, 0.1)}, 0, 0},
		{"nothing done: no prediction", -1, [2]raceCount{counted(40, 0), counted(40, 0.01)}, 1, 1},
		// The median of the other count's last predictions: its latest
		// (20% done: 160 ms left) is one against two of 1%.
		{"the other's median", 0, [2]raceCount{counted(40, 0.1), counted(40, 0.01, 0.01, 0.2)}, 0, 0},
		// 360 ms left against 160 ms: 2.25 times, over raceMargin.
		{"lead changes", 0, [2]raceCount{counted(40, 0.1), counted(40, 0.2)}, 1, 1},
		// 300 ms left (100 ms for 25%) against 160 ms: 1.9 times, not over.
		{"lead kept within the margin", 0, [2]raceCount{counted(100, 0.25), counted(40, 0.2)}, 0, 0},
		// The leader's predictions: 0.1 (360 ms left) in four, then one
		// of 0.4 (60 ms left): its least keeps the lead against 160 ms.
		{"lead kept on the leader's least", 0, [2]raceCount{counted(40, 0.1, 0.1, 0.1, 0.1, 0.4), counted(40, 0.2)}, 0, 0},
		// Once the 0.4 has left the leader's last raceSmooth predictions, the
		// lead changes.
		{"lead lost when all its predictions agree", 0, [2]raceCount{counted(40, slices.Concat([]float64{0.4}, slices.Repeat([]float64{0.1}, raceSmooth))...), counted(40, 0.2)}, 1, 1},
		// The leader has 1 s of CPU, the other 60 ms: under a sixteenth.
		{"the count behind gets its share", 1, [2]raceCount{counted(50, 0.01), counted(990, 0.5)}, 1, 0},
		// The leader has 100 s: the share is capped at sqrt(0.03 x 100) = 1.73 s
		// (a sixteenth would be 6.25 s).
		{"share capped on long counts", 1, [2]raceCount{counted(1800, 0.01), counted(99990, 0.5)}, 1, 1},
		{"share not yet reached on long counts", 1, [2]raceCount{counted(1600, 0.01), counted(99990, 0.5)}, 1, 0},
	} {
		lead, to := raceNext(tc.lead, tc.c)
		if lead != tc.lead2 || to != tc.to {
			t.Errorf("%s: lead %d, run %d; want lead %d, run %d", tc.name, lead, to, tc.lead2, tc.to)
		}
	}
	if l := (raceCount{}).left(false); !math.IsInf(l, 1) {
		t.Errorf("left with nothing done: %g, want +Inf", l)
	}
	// Before half its look a count makes no prediction.
	if c := counted(5, 0.5); c.n != 0 || c.done != 0.5 {
		t.Errorf("a count of 5 ms of search: %d predictions, done %g; want none, 0.5", c.n, c.done)
	}
}

// TestRaceCounts: strategy auto's race on the boards of more than 64
// cells (hexiamond 6x6, where fewest options wins, and hexiamond 4x9,
// whose first-empty count ends within its look or soon after) counts
// exactly on one worker and two, whichever count wins; both counts have
// the dead-region test, and the report and the packing name the rule
// that counted.
func TestRaceCounts(t *testing.T) {
	for _, tc := range []struct {
		name        string
		all, unique int64
	}{{"hexiamond-6x6", 624, 156}, {"hexiamond-4x9", 148, 74}} {
		b, ps, _ := Named(tc.name)
		for _, workers := range []int{1, 2} {
			pk, _ := NewPacking(b, ps)
			rep := pk.CountAll(context.Background(), RunOptions{Name: tc.name, Workers: workers, Choose: true})
			if rep.Solutions != tc.all || rep.Unique == nil || *rep.Unique != tc.unique || rep.Stopped != "" {
				t.Fatalf("%s, %d workers: %d solutions, %v unique, stopped %q; want %d, %d", tc.name, workers, rep.Solutions, rep.Unique, rep.Stopped, tc.all, tc.unique)
			}
			ch := rep.Auto
			if ch == nil || !ch.Raced || len(ch.Candidates) == 0 || !ch.Chosen.Finished || ch.Chosen.Done != 1 {
				t.Fatalf("%s, %d workers: no race: %+v", tc.name, workers, ch)
			}
			if c := ch.Candidates[0]; c.Strategy != FirstEmpty || !c.DeadRegions {
				t.Errorf("%s, %d workers: the tried count was %s", tc.name, workers, c.Rule())
			}
			why := ch.Why()
			switch len(ch.Candidates) {
			case 1:
				if !strings.Contains(why, "finished within its look") {
					t.Errorf("%s, %d workers: the tried count alone, Why %q", tc.name, workers, why)
				}
			case 2:
				if c := ch.Candidates[1]; c.Strategy != "fewest" || !c.DeadRegions || !strings.Contains(why, "finished first in a race with") {
					t.Errorf("%s, %d workers: raced %s, Why %q", tc.name, workers, c.Rule(), why)
				}
			default:
				t.Errorf("%s, %d workers: %d candidates", tc.name, workers, len(ch.Candidates))
			}
			if rep.Strategy != ch.Chosen.Rule() || pk.FirstEmpty != (ch.Chosen.Strategy == FirstEmpty) || pk.DeadRegions != ch.Chosen.DeadRegions {
				t.Errorf("%s, %d workers: counted by %s, packing first-empty %v dead %v; chose %s", tc.name, workers, rep.Strategy, pk.FirstEmpty, pk.DeadRegions, ch.Chosen.Rule())
			}
			if !strings.Contains(rep.summary, why) || !strings.Contains(rep.summary, "; strategy "+rep.Strategy+", ") {
				t.Errorf("%s, %d workers: Why %q, summary %q", tc.name, workers, why, rep.summary)
			}
			t.Logf("%s, %d workers: %s", tc.name, workers, why)
		}
	}
}

// TestRaceStopped: a caller's limit that ends the race keeps the partial
// counts of the count under way and says the count was stopped.
func TestRaceStopped(t *testing.T) {
	b, ps, _ := Named("hexiamond-6x6")
	pk, _ := NewPacking(b, ps)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	rep := pk.CountAll(ctx, RunOptions{Name: "hexiamond-6x6", Workers: 1, Choose: true})
	// Before the rival's start or after it, as the clock has it.
	if rep.Stopped != "time limit" || rep.Auto == nil || !rep.Auto.Raced || !rep.Auto.Tried || !strings.Contains(rep.Auto.Why(), "stopped") {
		t.Errorf("stopped %q, choice %+v", rep.Stopped, rep.Auto)
	}
}

// TestTrackerPredicts: the tracker's share done, read at every progress
// report of a count on one worker (a deterministic sequence: the reports
// come every 4,096 nodes), stays within [0, 1], is 1 at the end, and from
// a quarter of the count on predicts the tree's nodes (nodes so far over
// the share done) within trackerFactor of the nodes counted, on the first
// empty cell's tree (whose root's subtrees are tasks) and fewest options'.
func TestTrackerPredicts(t *testing.T) {
	const trackerFactor = 4 // measured: 2.93 on the first-empty tree, 1.90 on fewest options'
	b, ps, _ := Named("hexiamond-6x6")
	for _, rule := range []struct{ firstEmpty, dead bool }{{true, false}, {false, true}} {
		pk, _ := NewPacking(b, ps)
		pk.FirstEmpty, pk.DeadRegions = rule.firstEmpty, rule.dead
		tr := &bitpack.Tracker{}
		pk.tracker = tr
		type point struct {
			nodes int64
			done  float64
		}
		var points []point
		var nodes int64
		pk.Progress = func(n int64) {
			nodes += n
			points = append(points, point{nodes, tr.Done()})
		}
		rep := pk.CountAll(context.Background(), RunOptions{Workers: 1, Unique: true, Strategy: xcover.Fewest})
		if *rep.Unique != 156 {
			t.Fatalf("first-empty %v: %d unique, want 156", rule.firstEmpty, *rep.Unique)
		}
		if d := tr.Done(); d != 1 {
			t.Errorf("first-empty %v: done %g at the end, want 1", rule.firstEmpty, d)
		}
		worst := 1.0
		for _, p := range points {
			if p.done < 0 || p.done > 1 {
				t.Fatalf("first-empty %v: share done %g at %d nodes", rule.firstEmpty, p.done, p.nodes)
			}
			if 4*p.nodes < nodes || p.done == 0 {
				continue
			}
			f := float64(p.nodes) / p.done / float64(nodes)
			worst = max(worst, f, 1/f)
		}
		if worst > trackerFactor {
			t.Errorf("first-empty %v: a prediction %.2f times off the %d nodes", rule.firstEmpty, worst, nodes)
		}
		t.Logf("first-empty %v: %d reports, %d nodes, predictions within %.2f times from a quarter on", rule.firstEmpty, len(points), nodes, worst)
	}
}

// TestRaceWhy: the report says how the race went (the rule that
// counted, its rival, the rival's CPU and share done), that the tried count
// finished within its look (no rival started), or that the caller's
// limit stopped it.
func TestRaceWhy(t *testing.T) {
	fe := RuleEstimate{Strategy: FirstEmpty, DeadRegions: true, Seconds: 0.06, Done: 0.1}
	fd := RuleEstimate{Strategy: "fewest", DeadRegions: true, Seconds: 0.2, Done: 1, Finished: true}
	alone := RuleEstimate{Strategy: FirstEmpty, Seconds: 0.03, Done: 1, Finished: true}
	for _, tc := range []struct {
		c    RuleChoice
		want []string
	}{
		{RuleChoice{Raced: true, Chosen: fd, Candidates: []RuleEstimate{fe, fd}, Seconds: 0.3},
			[]string{"fewest --dead-regions finished first in a race with first-empty", "first-empty --dead-regions's 0.06 s, 10% of its tree done",
				"first-empty --dead-regions searched at least 0.02 s and 96K nodes, fewest --dead-regions as long"}},
		{RuleChoice{Raced: true, Chosen: alone, Candidates: []RuleEstimate{alone}},
			[]string{"first-empty, the rule tried first, finished within its look", "no race needed"}},
		{RuleChoice{Raced: true, Tried: true, Chosen: fe, Candidates: []RuleEstimate{fe, fd}},
			[]string{"stopped during the race of first-empty --dead-regions and fewest --dead-regions", "those of first-empty --dead-regions so far"}},
		{RuleChoice{Raced: true, Tried: true, Chosen: fe, Candidates: []RuleEstimate{fe}},
			[]string{"the search stopped before the race"}},
	} {
		why := tc.c.Why()
		for _, w := range tc.want {
			if !strings.Contains(why, w) {
				t.Errorf("Why %q does not say %q", why, w)
			}
		}
	}
}
