package gaps

import (
	"github.com/branchwise/branchwise/internal/longtest"
	"os"
	"testing"
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
