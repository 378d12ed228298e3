package gaps

// The exhaustive deciders, configurations of package search.
//
// Decide searches the whole state graph of a deal, each position once: a
// duplicate store (hash set or Patricia trie) of canonical keys (rows
// sorted, so the 24 row permutations of a position count as one,
// search.Options.Canonical) cuts transpositions and cycles, Deadlocked cuts
// lost positions (search.Options.Prune), and a won position ends the search
// as soon as it is generated (search.Options.GoalOnGenerate). When the
// search ends without a win every reachable position was visited or proved
// lost: the deal is unsolvable. A node limit, a memory limit or the context
// stops it with the verdict Unknown.
//
// The default is best-first (search.PriorityFirst) on f = 2.4N + D (N the
// lower bound Misplaced, D the depth; Berliner et al.'s BF1 with its mu for
// the hardest deals, in integers as 24N + 10D): each position expanded once,
// never reopened, so an open list that runs empty proves the deal
// unsolvable, while a solvable deal is won after far fewer nodes than
// depth-first (on 40 deals of 4 x 7: a mean of 20,492 nodes against 530,759).
// Deadlocked positions are cut before they are stored. The solution is
// rebuilt by replay from the deal, matching canonical keys.
//
// With DecideOptions.DepthFirst it is depth-first, each position once
// (search.Options.VisitOnce, an explicit stack, as a dive may be thousands
// of moves deep), the children in the order ByKind (tried on 4 x 6..8 deals
// against ordering by the lower bound after the move: as few nodes, and
// cheaper). With Plain it is Shintani's plain depth-first search: exact keys
// and the fixed order Order.
//
// Costs per generated node: one Apply, the goal test, one canonical key (a
// sort of four rows and 3k bytes), one store lookup, the deadlock test, and
// the ordering or evaluation of the new node.

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/search"
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

// String returns "solvable", "unsolvable" or "unknown".
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
	// Limits bound the search: MaxNodes the generated nodes, MaxMem the
	// bytes its store, records and open list hold, MaxTime and MaxCPU its
	// time (search.Options.Limits).
	search.Limits
	// Store holds the canonical keys; nil means a new dedup.NewHashSet().
	Store dedup.Store
	// Deadlock cuts positions that Deadlocked proves lost.
	Deadlock bool
	// Reach cuts positions that Unwinnable proves lost: a stronger test
	// than Deadlock's (it implies it), run when a position is expanded.
	Reach bool
	// Forced expands only the forced move (see ForcedMove) of a position
	// that has one.
	Forced bool
	// Stubborn expands only the moves of a stubborn set (see stubborn.go):
	// a partial-order reduction that keeps every win reachable, so the
	// verdicts stay exact.
	Stubborn bool
	// Suits makes the canonical keys the same for suit renamings too
	// (AppendSuitKey): fewer positions, at the cost of a key that orders
	// the suits. A best-first search rebuilds its solution through the
	// stored positions, which needs the moves it expands to be the same
	// in every image of a position; forced moves and stubborn sets pick
	// by card, so best-first they refuse it (Decide's error).
	Suits bool
	// Aces searches ace classes (aceclass.go): the positions that differ
	// only in the order of the left-edge aces while a left-edge hole
	// exists count as one, and the solution spells out the ace moves.
	// Stubborn sets on classes depend on the member a set is computed in,
	// which a best-first search's replay of its solution cannot follow, so
	// they need DepthFirst; Suits and Plain do not go with it (Decide's
	// error).
	Aces bool
	// Lazy, with Aces, lets the fourth ace enter the left edge without
	// an order: one position stands for every order of the aces until 2s
	// entering column 1 fix the rows (lazy.go). The depth-first decider
	// only (a best-first one rebuilds positions from their keys, which do
	// not name the aces of the free rows); Decide's error otherwise.
	Lazy bool
	// Plain makes it Shintani's plain depth-first search: exact keys
	// instead of canonical ones and children in the fixed Order instead of
	// ByKind.
	Plain bool
	// Order is the fixed order of a Plain search.
	Order Order
	// DepthFirst makes the decider search depth-first (each position once,
	// children in the order ByKind) instead of best-first on f = mu*N + D.
	// Plain implies it.
	DepthFirst bool
	// Mu is the best-first decider's weight of N, in tenths (0: DefaultMu).
	Mu int
	// Progress, if set, is called about every quarter second with the
	// search's statistics so far.
	Progress func(*search.Stats)
	// Workers is the number of goroutines of the best-first decider, as
	// search.Workers reads it (0: every CPU): 1 runs the search on one
	// goroutine; more run hash-distributed best-first search
	// (search.ParallelPriorityFirst) over as many domains, with the same
	// verdict when no limit stops it (the nodes differ from run to run).
	// The depth-first deciders run on one goroutine whatever Workers.
	Workers int
}

