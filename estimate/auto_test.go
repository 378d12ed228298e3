package estimate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

// TestBudgeted: a sampler on a work budget spends about the budget (the
// last sample may overshoot by one sample's moves), not its Samples, and
// is deterministic for a seed whatever the workers.
func TestBudgeted(t *testing.T) {
	nodes, _ := count(newHashTree(14)())
	for _, method := range []string{"knuth", "frontier", "purdom", "stratified"} {
		var first Result
		for _, workers := range []int{1, 2} {
			opt := Options{Seed: 3, Samples: 1, Workers: workers, Width: 2, Lookahead: true, ExactDepth: 2, MaxWork: nodes / 10}
			r, err := Run(context.Background(), method, newHashTree(14), opt)
			if err != nil {
				t.Fatal(err)
			}
			if r.Work < nodes/20 || r.Work > nodes/10*3/2 {
				t.Errorf("%s: %d moves on a budget of %d", method, r.Work, nodes/10)
			}
			if workers == 1 {
				first = r
			} else if r.Nodes != first.Nodes || r.Solutions != first.Solutions || r.Work != first.Work {
				t.Errorf("%s: 2 workers give %+v, 1 gives %+v", method, r.Nodes, first.Nodes)
			}
		}
	}
}

// TestAuto: the automatic choice names the method it chose, stays near
// its budget, and is unbiased: the pilot chooses, and the main run draws
// afresh. Over 500 seeds on a budget of a tenth of the tree the mean
// estimate is within 4 standard errors of the truth (a single estimate
// can be far off: the probes' tail is heavy). With Stratify the main run
// is stratified sampling over the same counted bottom.
func TestAuto(t *testing.T) {
	if testing.Short() {
		t.Skip("sequential: the main test run checks it")
	}
	nodes, sols := count(newHashTree(14)())
	const reps = 500
	for _, base := range []Options{{}, {Stratify: true}} {
		var ns, ss []float64
		for seed := uint64(1); seed <= reps; seed++ {
			o := base
			o.Seed, o.Workers, o.MaxWork = seed, 1, nodes/10
			r, err := Run(context.Background(), "auto", newHashTree(14), o)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(r.Method, "auto: ") || base.Stratify != strings.Contains(r.Method, "stratified") {
				t.Errorf("method %q, want auto: and the choice", r.Method)
			}
			// A probe's cost varies: the last one can overshoot.
			if r.Work > nodes/10*2 {
				t.Errorf("%d moves on a budget of %d", r.Work, nodes/10)
			}
			ns, ss = append(ns, r.Nodes.Estimate), append(ss, r.Solutions.Estimate)
		}
		meanWithin4SE(t, fmt.Sprintf("stratify %v, nodes", base.Stratify), ns, nodes)
		meanWithin4SE(t, fmt.Sprintf("stratify %v, solutions", base.Stratify), ss, sols)
	}
}

// TestAgree: the agreement of two estimates, by ratio and overlap.
func TestAgree(t *testing.T) {
	for _, tc := range []struct {
		a, b    Interval
		ratio   float64
		overlap bool
		text    string
	}{
		{Interval{Estimate: 100, Low: 80, High: 120}, Interval{Estimate: 140, Low: 110, High: 170}, 1.4, true, "they agree"},
		{Interval{Estimate: 100, Low: 80, High: 120}, Interval{Estimate: 200, Low: 110, High: 290}, 2, true, "more than 1.5x"},
		{Interval{Estimate: 100, Low: 90, High: 110}, Interval{Estimate: 130, Low: 120, High: 140}, 1.3, false, "disjoint"},
		{Interval{Estimate: 0, Low: 0, High: math.Inf(1)}, Interval{Estimate: 5, Low: 1, High: 9}, math.Inf(1), true, "DISAGREE"},
		{Interval{}, Interval{}, 1, true, "they agree"},
	} {
		g := Agree(tc.a, tc.b)
		if math.Abs(g.Ratio-tc.ratio) > 1e-12 && g.Ratio != tc.ratio || g.Overlap != tc.overlap || !strings.Contains(g.Text(), tc.text) {
			t.Errorf("Agree(%v, %v) = %+v %q, want ratio %g overlap %v %q", tc.a, tc.b, g, g.Text(), tc.ratio, tc.overlap, tc.text)
		}
	}
}

