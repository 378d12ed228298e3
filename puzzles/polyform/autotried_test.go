package polyform

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

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

// TestRaces: the tried count races fewest options on boards of more than
// 64 cells, when it is a first-empty count whose dead-region test the
// options leave to the choice, without the tests its rival would not
// share; the built-in boards that race are the hexiamond rectangles and
// the PP-24 frame.
func TestRaces(t *testing.T) {
	big := &Board{Cells: make([]Cell, 65)}
	small := &Board{Cells: make([]Cell, 64)}
	for _, tc := range []struct {
		pk    Packing
		fixed bool
		want  bool
	}{
		{Packing{Board: big, FirstEmpty: true}, false, true},
		{Packing{Board: big, FirstEmpty: true, DeadRegions: true}, false, true},
		{Packing{Board: small, FirstEmpty: true}, false, false},
		{Packing{Board: big, FirstEmpty: true}, true, false},
		{Packing{Board: big, FirstEmpty: false}, false, false},
		{Packing{Board: big, FirstEmpty: true, LargestRegionOnly: true}, false, false},
		{Packing{Board: big, FirstEmpty: true, ColourCut: true}, false, false},
	} {
		if got := tc.pk.races(RunOptions{FixedDead: tc.fixed}); got != tc.want {
			t.Errorf("%d cells, first empty %v, dead %v, largest %v, colour %v, fixed %v: %v, want %v", len(tc.pk.Board.Cells),
				tc.pk.FirstEmpty, tc.pk.DeadRegions, tc.pk.LargestRegionOnly, tc.pk.ColourCut, tc.fixed, got, tc.want)
		}
	}
	want := map[string]bool{"hexiamond-6x6": true, "hexiamond-4x9": true, "hexiamond-3x12": true, "heptiamond-pp24": true}
	for _, name := range NamedPuzzles() {
		pk, err := Load(name, "")
		if err != nil {
			t.Fatal(err)
		}
		first := *pk
		first.FirstEmpty = !pk.wideLayers()
		if got := first.races(RunOptions{}); got != want[name] {
			t.Errorf("%s: races %v, want %v", name, got, want[name])
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
