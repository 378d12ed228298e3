package gaps

// Ace classes: the positions that differ only in how the aces of column 0
// sit among its cells count as one.
//
// Call S the column-0 cells that hold an ace or a hole. While one of them
// is a hole, any ace of S may move into it and back: such a move is always
// reversible (an ace enters any left-edge hole), and with a hole among them
// the aces of S can be put in any order on S (as the tiles of a puzzle
// whose every cell neighbours every other). So the positions that agree
// outside S and differ only in the order of the aces on S are mutually
// reachable, the same strongly connected component of the state graph, and
// have the same verdict (a won position has four aces on the left edge and
// no hole there, so it is alone in its class). A search may store one key for the whole class and, instead
// of the moves of one position, expand the moves of all of them that leave
// S's order aside:
//
//   - a hole outside column 0, not in column 1 right of S: its move is the
//     same in every member;
//   - a hole in column 1 right of a cell of S: the 2 of every ace of S may
//     enter it, in the member with that ace left of it;
//   - an ace outside column 0 may enter a hole of S: one move when S keeps
//     another hole (the members of the result form one class again),
//     and one for every order of the aces on S when it fills the last hole
//     of S (the results, with no hole in S, are classes of one).
//
// Members that differ only in S's order are not generated: Masten's
// "twos moving repeatedly from one row to another" (the aces here) are the
// state space the class collapses. A move that needs another order of S
// first (the second and third kinds) is a macro move: the order it needs
// (3 bits a row: an ace's suit, a hole, or not in S) and its last move;
// applying it plays the ace moves that reach that order, which the
// solution spells out (ExpandPath).
//
// The reductions stay sound on classes. Let D(C) count the moves other
// than ace moves between left-edge cells of the shortest win from a member
// of C; a search that expands, in every class C with a win, a move to a
// class with a smaller D finds a win. The tests that prove a position lost
// (Deadlocked, Unwinnable) are sound on any member: the class is mutually
// reachable. The reachability fixed point (reach.go) is the same in every
// member: while S has a hole every ace may move and may reach every open
// cell of column 0 (S's cells among them), the same set whatever cell of S
// it starts in, and only aces enter column 0.
// So a forced move (cells outside S) is the same move in every member,
// and in the member of the shortest win it may be played first (ForcedMove's
// argument, the ace moves being moves like the others): D falls by one. A
// stubborn set holds an ace only with every ace and column-0 card (R1 takes
// the ace of a 2, R3 the rest), and then it depends on the member: the
// class gets all its moves. A set without an ace reads and writes no cell
// of S, is the same set in every member, and is stubborn in the member of
// the shortest win too, so the win's first move of the set can be played
// first there: D falls by one again. Best-first searches rebuild their
// solution through the stored classes from other members than they
// expanded, which the stubborn sets' choice between sets with and without
// aces does not allow: there Decide refuses them.

import "fmt"

// wildCode is the key code of a cell of S in a class key: no card's code
// (at most 52).
const wildCode = 63

// macroFlag marks a macro move: bits 12..23 hold the order of S it needs
// (arrangement), bits 0..11 the move that follows.
const macroFlag Move = 1 << 24

// Codes of an arrangement's row: 0..3 the suit of the ace in column 0,
// arrHole a hole there, arrOut a column-0 cell not in S.
const (
	arrHole = 4
	arrOut  = 7
)

// arrangement is the order of S: per row, the suit of its column-0 ace,
// arrHole or arrOut.
type arrangement [Rows]int8

func (a arrangement) pack() Move {
	var v Move
	for r := range Rows {
		v |= Move(a[r]) << (3 * r)
	}
	return v
}

func unpackArrangement(v Move) arrangement {
	var a arrangement
	for r := range Rows {
		a[r] = int8(v >> (3 * r) & 7)
	}
	return a
}

// IsMacro reports whether m is a macro move of the class search.
func (m Move) IsMacro() bool { return m&macroFlag != 0 }

// last returns the move that ends a macro move (m itself for others).
func (m Move) last() Move { return m & 4095 }

// macro returns the move that reaches arrangement a and then plays m
// (m alone when the game is in arrangement a already).
func (g *Game) macro(a arrangement, m Move) Move {
	if a == g.arrangement() {
		return m
	}
	return macroFlag | a.pack()<<12 | m
}

// arrangement returns the order of S now.
func (g *Game) arrangement() arrangement {
	var a arrangement
	for r := range Rows {
		switch c := g.cells[r*g.k]; {
		case c == Hole:
			a[r] = arrHole
		case c.Rank() == 1:
			a[r] = int8(c.Suit())
		default:
			a[r] = arrOut
		}
	}
	return a
}

