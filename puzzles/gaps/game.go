package gaps

// The game state and its rules.
//
// A Game keeps the cells row-major, the position of every card (pos, indexed
// by Card), the four hole positions sorted, and for the lower bound the
// matrix kept[row][suit]: how many cards of the suit sit in the row at their
// column (rank-1). A move changes one card's position, so Apply and Undo
// update everything in O(1) besides re-sorting four holes; Moves looks at
// the four holes only (at most 16 moves: four aces into four left-edge
// holes). Nothing allocates.
//
// The lower bound (Heuristic, the "N" of Berliner et al.): a card that never moves
// again must already be at its final cell, and the final cells are fixed by
// a one-to-one assignment of suits to rows. So at least
// cards - max over the 24 assignments sigma of sum_r kept[r][sigma(r)] cards
// must still move, one move each. A move changes one entry of kept by at most
// one, so the bound changes by at most one per move: it is consistent.
// It is N, the misplaced cards, once the aces fix the rows' suits, and never
// below N before.

import "fmt"

// Move encodes a move as from*64 + to, the cell positions (row-major) of the
// moving card and of the hole it fills.
type Move int32

// NewMove returns the move of the card at cell from into the hole at cell to.
func NewMove(from, to int) Move { return Move(from<<6 | to) }

// From returns the cell the card leaves.
func (m Move) From() int { return int(m >> 6) }

// To returns the hole the card fills.
func (m Move) To() int { return int(m & 63) }

// perms are the 24 assignments of suits to rows.
var perms [24][4]int8

func init() {
	n := 0
	for a := range 4 {
		for b := range 4 {
			for c := range 4 {
				d := 6 - a - b - c
				if a == b || a == c || b == c {
					continue
				}
				perms[n] = [4]int8{int8(a), int8(b), int8(c), int8(d)}
				n++
			}
		}
	}
}

// Game is a mutable position of a deal.
type Game struct {
	k     int // columns
	ncard int // cards: Rows*(k-1)
	cells [Rows * MaxCols]Card
	pos   [64]int8 // cell of each card
	holes [Rows]int8
	kept  [Rows][Rows]int8
	// leftAces counts aces in column 0.
	leftAces int
	// free has bit r when row r's ace is not fixed yet: the position
	// stands for every order of the aces on those rows (lazy.go). Only
	// with the four aces on the left edge; 0 for a plain position.
	free uint8
	// The rule variants (rules.go): fixed suits, the redeals allowed and
	// used, the positions before each redeal made (for Undo), and the
	// shuffles of the deal's redeals (shared, read-only).
	fixed     bool
	whenStuck bool
	redeals   int
	used      int
	saved     [MaxRedeals][Rows * MaxCols]Card
	shuffles  *[MaxRedeals][Rows * MaxCols][]int8
}

// NewGame returns the position of deal d (which must pass d.Check).
func NewGame(d Deal) (*Game, error) {
	if err := d.Check(); err != nil {
		return nil, err
	}
	g := &Game{fixed: d.Rules.FixedSuits, whenStuck: d.Rules.WhenStuck, redeals: d.Rules.Redeals}
	if g.redeals > 0 {
		g.shuffles = shufflePerms(d.redealSeed(), g.redeals, d.Cols)
	}
	g.set(d.Cols, d.Cells)
	return g, nil
}

// set makes cells (Rows*k, valid) the position.
func (g *Game) set(k int, cells []Card) {
	g.k, g.ncard = k, Rows*(k-1)
	g.cells = [Rows * MaxCols]Card{}
	g.kept = [Rows][Rows]int8{}
	g.leftAces = 0
	g.free = 0
	h := 0
	for i, c := range cells {
		g.cells[i] = c
		if c == Hole {
			g.holes[h] = int8(i)
			h++
			continue
		}
		g.pos[c] = int8(i)
		g.place(c, i, 1)
	}
}

// place adds delta for card c at cell p to the incremental counts.
func (g *Game) place(c Card, p, delta int) {
	col := p % g.k
	if col == c.Rank()-1 {
		g.kept[p/g.k][c.Suit()] += int8(delta)
		if col == 0 {
			g.leftAces += delta
		}
	}
}

