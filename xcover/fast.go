package xcover

import "unsafe"

// The exact-cover path: Algorithm C for problems without colours,
// multiplicities, pruner or items never branched on, under the fewest
// rule (the case of every colourless DLX file and of packings). It
// searches the same tree as search, with the same nodes, statistics and
// solutions in the same order, with about half the link updates; the
// package documentation, "The exact-cover path", gives the algorithm and
// its costs.

// exact reports whether Solve may take the exact-cover path.
func (s *Solver) exact() bool {
	return s.xn != nil && s.strat == Fewest && s.prune == nil && !s.general
}

// nodeSize is the size of a node in bytes: the exact-cover path's links
// are byte offsets, index times nodeSize, so that following one is an
// addition, without the sign extension, shift and bounds check of an
// index.
const nodeSize = int32(unsafe.Sizeof(xnode{}))

// xnode is a node of the exact-cover path: node without the colour,
// three quarters of the memory.
type xnode struct {
	top, ulink, dlink int32
}

// maxExactNodes bounds the nodes of a problem on the exact-cover path:
// its byte offsets must fit in an int32.
const maxExactNodes = (1<<31 - 1) / int64(nodeSize)

// newLinks returns a copy of the solver's nodes with every link and every
// option node's item (top) as a byte offset; headers keep their LEN and
// spacers their top.
func (s *Solver) newLinks() []xnode {
	xn := make([]xnode, len(s.nd))
	for x, n := range s.nd {
		if x > s.n && n.top > 0 {
			n.top *= nodeSize
		}
		xn[x] = xnode{n.top, n.ulink * nodeSize, n.dlink * nodeSize}
	}
	return xn
}

// nextItem returns the node after q (a byte offset) in its option,
// cyclically, and that node's item: for q, c := nextItem(base, xo);
// q != xo; q, c = nextItem(base, q) visits the other items of the
// option of the node at xo.
func nextItem(base unsafe.Pointer, q int32) (int32, int32) {
	q += nodeSize
	n := at(base, q)
	if n.top <= 0 {
		q = n.ulink
		n = at(base, q)
	}
	return q, n.top / nodeSize
}

// searchExact is Algorithm C from level l on the exact-cover path, at any
// node (a worker's task may be a dead end or a solution).
func (s *Solver) searchExact(l int) {
	xn, rlink := s.xn, s.rlink
	i := rlink[0]
	if i == 0 {
		s.solved(l)
		return
	}
	for k := rlink[i]; k != 0 && xn[i].top > 0; k = rlink[k] {
		if xn[k].top < xn[i].top {
			i = k
		}
	}
	if xn[i].top == 0 {
		s.deadEnd(l)
		return
	}
	s.branchExact(l, i)
}

// solved records a solution at level l (every primary item covered).
func (s *Solver) solved(l int) {
	s.found++
	if s.visit != nil && !s.visit(s.solution(l)) {
		s.stop = true
	}
	if s.limit > 0 && s.found >= s.limit {
		s.stop = true
	}
}

// deadEnd records a node at level l whose chosen item has no options, as
// search does: it branched on an item with zero options.
func (s *Solver) deadEnd(l int) {
	s.count(l + 1)
	s.stats.Branched[l]++
	s.stats.Histogram[l][0]++
}

// liveExact searches below a node at level l that is known not to be a
// dead end (every active primary item has an option), so that the first
// item with one option is the first of the fewest.
func (s *Solver) liveExact(l int) {
	first := s.rlink[0]
	if first == 0 {
		s.solved(l)
		return
	}
	i := first
	xn, rlink := s.xn, s.rlink
	best := xn[first].top
	for k := rlink[first]; k != 0 && best > 1; k = rlink[k] {
		if t := xn[k].top; t < best {
			i, best = k, t
		}
	}
	s.branchExact(l, i)
}

