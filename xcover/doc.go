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
// the first item in the list. Nothing is allocated during a search. Exact
// cover problems without colours take a faster path over the same tree
// (below).
//
// # The exact-cover path
//
// Without colours, multiplicities, pruner or items never branched on,
// under the fewest rule, Solve takes a path of its own (fast.go), which
// searches the same tree, node for node, with about half the work. Three
// things make the difference; the tree does not change, because the state
// after covering a set of items (the options left, their counts) does not
// depend on the order of the covers, and the children of a node with an
// empty item have no children of their own.
//
//  1. Dead ends found early. A child is a dead end when, after its
//     option's items are covered, some active primary item has no
//     options left: the child branches on it with no children. The path
//     counts the empty items (Z) as the covers leave them, in the
//     covering loop's one rarely taken branch (a count reaching zero),
//     and stamps the items of the option being applied. A child is known
//     dead before any covering when Z exceeds the empty items among its
//     option's (an empty item the option misses stays empty), and in the
//     middle of a cover as soon as a hidden option empties an item
//     without the stamp; the cover is then undone from that option back.
//     A dead child costs its statistics and the covers made so far, not
//     a full cover, choice and uncover. The choice of item at a live node
//     stops at the first item with one option, the least possible there.
//  2. Siblings share covers. The items covered for a node's options are
//     kept on a stack of the node's own. Moving from option x to the
//     next one, x', undoes only the covers above the longest bottom run
//     of the stack that x' also has, and covers only the other items of x',
//     those shared with the option after x' first, then the fewest
//     options first (cheap covers first, and an emptied item found after
//     less work). In a packing, the placements of one piece follow each
//     other in a cell's list: they share the piece's cover, the dearest
//     of all, and the cells they overlap. Z is kept per stack place, so
//     that undoing to a place restores it without a recount.
//  3. Links as byte offsets. The path keeps a copy of the nodes without
//     the colour (12 bytes a node, not 16) in which every link and every
//     option node's item is a byte offset (index times 12), read through
//     unsafe pointer arithmetic: following a link is an addition, without
//     the sign extension, shift and bounds check of an index (the offsets
//     are in range by construction), and the search reads no other copy
//     of the nodes. The covering loops are functions of their own, so
//     that nothing but their own values lives in registers through them.
//
// Costs, from `branchwise dlx --count -j 1` on the DLX files that
// `branchwise pack NAME --dlx` writes: link updates (nodes hidden) fall
// to about half, in the same nodes (Knuth's DLX1 counts one more, the
// root):
//
//	file                nodes       general path   exact-cover path
//	soma                  254,675     28.4 million     17.3 million
//	pentomino-2x3x10      508,236    164.2 million     87.8 million
//	hexiamond-6x6         272,759    136.4 million     66.8 million
//	pentomino-5x12      2,295,155    756.7 million    394.0 million
//	pentomino-6x10      3,637,260  1,220.6 million    652.2 million
//
// The general path's updates are DLX1's within 2 %. Memory: a second copy
// of the nodes (12 bytes each) and, per level, a stack as long as the
// longest option. Nothing is allocated during the search. A problem of
// more than 178 million nodes (byte offsets past int32) takes the
// general path.
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
