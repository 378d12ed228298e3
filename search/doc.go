// Package search holds the state-space search engines of branchwise: the
// depth-first family (depth-first with a depth bound, depth-first iterative
// deepening with branch and bound, IDA*) and the best-first family (A*,
// weighted A*, greedy, best-first on a caller's evaluation, priority-first
// over integer classes, breadth-first), all over one small Domain interface.
//
// # Two ways of walking a space
//
// The depth-first family keeps one current state and walks the tree by
// Apply and Undo in place: memory is linear in the depth, and with a domain
// that updates its heuristic incrementally the inner loop allocates nothing.
// Its costs per node are a Moves call (into a per-depth buffer reused for the
// whole search), an Apply, a Heuristic and an Undo. Predecessor elimination
// (an Inverter) and a move-filter automaton (FSM pruning, Taylor and Korf
// 1993) cut duplicate paths without any memory.
//
// The best-first family stores every generated state as a packed key in a
// byte slab, with a 32-byte record (parent, move, g, depth, key position); a
// dedup.Store maps keys to records, so duplicates are detected and a cheaper
// path to a stored state reopens it. To expand a record the search makes its
// state current with SetKey. Open lists: A* and priority-first use bucket
// queues (integer f or class, LIFO within a bucket, so that among equal f the
// deepest node goes first, as usual for A*); weighted, greedy and evaluation
// best-first use a binary heap on a float64 f, ties to the larger g, then to the
// newer node; breadth-first uses a FIFO queue.
//
// # Counting conventions
//
// A node is generated when a move is applied to reach it and expanded when
// its children are generated. The root is neither generated nor counted per
// depth as generated; it is expanded at depth 0. The depth-first searches test
// the cost bound at the child, after counting it as generated, and stop at the
// first goal reached within the bound: these are the conventions of Korf's
// 1985 IDA*, under which our counts on his 100 fifteen-puzzles equal his.
// Goal tests in the best-first family happen on expansion, which makes A*
// optimal with an admissible heuristic.
//
// # Limits
//
// Every search takes a context (cancellation and deadlines), a node limit and,
// for searches that store states, an approximate memory limit. A search that
// stops on a limit returns Status Stopped, the reason in Result.Err, and the
// statistics gathered so far.
package search