// branchExact tries the options of item i (with at least one option) at
// level l.
//
// The items the options cover are kept on a stack of the level's own,
// and a sibling keeps what it shares with the one before: moving from
// option x to the next, x', only the covers above the longest bottom run
// of the stack that x' also has are undone, and only x”s other items
// are covered. The state after covering a set of items does not depend
// on the order, so that this searches the same tree; placements of one
// piece, which follow each other in a cell's list, share the piece's
// cover, the dearest of all. Each option's new items are covered those
// shared with the next option first, then the fewest options first.
func (s *Solver) branchExact(l int, i int32) {
	s.count(l + 1)
	n := s.xn[i].top
	s.stats.Branches[l] += int64(n)
	s.stats.Branched[l]++
	s.stats.Histogram[l][min(n, HistogramMax)]++
	zeros := s.coverExact(i)
	w := s.width
	stk := s.order[l*w : l*w+w]   // items covered, bottom first
	zs := s.zstack[l*w : l*w+w+1] // zs[j]: empty items before stk[j] was covered
	h := 0
	for x := s.xn[i].dlink / nodeSize; x != i; x = s.xn[x].dlink / nodeSize {
		s.countNode(l)
		s.choice[l] = x
		next := s.xn[x].dlink / nodeSize
		var alive bool
		h, zeros, alive = s.moveTo(stk, zs, h, zeros, x, next, i)
		if alive {
			if !s.stop {
				s.liveExact(l + 1)
			}
		} else {
			s.deadEnd(l + 1)
		}
		if s.stop {
			break
		}
	}
	for h > 0 {
		h--
		s.uncoverExact(stk[h])
	}
	s.uncoverExact(i)
}

// moveTo turns the level's stack of h covered items (with zeros empty
// items) into one for option x, whose item i is covered already, and
// returns its height, the empty items, and whether the child is alive:
// the stack then holds every other item of x's option; it holds fewer
// when a cover emptied an item outside the option. next, the option
// after x in i's list (or i), orders x's new items.
func (s *Solver) moveTo(stk, zs []int32, h int, zeros int32, x, next, i int32) (int, int32, bool) {
	xn, stamp := s.xn, s.stamp
	base := unsafe.Pointer(unsafe.SliceData(xn))
	n1 := int32(s.n1)
	xo := x * nodeSize
	m := 0
	for q, c := nextItem(base, xo); q != xo; q, c = nextItem(base, q) {
		stamp[c] = x
		m++
	}
	keep := 0
	for keep < h && stamp[stk[keep]] == x {
		stamp[stk[keep]] = -x // x's, covered already
		keep++
	}
	if keep < h {
		for h > keep {
			h--
			s.uncoverExact(stk[h])
		}
		zeros = zs[keep]
	}
	if next != i {
		no := next * nodeSize
		for q, c := nextItem(base, no); q != no; q, c = nextItem(base, q) {
			s.stampNext[c] = next
		}
	}
	// The items still to cover, those shared with next first, then the
	// fewest options first; and the empty ones among them.
	k := h
	empty := int32(0)
	for q, c := nextItem(base, xo); q != xo; q, c = nextItem(base, q) {
		if stamp[c] != x {
			continue
		}
		if xn[c].top == 0 && c <= n1 {
			empty++
		}
		key := s.sortKey(c, next)
		j := k
		for ; j > h && s.sortKey(stk[j-1], next) > key; j-- {
			stk[j] = stk[j-1]
		}
		stk[j] = c
		k++
	}
	for j := 0; j < keep; j++ {
		stamp[stk[j]] = x
	}
	if zeros > empty {
		return h, zeros, false
	}
	for ; h < k; h++ {
		c := stk[h]
		zs[h] = zeros
		if xn[c].top == 0 && c <= n1 {
			zeros-- // an empty item leaves the active ones
		}
		created, ok := s.coverLive(c, x)
		if !ok {
			return h, zs[h], false
		}
		zeros += created
	}
	return h, zeros, h == m && zeros == 0
}

