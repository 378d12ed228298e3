package gaps

// Deadlock detection, Berliner et al.'s "constraint satisfaction".
//
// Once the four aces are on the left edge no left-edge hole can appear again
// (only an ace may enter column 0, and the aces there can only move to
// another left-edge hole), so the aces never move, each row's suit is fixed
// and every card has a final cell: its suit's row, column rank-1.
//
// A card c other than an ace moves only into the hole right of its
// predecessor c-1. Call M the least set of cards such that c is in M when
//
//   - c-1 is in M (the predecessor may go elsewhere and c follow it), or
//   - the cell right of c-1 is a hole, or holds a card d != c that is in M
//     (d may leave and open the cell).
//
// Every card that ever moves again is in M: the first card outside M to move
// would need the cell right of its unmoved predecessor open, which it was
// not and which only a card outside M could have vacated before. (A card
// right of its own predecessor, or whose predecessor sits in the last
// column, cannot move while the predecessor stays: that is how sorted
// prefixes and whole trains of cards become permanent, and how rows that
// wait on each other in a cycle are caught: none of the cards of the cycle
// enters M.) So a card outside M that is not on its final cell proves the
// position lost. Cost: a few passes over the 4(k-1) cards, no allocation.

// Deadlocked reports whether the position is proved lost by the test above,
// generalised to positions with aces off the left edge: every ace moves only
// into a left-edge hole, so the aces are in M exactly when a left-edge hole
// exists or may appear (a non-ace card in column 0 is in M). When they are
// not, the aces in column 0 fix their rows' suits for good, an ace elsewhere
// proves the position lost, and so does a card outside M that is not in its
// column (rank-1) of a row whose suit it can be.
//
// While redeals are left it proves nothing (a redeal may undo any
// deadlock); under fixed suits whatever it proves is lost there too
// (rules.go).
func (g *Game) Deadlocked() bool {
	if g.redealsLeft() {
		return false
	}
	k := g.k
	var movable [64]bool
	leftHole := false
	for _, h := range g.holes {
		if int(h)%k == 0 {
			leftHole = true
		}
	}
	if leftHole {
		return false // every ace may move, and then every card
	}
	for changed := true; changed; {
		changed = false
		for s := range Rows {
			for r := 2; r < k; r++ {
				c := NewCard(s, r)
				if movable[c] {
					continue
				}
				pred := c - 1
				q := int(g.pos[pred])
				m := movable[pred]
				if !m && q%k != k-1 {
					d := g.cells[q+1]
					m = d == Hole || (d != c && movable[d])
				}
				if m {
					movable[c], changed = true, true
					if g.pos[c]%int8(k) == 0 {
						return false // a left-edge hole may appear: the aces may move
					}
				}
			}
		}
	}
	// No ace will move again: each row's suit is its column-0 ace's, and a
	// row without one can never get one.
	var rowSuit [Rows]int
	for r := range Rows {
		c := g.cells[r*k]
		if c.Rank() != 1 {
			return true
		}
		rowSuit[r] = c.Suit()
	}
	for s := range Rows {
		for r := 2; r < k; r++ {
			c := NewCard(s, r)
			if movable[c] {
				continue
			}
			p := int(g.pos[c])
			if p%k != r-1 || rowSuit[p/k] != s {
				return true
			}
		}
	}
	return false
}
