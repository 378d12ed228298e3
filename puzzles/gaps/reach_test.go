package gaps

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/branchwise/branchwise/internal/longtest"
)

// winDistances explores every position reachable from g (exact keys) and
// returns, for each, the fewest moves to a won position, or -1 when none
// is reachable: the reachable graph is built breadth-first, then searched
// backwards from the won positions.
func winDistances(g *Game) map[string]int {
	idx := map[string]int{}
	var keys [][]byte
	var pred [][]int
	add := func(k []byte) int {
		if i, ok := idx[string(k)]; ok {
			return i
		}
		idx[string(k)] = len(keys)
		keys = append(keys, k)
		pred = append(pred, nil)
		return len(keys) - 1
	}
	add(g.AppendKey(nil))
	h := &Game{k: g.k}
	var queue []int
	for i := 0; i < len(keys); i++ {
		h.SetKey(keys[i])
		if h.Won() {
			queue = append(queue, i)
		}
		for _, m := range h.Moves(nil) {
			h.Apply(m)
			j := add(h.AppendKey(nil))
			pred[j] = append(pred[j], i)
			h.Undo(m)
		}
	}
	dist := make([]int, len(keys))
	for i := range dist {
		dist[i] = -1
	}
	for _, i := range queue {
		dist[i] = 0
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, j := range pred[i] {
			if dist[j] < 0 {
				dist[j] = dist[i] + 1
				queue = append(queue, j)
			}
		}
	}
	out := make(map[string]int, len(keys))
	for i, k := range keys {
		out[string(k)] = dist[i]
	}
	return out
}

// TestUnwinnableSound checks Unwinnable and ForcedMove on every position
// reachable from small deals (16 deals of 4 x 4; with GAPS_REACH_LONG set,
// minutes: 4 x 4, 4 x 5 and 4 x 6) against the exact answer of exhaustive
// search: a position it proves lost has no win among its descendants, and
// a forced move leads from a position n moves from a win to one n-1 moves
// from a win. It also counts how many of the lost positions each test
// catches.
func TestUnwinnableSound(t *testing.T) {
	skipSequential(t)
	type deal struct {
		k     int
		seeds uint64
	}
	deals := []deal{{4, 16}}
	if longtest.Short() {
		deals = []deal{{4, 6}}
	}
	if os.Getenv("GAPS_REACH_LONG") != "" {
		// The long check (minutes, gigabytes): 4 x 4..6.
		deals = []deal{{4, 30}, {5, 10}, {6, 3}}
	}
	var positions, lost, byReach, byDeadlock, deadlockOnly, forced, withLeftHole int
	for _, dl := range deals {
		for seed := uint64(1); seed <= dl.seeds; seed++ {
			g, _ := NewGame(Generate(dl.k, seed))
			dist := winDistances(g)
			h := &Game{k: dl.k}
			for key, dk := range dist {
				w := dk >= 0
				h.SetKey([]byte(key))
				positions++
				u, d := h.Unwinnable(), h.Deadlocked()
				if u && w {
					t.Fatalf("k=%d seed %d: Unwinnable, yet a win is reachable:\n%s", dl.k, seed, h)
				}
				if !w {
					lost++
				}
				if u {
					byReach++
					for _, hole := range h.holes {
						if int(hole)%h.k == 0 {
							withLeftHole++ // where Deadlocked gives up
							break
						}
					}
				}
				if d {
					byDeadlock++
					if !u {
						deadlockOnly++
					}
				}
				if m, ok := h.ForcedMove(); ok {
					forced++
					if !h.Legal(m) {
						t.Fatalf("k=%d seed %d: forced move %v illegal in\n%s", dl.k, seed, h.MoveString(m, nil), h)
					}
					h.Apply(m)
					after := dist[string(h.AppendKey(nil))]
					if w && after != dk-1 {
						t.Fatalf("k=%d seed %d: forced move from a position %d moves from a win leads to one at %d", dl.k, seed, dk, after)
					}
				}
			}
		}
	}
	t.Logf("%d positions, %d lost: Unwinnable proves %d (%d with a left-edge hole), Deadlocked %d (%d of those not by Unwinnable); %d forced moves",
		positions, lost, byReach, withLeftHole, byDeadlock, deadlockOnly, forced)
	if byReach <= byDeadlock || deadlockOnly > 0 || withLeftHole == 0 || forced == 0 {
		t.Errorf("Unwinnable proves %d positions lost, Deadlocked %d: want more", byReach, byDeadlock)
	}
}

// reachabilityRoundRobin is the plain statement of the fixed point that
// reachabilityPinned computes: passes over every card, until a pass opens
// no cell. It is the reference of TestReachabilityWorklist.
func (g *Game) reachabilityRoundRobin(st *reachSets, pinned uint64) {
	k := g.k
	col0, notLast := g.colMasks()
	var open, movable uint64
	for _, h := range g.holes {
		open |= 1 << h
	}
	for s := range Rows {
		for r := 1; r < k; r++ {
			st.reach[NewCard(s, r)] = 1 << g.pos[NewCard(s, r)]
		}
	}
	for again := true; again; {
		opened := open
		aces := col0&open != 0
		for s := range Rows {
			for r := 1; r < k; r++ {
				c := NewCard(s, r)
				p := uint64(1) << g.pos[c]
				var to, next uint64
				if r == 1 {
					if aces {
						to = col0
					}
				} else {
					to = (st.reach[c-1] & notLast) << 1
				}
				if to&open&^p != 0 {
					next = p | to&open
				}
				if next == 0 || pinned>>c&1 != 0 {
					continue
				}
				if movable&(1<<c) == 0 {
					movable |= 1 << c
					open |= p
				}
				st.reach[c] = next
			}
		}
		again = open != opened
	}
	st.movable, st.open = movable, open
}

