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
// placement q are one packed word each, at entry[q*stride:]). Taking a
// placement back restores the sets: when all depths' sets fit in
// maxCopyState bytes (PP-24: 26 depths of 30 KB), placing copies the
// node's sets into the child's and taking back switches to the parent's
// copy; else each dead placement is pushed on a trail, and taking back
// revives the trail's placements since its mark, in any order, as
// setting bits commutes. The children of
// an item are its set bits in order: its placements in the placements'
// order, with no sorting. Cost per node: one pass over the bit sets of the
// placement's cells plus, per dying placement, one read of its entry and
// a bit and a count per item.
//
// A placed piece kills none of its placements (on PP-24 that saves 278
// of the 733 placements that would die at a node): its bits are left as
// they are while it is on the board, and a cell's count is that of the
// unplaced pieces' placements only: the sum over unplaced pieces p of
// cellPiece[c*np+p], p's live placements covering c. Covering a cell
// kills only the placements of unplaced pieces, a bit and one count per
// cell each (the word, bit and count of each cell are resolved in
// cellEnt when the kernel is compiled). The frozen bits of a placed
// piece are right again when it comes off the board, as every kill since
// has been undone. The placed pieces' bits are skipped without a look
// at each: every word of a cell's set is split by piece (segs, the
// placements being listed piece by piece), and the word is masked with
// the unplaced pieces' parts (on PP-24 this skips 1,564 placements of
// placed pieces per node, against 455 that die). The segments also give
// the dying placements' pieces: a piece's count drops by a popcount per
// segment, and the dying placements of a cell are listed first and then
// killed in a loop of their own (kill), each through its kill row of
// fixed length (cellEnt: a word, a bit and a count index per entry, the
// piece resolved when the kernel is compiled), with no look at the
// placement's piece or size. No cell total is kept: the fewest-options search sums
// a cell's counts over the unplaced pieces and stops the sum as soon as
// it reaches the best count so far (Search.choose), which at most cells
// is after a piece or two, where keeping totals cost a second count
// per dying placement and cell.

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
	k.buildSegs()
	// The bits of each cell's placements whose first cell it is, for
	// list mode's listing of every live placement once (sparse.go).
	k.firstAt = make([]uint64, k.bitOff[len(k.byItem)])
	for it := k.np; it < len(k.byItem); it++ {
		for b, q := range k.byItem[it] {
			if k.mask[q].first() == it-k.np {
				k.firstAt[int(k.bitOff[it])+b>>6] |= 1 << (b & 63)
			}
		}
	}
	// Every placement's cells, a byte each (MaxCells is 256), for list
	// mode's indexing.
	k.cellB = make([]uint8, len(k.mask)*k.maxSize)
	for q, cs := range k.cells {
		for j, c := range cs {
			k.cellB[q*k.maxSize+j] = uint8(c)
		}
	}
	// The kill rows: placement q's at cellEnt[q*entStride:], one entry
	// per bit it has in live (its cells', and with rule Fewest its
	// piece's first), each the word and bit in live and the index of the
	// count to decrement (cellPiece's, or the spare one for the piece's
	// bit); a shorter row is padded with entries on the spare word and
	// count, so that every row has entStride entries and the kill loop
	// no length to read.
	words := int(k.bitOff[len(k.byItem)])
	spare := uint64(k.n*k.np) << 32 // the spare count; the spare word is live[words]
	k.entStride = k.maxSize
	first := 1 // the piece's entry is skipped unless its bit is read
	if k.rule == Fewest {
		k.entStride++
		first = 0
	}
	k.cellEnt = make([]uint64, len(k.mask)*k.entStride)
	for q := range k.mask {
		row := k.cellEnt[q*k.entStride:][:k.entStride]
		for j := range row {
			row[j] = spare | uint64(words)<<6
		}
		for j, e := range k.entry[q*k.stride+first:][:int(k.nentry[q])-first] {
			it, b := e>>entryBits, e&entryMask
			cnt := spare
			if c := int(it) - k.np; c >= 0 {
				cnt = uint64(c*k.np+int(k.piece[q])) << 32
			}
			row[j] = cnt | (uint64(k.bitOff[it])+uint64(b>>6))<<6 | uint64(b&63)
		}
	}
}

