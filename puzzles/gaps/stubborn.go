package gaps

// Stubborn sets: a partial-order reduction that searches a subset of the
// moves of a position and still reaches every won position.
//
// A won position has no legal move (its four holes sit right of the rank
// k-1 cards), so it is a deadlock of the state graph, and Valmari's (1991) stubborn
// sets preserve every reachable deadlock. A set T of moves of position s is
// stubborn when
//
//	D1: for every t in T and every sequence u of moves not in T, if u t is
//	    playable from s then t u is playable too and ends in the same
//	    position;
//	D2: some t in T is legal in s and stays legal after any such u.
//
// Then from any s with a win n moves away, some move of T leads to a
// position with a win n-1 moves away: the win's first move in T (there is
// one, else the key move of D2 would still be legal at its end) can be
// played first. So a search that expands only T in every position still
// finds a win from every winnable position, and its exhaustion is still a
// proof that the deal is unsolvable (row permutations and the deadlock
// tests only drop positions with the same distance, or lost ones).
//
// Here T is all the moves of a set C of cards, closed under four rules.
// "Frozen" cards are those that may never move (the flag of the
// reachability fixed point, reach.go); they need not join C. For every card
// c in C at cell x:
//
//	R1  c-1 is in C (or frozen): no move outside T changes the cell left of
//	    c's target nor, while c-1 stays, which cell is c's target;
//	R2  the card e in the cell right of c-1 (when that is not x, not a hole,
//	    and c-1 is not in the last column) is in C: no move outside T opens
//	    c's target;
//	R3  if c is an ace, every ace and every card of column 0 is in C: only
//	    aces enter left-edge holes, and only column-0 cards open them;
//	R4  if c has a legal move, c+1 is in C, unless c+1 can never enter x+1
//	    while c sits at x (c has rank k-1, x is in the last column, c+1
//	    already sits at x+1, or x+1 holds a frozen card): the only move that
//	    reads x is c+1 entering x+1;
//	R5  in a lazy position (lazy.go), if c is the 2 of a free suit, the 2
//	    of every free suit and every card in column 1 of a free row are in
//	    C: those 2s may enter any hole there, fixing its row, and only
//	    those cards open those holes.
//
// A move of a card in C then neither reads nor writes a cell that a move of
// a card outside C writes (D1 for legal moves), no move outside T makes a
// move of T legal (D1 for the others), and any legal move of T stays legal
// (D2). The closure from each card with a legal move is computed and the
// one with the fewest legal moves taken, ties to the least seed card, so
// that the set is the same in the 24 row permutations of a position (the
// best-first decider replays its solution through canonical keys). Cost: at
// most 16 closures of at most 48 cards on bit masks with the frozen cards of
// the position, then, unless a single move was found, one more fixed point
// and closure per seed card not yet in such a set (the frozen cards of the
// sequences that avoid the seed): about twice the cost of a node without
// stubborn sets on 4 x 9 and 4 x 13 deals.

import "math/bits"

// stubborn keeps in ms (the legal moves) only the moves of the smallest
// stubborn set found, given the reachability fixed point st, and returns
// them.
//
// While redeals are left it keeps every move: a redeal reads and writes
// every cell, so every set holds it and with it every card. Under fixed
// suits ms are that game's moves, and the rules hold for them (rules.go).
func (g *Game) stubborn(st *reachSets, ms []Move) []Move {
	if len(ms) <= 1 || g.redealsLeft() {
		return ms
	}
	var enabled uint64 // cards with a legal move
	var nmoves [64]uint8
	for _, m := range ms {
		c := g.cells[m.From()]
		enabled |= 1 << c
		nmoves[c]++
	}
	best, bestN := uint64(0), len(ms)
	try := func(set uint64) {
		n := 0
		for e := set & enabled; e != 0; e &= e - 1 {
			n += int(nmoves[bits.TrailingZeros64(e)])
		}
		if set != 0 && n < bestN {
			best, bestN = set, n
		}
	}
	// First with the frozen cards of st (cheap), then, while that leaves
	// more than one move, with the frozen cards recomputed for the moves
	// outside the set, from the seeds that no such set holds yet.
	for seeds := enabled; seeds != 0 && bestN > 1; seeds &= seeds - 1 {
		try(g.close(st, uint64(1)<<bits.TrailingZeros64(seeds), enabled, bestN))
	}
	var tried uint64
	for seeds := enabled &^ tried; seeds != 0 && bestN > 1; seeds = enabled &^ tried {
		c := Card(bits.TrailingZeros64(seeds))
		set := g.closure(c, enabled, bestN)
		tried |= set | 1<<c
		try(set)
	}
	if best == 0 {
		return ms
	}
	out := ms[:0]
	for _, m := range ms {
		if best>>g.cells[m.From()]&1 != 0 {
			out = append(out, m)
		}
	}
	return out
}

// closure returns a set C of cards (bit c) from seed, closed under R1-R4
// with the frozen cards computed for the sequences of moves that avoid a
// subset P of C (the fixed point with P pinned, reachabilityPinned): such
// a sequence avoids P too, so those cards are frozen in it. P is first the
// seed, then the set found, for at most relativeRounds fixed points (each
// round can only add frozen cards, and costs a fixed point). It returns 0
// once the set holds limit or more cards with legal moves (no better than
// a set already found).
func (g *Game) closure(seed Card, enabled uint64, limit int) uint64 {
	set := uint64(1) << seed
	var rel reachSets
	for range relativeRounds {
		g.reachabilityPinned(&rel, set)
		next := g.close(&rel, set, enabled, limit)
		if next == set || next == 0 {
			return next
		}
		set = next
	}
	return set
}

// relativeRounds bounds the fixed points a closure computes: on 4 x 9
// deal 28 and 4 x 13 deal 1003, a second round cut few more moves than it
// cost.
const relativeRounds = 1

// close returns the least superset of set closed under R1-R4 with the
// frozen cards of st, or 0 (see closure).
func (g *Game) close(st *reachSets, set, enabled uint64, limit int) uint64 {
	k := g.k
	var stack [64]Card
	n := 0
	for s := set; s != 0; s &= s - 1 {
		stack[n] = Card(bits.TrailingZeros64(s))
		n++
	}
	add := func(d Card) {
		if d == Hole || st.movable>>d&1 == 0 || set>>d&1 != 0 {
			return
		}
		set |= 1 << d
		stack[n] = d
		n++
	}
	for n > 0 {
		n--
		c := stack[n]
		x := int(g.pos[c])
		if c.Rank() == 1 { // R3
			for s := range Rows {
				add(NewCard(s, 1))
				add(g.cells[s*k])
			}
		} else {
			add(c - 1) // R1
			if p := int(g.pos[c-1]); p%k != k-1 && p+1 != x {
				add(g.cells[p+1]) // R2
			}
			if c.Rank() == 2 && g.free>>(g.pos[c-1]/int8(k))&1 != 0 { // R5
				for r := range Rows {
					if g.free>>r&1 != 0 {
						add(g.cells[r*k] + 1)
						add(g.cells[r*k+1])
					}
				}
			}
		}
		if enabled>>c&1 != 0 && c.Rank() < k-1 && x%k != k-1 { // R4
			if e := g.cells[x+1]; e != c+1 && (e == Hole || st.movable>>e&1 != 0) {
				add(c + 1)
			}
		}
		if bits.OnesCount64(set&enabled) >= limit {
			return 0
		}
	}
	return set
}
