package bitpack

import (
	"math/bits"
)

// Search is one walk through a kernel's tree: the board's empty cells and
// the unplaced pieces as bit masks, the placements chosen on the path, and
// for every depth the children of the node there. It is not safe for
// concurrent use; make one per goroutine with NewSearch. Nothing is
// allocated after NewSearch.
type Search struct {
	k     *Kernel
	empty Set
	free  uint64
	depth int
	path  []int32 // placement chosen at each depth

	// Per depth: the node's children (placements, in the order of the
	// placements' numbers), the survivors of the dead-region test, whether
	// the node has been expanded and whether it is a solution.
	kids     [][]int32
	surv     [][]int32
	expanded []bool
	solution []bool
	item     []int32 // the item branched on, -1 for none
	single   []bool  // Solve, largest region only: the node's empty cells are one region
	// conn[d] is whether the node at depth d is one region, if known
	// (connUnknown, connNo, connYes): its parent's test tells it
	// (childOK); next is what the last childOK learnt, survConn[d] what
	// it learnt of each survivor.
	conn     []int8
	next     int8
	survConn [][]int8
	pos      []int32
	// at[d] is the nodes Solve had counted when it entered the node at
	// depth d: the sizes of its finished subtrees (Tracker).
	at []int64

	// The fewest rules keep each item's live placements as a bit set
	// (fewest.go): live[bitOff[it]:bitOff[it+1]]; cnt[p] counts piece p's,
	// cellPiece[c*np+p] piece p's covering cell c. The placements killed
	// are pushed on trail, mark[d] its length when the placement at depth
	// d was made.
	live      []uint64
	cnt       []int32
	cellPiece []int32
	trail     []int32
	mark      []int32
	// With Kernel.copyState, the sets of every depth instead of a trail.
	liveAt [][]uint64
	cntAt  [][]int32
	cpAt   [][]int32

	// List mode (sparse.go): from depth listFrom (-1: none) down, depth
	// d numbers the placements list[lBase[d]:][:lLen[d]], of which
	// lLive[d] are live, its sets of
	// lWords[d] words over them are setsOf(d), and lCnt[d*(n+np):] counts
	// its cells' and pieces' live placements; seen is listing's scratch
	// bitmap.
	list                []listEnt
	lBase, lLen, lWords []int32
	lLive               []int32
	// lLazy[d]: depth d's sets are not made yet, only its counts and its
	// set of all live placements: they are its parent's less the dying
	// set lDying[d*sparseWords:] (sparse.go's materialize).
	lLazy    []bool
	lDying   []uint64
	lSets    []uint64
	lCnt     []int32
	seen     []uint64
	listFrom int

	sums   []uint64       // scratch: the subset sums of the unplaced pieces' sizes
	around []aroundRegion // scratch: the regions aroundOK grows

	// The one-word search (small.go) keeps each depth's board and
	// pieces, the children of all depths on one stack (placement and
	// mask; depth d's at lo[d]..hi[d]-1, the next at pos[d]) and its
	// statistics per depth.
	emp, fre            []uint64
	kidI                []int32
	kidM                []uint64
	sLo, sHi, sPos      []int32
	smNodes, smBranches []int64
	smBranched          []int64
	smHist              [][HistogramMax + 1]int64
}

// NewSearch returns a search at the root of k's tree.
func (k *Kernel) NewSearch() *Search {
	levels := k.np + 2
	s := &Search{k: k, empty: k.full, free: k.allFree, listFrom: -1,
		path: make([]int32, levels), kids: make([][]int32, levels), surv: make([][]int32, levels),
		expanded: make([]bool, levels), solution: make([]bool, levels), item: make([]int32, levels), single: make([]bool, levels), pos: make([]int32, levels), at: make([]int64, levels),
		conn: make([]int8, levels), survConn: make([][]int8, levels),
		sums: make([]uint64, (k.n+64)/64+1), around: make([]aroundRegion, 0, maxAround)}
	longest := 0
	for _, l := range k.byItem {
		longest = max(longest, len(l))
	}
	for d := range s.kids {
		s.kids[d] = make([]int32, 0, longest)
		s.surv[d] = make([]int32, 0, longest)
		s.survConn[d] = make([]int8, 0, longest)
	}
	if k.small != nil {
		s.emp, s.fre = make([]uint64, levels), make([]uint64, levels)
		s.kidI, s.kidM = make([]int32, levels*longest+1), make([]uint64, levels*longest+1)
		s.sLo, s.sHi, s.sPos = make([]int32, levels), make([]int32, levels), make([]int32, levels)
		s.smNodes, s.smBranches, s.smBranched = make([]int64, levels+1), make([]int64, levels), make([]int64, levels)
		s.smHist = make([][HistogramMax + 1]int64, levels)
	}
	if k.entry != nil {
		s.initFewest()
		s.initSparse()
	}
	return s
}

