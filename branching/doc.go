// Package branching computes the exact sizes and asymptotic branching
// factors of regular search trees from their node types, as Edelkamp and
// Korf show in "The branching factor of regular search spaces" (AAAI 1998,
// Edelkamp and Korf (1998)).
//
// Package branching is generic: a puzzle gives its node types and move rule
// (package puzzles/tiles and puzzles/rubik build theirs: tiles.TypeGraph,
// rubik.TypeGraph), and branching imports no puzzle.
//
// # Node types
//
// A node's type is whatever determines how many children of each type it
// has: for a sliding-tile puzzle the blank's cell (and, with predecessor
// elimination, the cell it came from); for Rubik's Cube the face last turned.
// Explore builds the type graph from a puzzle's move rule by walking the
// types reachable from the root's, so no type is ever typed in by hand. Its
// matrix P, P[i][j] = the number of children of type j of a node of type i,
// gives the number of nodes of each type at depth d exactly:
//
//	N(d) = N(d-1) P,  N(0) = the root's type,
//
// computed with big integers in O(d * edges) additions.
//
// # Reduction
//
// Reduce merges types that cannot be told apart by their children: the
// coarsest equitable partition, found by colour refinement (start with one
// class, split classes by the multiset of their children's classes, repeat
// until stable). Counts per class are sums of counts per type, so the
// quotient matrix gives the same totals with far fewer types: the 16 x 4
// (cell, last move) types of the fifteen-puzzle reduce to a handful, the
// Five Puzzle's to Edelkamp and Korf's four (cc, cs, ss, sc).
//
// # Asymptotic branching factor
//
// The ratio N(d+1)/N(d) of the totals is the branching factor at depth d.
// Iterating the normalised recurrence (the equilibrium fractions of the
// types) until the ratio settles gives the asymptotic value; when the graph
// is periodic with period 2 — an odd x odd sliding-tile board, whose blank
// alternates between two different colour classes of cells — the ratios
// alternate between two values, both reported with their geometric mean. The
// same number is the dominant eigenvalue of P (Perron-Frobenius, for the
// recurrent part of the graph), found here by power iteration on P + I,
// which is aperiodic and has the same eigenvectors. For small graphs the
// characteristic polynomial det(bI - P) of the recurrent part is computed
// exactly (Faddeev-LeVerrier over the integers), e.g. b^4 - b - 2 for the
// Five Puzzle without its parent as a child.
//
// # Move automata
//
// An Automaton is a move filter over any alphabet (up to 256 moves): the
// Aho-Corasick automaton of a set of forbidden move strings (Taylor and Korf
// 1993), compiled in O(alphabet x total length) into a full transition
// table, one int32 per state and move, stepped in O(1) per move by the
// depth-first searches (search.Options.Filter). LearnAutomaton learns the
// forbidden strings breadth-first from a puzzle's Learner (the effect of a
// move string, and whether an earlier string is legal wherever a later one
// is): tiles.LearnFSM (4 moves) and rubik.LearnFSM (18). Learning and
// ExploreContext take a context and Limits (strings or types, bytes), and a
// learning stopped by a limit still gives a valid automaton.
package branching
