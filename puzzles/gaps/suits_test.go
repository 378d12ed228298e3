package gaps

import (
	"context"
	"github.com/branchwise/branchwise/internal/longtest"
	"os"
	"testing"
)

// bruteSuitKey is the least row-sorted key over the 24 suit renamings of
// the position: a canonical form of its 576 images by definition.
func bruteSuitKey(g *Game) string {
	var cells [Rows * MaxCols]Card
	best := ""
	for _, p := range perms {
		for i := range Rows * g.k {
			c := g.cells[i]
			if c != Hole {
				c = NewCard(int(p[c.Suit()]), c.Rank())
			}
			cells[i] = c
		}
		var q Game
		q.set(g.k, cells[:Rows*g.k])
		if s := string(q.AppendCanonicalKey(nil)); best == "" || s < best {
			best = s
		}
	}
	return best
}

// TestSuitKeyClasses checks AppendSuitKey on every position reachable from
// small deals: two positions have the same key exactly when they are
// images of each other (the same brute-force key), and the key decodes to
// an image of the position.
func TestSuitKeyClasses(t *testing.T) {
	skipSequential(t)
	seeds := uint64(3)
	if longtest.Short() {
		seeds = 1
	}
	var positions, classes int
	for seed := uint64(1); seed <= seeds; seed++ {
		g, err := NewGame(Generate(4, seed))
		if err != nil {
			t.Fatal(err)
		}
		h := &Game{k: 4}
		fwd, back := map[string]string{}, map[string]string{}
		for key := range winDistances(g) {
			h.SetKey([]byte(key))
			sk := string(h.AppendSuitKey(nil))
			bk := bruteSuitKey(h)
			if f, ok := fwd[bk]; ok && f != sk {
				t.Fatalf("seed %d: images with two suit keys:\n%v", seed, h)
			}
			if b, ok := back[sk]; ok && b != bk {
				t.Fatalf("seed %d: one suit key for positions that are not images:\n%v", seed, h)
			}
			fwd[bk], back[sk] = sk, bk
			var im Game
			im.k = 4
			im.SetKey([]byte(sk))
			if bruteSuitKey(&im) != bk {
				t.Fatalf("seed %d: the suit key decodes to a position that is not an image of\n%v", seed, h)
			}
			positions++
		}
		classes += len(fwd)
	}
	t.Logf("%d positions, %d classes up to row order and suit renaming", positions, classes)
}

// TestDecideSuits: the deciders with suit-renaming keys give the verdicts
// of the exhaustive decider on 150 deals each of 4..6 columns (with
// GAPS_SUITS_LONG, 400 each of 4..7), store no more positions, and every
// solution replays.
func TestDecideSuits(t *testing.T) {
	skipSequential(t)
	n, hi := uint64(150), 6
	if longtest.Short() {
		n = 30
	}
	if os.Getenv("GAPS_SUITS_LONG") != "" {
		n, hi = 400, 7
	}
	for k := 4; k <= hi; k++ {
		var stored, storedSuits int
		for seed := uint64(1); seed <= n; seed++ {
			d, ref := reference(t, k, seed)
			for _, o := range []DecideOptions{
				{Deadlock: true, Suits: true, Workers: 1},
				{Reach: true, Forced: true, Stubborn: true, DepthFirst: true, Suits: true, Workers: 1},
			} {
				dec := decideAs(t, d, seed, ref, o)
				if !o.DepthFirst && ref.Verdict == Unsolvable {
					stored += ref.Stored
					storedSuits += dec.Stored
					if dec.Stored > ref.Stored {
						t.Errorf("4 x %d seed %d: %d positions stored with suit keys, %d without", k, seed, dec.Stored, ref.Stored)
					}
				}
			}
		}
		t.Logf("4 x %d: unsolvable deals' proofs stored %d positions, %d with suit keys", k, stored, storedSuits)
	}
	// Forced moves and stubborn sets best-first refuse suit keys.
	if _, err := Decide(context.Background(), Generate(4, 1), DecideOptions{Workers: 1, Reach: true, Forced: true, Suits: true}); err == nil {
		t.Error("best-first with forced moves and suit keys: no error")
	}
}
