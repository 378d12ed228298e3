package bitpack

import (
	"context"
	"math/bits"

	"github.com/branchwise/branchwise/estimate"
)

// maxShiftGroups is the most neighbour offsets for which the one-word
// flood fill grows a region by shifts; beyond it (irregular boards), the
// fill ORs the neighbour masks cell by cell.
const maxShiftGroups = 16

// small holds the tables of the one-word FirstEmpty search, for boards of
// at most 64 cells: for every cell and piece, the masks of the piece's
// placements anchored at the cell, in the placements' order, side by side
// so that a node's scan reads consecutive words.
type small struct {
	start []int32 // the placements of cell c, piece p: start[c*np+p] .. start[c*np+p+1]-1
	mask  []uint64
	idx   []int32
	// The neighbours of the cells as shifts: cell i's neighbour at i+d
	// for every i in left[g].m, d = left[g].d, and at i-d for every i in
	// right[g].m, d = right[g].d.
	left, right []shiftGroup
	// two2 is set when there are two of each (the square grid): grow
	// then reads l0, l1, r0, r1 without a loop.
	two2           bool
	l0, l1, r0, r1 shiftGroup
	adj            []uint64 // the neighbours of each cell, when there are too many groups
	border         []uint64 // the cells next to each placement
	// deadSize has bit z set when a region of z cells (z < 64) is not a
	// multiple of the pieces' one size: a table, not a division.
	deadSize uint64
}

type shiftGroup struct {
	d int
	m uint64
}

// newSmall builds the one-word tables, or returns nil when the board or
// the rule does not allow them.
func (k *Kernel) newSmall() *small {
	if k.rule != FirstEmpty || k.n > 64 || k.colourMin != nil || k.hasCopies() {
		return nil // the one-word search has no colour test, and places every piece once
	}
	sm := &small{start: make([]int32, k.n*k.np+1)}
	for c := 0; c < k.n; c++ {
		for p := 0; p < k.np; p++ {
			sm.start[c*k.np+p] = int32(len(sm.idx))
			for _, i := range k.anchored[c] {
				if int(k.piece[i]) == p {
					sm.idx = append(sm.idx, i)
					sm.mask = append(sm.mask, k.mask[i][0])
				}
			}
		}
	}
	sm.start[k.n*k.np] = int32(len(sm.idx))
	if k.dead {
		sm.border = make([]uint64, len(k.border))
		for i, b := range k.border {
			sm.border[i] = b[0]
		}
		byD := map[int]uint64{}
		var ds []int
		for c := 0; c < k.n; c++ {
			for _, d := range cellsOf(k.adj[c]) {
				if byD[d-c] == 0 {
					ds = append(ds, d-c)
				}
				byD[d-c] |= 1 << c
			}
		}
		if len(ds) <= maxShiftGroups {
			for _, d := range ds {
				if d > 0 {
					sm.left = append(sm.left, shiftGroup{d, byD[d]})
				} else {
					sm.right = append(sm.right, shiftGroup{-d, byD[d]})
				}
			}
		} else {
			for c := 0; c < k.n; c++ {
				sm.adj = append(sm.adj, k.adj[c][0])
			}
		}
	}
	if k.uniform != 0 {
		for z := 0; z < 64; z++ {
			if z%k.uniform != 0 {
				sm.deadSize |= 1 << z
			}
		}
	}
	if len(sm.left) == 2 && len(sm.right) == 2 {
		sm.two2 = true
		sm.l0, sm.l1, sm.r0, sm.r1 = sm.left[0], sm.left[1], sm.right[0], sm.right[1]
	}
	return sm
}

func cellsOf(s Set) []int {
	var out []int
	s.forEach(func(c int) { out = append(out, c) })
	return out
}

// grow returns the neighbours of the cells of x.
func (sm *small) grow(x uint64) uint64 {
	if sm.two2 {
		return (x&sm.l0.m)<<(sm.l0.d&63) | (x&sm.l1.m)<<(sm.l1.d&63) | (x&sm.r0.m)>>(sm.r0.d&63) | (x&sm.r1.m)>>(sm.r1.d&63)
	}
	var nb uint64
	if sm.adj != nil {
		for y := x; y != 0; y &= y - 1 {
			nb |= sm.adj[bits.TrailingZeros64(y)]
		}
		return nb
	}
	for _, g := range sm.left {
		nb |= (x & g.m) << (g.d & 63)
	}
	for _, g := range sm.right {
		nb |= (x & g.m) >> (g.d & 63)
	}
	return nb
}