// lostCellByCell is the plain statement of lost, the reference of
// TestReachabilityWorklist: suit s fits row i when every card of s has the
// cell of row i, column rank-1, in its set.
func (g *Game) lostCellByCell(st *reachSets) bool {
	var fits [Rows]uint8
	for s := range Rows {
		f := uint8(1<<Rows - 1)
		for r := 1; r < g.k; r++ {
			for row := range Rows {
				if st.reach[NewCard(s, r)]>>(row*g.k+r-1)&1 == 0 {
					f &^= 1 << row
				}
			}
		}
		fits[s] = f
	}
	for _, p := range perms {
		if fits[p[0]]&1 != 0 && fits[p[1]]&2 != 0 && fits[p[2]]&4 != 0 && fits[p[3]]&8 != 0 {
			return false
		}
	}
	return true
}

// TestReachabilityWorklist checks that the worklist fixed point of
// reachabilityPinned equals the round-robin one, sets, movable cards and
// open cells, on every position reachable from small deals, with no card
// pinned and with each card with a legal move pinned (as the stubborn
// sets' closures pin them), and lost against lostCellByCell.
func TestReachabilityWorklist(t *testing.T) {
	skipSequential(t)
	deals := []struct {
		k     int
		seeds uint64
	}{{4, 6}, {5, 2}, {6, 1}}
	if longtest.Short() {
		deals = deals[:1]
	}
	checks := 0
	for _, dl := range deals {
		for seed := uint64(1); seed <= dl.seeds; seed++ {
			g, _ := NewGame(Generate(dl.k, seed))
			h := &Game{k: dl.k}
			for key := range winDistances(g) {
				h.SetKey([]byte(key))
				pins := []uint64{0}
				for _, m := range h.Moves(nil) {
					pins = append(pins, 1<<h.cells[m.From()])
				}
				for _, pin := range pins {
					var got, want reachSets
					h.reachabilityPinned(&got, pin)
					h.reachabilityRoundRobin(&want, pin)
					if got != want {
						t.Fatalf("k=%d seed %d, pinned %#x: worklist and round-robin fixed points differ in\n%s", dl.k, seed, pin, h)
					}
					if h.lost(&got) != h.lostCellByCell(&want) {
						t.Fatalf("k=%d seed %d, pinned %#x: lost and lostCellByCell differ in\n%s", dl.k, seed, pin, h)
					}
					checks++
				}
			}
		}
	}
	// Full deals: the positions of random walks of 4 x 13 deals.
	for seed := uint64(1); seed <= 200; seed++ {
		g, _ := NewGame(Generate(13, seed))
		rng := rand.New(rand.NewPCG(seed, 13))
		for range 500 {
			ms := g.Moves(nil)
			if len(ms) == 0 {
				break
			}
			for _, pin := range append([]uint64{0}, 1<<g.cells[ms[0].From()], 1<<g.cells[ms[len(ms)-1].From()]) {
				var got, want reachSets
				g.reachabilityPinned(&got, pin)
				g.reachabilityRoundRobin(&want, pin)
				if got != want || g.lost(&got) != g.lostCellByCell(&want) {
					t.Fatalf("4 x 13 seed %d, pinned %#x: worklist and round-robin fixed points or lost differ in\n%s", seed, pin, g)
				}
				checks++
			}
			g.Apply(ms[rng.IntN(len(ms))])
		}
	}
	t.Logf("%d fixed points compared", checks)
}

// TestReachVerdicts: the deciders that use the reachability test (lost
// positions, forced moves, the stubborn sets' frozen cards) give the
// verdicts of the exhaustive decider with Berliner et al.'s deadlock test,
// which does not use it, on the deals of 4 x 5..7 of seeds 1..n (n = 200,
// 100, 40; with GAPS_REACH_LONG set, 1,000 each), and every solution
// replays.
func TestReachVerdicts(t *testing.T) {
	seeds := map[int]uint64{5: 200, 6: 100, 7: 40}
	if longtest.Short() {
		seeds = map[int]uint64{5: 40, 6: 20, 7: 5}
	}
	if os.Getenv("GAPS_REACH_LONG") != "" {
		seeds = map[int]uint64{5: 1000, 6: 1000, 7: 1000}
	}
	opts := []DecideOptions{
		{Reach: true, Forced: true, Workers: 1},
		{Reach: true, Forced: true, DepthFirst: true, Workers: 1},
		{Reach: true, Forced: true, Stubborn: true, DepthFirst: true, Workers: 1},
		{Reach: true, Forced: true, Stubborn: true, Aces: true, DepthFirst: true, Workers: 1},
	}
	for k := 5; k <= 7; k++ {
		var verdicts [3]int
		for seed := uint64(1); seed <= seeds[k]; seed++ {
			d := Generate(k, seed)
			ref, err := Decide(context.Background(), d, DecideOptions{Workers: 1, Deadlock: true})
			if err != nil {
				t.Fatal(err)
			}
			if ref.Verdict == Unknown {
				t.Fatalf("4 x %d seed %d: the decider stopped: %v", k, seed, ref.Err)
			}
			verdicts[ref.Verdict]++
			for _, o := range opts {
				decideAs(t, d, seed, ref, o)
			}
		}
		t.Logf("4 x %d seeds 1..%d: %d solvable, %d unsolvable, the same for every decider", k, seeds[k], verdicts[Solvable], verdicts[Unsolvable])
	}
}
