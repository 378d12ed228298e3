package bitpack

import "math/bits"

// The fewest rules' list mode. Deep in a tree few placements are left
// alive (on Korekawa et al.'s PP-24 frame, where 91% of the nodes are at
// depth 17 or more, about 450 at depth 17 and 80 at depth 20, against
// 28,000 at the root), and there the bit sets of fewest.go cost more than
// they need to: a node copies 30 KB of sets and counts, scans every word
// of the seven covered cells' sets, and each dying placement updates
// seven bits and seven counts through a 1.6 MB table of entries. Once
// the live placements of the unplaced pieces number at most sparseMax,
// the search lists them, in the placements' order (listEnt), and numbers
// them by their place in the list: every empty cell and unplaced piece
// then has a set of at most sparseMax/64 words over the list. Placing i
// makes the dying set (the sets of i's cells and of its piece, ORed), and
// every empty cell's and unplaced piece's set loses it, a word operation
// and a popcount per word that give the counts at once: no work per
// dying placement. When a node's live placements have fallen to a quarter
// of its list's words' capacity (of more than compactWords words), the
// node lists them again, more compactly, before its first child is
// placed: once for all its children, and never at a node whose children
// all fail the dead-region test (most nodes deep in the tree). The
// sets of every depth are kept, so taking back is a change of depth; the
// bit sets of fewest.go stay as they were at the depth where the list
// was made, and serve again once the search climbs above it.

// sparseMax is the most live placements for which the fewest rules switch
// to list mode: measured on PP-24's deep subtrees, a pass over a list of
// this many entries costs about what the bit sets' kills of a node cost.
const sparseMax = 2048

// listEnt is a live placement in list mode: its number, its piece and
// its size (its cells are at Kernel.cellB[q*maxSize:][:size]).
type listEnt struct {
	q     int32
	piece int16
	size  int16
}

// sparseWords is the most words of a set over a list.
const sparseWords = sparseMax / 64

// compactWords is the fewest words of sets that list mode makes smaller
// (when a quarter of the capacity or less is left): below it a word
// operation costs less than listing again (measured on PP-24: compacting
// down to one word, 4% slower).
const compactWords = 4

// initSparse allocates the list mode's buffers for a search of k.
func (s *Search) initSparse() {
	k := s.k
	if k.listMax <= 0 {
		return
	}
	levels := len(s.path) + 1
	s.list = make([]listEnt, min(k.listMax, len(k.mask))*levels)
	s.lBase, s.lLen, s.lWords, s.lLive = make([]int32, levels), make([]int32, levels), make([]int32, levels), make([]int32, levels)
	s.lLazy, s.lDying = make([]bool, levels), make([]uint64, levels*sparseWords)
	s.lSets = make([]uint64, (k.n+k.np+1)*sparseWords*levels)
	s.lCnt = make([]int32, (k.n+k.np)*levels)
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

// setsOf returns the sets of depth d: cell c's at c*w, piece p's at
// (n+p)*w, and all live placements' at (n+np)*w, w words each.
func (s *Search) setsOf(d int) []uint64 {
	k := s.k
	per := (k.n + k.np + 1) * sparseWords
	return s.lSets[d*per : (d+1)*per]
}

// buildList makes the list of depth d (the current node) from the bit
// sets: every live placement of an unplaced piece once (taken at its
// first cell), sorted by number through the seen bitmap.
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
	n := int32(0)
	for w, x := range s.seen {
		for ; x != 0; x &= x - 1 {
			q := int32(w<<6 + bits.TrailingZeros64(x))
			p := k.piece[q]
			s.list[n] = listEnt{q: q, piece: int16(p), size: int16(k.sizes[p])}
			n++
		}
		s.seen[w] = 0
	}
	s.listFrom = d
	s.lBase[d] = 0
	s.index(d, n)
}

// compact lists the live placements of the node at depth d again, after
// its list, and numbers them anew (index): the node's sets shrink to the
// fewest words, and so do its children's. The node's placements are
// the same, so its children (placement numbers) stand.
func (s *Search) compact(d int) {
	k := s.k
	w := int(s.lWords[d])
	all := s.setsOf(d)[(k.n+k.np)*w:][:w]
	from, base := s.lBase[d], s.lBase[d]+s.lLen[d]
	out := base
	for j, v := range all {
		for ; v != 0; v &= v - 1 {
			s.list[out] = s.list[from+int32(j<<6+bits.TrailingZeros64(v))]
			out++
		}
	}
	s.lBase[d] = base
	s.index(d, out-base)
}

// index numbers the n entries of the list at lBase[d] 0..n-1 and makes
// depth d's sets and counts from their cells and pieces.
func (s *Search) index(d int, n int32) {
	k := s.k
	w := int((n + 63) / 64)
	s.lLen[d], s.lWords[d], s.lLive[d], s.lLazy[d] = n, int32(w), n, false
	sets := s.setsOf(d)
	clear(sets[:(k.n+k.np+1)*w])
	cnt := s.lCnt[d*(k.n+k.np):][:k.n+k.np]
	clear(cnt)
	ms := k.maxSize
	for j, e := range s.list[s.lBase[d]:][:n] {
		bit := uint64(1) << (j & 63)
		jw := j >> 6
		for _, c := range k.cellB[int(e.q)*ms:][:e.size] {
			sets[int(c)*w+jw] |= bit
			cnt[c]++
		}
		sets[(k.n+int(e.piece))*w+jw] |= bit
		sets[(k.n+k.np)*w+jw] |= bit
		cnt[k.n+int(e.piece)]++
	}
}