// Depth is the number of placements on the path from the root.
func (s *Search) Depth() int { return s.depth }

// Path returns the placements chosen from the root to the current node;
// the slice is reused.
func (s *Search) Path() []int32 { return s.path[:s.depth] }

// place puts placement i on the board and moves one level down.
func (s *Search) place(i int32) { s.placeConn(i, connUnknown) }

// placeConn is place when whether the child is one region is known
// (conn, from childOK).
func (s *Search) placeConn(i int32, conn int8) {
	k, d := s.k, s.depth
	s.conn[d+1] = conn
	if s.list != nil && s.listFrom < 0 && s.liveTotal() <= k.listMax {
		s.buildList(d)
	}
	s.empty = s.empty.andNot(k.mask[i])
	s.free &^= k.pieceSet[i]
	s.path[d] = i
	switch {
	case s.listed(d):
		s.placeList(d, i)
	case s.live != nil:
		s.placeFewest(i)
	}
	s.depth++
	s.expanded[s.depth] = false
}

// unplace takes the last placement back and moves one level up.
func (s *Search) unplace() {
	k := s.k
	s.depth--
	d := s.depth
	i := s.path[d]
	switch {
	case s.listed(d):
		// The child's list is dropped with its depth.
	case s.live != nil:
		if s.listFrom == d+1 {
			s.listFrom = -1 // back above list mode: the bit sets serve again
		}
		s.unplaceFewest(d)
	}
	s.empty = s.empty.or(k.mask[i])
	s.free |= k.pieceSet[i]
}

// fits reports whether placement i can go on the board now.
func (s *Search) fits(i int32) bool {
	return s.k.avail(s.free)&s.k.pieceSet[i] != 0 && s.k.mask[i].subsetOf(s.empty)
}

// expand lists the children of the current node in kids[depth], all of
// them, before the dead-region test; with the test it also lists the
// survivors in surv[depth] if filter is set. A node without an item to branch on has no
// children, and is a solution when the board is full and every piece
// placed.
func (s *Search) expand(filter bool) {
	k, d := s.k, s.depth
	s.expanded[d] = filter == k.dead
	s.solution[d] = false
	kids := s.kids[d][:0]
	item := s.choose()
	s.item[d] = int32(item)
	switch {
	case item < 0:
		s.solution[d] = s.empty.isEmpty() && s.free&k.required == 0
	case k.rule == FewestCells && item < k.np:
		// A piece with no placement left (PieceCut): a dead end.
	case k.rule == FirstEmpty && item >= k.np:
		// The placements at the cell, run by run of one piece: a
		// placed piece's run is skipped whole.
		c, avail, empty := item-k.np, k.avail(s.free), s.empty
		win := empty.window(c)
		for _, r := range k.anchorRuns[c] {
			if avail>>r.piece&1 == 0 {
				continue
			}
			rel := k.anchorRel[r.lo:r.hi]
			pl := k.anchorPl[r.lo:r.hi]
			pl = pl[:len(rel)]
			for j, m := range rel {
				if m&^win != 0 {
					continue
				}
				if i := pl[j]; i >= 0 {
					kids = append(kids, i)
				} else if k.mask[^i].subsetOf(empty) {
					kids = append(kids, ^i)
				}
			}
		}
	case s.listed(d):
		kids = s.liveOfList(item, kids)
	case s.live != nil:
		kids = s.liveOf(item, kids)
	default:
		for _, i := range k.byItem[item] {
			if s.fits(i) {
				kids = append(kids, i)
			}
		}
	}
	s.kids[d] = kids
	if filter {
		surv, conn := s.surv[d][:0], s.survConn[d][:0]
		single := k.largest && k.uniform != 0 && s.singleAt(d)
		for _, i := range kids {
			if s.childOK(i, single) {
				surv = append(surv, i)
				conn = append(conn, s.next)
			}
		}
		s.surv[d], s.survConn[d] = surv, conn
	}
}