// TestFillBranching: every depth but the last gets a branching factor,
// the ratio of the next depth's nodes to its own, where none was measured.
func TestFillBranching(t *testing.T) {
	got := fillBranching([]DepthEstimate{{Nodes: 1, MeanBF: 3, Exact: true}, {Depth: 1, Nodes: 3}, {Depth: 2, Nodes: 6}, {Depth: 3, Nodes: 0}})
	want := []float64{3, 2, 0, 0}
	for d, w := range want {
		if got[d].MeanBF != w {
			t.Errorf("depth %d: %g, want %g", d, got[d].MeanBF, w)
		}
	}
}

// TestAutoCountsSmallTrees: a tree that fits in a 20th of the budget is
// counted, exactly, not estimated; a larger one is estimated, with the
// failed count's moves in the work.
func TestAutoCountsSmallTrees(t *testing.T) {
	newTree := newHashTree(12)
	want, err := Exhaustive(context.Background(), newTree, 1<<20, 1)
	if err != nil {
		t.Fatal(err)
	}
	var nodes int64
	for _, n := range want.Nodes {
		nodes += n
	}
	r, err := Auto(context.Background(), newTree, Options{Seed: 1, Workers: 1, MaxWork: exactShare * nodes})
	if err != nil {
		t.Fatal(err)
	}
	if r.Nodes.Kind != KindExact || r.Nodes.Estimate != float64(nodes) || r.Work != nodes || !strings.HasPrefix(r.Method, "auto: counted") {
		t.Fatalf("a tree of %d nodes with a budget of %d: %s, nodes %+v, work %d", nodes, exactShare*nodes, r.Method, r.Nodes, r.Work)
	}
	r, err = Auto(context.Background(), newTree, Options{Seed: 1, Workers: 1, MaxWork: exactShare * nodes / 4})
	if err != nil {
		t.Fatal(err)
	}
	if r.Nodes.Kind == KindExact || strings.HasPrefix(r.Method, "auto: counted") || r.Work < nodes/4 {
		t.Fatalf("a tree of %d nodes with a budget of %d: %s, nodes %+v, work %d", nodes, exactShare*nodes/4, r.Method, r.Nodes, r.Work)
	}
}

// counterTree is a hashTree that counts with a loop of its own (Counter),
// as the packing kernel does.
type counterTree struct{ hashTree }

func (c *counterTree) CountSubtree(p *Profile, maxDepth int, stop func() bool) {
	walkTree(c, maxDepth, p, stop)
}

// TestCountWithinSubtree: auto's count within a limit stops at the limit
// on a subtree of a tree that counts with its own loop (the subtree held
// its counts back until the end, and a --subtree of PP-24 was counted
// whole on a 2,000th of its nodes), and counts it when it fits.
func TestCountWithinSubtree(t *testing.T) {
	newTree := Subtree(func() Tree { return &counterTree{hashTree{keys: []uint64{0x12345}, max: 14}} }, []int{1})
	want, err := Exhaustive(context.Background(), Subtree(newHashTree(14), []int{1}), 1<<20, 1)
	if err != nil {
		t.Fatal(err)
	}
	nodes := total(want.Nodes)
	const limit = 2048
	if nodes < 10*limit {
		t.Fatalf("the subtree has %d nodes: too few for the test", nodes)
	}
	// The walk asks whether to stop every tailStep moves: it stops at the
	// first question past the limit.
	p, tried, counted := countWithin(context.Background(), newTree, limit)
	if counted || tried <= limit || tried > limit+tailStep {
		t.Errorf("limit %d on %d nodes: counted %v after %d nodes (%v)", limit, nodes, counted, tried, p.Nodes)
	}
	// A limit below tailStep is kept to the node: a small budget's count
	// takes its share of the budget, not 1,024 moves.
	for _, small := range []int64{0, 16, 300} {
		if p, tried, counted := countWithin(context.Background(), newTree, small); counted || tried != small+1 {
			t.Errorf("limit %d on %d nodes: counted %v after %d nodes (%v), want %d", small, nodes, counted, tried, p.Nodes, small+1)
		}
	}
	p, tried, counted = countWithin(context.Background(), newTree, nodes)
	if !counted || tried != nodes || !reflect.DeepEqual(p.Nodes, want.Nodes) || !reflect.DeepEqual(p.Solutions, want.Solutions) {
		t.Errorf("limit %d: counted %v, %d nodes %v, want %v", nodes, counted, tried, p.Nodes, want.Nodes)
	}
}

