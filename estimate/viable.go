package estimate

// Viable is a Tree that can tell cheaply whether the subtree below its
// current node may hold a solution: for a packing, whether every empty
// cell can still be covered and every piece left still placed. A rule
// that branches on the first empty cell finds out that a node is doomed
// only when it reaches the cell that cannot be covered, far below; its
// tree is mostly such doomed subtrees (PP-24's sub-boards: 500 times the
// nodes of the fewest-options tree, with the same solutions), and a probe
// that goes into them uniformly finds the rare solutions with a weight
// that large.
//
// With Options.Viable, an importance draw (Options.Importance) puts its
// proportional half on the viable children only. The answer only guides
// the draw, which weights every child by the inverse of its probability,
// so the estimate is unbiased whatever Viable says.
type Viable interface {
	Tree
	// Viable reports false when the current node's subtree holds no
	// solution for a reason the tree can see at once.
	Viable() bool
}

// viability returns t's Viable method when t has one and on is set.
func viability(t Tree, on bool) func() bool {
	if v, ok := t.(Viable); ok && on {
		return v.Viable
	}
	return nil
}

// viableCount is the count a mixture draw weighs a child by when the
// tree says which children are viable: 1 for a viable child, 0 for one
// that is not.
func viableCount(viable func() bool) int {
	if viable() {
		return 1
	}
	return 0
}
