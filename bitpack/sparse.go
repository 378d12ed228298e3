package bitpack

import "math/bits"

// The fewest rules' list mode. Deep in a tree few placements are left
// alive (on Korekawa et al.'s PP-24 frame, where 91% of the nodes are at
// depth 17 or more, about 450 at depth 17 and 80 at depth 20, against
// 28,000 at the root), and there the bit sets of fewest.go cost more than
// they save: a node still copies 30 KB of sets and counts, scans every
// word of the seven covered cells' sets, and each dying placement reads
// its cell entries from a 1.6 MB table (cache misses). Once the live
// placements of the unplaced pieces number at most sparseMax, the search
// lists them, in the placements' order, with their masks beside them
// (listEnt), and works on that list below: a child's list is its parent's
// without the placements that overlap the one placed or belong to its
// piece (one sequential pass, a four-word test each), and each one
// dropped takes one from the counts of its cells, read off its mask. A
// node then costs a pass over a list of a few hundred entries and a copy
// of the per-cell counts (a few hundred bytes). The lists of a path lie
// end to end in one buffer; taking a placement back drops the child's.
// The bit sets stay as they were at the depth where the list was made,
// and serve again once the search climbs above it.

// sparseMax is the most live placements for which the fewest rules switch
// to list mode: measured on PP-24's deep subtrees, a pass over a list of
// this many entries costs about what the bit sets' kills of a node cost.
const sparseMax = 2048

// listEnt is a live placement in list mode: its cells, its number and its
// piece.
type listEnt struct {
	m     Set
	q     int32
	piece int32
}

// initSparse allocates the list mode's buffers for a search of k.
func (s *Search) initSparse() {
	k := s.k
	levels := len(s.path) + 1
	s.listFrom = -1
	maxLen := min(k.listMax, len(k.mask))
	if maxLen <= 0 {
		return
	}
	s.list = make([]listEnt, maxLen*levels)
	s.lEnd = make([]int32, levels)
	s.lCnt = make([]int32, k.n*levels)
	s.lPiece = make([]int32, k.np*levels)
	s.seen = make([]uint64, (len(k.mask)+63)/64)
}

// liveTotal is the number of live placements of the unplaced pieces in
// bit-set mode.
func (s *Search) liveTotal() int {
	t := int32(0)
	for f := s.free; f != 0; f &= f - 1 {
		t += s.cnt[bits.TrailingZeros64(f)]
	}
	return int(t)
}

// buildList makes the list of depth d (the current node) from the bit
// sets: every live placement of an unplaced piece once (taken at its
// first cell), sorted by number through the seen bitmap, and the counts
// of every cell and piece.
func (s *Search) buildList(d int) {
	k := s.k
	free := s.free
	for w, x := range s.empty {
		for ; x != 0; x &= x - 1 {
			c := w<<6 + bits.TrailingZeros64(x)
			it := k.np + c
			off := k.bitOff[it]
			list := k.byItem[it]
			for j, y := range s.live[off:k.bitOff[it+1]] {
				gw := int(off) + j
				y &= k.firstAt[gw]
				var unplaced uint64
				for _, sg := range k.segs[k.segStart[gw]:k.segStart[gw+1]] {
					unplaced |= sg.mask & -(free >> sg.piece & 1)
				}
				for y &= unplaced; y != 0; y &= y - 1 {
					q := list[j<<6+bits.TrailingZeros64(y)]
					s.seen[q>>6] |= 1 << (q & 63)
				}
			}
		}
	}
	cnt := s.lCnt[d*k.n:][:k.n]
	pc := s.lPiece[d*k.np:][:k.np]
	clear(cnt)
	clear(pc)
	n := int32(0) // the first list of the path starts the buffer
	for w, x := range s.seen {
		for ; x != 0; x &= x - 1 {
			q := int32(w<<6 + bits.TrailingZeros64(x))
			e := listEnt{m: k.mask[q], q: q, piece: k.piece[q]}
			s.list[n] = e
			n++
			pc[e.piece]++
			e.m.forEach(func(c int) { cnt[c]++ })
		}
		s.seen[w] = 0
	}
	s.lEnd[d] = n
	s.listFrom = d
}

// placeList makes the list of depth d+1 from that of depth d for
// placement i.
func (s *Search) placeList(d int, i int32) {
	k := s.k
	start, end := s.listStart(d), s.lEnd[d]
	n := s.k.n
	cnt := s.lCnt[(d+1)*n:][:n]
	copy(cnt, s.lCnt[d*n:][:n])
	pc := s.lPiece[(d+1)*k.np:][:k.np]
	copy(pc, s.lPiece[d*k.np:][:k.np])
	m, p := k.mask[i], k.piece[i]
	list := s.list
	out := end
	for j := start; j < end; j++ {
		e := &list[j]
		if e.piece != p && e.m[0]&m[0]|e.m[1]&m[1]|e.m[2]&m[2]|e.m[3]&m[3] == 0 {
			list[out] = *e
			out++
			continue
		}
		pc[e.piece]--
		for w, x := range e.m {
			for ; x != 0; x &= x - 1 {
				cnt[w<<6+bits.TrailingZeros64(x)]--
			}
		}
	}
	s.lEnd[d+1] = out
}

// listed reports whether the node at depth d works on a list.
func (s *Search) listed(d int) bool { return s.listFrom >= 0 && d >= s.listFrom }

// listStart is where the list of depth d begins in the buffer.
func (s *Search) listStart(d int) int32 {
	if d == s.listFrom {
		return 0
	}
	return s.lEnd[d-1]
}

// listOf returns the list of the node at depth d.
func (s *Search) listOf(d int) []listEnt { return s.list[s.listStart(d):s.lEnd[d]] }

// chooseList is choose for a node in list mode.
func (s *Search) chooseList() int {
	k, d := s.k, s.depth
	pc := s.lPiece[d*k.np:][:k.np]
	best, bestCnt := -1, int32(1<<30)
	if k.pieceCut {
		for f := s.free; f != 0; f &= f - 1 {
			if p := bits.TrailingZeros64(f); pc[p] == 0 {
				return p
			}
		}
	}
	if k.rule == Fewest {
		for f := s.free; f != 0; f &= f - 1 {
			p := bits.TrailingZeros64(f)
			if c := pc[p]; c < bestCnt {
				best, bestCnt = p, c
				if c == 0 {
					return best
				}
			}
		}
	}
	cnt := s.lCnt[d*k.n:][:k.n]
	for w, x := range s.empty {
		for ; x != 0; x &= x - 1 {
			c := w<<6 + bits.TrailingZeros64(x)
			if v := cnt[c]; v < bestCnt {
				best, bestCnt = k.np+c, v
				if v == 0 {
					return best
				}
			}
		}
	}
	return best
}

// liveOfList is liveOf for a node in list mode.
func (s *Search) liveOfList(it int, kids []int32) []int32 {
	k := s.k
	lst := s.listOf(s.depth)
	if it < k.np {
		for j := range lst {
			if lst[j].piece == int32(it) {
				kids = append(kids, lst[j].q)
			}
		}
		return kids
	}
	c := it - k.np
	w, b := c>>6, uint(c&63)
	for j := range lst {
		if lst[j].m[w]>>b&1 != 0 {
			kids = append(kids, lst[j].q)
		}
	}
	return kids
}
