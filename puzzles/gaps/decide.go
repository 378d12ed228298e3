package gaps

// The exhaustive decider.
//
// Decide searches the whole state graph of a deal depth-first, each position
// once: a duplicate store (hash set or Patricia trie) of canonical keys (rows
// sorted, so the 24 row permutations of a position count as one) cuts
// transpositions and cycles; Deadlocked cuts lost positions once the aces
// are placed; and the children are tried in the order of scoreKind: moves
// that extend a sorted prefix, then aces placed on the left edge, then cards
// put in their column, then the rest, aces moved between left-edge holes last
// (tried on 4 x 6..8 deals against ordering by the lower bound after the
// move: as few nodes, and cheaper). When the search ends
// without a win every reachable position was visited or proved lost: the
// deal is unsolvable. A node limit, a memory limit or the context stops it
// with the verdict Unknown.
//
// The stack is explicit (a solution or a dive may be thousands of moves
// deep) and the move lists of all open frames share one buffer, so the loop
// allocates nothing but the store's growth. Costs per generated node: one
// Apply, one canonical key (a sort of four rows and 3k bytes), one store
// insertion, the deadlock test, and the ordering of the new node's children
// (a few loads per child).

import (
	"context"
	"errors"
	"fmt"

	"github.com/branchwise/branchwise/dedup"
)

// Verdict is the outcome of Decide.
type Verdict int

const (
	// Solvable: a win was found; Decision.Path reaches it.
	Solvable Verdict = iota
	// Unsolvable: every reachable position was searched without a win.
	Unsolvable
	// Unknown: a limit stopped the search first.
	Unknown
)

func (v Verdict) String() string {
	switch v {
	case Solvable:
		return "solvable"
	case Unsolvable:
		return "unsolvable"
	}
	return "unknown"
}

// DecideOptions configure Decide. The zero value has no limits, a hash set
// and deadlock detection off.
type DecideOptions struct {
	// MaxNodes stops the search after this many generated nodes (0: none).
	MaxNodes int64
	// MaxMem stops it when the store holds about this many bytes (0: none).
	MaxMem int64
	// Store holds the canonical keys; nil means a new dedup.NewHashSet().
	Store dedup.Store
	// Deadlock cuts positions that Deadlocked proves lost.
	Deadlock bool
	// Plain makes it Shintani's plain depth-first search: exact keys
	// instead of canonical ones and children in the fixed Order instead of
	// lowest bound first.
	Plain bool
	// Order is the fixed order of a Plain search.
	Order Order
	// DepthFirst makes the decider search depth-first (each position once,
	// children in scoreKind order) instead of best-first on f = mu*N + D.
	// Plain implies it.
	DepthFirst bool
	// Mu is the best-first decider's weight of N, in tenths (0: DefaultMu).
	Mu int
}

// DefaultMu is the best-first decider's weight mu of N in f = mu*N + D, in
// tenths.
const DefaultMu = 24

// Decision is what Decide found.
type Decision struct {
	Verdict Verdict
	// Path is the solution of a Solvable deal, from the deal.
	Path []Move
	// Generated counts generated nodes (the root excluded), Stored the
	// distinct positions kept, Rejected the positions cut as deadlocked.
	Generated int64
	Stored    int
	Rejected  int64
	Bytes     int64
	// Err says why a search ended Unknown.
	Err error
}

// ErrNodeLimit and ErrMemLimit are the reasons of an Unknown verdict
// besides the context's error.
var (
	ErrNodeLimit = errors.New("node limit reached")
	ErrMemLimit  = errors.New("memory limit reached")
)

type frame struct {
	lo, hi, i int32
	m         Move
}

