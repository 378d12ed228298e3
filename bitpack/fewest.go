package bitpack

import "math/bits"

// The fewest rules (Fewest, FewestCells) need, at every node, the number
// of placements still possible for every empty cell and unplaced piece
// (an item). Dancing links keep them in linked lists, and a sparse set per
// item does the same on arrays; both move every dying placement out of
// every one of its items' lists, several scattered memory writes for each,
// and on Korekawa et al.'s PP-24 frame about 455 placements die at every
// node (measured below a depth-5 node), in arrays of megabytes.
//
// The kernel keeps instead, for every item, one bit per placement of its
// list (live or dead) in a bit set, and the live count: all items' bits
// together take one bit per (placement, item) pair, 30 KB for PP-24, so
// they stay in the processor's nearest cache. A placement dies by clearing
// its bit in each of its items' sets (the items and bit positions of
// placement q are one packed word each, at entry[q*stride:]) and is pushed
// on a trail; taking a placement back revives the trail's placements
// since its mark, in any order, as setting bits commutes. The children of
// an item are its set bits in order: its placements in the placements'
// order, with no sorting. Cost per node: one pass over the bit sets of the
// placement's cells plus, per dying placement, one read of its entry and
// a bit and a count per item.
//
// A placed piece kills none of its placements (on PP-24 that saves 278
// of the 733 placements that would die at a node): its bits are left as
// they are while it is on the board, and the cells count the unplaced
// pieces' placements only: cellCnt[c] is the sum over unplaced pieces p of
// pieceCell[p*n+c], p's live placements covering c. Placing piece p
// subtracts p's row from the cell counts (one subtraction a cell), and
// covering a cell kills only the placements of unplaced pieces. The frozen
// bits of a placed piece are right again when it comes off the board, as
// every kill since has been undone.

// Packed entries: item<<entryBits | bit.
const (
	entryBits = 22 // an item's list may have up to 4M placements
	entryMask = 1<<entryBits - 1
)

// buildFewest lays out the bit sets of the fewest rules.
func (k *Kernel) buildFewest() {
	items := len(k.byItem)
	k.bitOff = make([]int32, items+1)
	for it, l := range k.byItem {
		k.bitOff[it+1] = k.bitOff[it] + int32((len(l)+63)/64)
	}
	k.stride = 1 + k.maxSize
	k.entry = make([]uint32, len(k.mask)*k.stride)
	k.nentry = make([]uint16, len(k.mask))
	for it, l := range k.byItem { // pieces first: a placement's piece is its entry 0
		for b, q := range l {
			e := uint32(it)<<entryBits | uint32(b)
			k.entry[int(q)*k.stride+int(k.nentry[q])] = e
			k.nentry[q]++
		}
	}
}

// fewestFits reports whether the bit sets can number every list.
func fewestFits(byItem [][]int32) bool {
	if len(byItem) >= 1<<(32-entryBits) {
		return false
	}
	for _, l := range byItem {
		if len(l) > entryMask {
			return false
		}
	}
	return true
}

// initFewest makes a new search's bit sets: every placement live.
func (s *Search) initFewest() {
	k := s.k
	s.live = make([]uint64, k.bitOff[len(k.byItem)])
	s.cnt = make([]int32, len(k.byItem))
	s.cellCnt = make([]int32, k.n)
	s.pieceCell = make([]int32, k.np*k.n)
	for it, l := range k.byItem {
		s.cnt[it] = int32(len(l))
		w := s.live[k.bitOff[it]:k.bitOff[it+1]]
		for b, q := range l {
			w[b>>6] |= 1 << (b & 63)
			if c := it - k.np; c >= 0 {
				s.cellCnt[c]++
				s.pieceCell[int(k.piece[q])*k.n+c]++
			}
		}
	}
	s.trail = make([]int32, 0, len(k.mask))
	s.mark = make([]int32, len(s.path)+1)
}

// placeFewest updates the sets for placement i, whose piece has just left
// s.free: the cells stop counting the piece's placements, and every live
// placement of an unplaced piece that covers one of i's cells dies.
func (s *Search) placeFewest(i int32) {
	k := s.k
	s.mark[s.depth] = int32(len(s.trail))
	p := int(k.piece[i])
	cc := s.cellCnt[:k.n]
	for c, m := range s.pieceCell[p*k.n:][:k.n] {
		cc[c] -= m
	}
	for _, e := range k.entry[int(i)*k.stride+1:][:k.nentry[i]-1] {
		it := e >> entryBits
		ws := s.live[k.bitOff[it]:k.bitOff[it+1]]
		list := k.byItem[it]
		for w, x := range ws {
			for x != 0 {
				q := list[w<<6+bits.TrailingZeros64(x)]
				x &= x - 1
				if s.free&k.pieceSet[q] != 0 {
					s.kill(q)
				}
			}
		}
	}
}

// kill clears placement q, of an unplaced piece, from its items' sets.
func (s *Search) kill(q int32) {
	k := s.k
	live, cnt, cc, pc := s.live, s.cnt, s.cellCnt, s.pieceCell
	es := k.entry[int(q)*k.stride:][:k.nentry[q]]
	row := int(k.piece[q]) * k.n
	if k.rule == Fewest { // FewestCells never looks at a piece's set
		it, b := es[0]>>entryBits, es[0]&entryMask
		live[k.bitOff[it]+int32(b>>6)] &^= 1 << (b & 63)
		cnt[it]--
	}
	for _, e := range es[1:] {
		it, b := e>>entryBits, e&entryMask
		live[k.bitOff[it]+int32(b>>6)] &^= 1 << (b & 63)
		c := int(it) - k.np
		cc[c]--
		pc[row+c]--
	}
	s.trail = append(s.trail, q)
}

// unplaceFewest undoes placeFewest for the placement at depth d, whose
// piece is not yet back in s.free.
func (s *Search) unplaceFewest(d int) {
	k := s.k
	live, cnt, cc, pc := s.live, s.cnt, s.cellCnt, s.pieceCell
	from := s.mark[d]
	for _, q := range s.trail[from:] {
		es := k.entry[int(q)*k.stride:][:k.nentry[q]]
		row := int(k.piece[q]) * k.n
		if k.rule == Fewest {
			it, b := es[0]>>entryBits, es[0]&entryMask
			live[k.bitOff[it]+int32(b>>6)] |= 1 << (b & 63)
			cnt[it]++
		}
		for _, e := range es[1:] {
			it, b := e>>entryBits, e&entryMask
			live[k.bitOff[it]+int32(b>>6)] |= 1 << (b & 63)
			c := int(it) - k.np
			cc[c]++
			pc[row+c]++
		}
	}
	s.trail = s.trail[:from]
	p := int(k.piece[s.path[d]])
	for c, m := range pc[p*k.n:][:k.n] {
		cc[c] += m
	}
}

// liveOf appends to kids the live placements of item it in the
// placements' order (for a cell, of the unplaced pieces).
func (s *Search) liveOf(it int, kids []int32) []int32 {
	k := s.k
	list := k.byItem[it]
	cell := it >= k.np
	for w, x := range s.live[k.bitOff[it]:k.bitOff[it+1]] {
		for x != 0 {
			q := list[w<<6+bits.TrailingZeros64(x)]
			x &= x - 1
			if !cell || s.free&k.pieceSet[q] != 0 {
				kids = append(kids, q)
			}
		}
	}
	return kids
}
