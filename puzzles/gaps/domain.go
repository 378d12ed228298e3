package gaps

import (
	"github.com/branchwise/branchwise/search"
)

// Order is the order in which Domain generates moves (the depth-first
// searches try them in that order).
type Order int

const (
	// Natural: holes in cell order, aces in suit order at a left-edge hole.
	Natural Order = iota
	// AcesFirst: ace moves before the others; Shintani's "depth-first 1"
	// (aces pushed last on its stack, so popped first).
	AcesFirst
	// AcesLast: ace moves after the others; Shintani's "depth-first 2".
	AcesLast
	// ByKind: the decider's order (see scoreKind): moves that extend a
	// sorted prefix, then aces placed on the left edge, then cards put in
	// their column, then the rest, aces moved between left-edge holes last;
	// generation order among equals.
	ByKind
)

// Domain is a Game as a search.Domain: unit move costs, the lower bound of
// Misplaced as heuristic, packed keys, canonical keys with the rows sorted
// (search.Canonicalizer), moves in the order Order. With Deadlock set, a
// deadlocked position (see Deadlocked) has no moves, and Rejected counts
// those cut; the deciders cut them with the prune hook Prune instead.
type Domain struct {
	G        *Game
	Deadlock bool
	Order    Order
	// Reach makes Moves return no move in a position that Unwinnable
	// proves lost (counted in Rejected), and Forced only a forced move (see
	// ForcedMove) when the position has one; the two share one computation
	// of the reachable cells.
	Reach, Forced bool
	// Stubborn makes Moves return only the moves of a stubborn set (see
	// stubborn.go): fewer moves, and every won position still reachable.
	Stubborn bool
	// Suits makes the canonical key AppendSuitKey's, the same for the
	// suit renamings of a position too.
	Suits bool
	// Aces makes the domain search ace classes (aceclass.go): one
	// canonical key for the positions that differ only in the order of the
	// aces of column 0 while a left-edge hole exists, and the moves of the
	// whole class, macro moves among them.
	Aces bool
	// Lazy, with Aces, lets the fourth ace enter the left edge without
	// an order (lazy.go): one position for all the orders, the rows fixed
	// as 2s enter column 1.
	Lazy bool
	// Rejected counts the positions whose moves were withheld because
	// Deadlocked proved them lost.
	Rejected int64
	buf      []Move
	arrs     []Move // the orders of S before the macro moves applied
	lazy     []lazyRecord
}

// NewDomain returns the search domain of deal d.
func NewDomain(d Deal) (*Domain, error) {
	g, err := NewGame(d)
	if err != nil {
		return nil, err
	}
	return &Domain{G: g}, nil
}

var (
	_ search.Domain        = (*Domain)(nil)
	_ search.Inverter      = (*Domain)(nil)
	_ search.Canonicalizer = (*Domain)(nil)
)

// Moves appends the legal moves, in the domain's Order, or none if the
// position is deadlocked and deadlock detection is on.
func (d *Domain) Moves(buf []search.Move) []search.Move {
	if d.Deadlock && d.G.Deadlocked() {
		d.Rejected++
		return buf
	}
	d.buf = d.buf[:0]
	// While redeals are left nothing is lost, forced or stubborn (rules.go).
	reduce := !d.G.redealsLeft()
	if (d.Reach || d.Forced || d.Stubborn) && reduce {
		var st reachSets
		d.G.reachability(&st)
		if d.Reach && d.G.lost(&st) {
			d.Rejected++
			return buf
		}
		if m, ok := d.G.forced(&st); d.Forced && ok {
			return append(buf, search.Move(m))
		}
		if d.Stubborn {
			d.buf = d.G.stubborn(&st, d.G.Moves(d.buf))
			if d.Aces && d.G.slotHoles() > 0 && d.G.movesAce(d.buf) {
				// A set with an ace holds every ace and column-0 card: it
				// depends on the member, so the class gets all its moves.
				d.buf = d.G.classMoves(d.buf[:0], d.Lazy)
			}
		}
	}
	switch {
	case d.Stubborn && reduce:
	case d.Aces:
		d.buf = d.G.classMoves(d.buf, d.Lazy)
	default:
		d.buf = d.G.Moves(d.buf)
	}
	switch d.Order {
	case Natural:
		for _, m := range d.buf {
			buf = append(buf, search.Move(m))
		}
	case ByKind:
		var score [maxMoves]int
		ms := d.buf
		for i, m := range ms {
			score[i] = scoreKind(d.G, m.last())
		}
		for i := 1; i < len(ms); i++ { // insertion sort: stable, at most maxMoves
			for j := i; j > 0 && score[j] < score[j-1]; j-- {
				score[j], score[j-1] = score[j-1], score[j]
				ms[j], ms[j-1] = ms[j-1], ms[j]
			}
		}
		for _, m := range ms {
			buf = append(buf, search.Move(m))
		}
	default:
		for pass := range 2 {
			for _, m := range d.buf {
				ace := m != Redeal && d.G.cells[m.From()].Rank() == 1
				if ace == ((pass == 0) == (d.Order == AcesFirst)) {
					buf = append(buf, search.Move(m))
				}
			}
		}
	}
	return buf
}