// choose returns the item the current node branches on (piece p as p,
// cell c as np+c), or -1 when there is none.
func (s *Search) choose() int {
	k := s.k
	switch k.rule {
	case FirstEmpty:
		for _, p := range k.lead {
			if s.free>>p&1 != 0 {
				return int(p)
			}
		}
		if c := s.empty.first(); c >= 0 {
			return k.np + c
		}
		return -1
	case Ordered:
		for _, it := range k.order {
			if int(it) < k.np {
				if (s.free&k.branch)>>it&1 != 0 {
					return int(it)
				}
			} else if s.empty.has(int(it) - k.np) {
				return int(it)
			}
		}
		return -1
	}
	if s.listed(s.depth) {
		return s.chooseList()
	}
	best, bestCnt := -1, int32(1<<30)
	if k.pieceCut {
		for f := s.free & k.required; f != 0; f &= f - 1 {
			if p := bits.TrailingZeros64(f); s.cnt[p] == 0 {
				return p
			}
		}
	}
	if k.rule == Fewest {
		for f := s.free & k.branch; f != 0; f &= f - 1 {
			p := bits.TrailingZeros64(f)
			if c := s.cnt[p]; c < bestCnt {
				best, bestCnt = p, c
				if c == 0 {
					return best
				}
			}
		}
	}
	// A cell's count is the sum of its unplaced pieces' counts, stopped
	// when it reaches the best so far.
	np, free := k.np, k.avail(s.free)
	for w, x := range s.empty {
		for x != 0 {
			c := w<<6 + bits.TrailingZeros64(x)
			x &= x - 1
			row := s.cellPiece[c*np:][:np]
			sum := int32(0)
			for f := free; f != 0 && sum < bestCnt; f &= f - 1 {
				sum += row[bits.TrailingZeros64(f)]
			}
			if sum < bestCnt {
				best, bestCnt = np+c, sum
				if sum == 0 {
					return best
				}
			}
		}
	}
	return best
}

// Branches returns the number of children of the current node (with the
// dead-region test, only those that pass it); solution reports a leaf
// that is a solution. It implements estimate.Tree.
func (s *Search) Branches() (n int, solution bool) {
	d := s.depth
	if !s.expanded[d] {
		if d == 0 && s.k.dead && !s.regionsOK(s.empty, s.free) {
			s.expanded[d], s.solution[d] = true, false
			s.kids[d], s.surv[d], s.survConn[d] = s.kids[d][:0], s.surv[d][:0], s.survConn[d][:0]
			return 0, false
		}
		s.expand(s.k.dead)
	}
	return len(s.children(d)), s.solution[d]
}

// children returns the children of the node at depth d as the tree sees
// them: the survivors of the dead-region test when there is one.
func (s *Search) children(d int) []int32 {
	if s.k.dead {
		return s.surv[d]
	}
	return s.kids[d]
}

// Down moves to child k of the current node, 0 <= k < n from Branches.
func (s *Search) Down(k int) {
	n, _ := s.Branches()
	if k < 0 || k >= n {
		panic("bitpack: Search.Down: child out of range")
	}
	s.placeConn(s.children(s.depth)[k], s.connOf(s.depth, k))
}

// connOf is what the test of the node at depth d learnt of whether its
// child number k (of children) is one region.
func (s *Search) connOf(d, k int) int8 {
	if s.k.dead {
		return s.survConn[d][k]
	}
	return connUnknown
}

// Up moves back to the parent of the current node.
func (s *Search) Up() {
	if s.depth == 0 {
		panic("bitpack: Search.Up at the root")
	}
	s.unplace()
}

// Reset moves the search back to the root.
func (s *Search) Reset() {
	for s.depth > 0 {
		s.unplace()
	}
}