// regionsOK is Search.regionsOK on one word.
func (s *Search) regionsOK1(empty, free uint64) bool {
	k, sm := s.k, s.k.small
	if empty == 0 {
		return true
	}
	if k.uniform == 0 {
		s.subsetSums(free)
	}
	rest := empty
	left := bits.OnesCount64(rest)
	largest := 0
	for left > 0 {
		region := rest & -rest
		for {
			g := (region | sm.grow(region)) & rest
			if g == region {
				break
			}
			region = g
		}
		size := bits.OnesCount64(region)
		rest &^= region
		left -= size
		if k.largest {
			largest = max(largest, size)
			if largest >= left {
				break
			}
			continue
		}
		if !s.fillable(size) {
			return false
		}
	}
	return !k.largest || s.fillable(largest)
}

// aroundOK is Search.aroundOK on one word, for pieces of one size u
// and every region tested: the child's empty cells e, the placement's
// empty neighbours seeds. The regions of e that hold the seeds are
// grown one at a time from the lowest seed, a whole neighbourhood at a
// step (a few shifts, whatever the region's size); a region that stops
// growing is complete and its size must be a multiple of u; a region
// that holds every seed left is the last (each region of the child
// that the node did not have touches the placement), and its size is
// what the others leave of the node's region, a multiple of u: the
// test passes without filling it.
func (sm *small) aroundOK(seeds, e uint64) bool {
	for seeds != 0 {
		r := seeds & -seeds
		for {
			g := (r | sm.grow(r)) & e
			if seeds&^g == 0 {
				return true
			}
			if g == r {
				break
			}
			r = g
		}
		if sm.deadSize>>bits.OnesCount64(r)&1 != 0 {
			return false
		}
		seeds &^= r
	}
	return true
}

// solveSmall is Solve for the one-word FirstEmpty search: the same tree
// and statistics, in one loop without calls on the way down: the board
// and the pieces of every depth kept on a stack instead of undone, the
// children of all the depths on the path on one flat stack (a child's
// placement and mask), and the statistics counted per depth in the
// search's own arrays and added to the result at the end.
func (s *Search) solveSmall(ctx context.Context, limit int64, visit func(placements []int32) bool) Result {
	k, sm := s.k, s.k.small
	var r Result
	st := &r.Stats
	base := s.depth
	e0, f0 := s.empty[0], s.free
	if base == 0 && k.dead && !s.regionsOK1(e0, f0) {
		st.grow(base + 1)
		st.NodesByDepth[0] = 1
		st.Pruned++
		return r
	}
	around := k.dead && k.uniform != 0 && !k.largest
	holeOfOne := k.uniform > 1 // a region of one cell is dead
	emp, fre, path := s.emp, s.fre, s.path
	kidI, kidM := s.kidI, s.kidM
	lo, hi, pos := s.sLo, s.sHi, s.sPos
	nodesBy, branches, branched, hist := s.smNodes, s.smBranches, s.smBranched, s.smHist
	clear(nodesBy)
	clear(branches)
	clear(branched)
	clear(hist)
	pieceSet := k.pieceSet
	var nodes, pruned int64
	check := int64(checkEvery)
	deepest := base
	whole := false // the subtree searched to its end
	d, top := base, int32(0)
	emp[d], fre[d] = e0, f0
expand:
	for {
		// List the children of the node at depth d: the placements at
		// its first empty cell (or of a lead piece) that fit.
		e, f := emp[d], fre[d]
		lo[d] = top
		var leaf bool
		if top, leaf = s.kidsSmall(e, f, top); leaf {
			if f == 0 {
				r.Solutions++
				if visit != nil && !visit(path[:d]) || limit > 0 && r.Solutions >= limit {
					break expand
				}
			}
			hi[d], pos[d] = top, top
			goto next
		}
		{
			n := top - lo[d]
			branches[d] += int64(n)
			branched[d]++
			hist[d][min(n, HistogramMax)]++
			deepest = max(deepest, d)
			hi[d], pos[d] = top, lo[d]
		}
	next:
		// Go down to the next child that passes the dead-region test, up
		// as far as needed.
		for {
			if j := pos[d]; j < hi[d] {
				pos[d] = j + 1
				nodes++
				nodesBy[d+1]++
				if nodes >= check {
					if k.tracker != nil {
						s.trackSmall(base, d)
					}
					var err error
					if check, err = k.report(ctx, nodes, check); err != nil {
						r.Err = err
						break expand
					}
				}
				i := kidI[j]
				e, f := emp[d]&^kidM[j], fre[d]&^pieceSet[i]
				// childOK1, written out: a call per child costs the
				// search 7 to 10 per cent (BenchmarkSolve6x10).
				if around {
					seeds := sm.border[i] & e
					if holeOfOne && seeds&^sm.grow(e) != 0 || !sm.aroundOK(seeds, e) {
						pruned++
						continue
					}
				} else if k.dead && !s.regionsOK1(e, f) {
					pruned++
					continue
				}
				path[d] = i
				d++
				emp[d], fre[d] = e, f
				continue expand
			}
			top = lo[d]
			if d == base {
				whole = true
				break expand
			}
			d--
		}
	}
	st.grow(deepest + 1)
	if base == 0 {
		st.NodesByDepth[0] = 1 // below the root, a node is counted by its parent
	}
	st.Nodes, st.Pruned = nodes, pruned
	for d := base; d <= deepest; d++ {
		st.NodesByDepth[d+1] += nodesBy[d+1]
		st.Branches[d], st.Branched[d], st.Histogram[d] = branches[d], branched[d], hist[d]
	}
	if k.tracker != nil && whole {
		k.tracker.whole(nodes)
	}
	if k.progress != nil {
		k.progress(nodes - check + checkEvery)
	}
	return r
}

