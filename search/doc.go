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
// # Options for graph searches, symmetries and proofs
//
// Options.Canonical stores states by the canonical keys of a domain that
// implements Canonicalizer (one key for all the images of a state under its
// symmetries); a best-first search then rebuilds its path by replay from the
// start, at each step the move whose canonical key is the next stored one,
// since the stored moves name moves of whichever image SetKey made current.
// Options.VisitOnce makes DepthFirst a graph search in depth-first order:
// each state stored the first time it is generated, never searched again,
// on an explicit stack whose frames (32 bytes) share one move buffer, so a
// dive of millions of moves costs no recursion; its exhaustion is a proof
// that no goal is reachable. Options.Prune cuts states a domain proves
// useless (a deadlock test) and Options.GoalOnGenerate tests children for a
// goal as soon as they are generated. The Gaps deciders (package
// puzzles/gaps) are configurations of these: PriorityFirst with canonical
// keys, a prune hook and goal on generation; DepthFirst with VisitOnce.
//
// # Status
//
// Every search ends with a Status, modelled on gonum's optimize.Status: its
// name, whether it ended early (Early) and, for a limit or a cancellation,
// its error (Err): ErrNodeLimit, ErrMemLimit, ErrDepthBound or the
// context's. Other engines (xcover, logicgrid, gaps) use the same type.
//
// # Conformance
//
// Package searchtest is the conformance suite: an engine, or a
// configuration of options, passes it on grids against Dijkstra's
// distances, on pancake stacks against breadth-first search, on symmetric
// grids with canonical keys, on grids cut by a prune hook, and on its
// limits. A third-party engine of the Func signature can run it too.
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
// # All cores on one search
//
// ParallelIDAStar shares every iteration's subtrees among workers, with
// the node counts of complete iterations exactly IDAStar's.
// ParallelPriorityFirst is hash-distributed best-first search (HDA*,
// Kishimoto, Fukunaga and Botea 2009): each state belongs to the worker a
// hash of its key picks, which alone stores and expands it; children go to
// their owners in batches, and an exhausted search has stored and
// expanded exactly PriorityFirst's states, so its NoSolution is the same
// proof.
//
// # Limits
//
// Every search takes a context (cancellation and deadlines), a node limit and,
// for searches that store states, an approximate memory limit. A search that
// stops on a limit returns the limit's Status (Early), the reason in
// Result.Err, and the statistics gathered so far.
//
// # Writing a domain
//
// A domain is any type with the methods of Domain: Example (domain) writes
// one from scratch, as container/heap's example writes a heap; the domains
// of searchtest (NewGrid, NewPancakes) are more, and its suite checks an
// engine of the Func signature, this package's or a third party's.
package search
