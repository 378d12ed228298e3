package polyform

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/branchwise/branchwise/bitpack"
	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// TestDeadSwitchCounts: a first-empty count whose dead-region test is
// switched on part way (after a random share of its nodes, or at its
// start) counts what the count without the switch counts, on built-in
// boards (hexiamond 6x6 and 4x9 have more than 64 cells: the subtree
// under way switches too, on one worker) and random boards of the three
// grids, on one worker and two, on the restricted tree (and the whole one
// on the random boards);
// the tree it walks (its nodes less the test's victims) is no larger
// than the tree without the test, and the test cuts on some boards.
func TestDeadSwitchCounts(t *testing.T) {
	type board struct {
		name string
		pk   *Packing
	}
	var boards []board
	names := []string{"pentomino-8x8", "hexiamond-4x9", "pentomino-2x3x10", "soma"}
	if !testing.Short() {
		names = append(names, "hexiamond-6x6", "pentomino-3x20")
	}
	for _, name := range names {
		pk, err := Load(name, "")
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, board{name, pk})
	}
	rng := rand.New(rand.NewPCG(8, 9))
	random := 90
	if testing.Short() || longtest.Short() {
		random = 15
	}
	for trial := 0; len(boards) < len(names)+random && trial < 20*random; trial++ {
		g := Grid(trial % 3)
		pk, err := randomRectPacking(rng, g)
		if err != nil || !pk.AutoApplies() {
			continue
		}
		boards = append(boards, board{fmt.Sprintf("random %d (%v grid, %d cells)", trial, g, len(pk.Board.Cells)), pk})
	}
	cut := false
	for _, b := range boards {
		pk := b.pk
		pk.FirstEmpty, pk.DeadRegions = true, false
		opts := []RunOptions{{Workers: 1, Unique: true}, {Workers: 2, Unique: true}, {Workers: 1, Stats: true}}
		switch {
		case b.name == "hexiamond-6x6" || b.name == "pentomino-3x20":
			opts = opts[:1] // the largest trees: one worker's restricted count (it switches in place)
		case !strings.HasPrefix(b.name, "random"):
			opts = opts[:2] // the whole tree on the random boards only
		}
		for _, o := range opts {
			want := pk.CountAll(context.Background(), o)
			for _, share := range []float64{0, rng.Float64()} {
				sw := &bitpack.DeadSwitch{}
				if share == 0 {
					sw.Set()
				}
				at := int64(share * float64(want.Nodes))
				var seen atomic.Int64
				on := *pk
				on.deadSwitch = sw
				on.Progress = func(n int64) {
					if seen.Add(n) >= at {
						sw.Set()
					}
				}
				got := on.CountAll(context.Background(), o)
				if got.Solutions != want.Solutions || *got.Unique != *want.Unique || got.Stopped != "" {
					t.Fatalf("%s, %+v, switched at %d of %d nodes: %d solutions, %d unique; without the switch %d, %d",
						b.name, o, at, want.Nodes, got.Solutions, *got.Unique, want.Solutions, *want.Unique)
				}
				if got.Nodes-got.Pruned > want.Nodes {
					t.Fatalf("%s, %+v, switched at %d: %d nodes, %d of them cut; without the switch %d", b.name, o, at, got.Nodes, got.Pruned, want.Nodes)
				}
				cut = cut || got.Pruned > 0
			}
		}
	}
	if !cut {
		t.Error("the switched test cut nothing on any board")
	}
}