// pieceSeg is the placements of one piece in one word of a cell's set:
// the word's bits of that piece.
type pieceSeg struct {
	piece uint64
	mask  uint64
}

// buildSegs splits every word of the cells' sets by piece (segStart,
// segs), so that a node can mask out the placed pieces' bits of a word
// with a few operations instead of meeting them one by one.
func (k *Kernel) buildSegs() {
	words := int(k.bitOff[len(k.byItem)])
	k.segStart = make([]int32, words+1)
	for it := k.np; it < len(k.byItem); it++ {
		list := k.byItem[it]
		for w := 0; w < int(k.bitOff[it+1]-k.bitOff[it]); w++ {
			gw := int(k.bitOff[it]) + w
			k.segStart[gw] = int32(len(k.segs))
			for b := w << 6; b < min(len(list), w<<6+64); b++ {
				p := uint64(k.piece[list[b]])
				if n := len(k.segs); n == int(k.segStart[gw]) || k.segs[n-1].piece != p {
					k.segs = append(k.segs, pieceSeg{piece: p})
				}
				k.segs[len(k.segs)-1].mask |= 1 << (b & 63)
			}
		}
	}
	// The pieces' words have no segments.
	for gw := int(k.bitOff[k.np]) - 1; gw >= 0; gw-- {
		k.segStart[gw] = k.segStart[gw+1]
	}
	k.segStart[words] = int32(len(k.segs))
}

// cellB holds a cell in a byte: this fails to compile if MaxCells grows
// past 256.
const _ = uint8(MaxCells - 1)

// fewestFits reports whether the bit sets can number every list.
func fewestFits(byItem [][]int32) bool {
	if len(byItem) >= 1<<(32-entryBits) {
		return false
	}
	words := 0
	for _, l := range byItem {
		if len(l) > entryMask {
			return false
		}
		words += (len(l) + 63) / 64
	}
	return words < 1<<26 // a kill row's word and bit in 32 bits
}

// initFewest makes a new search's bit sets: every placement live.
func (s *Search) initFewest() {
	k := s.k
	// One spare word and count past the end, for the kill rows'
	// padding.
	s.live = make([]uint64, k.bitOff[len(k.byItem)]+1)
	s.cnt = make([]int32, len(k.byItem))
	s.cellPiece = make([]int32, k.n*k.np+1)
	// The dying placements of a node, kept as the trail without
	// copyState.
	s.trail = make([]int32, 0, len(k.mask))
	for it, l := range k.byItem {
		s.cnt[it] = int32(len(l))
		w := s.live[k.bitOff[it]:k.bitOff[it+1]]
		for b, q := range l {
			w[b>>6] |= 1 << (b & 63)
			if c := it - k.np; c >= 0 {
				s.cellPiece[c*k.np+int(k.piece[q])]++
			}
		}
	}
	if k.copyState {
		// A copy of the sets for every depth: placing copies the
		// node's into the child's, and taking back is a switch.
		levels := len(s.path) + 1
		s.liveAt, s.cntAt, s.cpAt = make([][]uint64, levels), make([][]int32, levels), make([][]int32, levels)
		s.liveAt[0], s.cntAt[0], s.cpAt[0] = s.live, s.cnt, s.cellPiece
		for d := 1; d < levels; d++ {
			s.liveAt[d] = make([]uint64, len(s.live))
			s.cntAt[d] = make([]int32, len(s.cnt))
			s.cpAt[d] = make([]int32, len(s.cellPiece))
		}
		return
	}
	s.mark = make([]int32, len(s.path)+1)
}

// maxCopyState bounds the bytes of the fewest rules' sets copied for
// every depth (Kernel.copyState): on PP-24, 26 depths of 30 KB. Copying
// 30 KB is a fraction of the cost of undoing the ~455 kills of a node
// one by one (about 6,000 scattered updates); beyond the bound, the
// kills are undone from a trail.
const maxCopyState = 8 << 20

