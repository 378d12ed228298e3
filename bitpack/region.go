package bitpack

import "math/bits"

// regionsOK is the dead-region test of a node with the given empty cells
// and unplaced pieces: it finds the connected regions of empty cells by
// flood fill on bit sets (a region grows by the neighbour masks of its
// newest cells, a few word operations per cell) and reports false when a
// region's size (with LargestRegionOnly: the largest region's) is not the
// total size of some subset of the unplaced pieces.
func (s *Search) regionsOK(empty Set, free uint64) bool {
	k := s.k
	if empty.isEmpty() {
		return true
	}
	if k.uniform == 0 {
		s.subsetSums(free)
	}
	rest := empty
	left := rest.count()
	largest := 0
	for left > 0 {
		seed := rest.first()
		var region Set
		region.add(seed)
		grow := region
		for {
			var nb Set
			for w, x := range grow {
				for x != 0 {
					nb = nb.or(k.adj[w<<6+bits.TrailingZeros64(x)])
					x &= x - 1
				}
			}
			nb = nb.and(rest).andNot(region)
			if nb.isEmpty() {
				break
			}
			region = region.or(nb)
			grow = nb
		}
		size := region.count()
		rest = rest.andNot(region)
		left -= size
		if k.largest {
			largest = max(largest, size)
			if largest >= left {
				break // no region left can be larger
			}
			continue
		}
		if !s.fillable(size) {
			return false
		}
	}
	return !k.largest || s.fillable(largest)
}

// fillable reports whether some subset of the unplaced pieces has the
// given total size (subsetSums must have been called for mixed sizes).
func (s *Search) fillable(size int) bool {
	if u := s.k.uniform; u != 0 {
		return size%u == 0
	}
	return s.sums[size>>6]>>(size&63)&1 != 0
}

// subsetSums sets sums to the subset sums of the sizes of the pieces in
// free: bit a when some subset has total size a.
func (s *Search) subsetSums(free uint64) {
	sums := s.sums
	clear(sums)
	sums[0] = 1
	for f := free; f != 0; f &= f - 1 {
		n := s.k.sizes[bits.TrailingZeros64(f)]
		words, sh := n>>6, uint(n&63)
		for i := len(sums) - 1; i >= words; i-- {
			v := sums[i-words] << sh
			if sh != 0 && i-words-1 >= 0 {
				v |= sums[i-words-1] >> (64 - sh)
			}
			sums[i] |= v
		}
	}
}

// childOK is the dead-region test of the child that placement i makes of
// the current node, with a shortcut for pieces of one size: when the
// placement's empty neighbours lie in one region of the child, the
// region the placement was put in stays connected, so every region of
// the child has a multiple of the size if the node's regions had (the
// node passed the test: the parent's filter, or the root's own). With
// LargestRegionOnly the shortcut needs the node's empty cells to be one
// region (single), as then the child's are too. The flood fill from one
// neighbour usually closes around the placement within a few waves,
// where the full test fills the whole board.
func (s *Search) childOK(i int32, single bool) bool {
	k := s.k
	child := s.empty.andNot(k.mask[i])
	free := s.free &^ k.pieceSet[i]
	if k.uniform == 0 || k.largest && !single {
		return s.regionsOK(child, free)
	}
	b := k.border[i].and(child)
	if b.isEmpty() {
		return true // the placement filled a region
	}
	var region Set
	region.add(b.first())
	grow := region
	for {
		if b.subsetOf(region) {
			return true
		}
		var nb Set
		for w, x := range grow {
			for x != 0 {
				nb = nb.or(k.adj[w<<6+bits.TrailingZeros64(x)])
				x &= x - 1
			}
		}
		nb = nb.and(child).andNot(region)
		if nb.isEmpty() {
			break
		}
		region = region.or(nb)
		grow = nb
	}
	return s.regionsOK(child, free)
}

// connected reports whether the empty cells of the current node form one
// region.
func (s *Search) connected() bool {
	k := s.k
	c := s.empty.first()
	if c < 0 {
		return true
	}
	var region Set
	region.add(c)
	grow := region
	for {
		var nb Set
		for w, x := range grow {
			for x != 0 {
				nb = nb.or(k.adj[w<<6+bits.TrailingZeros64(x)])
				x &= x - 1
			}
		}
		nb = nb.and(s.empty).andNot(region)
		if nb.isEmpty() {
			return region == s.empty
		}
		region = region.or(nb)
		grow = nb
	}
}