// TestPlainCountRestricted: a count without --unique or --stats searches
// the tree restricted by the board's symmetries wherever a piece can be
// restricted, and its counts, all and unique, are those of the whole
// tree, on the built-in boards small enough here (against their published
// counts) and on 500 random boards of the three grids for every engine
// and rule (against a count of the whole tree).
func TestPlainCountRestricted(t *testing.T) {
	for _, tc := range []struct {
		name        string
		all, unique int64
	}{
		{"pentomino-8x8", 520, 65}, {"pentomino-3x20", 8, 2}, {"hexiamond-4x9", 148, 74},
		{"pentomino-2x3x10", 96, 12}, {"soma", 11520, 240},
	} {
		pk, err := Load(tc.name, "")
		if err != nil {
			t.Fatal(err)
		}
		rep := pk.CountAll(context.Background(), RunOptions{Name: tc.name, Strategy: xcover.Fewest, Workers: 2})
		if rep.Solutions != tc.all || *rep.Unique != tc.unique || !strings.Contains(rep.summary, "unique ones searched") {
			t.Errorf("%s: %d solutions, %d unique (%q); want %d, %d on the restricted tree", tc.name, rep.Solutions, *rep.Unique, rep.summary, tc.all, tc.unique)
		}
	}
	if testing.Short() {
		t.Skip("the random boards: the main test run checks them")
	}
	trials := 500
	if longtest.Short() {
		trials = 60
	}
	rng := rand.New(rand.NewPCG(12, 13))
	restricted := 0
	for trial, done := 0, 0; done < trials && trial < 10*trials; trial++ {
		g := Grid(trial % 3)
		pk, err := randomRectPacking(rng, g)
		if err != nil {
			continue
		}
		done++
		pk.Engine = []Engine{Bitboard, XCover}[rng.IntN(2)]
		pk.FirstEmpty = pk.Engine == Bitboard && rng.IntN(3) == 0
		pk.DeadRegions = rng.IntN(2) == 0
		strat := xcover.Strategy(rng.IntN(3))
		rep := pk.CountAll(context.Background(), RunOptions{Strategy: strat, Workers: 1 + rng.IntN(2)})
		whole := pk.Count(context.Background(), strat, 1, search.Limits{})
		if rep.Solutions != whole.All || *rep.Unique != whole.Unique || rep.Stopped != "" {
			t.Fatalf("trial %d (%v grid, engine %v, first empty %v, %v): %d solutions, %d unique; the whole tree %d, %d",
				trial, g, pk.Engine, pk.FirstEmpty, strat, rep.Solutions, *rep.Unique, whole.All, whole.Unique)
		}
		if pk.restrictedKeep() != nil {
			restricted++
		}
	}
	if restricted < trials/2 {
		t.Errorf("%d of %d random boards counted on the restricted tree", restricted, trials)
	}
}

// TestWideLayers: fewest options is tried first on the cubic boxes whose
// layers across the longest side hold 10 cells or more, and nowhere else
// among the built-in puzzles.
func TestWideLayers(t *testing.T) {
	want := map[string]bool{"pentomino-2x5x6": true, "pentomino-3x4x5": true, "bedlam": true, "tetris-cube": true}
	for _, name := range NamedPuzzles() {
		pk, err := Load(name, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := pk.wideLayers(); got != want[name] {
			t.Errorf("%s: wide layers %v, want %v", name, got, want[name])
		}
	}
}

// TestSwitchable: the dead-region test can be switched on only in a
// first-empty count without it whose options leave it to the choice, and
// without the tests the switch does not bring.
func TestSwitchable(t *testing.T) {
	for _, tc := range []struct {
		pk    Packing
		fixed bool
		want  bool
	}{
		{Packing{FirstEmpty: true}, false, true},
		{Packing{FirstEmpty: true}, true, false},
		{Packing{FirstEmpty: false}, false, false},
		{Packing{FirstEmpty: true, DeadRegions: true}, false, false},
		{Packing{FirstEmpty: true, LargestRegionOnly: true}, false, false},
		{Packing{FirstEmpty: true, ColourCut: true}, false, false},
	} {
		if got := tc.pk.switchable(RunOptions{FixedDead: tc.fixed}); got != tc.want {
			t.Errorf("%+v, fixed %v: %v, want %v", tc.pk, tc.fixed, got, tc.want)
		}
	}
}

// TestRuleName: the report names the dead-region test with the strategy.
func TestRuleName(t *testing.T) {
	for _, tc := range []struct {
		name string
		dead bool
		want string
	}{
		{"fewest", false, "fewest"},
		{"fewest", true, "fewest --dead-regions"},
		{"first-empty --dead-regions", true, "first-empty --dead-regions"},
		{StrategyAuto, true, StrategyAuto},
	} {
		pk := Packing{DeadRegions: tc.dead}
		if got := pk.ruleName(tc.name); got != tc.want {
			t.Errorf("%q, dead regions %v: %q, want %q", tc.name, tc.dead, got, tc.want)
		}
	}
}

// TestKeepTriedFewest: a tried fewest-options count is kept as a tried
// first-empty count is.
func TestKeepTriedFewest(t *testing.T) {
	tried := RuleEstimate{Strategy: "fewest", Seconds: 2.0, Runs: 3}
	fe := RuleEstimate{Strategy: FirstEmpty, Seconds: 1.5, Runs: 3}
	c := RuleChoice{Chosen: fe, Candidates: []RuleEstimate{fe, tried}}
	if !c.keepTried("fewest", false, 300*time.Millisecond) || c.Chosen != tried || !c.Continued {
		t.Errorf("a first-empty rule 1.13 times faster than what is left displaced the tried fewest: %+v", c)
	}
	fe.Seconds = 0.5
	c = RuleChoice{Chosen: fe, Candidates: []RuleEstimate{fe, tried}}
	if c.keepTried("fewest", false, 300*time.Millisecond) {
		t.Errorf("a first-empty rule 3.4 times faster than what is left did not displace the tried fewest: %+v", c)
	}
}