// placeFewest updates the sets for placement i, whose piece has just left
// s.free: every live placement of an unplaced piece that covers one of
// i's cells dies.
func (s *Search) placeFewest(i int32) {
	k := s.k
	if k.copyState {
		d := s.depth + 1
		copy(s.liveAt[d], s.live)
		copy(s.cntAt[d], s.cnt)
		copy(s.cpAt[d], s.cellPiece)
		s.live, s.cnt, s.cellPiece = s.liveAt[d], s.cntAt[d], s.cpAt[d]
	} else {
		s.mark[s.depth] = int32(len(s.trail))
	}
	live, cnt, cp := s.live, s.cnt, s.cellPiece
	trail, free := s.trail, s.free
	if k.copyState {
		trail = trail[:0] // scratch
	}
	// The dying placements cell by cell: those of a cell listed first
	// (their pieces' counts made by popcounts of the segments), then
	// killed (kill); killed before the next cell's are listed, so that
	// none is listed twice.
	ents, st := k.cellEnt, k.entStride
	for _, e := range k.entry[int(i)*k.stride+1:][:k.nentry[i]-1] {
		it := e >> entryBits
		list := k.byItem[it]
		off := int(k.bitOff[it])
		from := len(trail)
		for w, x := range live[off:k.bitOff[it+1]] {
			// Segment by segment (the placements of one piece): a
			// placed piece's are frozen and skipped.
			gw := off + w
			for _, sg := range k.segs[k.segStart[gw]:k.segStart[gw+1]] {
				y := x & sg.mask
				if y == 0 || free>>sg.piece&1 == 0 {
					continue
				}
				// The piece's count, kept for both rules (the piece test
				// and list mode's switch).
				cnt[sg.piece] -= int32(bits.OnesCount64(y))
				for ; y != 0; y &= y - 1 {
					trail = append(trail, list[w<<6+bits.TrailingZeros64(y)])
				}
			}
		}
		kill(live, cp, ents, st, trail[from:])
	}
	s.trail = trail
}

// kill clears every bit of the placements qs in live, and decrements
// their cells' counts in cp, through their kill rows (ents, st entries
// each). A function of its own, not inlined: in placeFewest's loops the
// compiler kept this loop's variables on the stack.
//
//go:noinline
func kill(live []uint64, cp []int32, ents []uint64, st int, qs []int32) {
	for _, q := range qs {
		for j, end := int(q)*st, int(q)*st+st; j < end; j++ {
			ce := ents[j]
			live[uint32(ce)>>6] &^= 1 << (ce & 63)
			cp[ce>>32]--
		}
	}
}

// unplaceFewest undoes placeFewest for the placement at depth d, whose
// piece is not yet back in s.free.
func (s *Search) unplaceFewest(d int) {
	k := s.k
	if k.copyState {
		s.live, s.cnt, s.cellPiece = s.liveAt[d], s.cntAt[d], s.cpAt[d]
		return
	}
	live, cnt, cp := s.live, s.cnt, s.cellPiece
	from := s.mark[d]
	ents, st := k.cellEnt, k.entStride
	for _, q := range s.trail[from:] {
		cnt[k.piece[q]]++
		for _, ce := range ents[int(q)*st:][:st] {
			live[uint32(ce)>>6] |= 1 << (ce & 63)
			cp[ce>>32]++
		}
	}
	s.trail = s.trail[:from]
}

// liveOf appends to kids the live placements of item it in the
// placements' order (for a cell, of the unplaced pieces).
func (s *Search) liveOf(it int, kids []int32) []int32 {
	k := s.k
	list := k.byItem[it]
	cell := it >= k.np
	avail := k.avail(s.free)
	for w, x := range s.live[k.bitOff[it]:k.bitOff[it+1]] {
		for x != 0 {
			q := list[w<<6+bits.TrailingZeros64(x)]
			x &= x - 1
			if !cell || avail&k.pieceSet[q] != 0 {
				kids = append(kids, q)
			}
		}
	}
	return kids
}
