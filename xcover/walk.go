package xcover

// Walker moves through the search tree of a Solver one node at a time, for
// the estimators of package estimate, which follow random paths, cut
// branches at random, or enumerate the tree to a depth. A node's children
// are the options of the item the strategy chooses there, in the order
// Solve tries them, so a walk sees exactly the tree that Solve searches,
// pruner included.
//
// A Walker owns its Solver: do not call Solve on it while a walk is under
// way. Nothing is allocated after the first walk reaches its deepest level.
type Walker struct {
	// SkipPruned, set before the walk, hides the children that the pruner
	// would cut: Branches counts only the others, and Down numbers only
	// them. This is Korekawa et al.'s tree, whose branching factor at a cell is
	// the number of its placements that leave no dead region; finding them
	// costs one trial placement per child.
	SkipPruned bool

	s     *Solver
	item  []int32   // item chosen at each level of the current path (0: none yet, -1: cut)
	kids  [][]int32 // with SkipPruned: the surviving child nodes at each level
	depth int
}

// Walker returns a walker at the root of s's search tree: Algorithm C's
// tree, so s's problem must have no multiplicities (SetBounds).
func (s *Solver) Walker() *Walker {
	return &Walker{s: s, item: make([]int32, 1, len(s.choice)+1)}
}

// Depth is the number of options chosen on the path to the current node.
func (w *Walker) Depth() int { return w.depth }

// Branches returns the number of children of the current node: the option
// count of the item chosen there, 0 at a dead end or when the pruner cuts
// it. solution reports a leaf that is a solution (every primary item
// covered). Calling it again at the same node is cheap.
func (w *Walker) Branches() (n int, solution bool) {
	s := w.s
	i := w.item[w.depth]
	if i < 0 {
		return 0, false
	}
	if i == 0 {
		if s.prune != nil && s.prune(s) {
			w.item[w.depth] = -1
			return 0, false
		}
		i = s.choose()
		if i == 0 {
			return 0, s.covered()
		}
		w.item[w.depth] = i
		if w.SkipPruned && s.prune != nil {
			w.survivors(i)
		}
	}
	if w.SkipPruned && s.prune != nil {
		return len(w.kids[w.depth]), false
	}
	return int(s.nd[i].top), false
}

// survivors lists the children of the current node, on item i, that the
// pruner does not cut: by the option filter if there is one, else by
// trying each.
func (w *Walker) survivors(i int32) {
	s := w.s
	for len(w.kids) <= w.depth {
		w.kids = append(w.kids, nil)
	}
	kids := w.kids[w.depth][:0]
	if s.filter != nil {
		s.filter.Begin(s)
		for x := s.nd[i].dlink; x != i; x = s.nd[x].dlink {
			if s.filter.Keep(s, s.optionOf(x)) {
				kids = append(kids, x)
			}
		}
		w.kids[w.depth] = kids
		return
	}
	s.cover(i)
	for x := s.nd[i].dlink; x != i; x = s.nd[x].dlink {
		s.applyNode(x)
		if !s.prune(s) {
			kids = append(kids, x)
		}
		s.unapplyNode(x)
	}
	s.uncover(i)
	w.kids[w.depth] = kids
}

// Down moves to child k (0 <= k < n from Branches) of the current node.
func (w *Walker) Down(k int) {
	n, _ := w.Branches()
	if k < 0 || k >= n {
		panic("xcover: Walker.Down: child out of range")
	}
	s := w.s
	i := w.item[w.depth]
	var x int32
	if w.SkipPruned && s.prune != nil {
		x = w.kids[w.depth][k]
	} else {
		x = s.nd[i].dlink
		for ; k > 0; k-- {
			x = s.nd[x].dlink
		}
	}
	s.cover(i)
	s.choice[w.depth] = x
	s.applyNode(x)
	w.depth++
	if w.depth < len(w.item) {
		w.item[w.depth] = 0
	} else {
		w.item = append(w.item, 0)
	}
}

// Up moves back to the parent of the current node.
func (w *Walker) Up() {
	if w.depth == 0 {
		panic("xcover: Walker.Up at the root")
	}
	w.depth--
	s := w.s
	x := s.choice[w.depth]
	s.unapplyNode(x)
	s.uncover(s.nd[x].top)
}

// Solution returns the options chosen on the path to the current node.
// The slice is reused by the next call.
func (w *Walker) Solution() []int { return w.s.solution(w.depth) }
