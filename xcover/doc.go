// Package xcover is the fewest-options engine of branchwise: exact cover
// with colours by dancing links (Knuth's Algorithm C, The Art of Computer
// Programming 7.2.2.1), branching at every node on the item with the fewest
// remaining options.
//
// A problem has primary items, which every solution covers exactly once,
// and secondary items, covered at most once — or, when options give them a
// colour, by any number of options that agree on its colour. Packing
// puzzles are exact cover problems (cells and pieces are the primary items);
// logic grids use colours.
//
// # Data layout and costs
//
// Everything lives in flat int32 arrays, Knuth's layout: nodes 1..N are the
// item headers (their TOP holds the item's option count, LEN); each option
// is a run of nodes, one per item, preceded and followed by spacer nodes;
// ULINK and DLINK chain each item's nodes in a circular list; LLINK and RLINK
// chain the active primary items, with header 0. Covering an item unlinks
// every other node of every option that uses it (O(size of those options));
// uncovering relinks them in exactly the reverse order, which is what makes
// the links dance. Choosing the item with the fewest options scans the
// active primary items (O(active items)), Knuth's MRV heuristic; ties go to
// the first item in the list. Nothing is allocated during a search.
//
// # Multiplicities
//
// A primary item may instead be given bounds [a, b] (Problem.SetBounds, or
// "a:b|name" in the DLX format as in Knuth's DLX3): a solution covers it
// between a and b times. Such problems are solved by Knuth's Algorithm M
// (TAOCP 7.2.2.1), in a search of its own (multiplicity.go) so that
// Algorithm C's loop is untouched: the chosen item is the one with the
// fewest ways to continue, LEN + min(SLACK, BOUND) - BOUND + 1 (the null
// choice, "no more options for this item", included when its lower bound
// is met); its options are tried in order, each "tweaked" out of the
// item's list before it is tried, so that deeper levels choose only later
// ones and a set of options is found exactly once, never in two orders.
// Identical copies of a piece, one item of multiplicity b, are therefore
// not permuted. A problem with multiplicities is searched by one worker
// and has no Walker.
//
// # Strategies
//
// Igarashi et al. (2005) compares three item orders: Fewest (the minimum remaining
// values rule above, the default), Fixed (the items in the order given),
// and Sorted (ordered once, by their option counts before the search).
package xcover
