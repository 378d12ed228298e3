package gaps

import (
	"context"
	"os"
	"testing"

	"github.com/branchwise/branchwise/internal/longtest"
)

// TestDecideLazy: the depth-first deciders on ace classes with lazy ace
// orders (lazy.go) give the verdicts of the exhaustive decider (decide,
// Berliner et al.'s deadlock test, which shares no code with them) deal
// by deal on seeds 1..40 of 4 x 4..5, 1..30 of 4 x 6 and 1..10 of 4 x 7
// (with -tags long 1..100 of 4 x 4..6, 1..60 of 4 x 7 and 1..20 of 4 x 8;
// with GAPS_LAZY_LONG 1..1,000 of 4 x 4..6 and 1..300 of 4 x 7, passed on
// 2026-11-28 in 1,423 s; with -short 1..30 of 4 x 4..6), with and without
// stubborn sets and forced moves;
// every solution is expanded with ExpandPath, which replays it to a win,
// and replays again with Replay; and the proofs with stubborn sets store
// fewer classes in all lazily than without.
func TestDecideLazy(t *testing.T) {
	seeds := map[int]uint64{4: 40, 5: 40, 6: 30, 7: 10}
	switch {
	case os.Getenv("GAPS_LAZY_LONG") != "":
		seeds = map[int]uint64{4: 1000, 5: 1000, 6: 1000, 7: 300}
	case testing.Short():
		seeds = map[int]uint64{4: 30, 5: 30, 6: 30}
	case longtest.Enabled():
		seeds = map[int]uint64{4: 100, 5: 100, 6: 100, 7: 60, 8: 20}
	}
	opts := []DecideOptions{
		{Reach: true, Forced: true, Stubborn: true, Aces: true, Lazy: true, DepthFirst: true, Workers: 1},
		{Reach: true, Aces: true, Lazy: true, DepthFirst: true, Workers: 1},
		{Reach: true, Forced: true, Aces: true, Lazy: true, DepthFirst: true, Workers: 1},
	}
	plain := DecideOptions{Reach: true, Forced: true, Stubborn: true, Aces: true, DepthFirst: true, Workers: 1}
	for k := 4; k <= 8; k++ {
		n := seeds[k]
		var verdicts [3]int
		var stored, storedLazy int
		for seed := uint64(1); seed <= n; seed++ {
			d, ref := reference(t, k, seed)
			verdicts[ref.Verdict]++
			for i, o := range opts {
				dec := decideAs(t, d, seed, ref, o)
				if i == 0 && ref.Verdict == Unsolvable {
					p := decideAs(t, d, seed, ref, plain)
					stored += p.Stored
					storedLazy += dec.Stored
				}
			}
		}
		if storedLazy > stored {
			// Not deal by deal: a layout may be searched under several
			// sets of fixed rows (4 x 7 deal 174: 64,887 lazy classes
			// against 61,121).
			t.Errorf("4 x %d: the proofs stored %d classes lazily, %d without", k, storedLazy, stored)
		}
		if n > 0 {
			t.Logf("4 x %d, seeds 1..%d: %d solvable, %d unsolvable; the stubborn proofs stored %d classes, %d lazily", k, n, verdicts[Solvable], verdicts[Unsolvable], stored, storedLazy)
		}
	}
	for _, o := range []DecideOptions{{Reach: true, Lazy: true, DepthFirst: true}, {Reach: true, Aces: true, Lazy: true}} {
		if _, err := Decide(context.Background(), Generate(4, 1), o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}
