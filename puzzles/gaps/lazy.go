package gaps

import "math/bits"

// Lazy ace orders: when the fourth ace enters the left edge, the class
// search (aceclass.go) branches into every order of the four aces (up to
// 24 positions, a class of one each, as the aces never move again), and
// the searches from those positions meet the same layouts outside column
// 0 again and again. Counted at the classes that the depth-first decider
// (decide-stubborn-dfs+aces) expands with the four aces placed and does
// not prove lost: the whole proof of 4 x 9 deal 28 has 615,792 of them,
// 134,397 once column 0 is hidden, 371,263 once it is hidden in the rows
// whose 2 does not follow its ace; the first 2 M nodes of 4 x 13 deal
// 30015 752,214, 178,869 and 459,234. And of the classes that the
// placing of the fourth ace makes, 63-73% are proved lost at once.
//
// With DecideOptions.Lazy the fourth ace enters without an order: the
// position stands for every order of the aces on the rows of free (bit r:
// row r's ace is not fixed), and it is won, lost or moves as the set of
// those positions. The aces never move again (no left-edge hole can open:
// column 0 holds only aces, which move only into left-edge holes), so the
// order matters only to a 2 entering column 1: the 2 of suit s may enter
// the hole at (r, 1) of a free row r when s is a free suit (its ace is in a
// free row), and that move fixes row r to suit s (the member game swaps
// the two aces first, so that it stays one of the positions). Every other
// move reads no cell of column 0, so it is legal in all the positions or
// in none.
//
// Soundness. Call D the set of positions of a lazy position: the orders
// of the aces that keep the fixed rows' aces. (1) Every move of a member of
// D is a move of D, into the lazy position whose set holds the member's
// result: the moves that read no cell of column 0 are the same, and a 2
// entering (r, 1) in a member whose row r holds its ace is the lazy move
// that fixes r to that suit. (2) Every move of D is a move of some member
// (the member with that ace in row r), and the lazy result's set is the
// results of the members that have it. (3) D is won when one member is:
// every row holds 2..k-1 of one suit from column 1 and a fixed row's ace
// is that suit (the free rows take the free suits, which are the suits
// left). So D has a win exactly when one of its members has (by (1)
// forward, by (2) and (3) back along a win of D, whose moves fix the rows
// of the member that wins). The tests on a lazy position hold for all its
// members at once:
//
//   - the reachability sets (reach.go) give a free ace every free row's
//     column-0 cell: a superset of its set in every member, so every set
//     is (the fixed point is monotone), and the lost test, which needs
//     each suit in a row its ace's set allows, says lost only when every
//     member is;
//   - a forced move into (r, 1) of a free row is not taken (which 2 must
//     enter is not known); the others read no cell of column 0;
//   - a stubborn set that holds the 2 of a free suit holds every 2 of a
//     free suit and every card in column 1 of a free row (rule R5 in
//     stubborn.go): the lazy moves into column 1 read and write only those
//     cards, those cells and free, and no move outside the set writes them,
//     so conditions D1 and D2 hold in D's state graph as in a plain one.
//
// When one free row is left, its ace is the one free suit's: the position
// is a plain one again (free 0), and its key a plain position's.
//
// The key writes the wild code in column 0 of a free row (AppendClassKey):
// a lazy position is its layout outside column 0 and its fixed rows, and
// its members' keys differ from no plain position's (a plain position has
// an ace off the left edge while a left-edge hole exists, or all four
// aces, named, on it). A solution is played lazily and then expanded with
// the order its last position shows (ExpandPath): each row's suit is its
// 2's.

// rowsCol0 returns the column-0 cells of the rows of rows (bit r).
func (g *Game) rowsCol0(rows uint8) uint64 {
	var m uint64
	for r := range Rows {
		if rows>>r&1 != 0 {
			m |= 1 << (r * g.k)
		}
	}
	return m
}

// lazyTwos appends the moves into the hole p, in column 1 of a free row:
// the 2 of every free suit.
func (g *Game) lazyTwos(buf []Move, p int) []Move {
	for r := range Rows {
		if g.free>>r&1 != 0 {
			buf = append(buf, NewMove(int(g.pos[g.cells[r*g.k]+1]), p))
		}
	}
	return buf
}

// lazyRowWon reports whether free row r holds 2..k-1 of one suit from
// column 1.
func (g *Game) lazyRowWon(r int) bool {
	base := r * g.k
	c := g.cells[base+1]
	if c == Hole || c.Rank() != 2 {
		return false
	}
	for i := 2; i < g.k-1; i++ {
		if g.cells[base+i] != c+Card(i-1) {
			return false
		}
	}
	return true
}

// swapAces exchanges the aces of rows a and b (column 0), keeping the
// incremental counts.
func (g *Game) swapAces(a, b int) {
	pa, pb := a*g.k, b*g.k
	ca, cb := g.cells[pa], g.cells[pb]
	g.cells[pa], g.cells[pb] = cb, ca
	g.pos[ca], g.pos[cb] = int8(pb), int8(pa)
	g.place(ca, pa, -1)
	g.place(cb, pb, -1)
	g.place(ca, pb, 1)
	g.place(cb, pa, 1)
}

// lazyRecord is what Domain.Apply must restore on Undo: free before the
// move, and the rows whose aces it swapped plus one (0: none).
type lazyRecord struct {
	free uint8
	two  bool // a 2 entered column 1 of a free row
	a, b int8
}

// applyLazy plays move m of a lazy class search (see the top of this
// file) and returns what undoLazy needs.
func (g *Game) applyLazy(m Move, arrs *[]Move) lazyRecord {
	rec := lazyRecord{free: g.free}
	k := g.k
	if to := m.To(); !m.IsMacro() && g.free != 0 && to%k == 1 && g.free>>(to/k)&1 != 0 {
		r := to / k
		rec.two = true
		ra := int(g.pos[g.cells[m.From()]-1]) / k
		if ra != r {
			g.swapAces(r, ra)
			rec.a, rec.b = int8(r+1), int8(ra+1)
		}
		g.free &^= 1 << r
		if bits.OnesCount8(g.free) == 1 {
			g.free = 0 // one free row left, and one free suit: its ace's
		}
		g.Apply(m)
		return rec
	}
	lefthole := g.slotHoles() > 0
	g.applyClass(m, arrs)
	if lefthole && g.leftAces == Rows {
		g.free = 1<<Rows - 1
	}
	return rec
}

// undoLazy takes back move m of applyLazy, which returned rec.
func (g *Game) undoLazy(m Move, arrs *[]Move, rec lazyRecord) {
	if rec.two {
		g.Undo(m)
		if rec.a != 0 {
			g.swapAces(int(rec.a-1), int(rec.b-1))
		}
		g.free = rec.free
		return
	}
	g.undoClass(m, arrs)
	g.free = rec.free
}

// lazyOrder returns the order of the aces that the won lazy position
// shows: each row's suit is its 2's.
func (g *Game) lazyOrder() arrangement {
	var a arrangement
	for r := range Rows {
		a[r] = int8(g.cells[r*g.k+1].Suit())
	}
	return a
}