// Cols returns the number of columns.
func (g *Game) Cols() int { return g.k }

// Cell returns the card at cell p (row-major), Hole for a hole.
func (g *Game) Cell(p int) Card { return g.cells[p] }

// Pos returns the cell of card c.
func (g *Game) Pos(c Card) int { return int(g.pos[c]) }

// Deal returns the position as a Deal (without hole names), with the
// game's rules and all its redeals (the redeals used are not kept).
func (g *Game) Deal() Deal {
	d := Deal{Cols: g.k, Cells: make([]Card, Rows*g.k), HoleNames: make([]Card, Rows*g.k),
		Rules: Rules{FixedSuits: g.fixed, Redeals: g.redeals, WhenStuck: g.whenStuck}}
	copy(d.Cells, g.cells[:Rows*g.k])
	return d
}

// String returns the position in the deal format.
func (g *Game) String() string { return g.Deal().String() }

// Moves appends the legal moves to buf, holes in cell order; at a left-edge
// hole the aces in suit order; at a hole in column 1 of a free row of a
// lazy position (lazy.go), the 2 of every free suit. Under fixed suits a
// left-edge hole takes its row's ace only; while redeals are left, Redeal
// comes last (with Rules.WhenStuck, only when it is the one move).
func (g *Game) Moves(buf []Move) []Move {
	k := g.k
	n0 := len(buf)
	for _, h := range g.holes {
		p := int(h)
		if p%k == 0 {
			if g.fixed {
				if a := NewCard(p/k, 1); int(g.pos[a]) != p {
					buf = append(buf, NewMove(int(g.pos[a]), p))
				}
				continue
			}
			for s := range Rows {
				buf = append(buf, NewMove(int(g.pos[NewCard(s, 1)]), p))
			}
			continue
		}
		if p%k == 1 && g.free>>(p/k)&1 != 0 {
			buf = g.lazyTwos(buf, p)
			continue
		}
		left := g.cells[p-1]
		if left == Hole || left.Rank() >= k-1 {
			continue // a dead hole
		}
		buf = append(buf, NewMove(int(g.pos[left+1]), p))
	}
	if g.used < g.redeals && (!g.whenStuck || len(buf) == n0) {
		buf = append(buf, Redeal)
	}
	return buf
}

// Legal reports whether m is a legal move in the current position.
func (g *Game) Legal(m Move) bool {
	if m == Redeal {
		var a [maxMoves]Move
		return g.used < g.redeals && (!g.whenStuck || len(g.Moves(a[:0])) == 1)
	}
	from, to := m.From(), m.To()
	n := Rows * g.k
	if from >= n || to >= n || g.cells[to] != Hole || g.cells[from] == Hole {
		return false
	}
	c := g.cells[from]
	if to%g.k == 0 {
		return c.Rank() == 1 && (!g.fixed || c.Suit() == to/g.k)
	}
	left := g.cells[to-1]
	return left != Hole && left.Rank() < g.k-1 && c == left+1
}

// Apply makes move m (which must be legal).
func (g *Game) Apply(m Move) {
	if m == Redeal {
		g.applyRedeal()
		return
	}
	from, to := m.From(), m.To()
	c := g.cells[from]
	g.place(c, from, -1)
	g.place(c, to, 1)
	g.cells[to], g.cells[from] = c, Hole
	g.pos[c] = int8(to)
	g.moveHole(to, from)
}

// Undo takes back move m, the last one applied.
func (g *Game) Undo(m Move) {
	if m == Redeal {
		g.undoRedeal()
		return
	}
	from, to := m.From(), m.To()
	c := g.cells[to]
	g.place(c, to, -1)
	g.place(c, from, 1)
	g.cells[from], g.cells[to] = c, Hole
	g.pos[c] = int8(from)
	g.moveHole(from, to)
}

// moveHole moves the hole at cell a to cell b, keeping holes sorted.
func (g *Game) moveHole(a, b int) {
	i := 0
	for int(g.holes[i]) != a {
		i++
	}
	g.holes[i] = int8(b)
	for i > 0 && g.holes[i-1] > g.holes[i] {
		g.holes[i-1], g.holes[i] = g.holes[i], g.holes[i-1]
		i--
	}
	for i < Rows-1 && g.holes[i+1] < g.holes[i] {
		g.holes[i+1], g.holes[i] = g.holes[i], g.holes[i+1]
		i++
	}
}