// sortKey orders an option's items to cover: those in the option of
// node next first, then the fewest options first.
func (s *Solver) sortKey(c, next int32) int32 {
	key := s.xn[c].top
	if s.stampNext[c] != next {
		key += 1 << 30
	}
	return key
}

// optionItems puts the other items of x's option in level l's slots,
// fewest options first, and returns them.
func (s *Solver) optionItems(l int, x int32) []int32 {
	xn := s.xn
	base := unsafe.Pointer(unsafe.SliceData(xn))
	w := s.width
	buf := s.order[l*w : l*w+w]
	k := 0
	xo := x * nodeSize
	for q, c := nextItem(base, xo); q != xo; q, c = nextItem(base, q) {
		t := xn[c].top
		j := k
		for ; j > 0 && xn[buf[j-1]].top > t; j-- {
			buf[j] = buf[j-1]
		}
		buf[j] = c
		k++
	}
	s.olen[l] = int32(k)
	return buf[:k]
}

// unapplyExact undoes applyExact at level l that succeeded.
func (s *Solver) unapplyExact(l int) {
	buf := s.order[l*s.width : l*s.width+int(s.olen[l])]
	for j := len(buf) - 1; j >= 0; j-- {
		s.uncoverExact(buf[j])
	}
}

// replayExact makes a worker's task's choices from the root (see replay).
func (s *Solver) replayExact(t []int32) {
	for l, x := range t {
		s.coverExact(s.nd[x].top)
		s.choice[l] = x
		for _, c := range s.optionItems(l, x) {
			s.coverExact(c)
		}
	}
}

// unreplayExact undoes replayExact.
func (s *Solver) unreplayExact(t []int32) {
	for l := len(t) - 1; l >= 0; l-- {
		s.unapplyExact(l)
		s.uncoverExact(s.nd[t[l]].top)
	}
}

// coverExact covers item c: it leaves the active list and every other
// node of its options leaves its item's list. It returns how many
// primary items it left with no options.
func (s *Solver) coverExact(c int32) int32 {
	zeros, updates := hideAll(unsafe.Pointer(unsafe.SliceData(s.xn)), c*nodeSize, int32(s.n1)*nodeSize)
	s.stats.Updates += updates
	l, r := s.llink[c], s.rlink[c]
	s.rlink[l], s.llink[r] = r, l
	return zeros
}

// hideAll hides the options of the item at byte offset co and returns
// how many primary items (offsets up to n1) it left with no options, and
// how many nodes it hid: hideUntilEmpty's loop, the options that empty an
// item counted after.
func hideAll(base unsafe.Pointer, co, n1 int32) (zeros int32, updates int64) {
	for r := at(base, co).dlink; r != co; r = at(base, r).dlink {
		var u int64
		r, u = hideUntilEmpty(base, r, co)
		updates += u
		if r == co {
			break
		}
		emptied, _ := emptiedBy(base, r, n1, nil, 0)
		zeros += emptied
	}
	return zeros, updates
}

// coverLive is coverExact(c) while applying the option of node x, whose
// items are stamped x: it stops, undoes its work and reports false as
// soon as a primary item not in that option is left with no options,
// which makes the child a dead end.
func (s *Solver) coverLive(c, x int32) (int32, bool) {
	base := unsafe.Pointer(unsafe.SliceData(s.xn))
	co := c * nodeSize
	n1 := int32(s.n1) * nodeSize
	created := int32(0)
	for r := at(base, co).dlink; r != co; r = at(base, r).dlink {
		var updates int64
		r, updates = hideUntilEmpty(base, r, co)
		s.stats.Updates += updates
		if r == co {
			break
		}
		emptied, outside := emptiedBy(base, r, n1, s.stamp, x)
		if outside {
			for ; r != co; r = at(base, r).ulink {
				unhideExact(base, r)
			}
			return 0, false
		}
		created += emptied
	}
	l, r := s.llink[c], s.rlink[c]
	s.rlink[l], s.llink[r] = r, l
	return created, true
}