// TestWalkTreeStops: a walk through Branches, Down and Up stops soon after
// stop says so (it went on at every level above the one that looked, and
// walked most of the tree).
func TestWalkTreeStops(t *testing.T) {
	var p Profile
	walkTree(newHashTree(14)(), 1<<20, &p, func() bool { return true })
	var nodes int64
	for _, n := range p.Nodes {
		nodes += n
	}
	if nodes > 1100 {
		t.Errorf("%d nodes walked after stop", nodes)
	}
}

// TestRaiseToSeen: each depth's nodes become at least those seen there.
func TestRaiseToSeen(t *testing.T) {
	got := raiseToSeen([]DepthEstimate{{Nodes: 1}, {Depth: 1, Nodes: 40}}, []int64{1, 3, 9, 2})
	want := []float64{1, 40, 9, 2}
	if len(got) != len(want) {
		t.Fatalf("%d depths, want %d", len(got), len(want))
	}
	for d, w := range want {
		if got[d].Nodes != w || got[d].Depth != d {
			t.Errorf("depth %d: %+v, want %g nodes", d, got[d], w)
		}
	}
}

// broomTree is a root of broomLeaves leaves and one last child above a
// hashTree: most probes end at once for one move, and the few that take
// the last child cost thousands and carry the whole estimate.
type broomTree struct {
	hashTree
	at int // the root's child the walk is in, -1 at the root
}

// broomLeaves: the root's leaf children; a probe of width 3 takes the
// one other child with probability 3/51.
const broomLeaves = 50

func newBroomTree(max int) func() Tree {
	return func() Tree { return &broomTree{hashTree{keys: []uint64{0x12345}, max: max}, -1} }
}

func (b *broomTree) Depth() int {
	switch {
	case b.at < 0:
		return 0
	case b.at < broomLeaves:
		return 1
	}
	return 1 + b.hashTree.Depth()
}

func (b *broomTree) Branches() (int, bool) {
	switch {
	case b.at < 0:
		return broomLeaves + 1, false
	case b.at < broomLeaves:
		return 0, false
	}
	return b.hashTree.Branches()
}

func (b *broomTree) Down(k int) {
	if b.at < 0 {
		b.at = k
		return
	}
	b.hashTree.Down(k)
}

func (b *broomTree) Up() {
	if b.at >= broomLeaves && len(b.keys) > 1 {
		b.hashTree.Up()
		return
	}
	b.at = -1
}

// TestPurdomBroom: on a tree whose probes' costs and values go together
// (the broom), Purdom's probes in a number fixed in advance are
// unbiased: over 300 seeds of 20 probes of width 3 the mean estimate is
// within 4 standard errors of the truth. (Stopped by a budget of moves
// instead, the same probes are not: the probe that spends the budget is
// the costly one that carries the estimate, and fewer probes share it;
// docs/estimate-log.md, seventh pass.)
func TestPurdomBroom(t *testing.T) {
	if testing.Short() {
		t.Skip("sequential: the main test run checks it")
	}
	nodes, sols := count(newBroomTree(14)())
	const reps = 300
	var ns, ss []float64
	for seed := uint64(1); seed <= reps; seed++ {
		r := Purdom(context.Background(), newBroomTree(14), Options{Seed: seed, Workers: 1, Width: 3, Samples: 20})
		ns, ss = append(ns, r.Nodes.Estimate), append(ss, r.Solutions.Estimate)
	}
	meanWithin4SE(t, "nodes", ns, nodes)
	meanWithin4SE(t, "solutions", ss, sols)
}

// meanWithin4SE fails t unless the mean of the estimates xs is within 4
// standard errors of the truth.
func meanWithin4SE(t *testing.T, what string, xs []float64, truth int64) {
	t.Helper()
	m, v := meanVar(xs)
	if se := math.Sqrt(v / float64(len(xs))); math.Abs(m-float64(truth)) > 4*se {
		t.Errorf("%s: mean %.0f +- %.0f over %d seeds, truth %d", what, m, se, len(xs), truth)
	}
}