// Kept returns the most cards that can stay where they are: the largest
// sum over rows of the cards of the row's suit at their column, over the
// 24 assignments of suits to rows. It takes the best of rows 2 and 3 for
// each of the 6 pairs of suits first, then adds rows 0 and 1 for the 12
// ordered pairs of the other two suits: 42 additions instead of the 72 of
// the 24 sums (the decider computes it for every new position, and a
// parallel decider for every position it sends). Under fixed suits suit r
// belongs to row r: the one assignment.
func (g *Game) Kept() int {
	k := &g.kept
	if g.fixed { // suit r's row is r
		return int(k[0][0]) + int(k[1][1]) + int(k[2][2]) + int(k[3][3])
	}
	// best23[a][b], a < b: rows 2 and 3 get suits a and b in the better order.
	var best23 [Rows][Rows]int
	for a := 0; a < Rows; a++ {
		for b := a + 1; b < Rows; b++ {
			best23[a][b] = max(int(k[2][a])+int(k[3][b]), int(k[2][b])+int(k[3][a]))
		}
	}
	best := 0
	for a := range Rows {
		for b := range Rows {
			if a == b {
				continue
			}
			// The two suits left, in order.
			c, d := pairRest[a][b][0], pairRest[a][b][1]
			best = max(best, int(k[0][a])+int(k[1][b])+best23[c][d])
		}
	}
	return best
}

// pairRest[a][b] lists the two suits other than a and b, smaller first.
var pairRest = func() (t [Rows][Rows][2]int) {
	for a := range Rows {
		for b := range Rows {
			n := 0
			for c := range Rows {
				if c != a && c != b && n < 2 {
					t[a][b][n] = c
					n++
				}
			}
		}
	}
	return t
}()

// Misplaced returns the lower bound on the moves left: the cards that must
// still move (see the top of this file). With redeals left it is not a
// bound (a redeal moves many cards at once), only a guide.
func (g *Game) Misplaced() int { return g.ncard - g.Kept() }

// Won reports whether each row holds one suit A..k-1 from the left.
func (g *Game) Won() bool {
	if g.leftAces != Rows {
		return false
	}
	for _, h := range g.holes {
		if int(h)%g.k != g.k-1 {
			return false
		}
	}
	for r := range Rows {
		if g.free>>r&1 != 0 {
			if !g.lazyRowWon(r) {
				return false
			}
		} else if g.Prefix(r) != g.k-1 || g.fixed && g.cells[r*g.k].Suit() != r {
			return false
		}
	}
	return true
}

// LeftAces returns the number of aces on the left edge.
func (g *Game) LeftAces() int { return g.leftAces }

// DeadHoles returns the number of dead holes: holes right of a hole or of a
// rank k-1 card, which no card can fill while that lasts.
func (g *Game) DeadHoles() int {
	n := 0
	for _, h := range g.holes {
		p := int(h)
		if p%g.k == 0 {
			continue
		}
		if left := g.cells[p-1]; left == Hole || left.Rank() == g.k-1 {
			n++
		}
	}
	return n
}

// Prefix returns the length of row r's sorted prefix: an ace in column 0
// followed by its suit's 2, 3, ... in order.
func (g *Game) Prefix(r int) int {
	base := r * g.k
	c := g.cells[base]
	if c == Hole || c.Rank() != 1 {
		return 0
	}
	n := 1
	for n < g.k-1 && g.cells[base+n] == c+Card(n) {
		n++
	}
	return n
}

// MoveString writes m in Shintani's notation, (card, hole), with the hole
// named by names (the hole names of the current position, per cell) or
// by its cell when names is nil.
func (g *Game) MoveString(m Move, names []Card) string {
	c := g.cells[m.From()]
	if names != nil {
		return fmt.Sprintf("(%v, %v)", c, names[m.To()])
	}
	return fmt.Sprintf("(%v, r%dc%d)", c, m.To()/g.k+1, m.To()%g.k+1)
}