// hideUntilEmpty hides the options of the item at byte offset co from
// the one of node r on, up to and including the first that leaves an
// item with no options. It returns that option's node, or co if none
// did, and how many nodes it hid. Its loop is the hottest of the search:
// it keeps nothing but its own values in registers (written out in coverLive, with the solver and
// the option's stamp live, the loop reloaded five values from the stack
// on each node), and it tells an emptied item without a branch: a count
// t, at least 0, is 0 when t-1 is negative.
func hideUntilEmpty(base unsafe.Pointer, r, co int32) (int32, int64) {
	updates := int64(0)
	for ; r != co; r = at(base, r).dlink {
		low := int32(0) // negative once an item is emptied
		for q := r + nodeSize; q != r; q += nodeSize {
			n := at(base, q)
			y := n.top
			if y <= 0 {
				q = n.ulink - nodeSize // the option's first node next
				continue
			}
			u, d := n.ulink, n.dlink
			at(base, u).dlink = d
			at(base, d).ulink = u
			h := at(base, y)
			t := h.top - 1
			h.top = t
			low |= t - 1
			updates++
		}
		if low < 0 {
			return r, updates
		}
	}
	return co, updates
}

// emptiedBy returns how many primary items (offsets up to n1) of r's
// option, just hidden, have no options left, and, given the items'
// stamps, whether one of them is not an item of x's option (stamped x);
// it then stops counting.
func emptiedBy(base unsafe.Pointer, r, n1 int32, stamp []int32, x int32) (int32, bool) {
	emptied := int32(0)
	for q := r + nodeSize; q != r; {
		n := at(base, q)
		y := n.top
		if y <= 0 {
			q = n.ulink
			continue
		}
		if y <= n1 && at(base, y).top == 0 {
			if stamp != nil && stamp[y/nodeSize] != x {
				return emptied, true
			}
			emptied++
		}
		q += nodeSize
	}
	return emptied, false
}

// uncoverExact undoes coverExact(c).
func (s *Solver) uncoverExact(c int32) {
	l, r := s.llink[c], s.rlink[c]
	s.rlink[l], s.llink[r] = c, c
	unhideAll(unsafe.Pointer(unsafe.SliceData(s.xn)), c*nodeSize)
}

// unhideAll puts back the options of the item at byte offset co, last
// hidden first: one call for the item rather than one for each option,
// the loop's few values kept in registers.
func unhideAll(base unsafe.Pointer, co int32) {
	for r := at(base, co).ulink; r != co; r = at(base, r).ulink {
		for q := r - nodeSize; q != r; q -= nodeSize {
			n := at(base, q)
			y := n.top
			if y <= 0 {
				q = n.dlink + nodeSize // the option's last node next
				continue
			}
			at(base, n.ulink).dlink = q
			at(base, n.dlink).ulink = q
			at(base, y).top++
		}
	}
}

// unhideExact puts the other nodes of the option of r (a byte offset)
// back in their items' lists, in the reverse order of their removal.
func unhideExact(base unsafe.Pointer, r int32) {
	for q := r - nodeSize; q != r; {
		n := at(base, q)
		y := n.top
		if y <= 0 {
			q = n.dlink
			continue
		}
		at(base, n.ulink).dlink = q
		at(base, n.dlink).ulink = q
		at(base, y).top++
		q -= nodeSize
	}
}

// at returns the node at byte offset off of the array that starts at
// base, without a bounds check: every link of the exact-cover path is
// an offset into its nodes, so the check could never fail, and it would
// cost a compare and a branch on each of the five memory accesses of a
// link update.
func at(base unsafe.Pointer, off int32) *xnode {
	return (*xnode)(unsafe.Add(base, uintptr(uint32(off))))
}