// DefaultMu is the best-first decider's weight mu of N in f = mu*N + D, in
// tenths. (Tried on 100 deals each of 4 x 7 and 4 x 8: a bonus for
// sorted-prefix cards, a cost per ace off the left edge or per dead hole
// changed the mean nodes to the first solution by -26% to +11%, no more.)
const DefaultMu = 24

// Decision is what Decide found.
type Decision struct {
	Verdict Verdict
	// Status is how the search ended: Solved, NoSolution, or the limit that
	// stopped it (Status.Early) when the verdict is Unknown.
	Status search.Status
	// Path is the solution of a Solvable deal, from the deal.
	Path []Move
	// Generated counts generated nodes (the root excluded), Expanded the
	// expanded ones, Stored the distinct positions kept, Rejected the
	// positions cut as deadlocked.
	Generated int64
	Expanded  int64
	Stored    int
	Rejected  int64
	Bytes     int64
	// Err says why a search ended Unknown: search.ErrNodeLimit,
	// search.ErrMemLimit or the context's error.
	Err error
}

// Search returns the search and its options that Decide runs for o on a
// domain dom of the deal (whose Order it sets): a configuration of package
// search.
func (o DecideOptions) Search(dom *Domain) (search.Func, search.Options) {
	so := search.Options{Limits: o.Limits, Store: o.Store,
		GoalOnGenerate: true, Canonical: !o.Plain, Progress: o.Progress}
	if o.Deadlock && !o.Reach {
		g := dom.G
		so.Prune = func(search.Domain) bool { return g.Deadlocked() }
	}
	dom.Deadlock = false
	// The reachability test runs when a position is expanded, not when it
	// is generated: it shares its work with the forced-move test there,
	// and a best-first search never expands many of the positions it
	// stores.
	dom.Reach, dom.Forced, dom.Stubborn, dom.Suits, dom.Aces = o.Reach, o.Forced, o.Stubborn, o.Suits, o.Aces
	dom.Lazy = o.Lazy && o.Aces
	switch {
	case o.Plain:
		dom.Order = o.Order
		so.VisitOnce = true
		return search.DepthFirst, so
	case o.DepthFirst:
		dom.Order = ByKind
		so.VisitOnce = true
		return search.DepthFirst, so
	}
	dom.Order = Natural
	mu := o.Mu
	if mu <= 0 {
		mu = DefaultMu
	}
	g := dom.G
	so.Priority = func(_ search.Domain, depth int) int { return mu*g.Misplaced() + 10*depth }
	return search.PriorityFirst, so
}

// parallelOptions are the options of the best-first decider on several
// workers: those of Search, with hooks that use the domain they are given
// (each worker has its own) and per-worker stores of Store's kind.
func (o DecideOptions) parallelOptions() search.Options {
	so := search.Options{Limits: o.Limits, Store: o.Store,
		GoalOnGenerate: true, Canonical: true, Progress: o.Progress}
	if _, ok := o.Store.(*dedup.Trie); ok {
		so.NewStore = dedup.NewTrie
	}
	if o.Deadlock && !o.Reach {
		so.Prune = Prune
	}
	mu := o.Mu
	if mu <= 0 {
		mu = DefaultMu
	}
	so.Priority = func(d search.Domain, depth int) int { return mu*d.(*Domain).G.Misplaced() + 10*depth }
	return so
}