// placeList makes depth d+1's sets from depth d's for placement i; s.empty
// and s.free are already the child's.
func (s *Search) placeList(d int, i int32) {
	k := s.k
	if w := s.lWords[d]; w > compactWords && s.lLive[d] <= w*64/4 {
		s.compact(d)
	} else if s.lLazy[d] {
		s.materialize(d, s.empty.or(k.mask[i]), s.free|k.pieceSet[i])
	}
	w := int(s.lWords[d])
	ps, cs := s.setsOf(d), s.setsOf(d+1)
	np, n := k.np, k.n
	// The dying placements: those of i's piece and those covering i's
	// cells.
	var dying [sparseWords]uint64
	copy(dying[:w], ps[(n+int(k.piece[i]))*w:][:w])
	for cw, x := range k.mask[i] {
		for ; x != 0; x &= x - 1 {
			row := ps[(cw<<6+bits.TrailingZeros64(x))*w:][:w]
			for j := range row {
				dying[j] |= row[j]
			}
		}
	}
	all := (n + np) * w
	left := int32(0)
	for j := range w {
		v := ps[all+j] &^ dying[j]
		left += int32(bits.OnesCount64(v))
	}
	s.lBase[d+1], s.lLen[d+1], s.lWords[d+1], s.lLive[d+1] = s.lBase[d], s.lLen[d], int32(w), left
	// The child's counts now, its sets when it places a child of its own
	// (materialize): most nodes deep in the tree never do.
	copy(s.lDying[(d+1)*sparseWords:][:w], dying[:w])
	s.lLazy[d+1] = true
	cnt := s.lCnt[(d+1)*(n+np):][:n+np]
	for cw, x := range s.empty {
		for ; x != 0; x &= x - 1 {
			c := cw<<6 + bits.TrailingZeros64(x)
			src := ps[c*w:][:w]
			t := 0
			for j := range src {
				t += bits.OnesCount64(src[j] &^ dying[j])
			}
			cnt[c] = int32(t)
		}
	}
	for f := s.free; f != 0; f &= f - 1 {
		p := bits.TrailingZeros64(f)
		src := ps[(n+p)*w:][:w]
		t := 0
		for j := range src {
			t += bits.OnesCount64(src[j] &^ dying[j])
		}
		cnt[n+p] = int32(t)
	}
	for j := range w {
		cs[all+j] = ps[all+j] &^ dying[j]
	}
}

// materialize makes the sets of the node at depth d, whose empty cells
// and unplaced pieces are given, from its parent's and its dying set
// (placeList left them unmade).
func (s *Search) materialize(d int, empty Set, free uint64) {
	k := s.k
	w := int(s.lWords[d])
	ps, cs := s.setsOf(d-1), s.setsOf(d)
	dying := s.lDying[d*sparseWords:][:w]
	for cw, x := range empty {
		for ; x != 0; x &= x - 1 {
			c := cw<<6 + bits.TrailingZeros64(x)
			src, dst := ps[c*w:][:w], cs[c*w:][:w]
			for j := range dst {
				dst[j] = src[j] &^ dying[j]
			}
		}
	}
	for f := free; f != 0; f &= f - 1 {
		p := bits.TrailingZeros64(f)
		src, dst := ps[(k.n+p)*w:][:w], cs[(k.n+p)*w:][:w]
		for j := range dst {
			dst[j] = src[j] &^ dying[j]
		}
	}
	s.lLazy[d] = false
}

// rowOf returns row r (a cell's set, or a piece's at n+p) of the node at
// depth d, made from its parent's into scratch if its sets are unmade.
func (s *Search) rowOf(d, r int, scratch []uint64) []uint64 {
	w := int(s.lWords[d])
	if !s.lLazy[d] {
		return s.setsOf(d)[r*w:][:w]
	}
	src, dying := s.setsOf(d - 1)[r*w:][:w], s.lDying[d*sparseWords:][:w]
	for j := range w {
		scratch[j] = src[j] &^ dying[j]
	}
	return scratch[:w]
}

// listed reports whether the node at depth d works on a list.
func (s *Search) listed(d int) bool { return s.listFrom >= 0 && d >= s.listFrom }

// chooseList is choose for a node in list mode.
func (s *Search) chooseList() int {
	k, d := s.k, s.depth
	cnt := s.lCnt[d*(k.n+k.np):][:k.n+k.np]
	pc := cnt[k.n:]
	best, bestCnt := -1, int32(1<<30)
	if k.pieceCut {
		for f := s.free & k.required; f != 0; f &= f - 1 {
			if p := bits.TrailingZeros64(f); pc[p] == 0 {
				return p
			}
		}
	}
	if k.rule == Fewest {
		for f := s.free & k.branch; f != 0; f &= f - 1 {
			p := bits.TrailingZeros64(f)
			if c := pc[p]; c < bestCnt {
				best, bestCnt = p, c
				if c == 0 {
					return best
				}
			}
		}
	}
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

// liveOfList is liveOf for a node in list mode: the item's set's
// entries, in the list's order.
func (s *Search) liveOfList(it int, kids []int32) []int32 {
	k, d := s.k, s.depth
	row := it - k.np // a cell's set
	if it < k.np {
		row = k.n + it
	}
	list := s.list[s.lBase[d]:]
	var scratch [sparseWords]uint64
	set := s.rowOf(d, row, scratch[:])
	if it >= k.np && k.hasCopies() {
		// A cell's set holds the placements of every unplaced copy: keep
		// those of the copies next in turn.
		avail := k.avail(s.free)
		for j, x := range set {
			for ; x != 0; x &= x - 1 {
				if e := list[j<<6+bits.TrailingZeros64(x)]; avail>>e.piece&1 != 0 {
					kids = append(kids, e.q)
				}
			}
		}
		return kids
	}
	for j, x := range set {
		for ; x != 0; x &= x - 1 {
			kids = append(kids, list[j<<6+bits.TrailingZeros64(x)].q)
		}
	}
	return kids
}
