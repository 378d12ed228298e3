// Package tiles is the sliding-tile puzzles, r x c up to 8 x 8: boards,
// solvability, random instances, Korf's 100 fifteen-puzzles, a search.Domain
// with incrementally updated Manhattan distance and linear conflicts, a
// specialised IDA* that reproduces Korf's 1985 node counts, and for package
// branching the puzzles' node-type graphs (TypeGraph, TypeGraphFSM) and the
// learner of their duplicate move strings (LearnFSM, Taylor and Korf 1993).
//
// # Conventions
//
// A board lists its tiles row-major, 0 the blank. The default goal is
// Korf's: the blank top-left and tile t in cell t. Moves are the blank's:
// Up, Left, Right, Down (0..3, printed U L R D), the order in which Korf's
// IDA* generates them; the inverse of move d is 3-d.
//
// # Heuristics and their costs
//
// The Manhattan distance is the sum over tiles of the grid distance to the
// goal cell; a move changes one tile's term by ±1, read from a table
// md[tile*64+cell] built once, so Apply costs two loads. Linear conflicts
// (Hansson, Mayer and Yung 1992) add 2 for every tile that must leave its
// goal row or column to let the others pass: per line, the tiles whose goal
// is in it less the longest subsequence already in goal order. A move
// changes at most three lines, which are recounted (O(k^2) for k <= 8).
//
// # The specialised IDA*
//
// IDA does what search.IDAStar does on a Puzzle, with the same counts (a
// test checks), but its inner loop is one recursive function over fixed
// arrays: per node a neighbour lookup, two table loads, a compare against
// the bound, and two byte stores. It looks at the context and the node limit
// every 2^20 nodes, and allocates nothing. A move-filter automaton (FSM
// pruning) costs one interface call per child when set and nothing when not.
//
// Solvability: the blank's moves are transpositions, so a board reaches the
// goal exactly when the parity of the permutation between them equals the
// parity of the blank's Manhattan distance between them.
//
// The tiles commands' runs are library calls: ReadArgs and SolveAll for
// instances, RunKorf100 (with its checkpoint) and RunKorf24 for the
// published sets, each result with its WriteTable.
package tiles
