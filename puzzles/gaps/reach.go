package gaps

// The reachability test, a stronger deadlock proof than Deadlocked that
// also works while a left-edge hole exists.
//
// Every card keeps a set R(c) of the cells it may ever occupy (a bit set
// of the at most 52 cells, row-major), and a flag: whether it may move at
// all. The sets over-approximate, by induction on any sequence of moves:
//
//   - a card enters only a cell that is ever a hole: a hole now, or the
//     cell of a card that may move (O, the open cells; a cell a card
//     entered and left was a hole before it entered);
//   - an ace moves only into a left-edge hole: R(ace) is its cell, plus the
//     open cells of column 0 if one of them is not its own;
//   - any other card c moves only into the cell right of c-1, wherever c-1
//     then is: R(c) is its cell, plus the open cells among {q+1 : q in
//     R(c-1), q not in the last column} if one of them is not its own.
//
// A card whose set grows beyond its cell may move, and its cell opens. The
// flags start false and the sets rise to the least fixed point (a few
// passes over the 4(k-1) cards, shifts of 64-bit masks). A card that moves
// in any continuation has its flag set, and every cell it visits is in its
// set: the first move breaking this would be a card entering a cell right
// of its predecessor's cell (in R(c-1)) that was a hole from the start or
// was opened by a card that had moved (and so may move). Keeping only the
// open cells takes out of the sets the cells of cards that never move (a
// sorted prefix's cards, most of a full deal's late positions): the sets of
// their successors shrink with them, and fewer cards may move. (With every
// cell right of R(c-1) instead, the depth-first proof that 4 x 13 deal
// 1012 is unsolvable stored 1.76 times as many ace classes: 3,157,292
// against 1,796,147.)
//
// A won position has every card c at column rank(c)-1 of a row whose suit
// is c's, each row a different suit. So the position is lost when no
// assignment of suits to rows gives every card a final cell in its set:
// suit s may take row r only if every card of suit s has the cell of row r,
// column rank-1, in its set. Cards that can never move have one cell. The
// test implies Deadlocked's: its cards that may move are among Deadlocked's
// set M (a card's set grows beyond its cell only when it may move), so
// when Deadlocked proves a position lost the aces cannot move here either,
// and a stuck card off its column, or in the row of another suit's stuck
// ace, leaves its suit no row. It also proves positions lost in which
// Deadlocked gives up because a left-edge hole exists or may appear. Cost:
// a few passes over the 4(k-1) cards with shifts and masks, no allocation;
// about as much as a canonical key.

import "math/bits"

// reachSets are the fixed point of the test: R(c) by card, the cards that
// may move (bit c), and the cells that are or may become holes.
type reachSets struct {
	reach   [64]uint64
	movable uint64
	open    uint64
}

// reachability computes the fixed point of the sets into st.
func (g *Game) reachability(st *reachSets) { g.reachabilityPinned(st, 0) }

// reachabilityPinned computes the fixed point of the sets into st for the
// sequences of moves in which the cards of pinned (bit c) never move: they
// are never movable, and never open their cells.
//
// It works suit by suit from a set of dirty suits. A pass over a suit
// takes its cards in rank order, so a set that grows reaches the next card
// in the same pass and leaves the suit's sets consistent with the cells
// open so far. The pass also collects wait: the cells whose opening would
// widen one of the suit's sets (right of its predecessor's set, not yet
// open). A suit is passed over again only when a cell of its wait opens, or
// when the first left-edge cell opens (which lets its ace move): so the
// pass that changes nothing, which a plain round-robin needs to see the
// fixed point, is never made, and the suits that a new hole does not
// concern are skipped. Least fixed points are unique, so this is the
// round-robin's result (TestReachabilityWorklist).
func (g *Game) reachabilityPinned(st *reachSets, pinned uint64) {
	k := g.k
	col0, notLast := g.colMasks()
	var open uint64
	for _, h := range g.holes {
		open |= 1 << h
	}
	var movable uint64
	reach := &st.reach
	for s := range Rows {
		base := Card(s << 4)
		for r := 1; r < k; r++ {
			c := base + Card(r)
			reach[c] = 1 << g.pos[c]
		}
		if g.free != 0 && g.free>>(g.pos[base+1]/int8(k))&1 != 0 {
			// An ace whose row is not fixed yet (lazy.go): it may sit
			// in any free row.
			reach[base+1] = g.rowsCol0(g.free)
		}
	}
	aces := col0&open != 0
	var wait [Rows]uint64
	for dirty := uint(1)<<Rows - 1; dirty != 0; {
		s := bits.TrailingZeros(dirty)
		dirty &^= 1 << s
		before := open
		base := Card(s << 4)
		var w uint64
		for r := 1; r < k; r++ {
			c := base + Card(r)
			if pinned>>c&1 != 0 {
				continue
			}
			p := uint64(1) << g.pos[c]
			// The cells c may enter: right of its predecessor's set
			// (column 0 for an ace), those that are or may become holes.
			var to uint64
			if r == 1 {
				if aces {
					to = col0
				}
			} else {
				to = (reach[c-1] & notLast) << 1
			}
			w |= to &^ open &^ p // cells whose opening would widen c's set
			if to&open&^p == 0 {
				continue
			}
			next := p | to&open
			if next == reach[c] && movable>>c&1 != 0 {
				continue
			}
			if movable>>c&1 == 0 {
				movable |= 1 << c
				open |= p
			}
			reach[c] = next
		}
		wait[s] = w
		if opened := open &^ before; opened != 0 {
			if !aces && col0&open != 0 {
				aces = true
				dirty = 1<<Rows - 1
			}
			for t := range Rows {
				if wait[t]&opened != 0 {
					dirty |= 1 << t
				}
			}
		}
	}
	st.movable, st.open = movable, open
}