// slotHoles returns the holes of S: the left-edge holes.
func (g *Game) slotHoles() int {
	n := 0
	for _, h := range g.holes {
		if int(h)%g.k == 0 {
			n++
		}
	}
	return n
}

// AppendClassKey appends the key of the position's ace class with its rows
// sorted: the cells of S are wildCode when S has a hole (the aces of S are
// then the aces found nowhere else), the cards themselves when it has none.
func (g *Game) AppendClassKey(dst []byte) []byte {
	var codes [Rows * MaxCols]byte
	for p := range Rows * g.k {
		codes[p] = cellCode(g.cells[p])
	}
	if g.slotHoles() > 0 {
		for r, v := range g.arrangement() {
			if v != arrOut {
				codes[r*g.k] = wildCode
			}
		}
	}
	for r := range Rows {
		if g.free>>r&1 != 0 {
			codes[r*g.k] = wildCode
		}
	}
	return appendSortedRows(dst, &codes, g.k)
}

// setClassKey makes current a member of the class of key (from
// AppendClassKey, or any key of AppendKey or AppendCanonicalKey): the aces
// of S in suit order on its cells in cell order.
func (g *Game) setClassKey(key []byte) {
	n := Rows * g.k
	var codes [Rows * MaxCols]byte
	for i := 0; i < n; i += 4 {
		v := uint32(key[i/4*3])<<16 | uint32(key[i/4*3+1])<<8 | uint32(key[i/4*3+2])
		codes[i], codes[i+1], codes[i+2], codes[i+3] = byte(v>>18&63), byte(v>>12&63), byte(v>>6&63), byte(v&63)
	}
	var cells [Rows * MaxCols]Card
	var seen [Rows]bool
	for p := range n {
		if codes[p] != wildCode {
			cells[p] = codeCard(codes[p])
			if c := cells[p]; c != Hole && c.Rank() == 1 {
				seen[c.Suit()] = true
			}
		}
	}
	s := 0
	for p := 0; p < n; p += g.k {
		if codes[p] != wildCode {
			continue
		}
		for s < Rows && seen[s] {
			s++
		}
		if s < Rows {
			cells[p] = NewCard(s, 1)
			s++
		}
	}
	g.set(g.k, cells[:n])
}

// arrange plays ace moves between the cells of S until its order is a
// (which holds the same aces, and S a hole), appending them to out when
// out is not nil.
func (g *Game) arrange(a arrangement, out *[]Move) {
	k := g.k
	for range 2 * Rows { // each move puts an ace at its place or frees one
		cur := g.arrangement()
		if cur == a {
			return
		}
		// A hole of S, one that a wants an ace in if there is one.
		e := -1
		for r := range Rows {
			if cur[r] == arrHole && (e < 0 || a[r] != arrHole) {
				e = r
			}
		}
		var from int
		if a[e] != arrHole {
			from = int(g.pos[NewCard(int(a[e]), 1)])
		} else {
			// Every hole is wanted a hole: move a misplaced ace into one.
			for r := range Rows {
				if cur[r] != arrHole && cur[r] != arrOut && cur[r] != a[r] {
					from = r * k
					break
				}
			}
		}
		m := NewMove(from, e*k)
		if out != nil {
			*out = append(*out, m)
		}
		g.Apply(m)
	}
	if g.arrangement() != a {
		panic("gaps: arrange: the order of S is not reachable")
	}
}