// Decide decides deal d: Solvable with a solution, Unsolvable, or Unknown
// when a limit of o or ctx stops it.
func Decide(ctx context.Context, d Deal, o DecideOptions) (dec Decision, err error) {
	g, err := NewGame(d)
	if err != nil {
		return Decision{}, err
	}
	store := o.Store
	if store == nil {
		store = dedup.NewHashSet()
	}
	defer func() {
		dec.Stored = store.Len()
		dec.Bytes = store.Bytes()
	}()
	if g.Won() {
		dec.Verdict = Solvable
		return dec, nil
	}
	if !o.DepthFirst && !o.Plain {
		return decideBest(ctx, g, store, o)
	}
	appendKey, moves := (*Game).AppendCanonicalKey, (*Game).orderedMoves
	if o.Plain {
		appendKey = (*Game).AppendKey
		moves = func(g *Game, buf []Move) []Move { return g.fixedOrder(buf, o.Order) }
	}
	key := appendKey(g, nil)
	store.Insert(key, 0)
	buf := moves(g, make([]Move, 0, 256))
	stack := []frame{{0, int32(len(buf)), 0, 0}}
	next := int64(1 << 14)
	for {
		top := &stack[len(stack)-1]
		if top.i == top.hi {
			buf = buf[:top.lo]
			if len(stack) == 1 {
				dec.Verdict = Unsolvable
				return dec, nil
			}
			g.Undo(top.m)
			stack = stack[:len(stack)-1]
			continue
		}
		m := buf[top.i]
		top.i++
		g.Apply(m)
		dec.Generated++
		if g.Won() {
			dec.Verdict = Solvable
			for _, f := range stack[1:] {
				dec.Path = append(dec.Path, f.m)
			}
			dec.Path = append(dec.Path, m)
			return dec, nil
		}
		if dec.Generated >= next {
			next += 1 << 14
			if err := ctx.Err(); err != nil {
				dec.Verdict, dec.Err = Unknown, err
				return dec, nil
			}
			if o.MaxMem > 0 && store.Bytes() > o.MaxMem {
				dec.Verdict, dec.Err = Unknown, ErrMemLimit
				return dec, nil
			}
		}
		if o.MaxNodes > 0 && dec.Generated >= o.MaxNodes {
			dec.Verdict, dec.Err = Unknown, ErrNodeLimit
			return dec, nil
		}
		key = appendKey(g, key[:0])
		if _, found := store.Insert(key, 0); found {
			g.Undo(m)
			continue
		}
		if o.Deadlock && g.Deadlocked() {
			dec.Rejected++
			g.Undo(m)
			continue
		}
		lo := int32(len(buf))
		buf = moves(g, buf)
		stack = append(stack, frame{lo, int32(len(buf)), lo, m})
	}
}

// orderedMoves appends the legal moves ordered for the decider by
// scoreKind, stably (generation order among equals).
func (g *Game) orderedMoves(buf []Move) []Move {
	lo := len(buf)
	buf = g.Moves(buf)
	ms := buf[lo:]
	var score [4 * Rows]int
	for i, m := range ms {
		score[i] = scoreKind(g, m)
	}
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && score[j] < score[j-1]; j-- {
			score[j], score[j-1] = score[j-1], score[j]
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
	return buf
}

// fixedOrder appends the legal moves in order o.
func (g *Game) fixedOrder(buf []Move, o Order) []Move {
	lo := len(buf)
	buf = g.Moves(buf)
	if o == Natural {
		return buf
	}
	ms := buf[lo:]
	var tmp [4 * Rows]Move
	n := 0
	for pass := range 2 {
		for _, m := range ms {
			ace := g.cells[m.From()].Rank() == 1
			if ace == ((pass == 0) == (o == AcesFirst)) {
				tmp[n] = m
				n++
			}
		}
	}
	copy(ms, tmp[:n])
	return buf
}

// Notation replays path from deal d and returns each move in Shintani's
// notation, (card, hole) with the hole named by its rank-k card, and the
// moving cards alone. It returns an error at the first illegal move.
func Notation(d Deal, path []Move) (pairs, cards []string, err error) {
	g, err := NewGame(d)
	if err != nil {
		return nil, nil, err
	}
	var names []Card
	if len(d.HoleNames) == len(d.Cells) {
		names = append(names, d.HoleNames...)
	}
	for i, m := range path {
		if !g.Legal(m) {
			return nil, nil, fmt.Errorf("move %d of the path is illegal", i+1)
		}
		c := g.cells[m.From()]
		pairs = append(pairs, g.MoveString(m, names))
		cards = append(cards, c.String())
		if names != nil {
			names[m.From()], names[m.To()] = names[m.To()], Hole
		}
		g.Apply(m)
	}
	return pairs, cards, nil
}

// Replay applies path to deal d and reports whether every move is legal and
// the last position won.
func Replay(d Deal, path []Move) (bool, error) {
	g, err := NewGame(d)
	if err != nil {
		return false, err
	}
	for _, m := range path {
		if !g.Legal(m) {
			return false, nil
		}
		g.Apply(m)
	}
	return g.Won(), nil
}

// scoreKind ranks a move by what it does: extends a sorted prefix (0),
// puts an ace on the left edge (1), puts a card in its column (2), other
// (3), moves an ace between left-edge holes (4).
func scoreKind(g *Game, m Move) int {
	from, to := m.From(), m.To()
	k := g.k
	c := g.cells[from]
	tc := to % k
	if c.Rank() == 1 {
		if from%k == 0 {
			return 4
		}
		return 1
	}
	if tc == c.Rank()-1 {
		// In its column: after a sorted prefix?
		r := to / k
		if g.Prefix(r) == tc && g.cells[r*k].Suit() == c.Suit() {
			return 0
		}
		return 2
	}
	return 3
}
