package gaps

// Entries that must come too late: a second stage of the reachability
// test (reach.go) that takes the order of moves into account.
//
// The sets of reach.go let card c enter the cell y right of any cell of
// R(c-1) that is ever open, as if c-1 stood left of y whenever y is a
// hole. Take the cell x0 of a card d (not an ace, not rank k-1) that may
// move, and y = x0+1 held by another card (not d+1, not a hole). Card
// d+1 can enter y only while d is at x0. Suppose d can never come back to
// x0 (x0 is in column 0, or x0-1 is not in R(d-1): d enters only right
// of d-1): then d is at x0 only before its first move, and in that part
// of any continuation d does not move, so every cell that is a hole then
// is open in the fixed point with d pinned (reachabilityPinned). If y is
// not open there, y is never a hole while d is at x0, and d+1 never
// enters y: the entry is forbidden. The sets recomputed without the
// forbidden entries still hold every cell every card ever visits (the
// first move breaking it would be a card entering a cell right of its
// predecessor, open, and not forbidden, as in reach.go), so the lost test
// on them is sound; they can only be smaller, so it proves at least what
// the first stage proves.
//
// What it catches is a cycle of cards that may move only after each
// other: y opens only when its card leaves, which needs a cell that opens
// only when ... d leaves. The first stage lets d+1 into y, d+1 may then
// move, its cell opens, and so on: the least fixed point keeps cycles that
// rest on an entry made too late. With the entry forbidden, the sets of
// the whole cycle can collapse (on the first 200,000 nodes of held-out
// deal 30015, one forbidden entry alone proves 99% of the positions this
// stage adds). Cost: one fixed point with d pinned per candidate card d,
// stopped as soon as y opens, and one more fixed point when an entry is
// forbidden.

import "math/bits"

// lostLate reports whether the sets with the forbidden entries above
// prove the position lost, given the fixed point st of the first stage
// (which did not).
func (g *Game) lostLate(st *reachSets) bool {
	if g.redealsLeft() {
		return false
	}
	k := g.k
	var forbid [64]uint64
	found := false
	var pin reachSets
	for m := st.movable; m != 0; m &= m - 1 {
		d := Card(bits.TrailingZeros64(m))
		if d.Rank() == 1 || d.Rank() >= k-1 {
			continue
		}
		x0 := int(g.pos[d])
		if x0%k == k-1 {
			continue
		}
		y := x0 + 1
		if g.cells[y] == Hole || g.cells[y] == d+1 || st.reach[d+1]>>y&1 == 0 {
			continue // a hole now, d+1 there already, or no entry to forbid
		}
		if x0%k != 0 && st.reach[d-1]>>(x0-1)&1 != 0 {
			continue // d may come back to x0
		}
		if g.reachabilityLimited(&pin, 1<<d, &noEntries, 1<<y) && pin.open>>y&1 == 0 {
			forbid[d+1] |= 1 << y
			found = true
		}
	}
	if !found {
		return false
	}
	var late reachSets
	g.reachabilityLimited(&late, 0, &forbid, 0)
	return g.lost(&late)
}
