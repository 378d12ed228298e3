// Package bitpack is a packing kernel on bit sets: exact cover of a
// board's cells by pieces, each placed once, when the board has at most
// MaxCells cells and the set at most MaxPieces pieces.
//
// The board is a Set, four 64-bit words with a bit per cell; the unplaced
// pieces are one word; a placement is its cell mask and its piece. A node
// of the search is the empty cells and the unplaced pieces, and a child is
// made by clearing a placement's bits: a handful of word operations, where
// dancing links (package xcover) update a list node for every option that
// the placement rules out. The search keeps an explicit stack (the
// placement chosen and the children listed at every depth), allocates
// nothing after NewSearch, and serves as an estimate.Tree and an
// estimate.Counter, so the estimators and the exhaustive counts walk the
// same tree as Solve.
//
// Branching rules (Rule):
//
//   - FirstEmpty: the first empty cell in the cells' order; its children
//     are the placements listed under it as their smallest cell, each
//     checked with one mask test (placement ⊆ empty, piece unplaced). The
//     classic rule of dedicated packing programs; the tree of xcover's
//     Fixed strategy when only cells are branched on.
//   - Fewest, FewestCells: the item (piece or cell; or cell only) with the
//     fewest placements left, ties to the first (pieces before cells,
//     cells in order), children in the placements' order: the trees of
//     xcover's Fewest strategy. The counts are kept incrementally, with a
//     bit per placement in each item's set and a count per (cell, piece)
//     (fewest.go): covering a cell kills the live placements of unplaced
//     pieces that cover it, a bit and a count for each of their items; a
//     placed piece's placements are left alone (masked out of the words
//     by piece), and a cell's count, summed over the unplaced pieces, is
//     cut short at the best so far. Undoing switches back to the parent's
//     copy of the sets (or, beyond maxCopyState, revives a trail). Costs
//     O(dying placements x piece size) per node, like dancing links, on
//     bit sets that stay in cache.
//   - Ordered: the first unfilled item of a given order: xcover's Fixed
//     and Sorted strategies.
//
// Pruning (Problem.DeadRegions): Korekawa et al.'s dead-region test. The
// empty cells are split into connected regions by flood fill on bit sets
// (a region grows by OR-ing the neighbour masks of its newest cells and
// masking with the empty cells: O(cells x 4 words) per node), and a child
// is cut when a region's size (or, with LargestRegionOnly, the largest
// region's) is not a sum of unplaced pieces' sizes: a multiple of the size
// when all pieces have one size, else a test in a subset-sum bit set
// (shift-or per unplaced piece). The test runs on the child's masks before
// the child is made, so a cut child costs no placement. When the pieces
// have one size, a child is tested by growing only the regions around its
// placement: one at a time from the lowest empty neighbour until a region
// holds every neighbour left (Search.growOK; FirstEmpty and the
// largest-region rule), or in lockstep until one is left growing
// (Search.aroundOK; the other rules, and the colour test): the rest of
// the board is the parent's, which passed. The test also tells the child
// whether its empty cells are one region, which the largest-region rule
// needs at every node. Under FirstEmpty without LargestRegionOnly most
// placements are decided before any growth, on one word of the empty
// cells from the first empty one (pocket.go): a placement that closes
// off one or two cells dies, one whose empty neighbours are joined by
// short paths around it passes. No colouring or
// parity cut is made: the kernel knows no grid, only cells and their
// neighbours; a grid's colouring argument belongs to the puzzle that
// builds the problem.
//
// Boards of at most 64 cells with FirstEmpty run a one-word search
// (small.go): one loop, the children of every depth on a flat stack, the
// placements at a cell listed per unplaced piece without branches, the
// region test grown by shifts from the lowest of the placement's empty
// neighbours until it holds them all. SolveSplit searches each lead
// placement's subtree in the scan order that reaches it first.
//
// Costs: a FirstEmpty node is a scan of its anchored placements with one
// one-word test each (a 4-word one for placements reaching 64 cells
// past the anchor); the memory is O(placements x 4 words) for the masks
// plus the per-item lists. Statistics have xcover.Stats's meaning field
// by field, so the two engines can be compared node for node.
package bitpack
