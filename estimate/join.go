package estimate

import "slices"

// JoinRoots returns the union of trees whose roots stand for the same
// position, such as the parts of a search split by a filter on its first
// choices: the root's children are the children of every tree's root in
// turn, and below them the union is the tree it went into. The root
// counts once, with the branching factor of all its children; the nodes
// below are the trees' own, at their own depths. The roots must not be
// solutions. It is a Counter, counting with the trees' own counters where
// they have them.
func JoinRoots(trees []Tree) Tree {
	u := &joined{trees: trees, first: make([]int, len(trees)+1), cur: -1}
	for i, t := range trees {
		n, _ := t.Branches()
		u.first[i+1] = u.first[i] + n
	}
	return u
}

// joined is JoinRoots' tree.
type joined struct {
	trees []Tree
	first []int // first[i]: the number of tree i's first child at the union's root; first[len] all of them
	cur   int   // the tree below the root, -1 at the root
}

func (u *joined) Branches() (int, bool) {
	if u.cur >= 0 {
		return u.trees[u.cur].Branches()
	}
	return u.first[len(u.trees)], false
}

func (u *joined) Down(k int) {
	if u.cur >= 0 {
		u.trees[u.cur].Down(k)
		return
	}
	// The first tree whose children start after k follows the one that
	// holds k (trees without children at the root are passed over).
	i, _ := slices.BinarySearch(u.first, k+1)
	i--
	u.cur = i
	u.trees[i].Down(k - u.first[i])
}

func (u *joined) Up() {
	u.trees[u.cur].Up()
	if u.trees[u.cur].Depth() == 0 {
		u.cur = -1
	}
}

func (u *joined) Depth() int {
	if u.cur < 0 {
		return 0
	}
	return u.trees[u.cur].Depth()
}

// CountSubtree implements Counter: below the root the current tree's
// count; at the root every tree's count, less the roots counted twice.
func (u *joined) CountSubtree(p *Profile, maxDepth int, stop func() bool) {
	if u.cur >= 0 {
		walkExhaustive(u.trees[u.cur], maxDepth, p, stop)
		return
	}
	if len(u.trees) == 0 {
		p.Grow(0)
		p.Nodes[0]++
		return
	}
	counted := 0
	for i, t := range u.trees {
		if i > 0 && stop() {
			break
		}
		walkExhaustive(t, maxDepth, p, stop)
		counted++
	}
	if counted > 1 {
		p.Nodes[0] -= int64(counted - 1)
	}
}
