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
// # Strategies
//
// Igarashi et al. (2005) compares three item orders: Fewest (the minimum remaining
// values rule above, the default), Fixed (the items in the order given),
// and Sorted (ordered once, by their option counts before the search).
package xcover