// colMasks returns the cells of column 0 and the cells not in the last
// column.
func (g *Game) colMasks() (col0, notLast uint64) {
	m := &colMaskTable[g.k]
	return m[0], m[1]
}

// colMaskTable holds colMasks by the number of columns.
var colMaskTable = func() (t [MaxCols + 1][2]uint64) {
	for k := 1; k <= MaxCols; k++ {
		t[k][0], t[k][1] = colMasksOf(k)
	}
	return t
}()

func colMasksOf(k int) (col0, notLast uint64) {
	for r := range Rows {
		col0 |= 1 << (r * k)
	}
	notLast = (uint64(1)<<(Rows*k) - 1) &^ (col0 << (k - 1))
	return col0, notLast
}

// Unwinnable reports whether the reachability test above proves the
// position lost.
func (g *Game) Unwinnable() bool {
	var st reachSets
	g.reachability(&st)
	return g.lost(&st)
}

// lost reports whether no assignment of suits to rows gives every card a
// final cell in its set. The final cell of the rank-r card in row i is
// i*k + r-1, so shifting each card's set right by r-1 brings all of a
// suit's final cells of row i onto bit i*k (column 0): the AND of a suit's
// shifted sets has bit i*k exactly when every card of the suit may end in
// row i.
//
// While redeals are left nothing is lost. Under fixed suits suit r's
// final cells are in row r: the one assignment tried.
func (g *Game) lost(st *reachSets) bool {
	if g.redealsLeft() {
		return false
	}
	fits := g.fits(st)
	if g.fixed {
		return fits[0]&1 == 0 || fits[1]&2 == 0 || fits[2]&4 == 0 || fits[3]&8 == 0
	}
	if fits[0] == 0 || fits[1] == 0 || fits[2] == 0 || fits[3] == 0 {
		return true
	}
	for i := range perms {
		p := &perms[i]
		if fits[p[0]]&1 != 0 && fits[p[1]]&2 != 0 && fits[p[2]]&4 != 0 && fits[p[3]]&8 != 0 {
			return false
		}
	}
	return true
}

// fits returns, for every suit, the rows (bit r) in which every card of
// the suit has its final cell in its set.
func (g *Game) fits(st *reachSets) (fits [Rows]uint8) {
	k := g.k
	col0, _ := g.colMasks()
	for s := range Rows {
		all := col0
		base := Card(s << 4)
		for r := 1; r < k && all != 0; r++ {
			all &= st.reach[base+Card(r)] >> (r - 1)
		}
		var f uint8
		for row := range Rows {
			f |= uint8(all>>(row*k)&1) << row
		}
		fits[s] = f
	}
	return fits
}

// Forced moves: a move that keeps a winnable position winnable, and brings
// it one move nearer a win, may be the only move searched there (the
// decider's DecideOptions.Forced).
//
// Let card c-1 be unable to move ever (its flag unset), with a hole h right
// of it, and c at cell x. In a won position c-1 is at its final cell (it
// never moves), so c must end at h; c can enter no other cell (only the one
// right of c-1) and never leaves h. So any win S from here moves c from x to
// h at some step t, and c sits at x before. Play c to h first, then S
// without step t: every move of S before t stays legal unless it reads x or
// h, and none does, except c+1 entering x+1 (right of c) before t. (No card
// enters h before t, nor h+1, whose left neighbour h is a hole; no card
// enters or leaves x.) So the move is safe when c+1 can never enter x+1
// before c leaves: c has rank k-1, or x is in the last column, or c+1
// already sits at x+1 (it cannot move while c stays), or c+1 may never
// move, or x+1 holds a card that may never move. After the move the same
// win is one move shorter, so a search that expands only the forced move
// where there is one still reaches a win from every winnable position
// (follow the moves that shorten the distance to a win), and its
// exhaustion still proves a deal unsolvable.

// ForcedMove returns a forced move of the position, if it has one.
func (g *Game) ForcedMove() (Move, bool) {
	var st reachSets
	g.reachability(&st)
	return g.forced(&st)
}

// forced returns a forced move given the fixed point st: of several, the
// one of the least card, so that the choice is the same in the 24 row
// permutations of the position (a best-first search with canonical keys
// replays its solution through them).
//
// While redeals are left no move is forced: a win may redeal c away.
func (g *Game) forced(st *reachSets) (Move, bool) {
	if g.redealsLeft() {
		return 0, false
	}
	k := g.k
	var best Move
	bestCard := Card(255)
	for _, h := range g.holes {
		q := int(h)
		if q%k == 0 {
			continue
		}
		left := g.cells[q-1]
		if left == Hole || left.Rank() >= k-1 || st.movable>>left&1 != 0 ||
			q%k == 1 && g.free>>(q/k)&1 != 0 { // which 2 is not known
			continue
		}
		c := left + 1
		x := int(g.pos[c])
		if c.Rank() == k-1 || x%k == k-1 || g.cells[x+1] == c+1 ||
			st.movable>>(c+1)&1 == 0 || st.open>>(x+1)&1 == 0 {
			if c < bestCard {
				best, bestCard = NewMove(x, q), c
			}
		}
	}
	return best, bestCard != 255
}