// kidsSmall lists the children of a node of the one-word search, the
// board e and the pieces f, on the stack kidI, kidM from top: the
// placements at its first empty cell (or of a lead piece) that fit. It
// returns the new top and whether the node is a leaf (no lead piece and
// no empty cell: a solution when f is empty), which has no children.
func (s *Search) kidsSmall(e, f uint64, top int32) (int32, bool) {
	k, sm := s.k, s.k.small
	kidI, kidM := s.kidI, s.kidM
	for _, p := range k.lead {
		if f>>p&1 != 0 {
			for _, i := range k.byItem[p] {
				if m := k.mask[i][0]; m&^e == 0 {
					kidI[top], kidM[top] = i, m
					top++
				}
			}
			return top, false
		}
	}
	if e == 0 {
		return top, true
	}
	np := k.np
	c := bits.TrailingZeros64(e)
	row := sm.start[c*np : c*np+np+1]
	masks, idx := sm.mask, sm.idx
	for ff := f; ff != 0; ff &= ff - 1 {
		p := bits.TrailingZeros64(ff)
		for j := row[p]; j < row[p+1]; j++ {
			// Written always, kept when it fits: no branch to
			// mispredict.
			m := masks[j]
			kidI[top], kidM[top] = idx[j], m
			t := m &^ e
			top += int32((t|-t)>>63) ^ 1
		}
	}
	return top, false
}

// childOK1 is the dead-region test of the one-word search (the kernel
// has one) on the child of placement i, with the board e and the pieces
// f: for pieces of one size, aroundOK on the regions next to the
// placement; otherwise regionsOK1 on the whole board.
func (s *Search) childOK1(i int32, e, f uint64) bool {
	k, sm := s.k, s.k.small
	if k.uniform != 0 && !k.largest {
		seeds := sm.border[i] & e
		// With pieces of more than one cell, a region of one cell is dead.
		return !(k.uniform > 1 && seeds&^sm.grow(e) != 0) && sm.aroundOK(seeds, e)
	}
	return s.regionsOK1(e, f)
}

// countSmall is CountSubtree for the one-word FirstEmpty search: the
// same tree (the survivors of the dead-region test) walked on solveSmall's
// stacks, without calls to place and unplace.
func (s *Search) countSmall(p *estimate.Profile, maxDepth int, stop func() bool) {
	k := s.k
	emp, fre, kidI, kidM := s.emp, s.fre, s.kidI, s.kidM
	lo, hi, pos := s.sLo, s.sHi, s.sPos
	base := s.depth
	d, top := base, int32(0)
	emp[d], fre[d] = s.empty[0], s.free
	// At the root the test is of the board itself; below, the node is a
	// survivor of its parent's test.
	rootDead := base == 0 && k.dead && !s.regionsOK1(emp[d], fre[d])
	steps := 0
	for {
		// Count the node at depth d and list its children, unless they
		// are at maxDepth (counted, not visited) or below it.
		p.Grow(d)
		p.Nodes[d]++
		lo[d], hi[d], pos[d] = top, top, top
		if d < maxDepth {
			end := top
			if !rootDead {
				e, f := emp[d], fre[d]
				var leaf bool
				if end, leaf = s.kidsSmall(e, f, top); leaf && f == 0 {
					p.Solutions[d]++
				}
				if k.dead { // keep the survivors
					n := top
					for j := top; j < end; j++ {
						if s.childOK1(kidI[j], e&^kidM[j], f&^k.pieceSet[kidI[j]]) {
							kidI[n], kidM[n] = kidI[j], kidM[j]
							n++
						}
					}
					end = n
				}
			}
			p.Branches[d] += int64(end - top)
			if d+1 == maxDepth {
				p.Grow(d + 1)
				p.Nodes[d+1] += int64(end - top)
			} else {
				hi[d], top = end, end
			}
		}
		rootDead = false
		// Go down to the next child, up as far as needed.
		for {
			if j := pos[d]; j < hi[d] {
				pos[d] = j + 1
				if steps++; steps&1023 == 0 && stop() {
					return
				}
				emp[d+1], fre[d+1] = emp[d]&^kidM[j], fre[d]&^k.pieceSet[kidI[j]]
				d++
				break
			}
			top = lo[d]
			if d == base {
				return
			}
			d--
		}
	}
}
