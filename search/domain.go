package search

// Move names one operator applicable in a state. What the number means is the
// domain's business: a direction for the sliding-tile puzzles, a (card, hole)
// pair for Gaps, a face turn for Rubik's Cube.
type Move int32

// NoMove is the move before the root: it is never a legal move.
const NoMove Move = -1

// Domain is a state space seen through one mutable current state. Depth-first
// searches walk the tree by Apply and Undo in place, so a domain keeps what
// it needs to undo a move (and to update its heuristic incrementally) in its
// own fields, and the loop allocates nothing. Best-first searches store states
// as packed keys and make one current again with SetKey before expanding it.
type Domain interface {
	// Moves appends the moves applicable in the current state to buf and
	// returns the extended slice. The order is the order of generation.
	Moves(buf []Move) []Move
	// Apply makes move m in the current state and returns its cost (>= 0).
	Apply(m Move) int
	// Undo takes back the last move applied, which was m. The engines undo
	// moves in the reverse order of Apply, so a domain whose moves cannot
	// be reversed from m alone (a halving that rounds down, a merge, a
	// piece taken off) pushes what it needs onto a stack of its own in
	// Apply and pops it here, and SetKey empties that stack (see
	// ExampleDomain_irreversibleMoves).
	Undo(m Move)
	// Heuristic estimates the cost from the current state to the nearest goal.
	// IDA*, A* and branch and bound need it admissible to guarantee optimality.
	Heuristic() int
	// IsGoal reports whether the current state is a goal.
	IsGoal() bool
	// AppendKey appends a packed encoding of the current state to dst: two
	// states are equal exactly when their keys are equal.
	AppendKey(dst []byte) []byte
	// SetKey makes the state encoded by key (from AppendKey) the current one.
	SetKey(key []byte)
}

// Inverter is implemented by domains whose moves have inverses. Depth-first
// searches then never generate the parent of a node as its child
// (predecessor elimination) and do not count it as generated.
type Inverter interface {
	// Inverse returns the move that undoes m, or NoMove if there is none.
	Inverse(m Move) Move
}

// Automaton is a move filter carried along a path: a finite-state machine
// that rejects move sequences known to be duplicates (Taylor and Korf 1993).
// State 0 is the start state.
type Automaton interface {
	// Step returns the state reached from state s by move m, or a negative
	// number when the sequence ending in m must not be generated.
	Step(s int32, m Move) int32
}

// Canonicalizer is implemented by domains with symmetries: states that are
// images of each other under a symmetry (the row permutations of a Gaps
// position, say) have the same canonical key, so a search with
// Options.Canonical stores one of them. SetKey must accept a canonical key
// and make current a state with that canonical key (any of the images).
type Canonicalizer interface {
	// AppendCanonicalKey appends the canonical key of the current state to
	// dst.
	AppendCanonicalKey(dst []byte) []byte
}