// Apply makes move m; every move costs 1.
func (d *Domain) Apply(m search.Move) int {
	switch {
	case d.Lazy:
		d.lazy = append(d.lazy, d.G.applyLazy(Move(m), &d.arrs))
		return 1
	case d.Aces:
		d.G.applyClass(Move(m), &d.arrs)
		return 1
	}
	d.G.Apply(Move(m))
	return 1
}

// Undo takes back move m.
func (d *Domain) Undo(m search.Move) {
	switch {
	case d.Lazy:
		n := len(d.lazy) - 1
		d.G.undoLazy(Move(m), &d.arrs, d.lazy[n])
		d.lazy = d.lazy[:n]
		return
	case d.Aces:
		d.G.undoClass(Move(m), &d.arrs)
		return
	}
	d.G.Undo(Move(m))
}

// Heuristic is the lower bound Misplaced (admissible and consistent; with
// redeals left only a guide, see Misplaced).
func (d *Domain) Heuristic() int { return d.G.Misplaced() }

// IsGoal reports a won position.
func (d *Domain) IsGoal() bool { return d.G.Won() }

// AppendKey appends the exact packed key.
func (d *Domain) AppendKey(dst []byte) []byte { return d.G.AppendKey(dst) }

// AppendCanonicalKey appends the key with the rows sorted: the 24 row
// permutations of a position have the same key; with Suits, the key of
// AppendSuitKey (see key.go).
func (d *Domain) AppendCanonicalKey(dst []byte) []byte {
	switch {
	case d.Suits:
		return d.G.AppendSuitKey(dst)
	case d.Aces:
		return d.G.AppendClassKey(dst)
	}
	return d.G.AppendCanonicalKey(dst)
}

// SetKey sets the position from a key of AppendKey or AppendCanonicalKey
// (with Aces, a member of the class).
func (d *Domain) SetKey(key []byte) {
	if d.Aces {
		d.arrs = d.arrs[:0]
		d.G.setClassKey(key)
		return
	}
	d.G.SetKey(key)
}

// Prune is the deciders' prune hook (search.Options.Prune): it cuts the
// positions that Deadlocked proves lost.
func Prune(d search.Domain) bool { return d.(*Domain).G.Deadlocked() }

// Inverse returns the move back (legal only when the card's old cell is
// again a hole it may enter).
func (d *Domain) Inverse(m search.Move) search.Move {
	if d.Aces || Move(m) == Redeal {
		return search.NoMove // the class search has no reversible moves, nor has a redeal
	}
	mv := Move(m)
	return search.Move(NewMove(mv.To(), mv.From()))
}

// Priority1 is Shintani's first priority order by component: more aces on
// the left edge first, then more dead holes (a won position has four aces
// there and four dead holes). For search.Options.Priority.
func Priority1(d search.Domain, _ int) int {
	g := d.(*Domain).G
	return (Rows-g.LeftAces())*(Rows+1) + Rows - g.DeadHoles()
}

// Priority2 is Shintani's second order: more dead holes first, then more
// aces on the left edge.
func Priority2(d search.Domain, _ int) int {
	g := d.(*Domain).G
	return (Rows-g.DeadHoles())*(Rows+1) + Rows - g.LeftAces()
}

// BF1 returns Berliner et al.'s evaluation f = mu*N + D for search.Options.Eval.
func BF1(mu float64) func(search.Domain, int) float64 {
	return func(d search.Domain, g int) float64 {
		return mu*float64(d.Heuristic()) + float64(g)
	}
}

// Goodness is BF2's evaluation, smaller is better: f = D + 2N - P + 2B, where
// N is the lower bound Misplaced, P the cards in sorted prefixes (progress
// that becomes permanent once the aces are placed) and B the dead holes that
// are not the last cell of a row after a rank k-1 card (holes that block a
// row's middle). Each misplaced card weighs two moves, like BF1 with mu = 2,
// a permanent card earns one move back, a blocked hole costs two.
func Goodness(d search.Domain, g int) float64 {
	gm := d.(*Domain).G
	p := 0
	for r := range Rows {
		p += gm.Prefix(r)
	}
	b := 0
	for _, h := range gm.holes {
		q := int(h)
		if q%gm.k == 0 {
			continue
		}
		left := gm.cells[q-1]
		if left == Hole || (left.Rank() == gm.k-1 && q%gm.k != gm.k-1) {
			b++
		}
	}
	return float64(g + 2*gm.Misplaced() - p + 2*b)
}

// maxMoves bounds the moves of a position: 16 plain ones (four aces into
// four left-edge holes), 24 + 9 of an ace class (every order of four
// left-edge cells as the last ace enters, three 2s into each of three
// column-1 holes).
const maxMoves = 40
