package gaps

import (
	"context"
	"os"
	"testing"

	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
)

// TestStubbornSound checks the stubborn sets on every position reachable
// from small deals (12 deals of 4 x 4; 4 without -tags long; with
// GAPS_REACH_LONG set, also 4 x 5 and 4 x 6) against the exact distances
// to a win: in a position with moves the set is not empty, and in a
// position n > 0 moves from a win one of its moves leads to a position n-1
// moves from a win (the property the decider's proofs rest on). It also
// reports how many moves the sets keep.
func TestStubbornSound(t *testing.T) {
	skipSequential(t)
	type deal struct {
		k     int
		seeds uint64
	}
	deals := []deal{{4, 12}}
	if longtest.Short() {
		deals = []deal{{4, 4}}
	}
	if os.Getenv("GAPS_REACH_LONG") != "" {
		deals = []deal{{4, 30}, {5, 10}, {6, 3}}
	}
	var positions, all, kept, winnable int
	for _, dl := range deals {
		for seed := uint64(1); seed <= dl.seeds; seed++ {
			g, err := NewGame(Generate(dl.k, seed))
			if err != nil {
				t.Fatal(err)
			}
			dist := winDistances(g)
			h := &Game{k: dl.k}
			for key, dk := range dist {
				h.SetKey([]byte(key))
				positions++
				ms := h.Moves(nil)
				var st reachSets
				h.reachability(&st)
				if ref := naiveReachability(h, 0); ref != st {
					t.Fatalf("k=%d seed %d: the fixed point differs from the naive one in\n%v", dl.k, seed, h)
				}
				if c := h.cells[1]; c != Hole {
					var pin reachSets
					h.reachabilityPinned(&pin, 1<<c)
					if ref := naiveReachability(h, 1<<c); ref != pin {
						t.Fatalf("k=%d seed %d: the pinned fixed point differs from the naive one in\n%v", dl.k, seed, h)
					}
				}
				sub := h.stubborn(&st, append([]Move(nil), ms...))
				all += len(ms)
				kept += len(sub)
				if len(ms) > 0 && len(sub) == 0 {
					t.Fatalf("k=%d seed %d: empty stubborn set of %d moves in\n%v", dl.k, seed, len(ms), h)
				}
				if dk <= 0 {
					continue
				}
				winnable++
				ok := false
				for _, m := range sub {
					h.Apply(m)
					if dist[string(h.AppendKey(nil))] == dk-1 {
						ok = true
					}
					h.Undo(m)
				}
				if !ok {
					t.Fatalf("k=%d seed %d: no move of the stubborn set %v brings a position %d moves from a win nearer:\n%v", dl.k, seed, sub, dk, h)
				}
			}
		}
	}
	t.Logf("%d positions (%d winnable, not won): %d legal moves, %d in stubborn sets", positions, winnable, all, kept)
	if kept >= all {
		t.Errorf("stubborn sets keep all %d moves: no reduction", all)
	}
}

// TestDecideStubborn runs the best-first and depth-first deciders with
// stubborn sets on the deals of 4 x 4..8 (seeds 1..15; 1..8 without -tags long)
// that the plain decider decides within 200,000 nodes: the same verdicts,
// every solution replays to a win, and never more positions stored.
func TestDecideStubborn(t *testing.T) {
	n := uint64(15)
	if longtest.Short() {
		n = 8
	}
	var decided, fewer, storedRef, storedStub int
	for k := 4; k <= 8; k++ {
		for seed := uint64(1); seed <= n; seed++ {
			d := Generate(k, seed)
			ref, err := Decide(context.Background(), d, DecideOptions{Workers: 1, Deadlock: true, Limits: search.Limits{MaxNodes: 200000}})
			if err != nil {
				t.Fatal(err)
			}
			if ref.Verdict == Unknown {
				continue
			}
			decided++
			for _, o := range []DecideOptions{
				{Deadlock: true, Stubborn: true, Workers: 1},
				{Reach: true, Forced: true, Stubborn: true, Workers: 1},
				{Reach: true, Forced: true, Stubborn: true, DepthFirst: true, Workers: 1},
				{Deadlock: true, Stubborn: true, Workers: 2},
			} {
				if testing.Short() && o.Workers < 2 {
					continue // the race detector's run: the one-worker deciders ran in the main one
				}
				dec, err := Decide(context.Background(), d, o)
				if err != nil {
					t.Fatal(err)
				}
				if dec.Verdict != ref.Verdict {
					t.Fatalf("k=%d seed %d %+v: %v, the decider without stubborn sets %v", k, seed, o, dec.Verdict, ref.Verdict)
				}
				if dec.Verdict == Solvable {
					if ok, _ := Replay(d, dec.Path); !ok {
						t.Fatalf("k=%d seed %d %+v: the solution does not win", k, seed, o)
					}
				} else if o.Workers == 0 && o.Deadlock {
					if dec.Stored > ref.Stored {
						t.Errorf("k=%d seed %d: %d positions stored with stubborn sets, %d without", k, seed, dec.Stored, ref.Stored)
					}
					if dec.Stored < ref.Stored {
						fewer++
					}
					storedRef += ref.Stored
					storedStub += dec.Stored
				}
			}
		}
	}
	t.Logf("%d deals decided; %d unsolvable ones stored fewer positions with stubborn sets; unsolvable: %d positions stored without, %d with",
		decided, fewer, storedRef, storedStub)
}

// naiveReachability is the fixed point of reach.go computed the plain way:
// full passes over all cards until nothing changes.
func naiveReachability(g *Game, pinned uint64) reachSets {
	var st reachSets
	k := g.k
	col0, notLast := colMasksOf(k)
	for _, h := range g.holes {
		st.open |= 1 << h
	}
	for s := range Rows {
		for r := 1; r < k; r++ {
			c := NewCard(s, r)
			st.reach[c] = 1 << g.pos[c]
		}
	}
	for changed := true; changed; {
		changed = false
		for s := range Rows {
			for r := 1; r < k; r++ {
				c := NewCard(s, r)
				if pinned>>c&1 != 0 {
					continue
				}
				p := uint64(1) << g.pos[c]
				var to, next uint64
				if r == 1 {
					if col0&st.open != 0 {
						to = col0
					}
				} else {
					to = (st.reach[c-1] & notLast) << 1
				}
				if to&st.open&^p != 0 {
					next = p | to&st.open
				}
				if next != 0 && (next != st.reach[c] || st.movable>>c&1 == 0) {
					st.movable |= 1 << c
					st.open |= p
					st.reach[c] = next
					changed = true
				}
			}
		}
	}
	return st
}
