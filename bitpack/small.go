package bitpack

import (
	"context"
	"math/bits"
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
	// The neighbours of the cells as shifts: cell i's neighbour at i+d for
	// every i in groups[g].m, d = groups[g].d.
	groups []shiftGroup
	adj    []uint64 // the neighbours of each cell, when there are too many groups
	border []uint64 // the cells next to each placement
}

type shiftGroup struct {
	d int
	m uint64
}

// newSmall builds the one-word tables, or returns nil when the board or
// the rule does not allow them.
func (k *Kernel) newSmall() *small {
	if k.rule != FirstEmpty || k.n > 64 {
		return nil
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
				sm.groups = append(sm.groups, shiftGroup{d, byD[d]})
			}
		} else {
			for c := 0; c < k.n; c++ {
				sm.adj = append(sm.adj, k.adj[c][0])
			}
		}
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
	var nb uint64
	if sm.adj != nil {
		for y := x; y != 0; y &= y - 1 {
			nb |= sm.adj[bits.TrailingZeros64(y)]
		}
		return nb
	}
	for _, g := range sm.groups {
		if g.d > 0 {
			nb |= (x & g.m) << g.d
		} else {
			nb |= (x & g.m) >> -g.d
		}
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

// maxAround1 bounds the seeds aroundOK1 grows side by side (a placement's
// empty neighbours, at most 12 for a pentomino on the square grid); a
// placement with more is tested by regionsOK1.
const maxAround1 = 16

// childOK1 is childOK on one word: the dead-region test of the child with
// empty cells e and unplaced pieces f that placement i makes of a node
// that passed the test. For pieces of one size, testing all regions, only
// the regions around the placement are grown (aroundOK1); otherwise the
// whole board is split (regionsOK1).
func (s *Search) childOK1(i int32, e, f uint64) bool {
	k := s.k
	if k.uniform == 0 || k.largest {
		return s.regionsOK1(e, f)
	}
	seeds := k.small.border[i] & e
	if bits.OnesCount64(seeds) > maxAround1 {
		return s.regionsOK1(e, f)
	}
	return s.aroundOK1(seeds, e)
}

// aroundOK1 is aroundOK on one word, for pieces of one size and every
// region tested: the regions of e holding the seeds (the placement's
// empty neighbours) grow in lockstep, a whole neighbourhood at a time (a
// few shifts, whatever the region's size); a region that stops growing is
// complete and its size must be a multiple of the pieces' size; regions
// that meet merge; when one is left growing, its size is what the others
// leave of the parent's region (a multiple of the size), so the test
// passes without filling it.
func (s *Search) aroundOK1(seeds, e uint64) bool {
	sm, u := s.k.small, s.k.uniform
	for seeds != 0 {
		r := seeds & -seeds
		for {
			g := (r | sm.grow(r)) & e
			if seeds&^g == 0 {
				return true // one region left: what the others leave
			}
			if g == r {
				break
			}
			r = g
		}
		if bits.OnesCount64(r)%u != 0 {
			return false
		}
		seeds &^= r
	}
	return true
}

// solveSmall is Solve for the one-word FirstEmpty search: the same tree
// and statistics, with the board and the pieces of every depth kept on
// the stack instead of undone.
func (s *Search) solveSmall(ctx context.Context, limit int64, visit func(placements []int32) bool) Result {
	k, sm := s.k, s.k.small
	np := k.np
	var r Result
	st := &r.Stats
	base := s.depth
	st.grow(base + 1)
	if base == 0 {
		st.NodesByDepth[0] = 1
	}
	e0, f0 := s.empty[0], s.free
	if base == 0 && k.dead && !s.regionsOK1(e0, f0) {
		st.Pruned++
		return r
	}
	emp, fre, kmask := s.emp, s.fre, s.kmask
	check := int64(checkEvery)
	d := base
	emp[d], fre[d] = e0, f0
	expand := func(d int) bool {
		e, f := emp[d], fre[d]
		kids, masks := s.kids[d][:0], kmask[d][:0]
		s.pos[d] = 0
		for _, p := range k.lead {
			if f>>p&1 != 0 {
				for _, i := range k.byItem[p] {
					if m := k.mask[i][0]; m&^e == 0 {
						kids, masks = append(kids, i), append(masks, m)
					}
				}
				goto listed
			}
		}
		if e == 0 {
			s.kids[d], kmask[d] = kids, masks
			if f == 0 {
				r.Solutions++
				if visit != nil && !visit(s.path[:d]) || limit > 0 && r.Solutions >= limit {
					return false
				}
			}
			return true
		}
		{
			c := bits.TrailingZeros64(e)
			row := sm.start[c*np : c*np+np+1]
			for ff := f; ff != 0; ff &= ff - 1 {
				p := bits.TrailingZeros64(ff)
				for j := row[p]; j < row[p+1]; j++ {
					if m := sm.mask[j]; m&^e == 0 {
						kids, masks = append(kids, sm.idx[j]), append(masks, m)
					}
				}
			}
		}
	listed:
		s.kids[d], kmask[d] = kids, masks
		n := len(kids)
		if len(st.NodesByDepth) <= d+1 {
			st.grow(d + 1)
		}
		st.Branches[d] += int64(n)
		st.Branched[d]++
		st.Histogram[d][min(n, HistogramMax)]++
		return true
	}
	if !expand(d) {
		return r
	}
	for {
		kids := s.kids[d]
		if p := s.pos[d]; int(p) < len(kids) {
			s.pos[d] = p + 1
			st.Nodes++
			st.NodesByDepth[d+1]++
			if st.Nodes >= check {
				var err error
				if check, err = k.report(ctx, st.Nodes, check); err != nil {
					r.Err = err
					break
				}
			}
			i := kids[p]
			e, f := emp[d]&^kmask[d][p], fre[d]&^k.pieceSet[i]
			if k.dead && !s.childOK1(i, e, f) {
				st.Pruned++
				continue
			}
			s.path[d] = i
			d++
			emp[d], fre[d] = e, f
			if !expand(d) {
				break
			}
			continue
		}
		if d == base {
			break
		}
		d--
	}
	if k.progress != nil {
		k.progress(st.Nodes - check + checkEvery)
	}
	return r
}
