package xcover

import "unsafe"

// The exact-cover path: Algorithm C without colours, pruner or items
// that are never branched on, the case of every DLX file without colours
// and of packings. It searches the same tree as search (same nodes, same
// statistics, same order of solutions) with less work per node; see the
// package documentation, "The exact-cover path".

// zeroWatch is the work of the exact-cover path at one node: the number
// of active primary items whose option count is zero. When it is
// positive after an option is applied, the child is a dead end: the
// chosen item there would have no options. The counter is kept by the
// covering loops and restored, never recomputed, on the way back.

// exact reports whether Solve may take the exact-cover path.
func (s *Solver) exact() bool { return s.plain && s.strat == Fewest && s.prune == nil && !s.general }

// searchExact is Algorithm C from level l on the exact-cover path, at any
// node (a worker's task may be a dead end or a solution).
func (s *Solver) searchExact(l int) {
	i := s.choose()
	if i == 0 {
		s.solved(l)
		return
	}
	if s.nd[i].top == 0 {
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
	if s.strat == Fewest {
		nd, rlink := s.nd, s.rlink
		best := nd[first].top
		for k := rlink[first]; k != 0 && best > 1; k = rlink[k] {
			if t := nd[k].top; t < best {
				i, best = k, t
			}
		}
	}
	s.branchExact(l, i)
}

// branchExact tries the options of item i (with at least one option) at
// level l.
func (s *Solver) branchExact(l int, i int32) {
	s.count(l + 1)
	n := s.nd[i].top
	s.stats.Branches[l] += int64(n)
	s.stats.Branched[l]++
	s.stats.Histogram[l][min(n, HistogramMax)]++
	zeros := s.coverExact(i)
	for x := s.nd[i].dlink; x != i; x = s.nd[x].dlink {
		s.stats.Nodes++
		s.stats.NodesByDepth[l+1]++
		if s.stats.Nodes >= s.checkAt {
			s.checkAt = s.stats.Nodes + checkNodes
			s.report()
			if err := s.ctx.Err(); err != nil {
				s.err, s.stop = err, true
			}
		}
		s.choice[l] = x
		if s.applyExact(l, x, zeros) {
			if !s.stop {
				s.liveExact(l + 1)
			}
			s.unapplyExact(l)
		} else {
			s.deadEnd(l + 1)
		}
		if s.stop {
			break
		}
	}
	s.uncoverExact(i)
}

// applyExact covers the other items of x's option, chosen at level l,
// given the number of active primary items with no options. It reports
// whether the child is alive; if not, it has undone what it did. The
// items are covered in the order of their option counts, fewest first,
// so that the cheap covers come first; the covering stops at the first
// item outside the option left with no options (before any covering when
// the option misses an item that is empty already).
func (s *Solver) applyExact(l int, x int32, zeros int32) bool {
	nd := s.nd
	stamp := s.stamp
	n1 := int32(s.n1)
	w := s.width
	buf := s.order[l*w : l*w+w]
	k := 0
	empty := int32(0)
	for q := x + 1; q != x; {
		c := nd[q].top
		if c <= 0 {
			q = nd[q].ulink
			continue
		}
		stamp[c] = x
		t := nd[c].top
		if t == 0 && c <= n1 {
			empty++
		}
		j := k
		for ; j > 0 && nd[buf[j-1]].top > t; j-- {
			buf[j] = buf[j-1]
		}
		buf[j] = c
		k++
		q++
	}
	s.olen[l] = int32(k)
	if zeros > empty {
		return false
	}
	for j, c := range buf[:k] {
		if !s.coverLive(c, x) {
			for j--; j >= 0; j-- {
				s.uncoverExact(buf[j])
			}
			return false
		}
	}
	return true
}

// unapplyExact undoes applyExact at level l that succeeded.
func (s *Solver) unapplyExact(l int) {
	buf := s.order[l*s.width : l*s.width+int(s.olen[l])]
	for j := len(buf) - 1; j >= 0; j-- {
		s.uncoverExact(buf[j])
	}
}

// coverExact covers item c: it leaves the active list and every other
// node of its options leaves its item's list. It returns how many
// primary items it left with no options.
func (s *Solver) coverExact(c int32) int32 {
	base := unsafe.Pointer(unsafe.SliceData(s.nd))
	n1 := int32(s.n1)
	zeros := int32(0)
	updates := int64(0)
	for r := at(base, c).dlink; r != c; r = at(base, r).dlink {
		for q := r + 1; q != r; {
			n := at(base, q)
			x := n.top
			if x <= 0 {
				q = n.ulink
				continue
			}
			u, d := n.ulink, n.dlink
			at(base, u).dlink = d
			at(base, d).ulink = u
			h := at(base, x)
			t := h.top - 1
			h.top = t
			if t == 0 && x <= n1 {
				zeros++
			}
			updates++
			q++
		}
	}
	s.stats.Updates += updates
	l, r := s.llink[c], s.rlink[c]
	s.rlink[l], s.llink[r] = r, l
	return zeros
}

// coverLive is coverExact(c) while applying the option of node x, whose
// items are stamped x: it stops, undoes its work and reports false as
// soon as a primary item not in that option is left with no options,
// which makes the child a dead end.
func (s *Solver) coverLive(c, x int32) bool {
	base := unsafe.Pointer(unsafe.SliceData(s.nd))
	stamp := s.stamp
	n1 := int32(s.n1)
	dead := false
	updates := int64(0)
	for r := at(base, c).dlink; r != c; r = at(base, r).dlink {
		for q := r + 1; q != r; {
			n := at(base, q)
			y := n.top
			if y <= 0 {
				q = n.ulink
				continue
			}
			u, d := n.ulink, n.dlink
			at(base, u).dlink = d
			at(base, d).ulink = u
			h := at(base, y)
			t := h.top - 1
			h.top = t
			if t == 0 && y <= n1 && stamp[y] != x {
				dead = true
			}
			updates++
			q++
		}
		if dead {
			s.stats.Updates += updates
			for ; r != c; r = at(base, r).ulink {
				unhideExact(base, r)
			}
			return false
		}
	}
	s.stats.Updates += updates
	l, r := s.llink[c], s.rlink[c]
	s.rlink[l], s.llink[r] = r, l
	return true
}

// uncoverExact undoes coverExact(c).
func (s *Solver) uncoverExact(c int32) {
	l, r := s.llink[c], s.rlink[c]
	s.rlink[l], s.llink[r] = c, c
	base := unsafe.Pointer(unsafe.SliceData(s.nd))
	for r := at(base, c).ulink; r != c; r = at(base, r).ulink {
		unhideExact(base, r)
	}
}

// unhideExact puts the other nodes of r's option back in their items'
// lists, in the reverse order of their removal.
func unhideExact(base unsafe.Pointer, r int32) {
	for q := r - 1; q != r; {
		n := at(base, q)
		x := n.top
		if x <= 0 {
			q = n.dlink
			continue
		}
		at(base, n.ulink).dlink = q
		at(base, n.dlink).ulink = q
		at(base, x).top++
		q--
	}
}

// at returns node i of the array that starts at base, without a bounds
// check: every link of a compiled solver is an index into its nodes, so
// the check could never fail, and it costs a compare and a branch on each
// of the five memory accesses of a link update.
func at(base unsafe.Pointer, i int32) *node {
	return (*node)(unsafe.Add(base, uintptr(i)*unsafe.Sizeof(node{})))
}