// TestBudgetedBroom: on the broom, every estimator a budget of moves
// applies to is unbiased with the budget (its probes fixed in number
// from a calibration of their own seed, fixedProbes): over 300 seeds the
// mean estimate is within 4 standard errors of the truth, and no run is
// capped. Purdom's width 3 needs a budget of 20% of the tree (a probe
// that takes the large child costs about 24,000 moves); auto on 2% falls
// back to width 1 when its width passes the cap, and spends at most 3
// times the budget (62,261 moves on 1,551 when stopped by the budget);
// the others stay within the cap.
func TestBudgetedBroom(t *testing.T) {
	if testing.Short() {
		t.Skip("sequential: the main test run checks it")
	}
	nodes, sols := count(newBroomTree(14)())
	const reps = 300
	for _, tc := range []struct {
		method string
		width  int
		budget int64
	}{
		{"purdom", 3, nodes / 5},
		{"purdom", 1, nodes / 50},
		{"stratified", 0, nodes / 50},
		{"samplesearch", 0, nodes / 50},
		{"auto", 0, nodes / 50},
		{"auto", 0, nodes / 5},
	} {
		var ns, ss []float64
		for seed := uint64(1); seed <= reps; seed++ {
			o := Options{Seed: seed, Workers: 1, Width: tc.width, MaxWork: tc.budget}
			r, err := Run(context.Background(), tc.method, newBroomTree(14), o)
			if err != nil {
				t.Fatal(err)
			}
			// Within the cap; auto within 3 budgets (it stops a
			// calibration at a probe that costs more than the budget).
			limit := workCapFactor * tc.budget
			if tc.method == "auto" {
				limit = 3 * tc.budget
			}
			if strings.Contains(r.Method, "capped") || r.Work > limit {
				t.Errorf("%s width %d, seed %d: %d moves on a budget of %d, %q", tc.method, tc.width, seed, r.Work, tc.budget, r.Method)
			}
			ns, ss = append(ns, r.Nodes.Estimate), append(ss, r.Solutions.Estimate)
		}
		what := fmt.Sprintf("%s width %d on %d moves", tc.method, tc.width, tc.budget)
		meanWithin4SE(t, what+", nodes", ns, nodes)
		meanWithin4SE(t, what+", solutions", ss, sols)
	}
}

// TestBudgetedCapped: where one probe costs more than the work cap
// (Purdom's width 3 on the broom with 2% of its nodes: a probe that
// takes the large child costs about 24,000 moves), the run stops near
// the cap and says so: its method is labelled capped and its intervals
// are spreads, not confidence intervals (the mean of the probes kept
// before the cap is biased), the same on any number of workers.
func TestBudgetedCapped(t *testing.T) {
	nodes, _ := count(newBroomTree(14)())
	budget := nodes / 50
	for seed := uint64(1); seed <= 20; seed++ {
		r, err := Run(context.Background(), "purdom", newBroomTree(14), Options{Seed: seed, Workers: 1, Width: 3, MaxWork: budget})
		if err != nil {
			t.Fatal(err)
		}
		// The probes kept and the work are the same on 2 workers.
		r2, err := Run(context.Background(), "purdom", newBroomTree(14), Options{Seed: seed, Workers: 2, Width: 3, MaxWork: budget})
		if err != nil {
			t.Fatal(err)
		}
		if r2.Nodes != r.Nodes || r2.Solutions != r.Solutions || r2.Work != r.Work || r2.Method != r.Method {
			t.Errorf("seed %d: 2 workers give %+v %d moves %q, 1 gives %+v %d moves %q", seed, r2.Nodes, r2.Work, r2.Method, r.Nodes, r.Work, r.Method)
		}
		if !strings.Contains(r.Method, "capped") || r.Nodes.Kind != KindSpread || r.Solutions.Kind != KindSpread {
			t.Errorf("seed %d: %q, kinds %s %s: want capped, spreads", seed, r.Method, r.Nodes.Kind, r.Solutions.Kind)
		}
		// The calibration's share, the cap and the probe dropped at it.
		if limit := budget/calShare + 2*workCapFactor*budget + 1024; r.Work > limit {
			t.Errorf("seed %d: %d moves, over %d", seed, r.Work, limit)
		}
	}
}

// TestNoProbeIsNoEstimate: a job whose every probe passes the work cap
// alone reports ErrNoProbe, not an estimate of 0 nodes.
func TestNoProbeIsNoEstimate(t *testing.T) {
	j := Job{Name: "hash", Method: "purdom", Options: Options{Seed: 1, Workers: 1, Width: 3, MaxWork: 10}}
	if rep, err := j.Run(context.Background(), newHashTree(14)); !errors.Is(err, ErrNoProbe) {
		t.Errorf("%d samples, nodes %+v, error %v; want ErrNoProbe", rep.Samples, rep.Nodes, err)
	}
	j.Options.MaxWork = 1 << 20 // enough for many probes: an estimate
	if rep, err := j.Run(context.Background(), newHashTree(14)); err != nil || rep.Samples == 0 || rep.Nodes.Estimate <= 0 {
		t.Errorf("%d samples, nodes %+v, error %v; want an estimate", rep.Samples, rep.Nodes, err)
	}
}