// Decide decides deal d: Solvable with a solution, Unsolvable, or Unknown
// when a limit of o or ctx stops it.
func Decide(ctx context.Context, d Deal, o DecideOptions) (Decision, error) {
	dom, err := NewDomain(d)
	if err != nil {
		return Decision{}, err
	}
	if o.Suits && (o.Plain || !o.DepthFirst && (o.Forced || o.Stubborn)) {
		return Decision{}, fmt.Errorf("gaps: suit-renaming keys need the depth-first decider or best-first without forced moves and stubborn sets")
	}
	if o.Aces && (o.Plain || o.Suits || o.Stubborn && !o.DepthFirst) {
		return Decision{}, fmt.Errorf("gaps: ace classes go without suit keys and Plain, and with stubborn sets depth-first only")
	}
	if o.Lazy && (!o.Aces || !o.DepthFirst || o.Plain) {
		return Decision{}, fmt.Errorf("gaps: lazy ace orders need ace classes and the depth-first decider")
	}
	if !d.Rules.Standard() && (o.Aces || o.Suits) {
		return Decision{}, fmt.Errorf("gaps: ace classes and suit-renaming keys are for the standard game, not %s", d.Rules)
	}
	var r search.Result
	rejected := int64(0)
	if workers := search.Workers(o.Workers); workers > 1 && !o.DepthFirst && !o.Plain {
		var doms []*Domain // ParallelPriorityFirst makes them one at a time
		newDomain := func() search.Domain {
			g := *dom.G
			dm := &Domain{G: &g, Order: Natural, Reach: o.Reach, Forced: o.Forced, Stubborn: o.Stubborn, Suits: o.Suits, Aces: o.Aces}
			doms = append(doms, dm)
			return dm
		}
		r = search.ParallelPriorityFirst(ctx, newDomain, workers, o.parallelOptions())
		for _, dm := range doms {
			rejected += dm.Rejected
		}
	} else {
		f, so := o.Search(dom)
		r = f(ctx, dom, so)
		rejected = dom.Rejected
	}
	dec := Decision{Status: r.Status, Generated: r.Stats.Generated, Expanded: r.Stats.Expanded,
		Stored: r.Stats.PeakClosed, Rejected: r.Stats.Pruned + rejected, Bytes: r.Stats.Bytes, Err: r.Err}
	switch r.Status {
	case search.Solved:
		dec.Verdict = Solvable
		dec.Path = movesOf(r.Path)
		if o.Aces {
			if dec.Path, err = ExpandPath(d, dec.Path); err != nil {
				return dec, err
			}
		}
	case search.NoSolution:
		dec.Verdict = Unsolvable
	default:
		dec.Verdict = Unknown
	}
	return dec, nil
}

// movesOf converts a search path to Gaps moves.
func movesOf(path []search.Move) []Move {
	ms := make([]Move, len(path))
	for i, m := range path {
		ms[i] = Move(m)
	}
	return ms
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
			return nil, nil, fmt.Errorf("gaps: move %d of the path is illegal", i+1)
		}
		if m == Redeal {
			g.Apply(m)
			name := fmt.Sprintf("redeal-%d", g.used)
			pairs, cards = append(pairs, name), append(cards, name)
			if names != nil {
				names = renameHoles(g, names)
			}
			continue
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

// renameHoles gives the hole names of names (per cell, before a redeal)
// to the holes of g after it, both in cell order.
func renameHoles(g *Game, names []Card) []Card {
	var held []Card
	for _, c := range names {
		if c != Hole {
			held = append(held, c)
		}
	}
	out := make([]Card, len(names))
	for i, h := range g.holes {
		if i < len(held) {
			out[h] = held[i]
		}
	}
	return out
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
// A redeal comes after them all (5).
func scoreKind(g *Game, m Move) int {
	if m == Redeal {
		return 5
	}
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