// classMoves appends the moves of the position's ace class (see the top
// of this file): plain moves and macro moves.
func (g *Game) classMoves(buf []Move, lazy bool) []Move {
	h := g.slotHoles()
	if h == 0 {
		return g.Moves(buf) // a class of one
	}
	k := g.k
	cur := g.arrangement()
	first := -1 // the first left-edge hole's row
	for _, hp := range g.holes {
		p := int(hp)
		r := p / k
		switch {
		case p%k == 0:
			if first < 0 {
				first = r
			}
		case p%k == 1 && cur[r] != arrOut:
			// The 2 of each ace of S, with its ace moved left of p first.
			for s := range Rows {
				a := NewCard(s, 1)
				if g.pos[a]%int8(k) != 0 {
					continue
				}
				want := cur
				want[r], want[int(g.pos[a])/k] = int8(s), cur[r]
				buf = append(buf, g.macro(want, NewMove(int(g.pos[a+1]), p)))
			}
		default:
			if left := g.cells[p-1]; left != Hole && left.Rank() < k-1 {
				buf = append(buf, NewMove(int(g.pos[left+1]), p))
			}
		}
	}
	// Aces from outside column 0 into a hole of S.
	var slots []int // the rows of S
	var inS []int8  // the suits of its aces, then the entering ace
	for r := range Rows {
		if cur[r] != arrOut {
			slots = append(slots, r)
		}
		if cur[r] >= 0 && cur[r] < arrHole {
			inS = append(inS, cur[r])
		}
	}
	for s := range Rows {
		a := NewCard(s, 1)
		if int(g.pos[a])%k == 0 {
			continue
		}
		if h > 1 || lazy && len(inS) == Rows-1 {
			// With lazy, the fourth ace enters and the order waits
			// (lazy.go).
			buf = append(buf, NewMove(int(g.pos[a]), first*k))
			continue
		}
		// The last hole of S: every order of its aces and this one.
		items := append(inS[:len(inS):len(inS)], int8(s))
		m := len(slots)
		for i := range perms {
			p := &perms[i]
			ok := true
			for j := m; j < Rows; j++ {
				ok = ok && int(p[j]) == j
			}
			if !ok {
				continue
			}
			want := cur
			to := 0
			for j, r := range slots {
				if v := items[p[j]]; v == int8(s) {
					want[r], to = arrHole, r*k
				} else {
					want[r] = v
				}
			}
			buf = append(buf, g.macro(want, NewMove(int(g.pos[a]), to)))
		}
	}
	return buf
}

// isOrder reports whether a puts the four suits in the four rows.
func (a arrangement) isOrder() bool {
	seen := 0
	for _, v := range a {
		if v < 0 || v >= Rows {
			return false
		}
		seen |= 1 << v
	}
	return seen == 1<<Rows-1
}

// fullS reports whether every cell of column 0 holds an ace or a hole.
func fullS(g *Game) bool {
	for _, v := range g.arrangement() {
		if v == arrOut {
			return false
		}
	}
	return true
}

// movesAce reports whether one of ms moves an ace.
func (g *Game) movesAce(ms []Move) bool {
	for _, m := range ms {
		if g.cells[m.From()].Rank() == 1 {
			return true
		}
	}
	return false
}

// applyClass plays move m of classMoves, pushing S's order before it onto
// stack when it is a macro move.
func (g *Game) applyClass(m Move, stack *[]Move) {
	if m.IsMacro() {
		*stack = append(*stack, g.arrangement().pack())
		g.arrange(unpackArrangement(m>>12&4095), nil)
	}
	g.Apply(m.last())
}

// undoClass takes back move m of applyClass.
func (g *Game) undoClass(m Move, stack *[]Move) {
	g.Undo(m.last())
	if m.IsMacro() {
		n := len(*stack) - 1
		g.arrange(unpackArrangement((*stack)[n]), nil)
		*stack = (*stack)[:n]
	}
}

// ExpandPath returns the moves of path (moves of the class search, macro
// moves among them) as plain moves from deal d, checking that they are
// legal and win.
func ExpandPath(d Deal, path []Move) ([]Move, error) {
	g, err := NewGame(d)
	if err != nil {
		return nil, err
	}
	// The order of the aces the last position shows, for a fourth ace
	// that entered lazily (lazy.go): replay the path lazily first.
	lz := *g
	var arrs []Move
	for _, m := range path {
		lz.applyLazy(m, &arrs)
	}
	order := lz.lazyOrder()
	var out []Move
	for i, m := range path {
		if a := g.cells[m.last().From()]; a != Hole && a.Rank() == 1 && m.last().To()%g.k == 0 &&
			g.slotHoles() == 1 && g.leftAces == Rows-1 && fullS(g) {
			if !order.isOrder() {
				return nil, fmt.Errorf("gaps: the path of %d moves does not win", len(path))
			}
			// The fourth ace: into the row of its suit in order.
			want, to := order, 0
			for r := range Rows {
				if want[r] == int8(a.Suit()) {
					want[r], to = arrHole, r*g.k
				}
			}
			g.arrange(want, &out)
			m = NewMove(int(g.pos[a]), to)
		} else if m.IsMacro() {
			g.arrange(unpackArrangement(m>>12&4095), &out)
		}
		if !g.Legal(m.last()) {
			return nil, fmt.Errorf("gaps: move %d of the path is illegal", i+1)
		}
		out = append(out, m.last())
		g.Apply(m.last())
	}
	if !g.Won() {
		return nil, fmt.Errorf("gaps: the path of %d moves does not win", len(path))
	}
	return out, nil
}
