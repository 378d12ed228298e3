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
			nb := k.neighbours(grow)
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
			if k.uniform != 0 && size%k.uniform == 0 && !s.colourOK(region, free) {
				return false
			}
			if largest >= left {
				break // no region left can be larger
			}
			continue
		}
		if !s.fillable(size) || k.uniform != 0 && !s.colourOK(region, free) {
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
// the current node, which passed the test (the parent's filter, or the
// root's own). For pieces of one size only the regions next to the
// placement can be new: the region the placement went into splits into
// the regions around it, whose sizes sum to a multiple of the size, and
// every other region is the node's. So aroundOK grows those regions from
// the placement's empty neighbours and never fills the rest of the board.
// With LargestRegionOnly this needs the node's empty cells to be one
// region (single): then the regions around the placement are all of the
// child's.
//
// childOK also leaves in s.next whether the child's empty cells are one
// region, when the test tells it without more work (single, and no
// region closed around the placement), for place to pass on to the
// child: the largest-region rule then needs no flood of its own.
func (s *Search) childOK(i int32, single bool) bool {
	k := s.k
	s.next = connUnknown
	if k.pocketAt != nil && (len(k.lead) == 0 || s.item[s.depth] >= int32(k.np)) {
		// FirstEmpty at its first empty cell (pocket.go): most
		// placements are decided on the window from the cell, and
		// growOK gets the rest.
		win := s.empty.window(int(k.anchorOf[i]))
		if s.pocketClosed(i, win) {
			return false
		}
		if k.seedWin[i] != 0 && s.seedsJoined(i, win) {
			return true
		}
	}
	child := s.empty.andNot(k.mask[i])
	if k.uniform == 0 || k.largest && !single {
		return s.regionsOK(child, s.free&^k.pieceSet[i])
	}
	b := k.border[i].and(child)
	if b.isEmpty() {
		if single {
			s.next = connYes // the placement filled the one region: the child is full
		}
		return true // the placement filled a region
	}
	if k.colourMin == nil && (k.largest || k.rule == FirstEmpty) {
		// growOK's lowest seed first suits FirstEmpty, whose pockets
		// lie against the cells filled before the placement, and the
		// largest region, which needs every region's size; for the
		// other rules aroundOK's lockstep finds a small dead region
		// before it fills a large one (measured on PP-24's fewest tree:
		// growOK 0.73 to 0.93 times aroundOK's node rate).
		ok, one := s.growOK(b, child)
		if ok && single {
			s.next = connNo
			if one {
				s.next = connYes
			}
		}
		return ok
	}
	if b.count() > maxAround {
		return s.regionsOK(child, s.free&^k.pieceSet[i])
	}
	return s.aroundOK(b, child, s.free&^k.pieceSet[i])
}

// growOK is aroundOK without the colour test, for pieces of one size: the
// regions around the placement are grown one at a time, each from the
// lowest seed (empty neighbour of the placement) not yet in a region,
// until it holds every seed left or stops growing. A region that stops
// growing is complete and checked (its size a multiple of the pieces'
// size; with LargestRegionOnly, a candidate for the largest); the region
// that holds the last seeds is not grown further, as its size is what
// the others leave. Growing one region at a time costs a layer per step
// and one subset test, where growing them side by side costs their
// bookkeeping and merges; the lowest seed first finds the pockets that
// the placement closes against the cells filled before it. one reports
// that no region closed: the seeds are all in one region.
func (s *Search) growOK(seeds, e Set) (ok, one bool) {
	k := s.k
	u := k.uniform
	closedCells, largest := 0, 0
	rest := seeds
	e0, e1, e2, e3 := e[0], e[1], e[2], e[3]
	adj := k.adj
	for {
		var region Set
		region.add(rest.first())
		// The region and its newest layer word by word, in registers.
		r0, r1, r2, r3 := region[0], region[1], region[2], region[3]
		l0, l1, l2, l3 := r0, r1, r2, r3
		held := rest.subsetOf(region)
		for !held {
			// The layer's neighbours, word by word with no call
			// (Kernel.neighbours, inlined by hand).
			var n0, n1, n2, n3 uint64
			for x := l0; x != 0; x &= x - 1 {
				a := &adj[bits.TrailingZeros64(x)]
				n0, n1, n2, n3 = n0|a[0], n1|a[1], n2|a[2], n3|a[3]
			}
			for x := l1; x != 0; x &= x - 1 {
				a := &adj[64+bits.TrailingZeros64(x)]
				n0, n1, n2, n3 = n0|a[0], n1|a[1], n2|a[2], n3|a[3]
			}
			for x := l2; x != 0; x &= x - 1 {
				a := &adj[128+bits.TrailingZeros64(x)]
				n0, n1, n2, n3 = n0|a[0], n1|a[1], n2|a[2], n3|a[3]
			}
			for x := l3; x != 0; x &= x - 1 {
				a := &adj[192+bits.TrailingZeros64(x)]
				n0, n1, n2, n3 = n0|a[0], n1|a[1], n2|a[2], n3|a[3]
			}
			l0, l1, l2, l3 = n0&e0&^r0, n1&e1&^r1, n2&e2&^r2, n3&e3&^r3
			if l0|l1|l2|l3 == 0 {
				break
			}
			r0, r1, r2, r3 = r0|l0, r1|l1, r2|l2, r3|l3
			if l0&rest[0]|l1&rest[1]|l2&rest[2]|l3&rest[3] != 0 { // a seed reached: perhaps the last
				held = rest[0]&^r0|rest[1]&^r1|rest[2]&^r2|rest[3]&^r3 == 0
			}
		}
		region = Set{r0, r1, r2, r3}
		if held {
			// The region left: what the closed regions leave of e.
			if !k.largest {
				return true, closedCells == 0
			}
			largest = max(largest, e.count()-closedCells)
			return largest%u == 0, closedCells == 0
		}
		size := region.count()
		if !k.largest && size%u != 0 {
			return false, false
		}
		largest = max(largest, size)
		closedCells += size
		rest = rest.andNot(region)
	}
}

// maxAround bounds the seeds aroundOK grows side by side (a placement's
// empty neighbours); a placement with more is tested by regionsOK.
const maxAround = 64

// aroundRegion is a region that aroundOK grows: its cells and its newest
// layer.
type aroundRegion struct{ cells, layer Set }

// aroundOK grows the regions of the empty cells e that hold the seeds,
// one per seed to begin with, in lockstep: each in turn adds the
// neighbours of its newest layer, and regions that meet merge. A region
// that stops growing is complete and checked (its size a multiple of the
// pieces' size; with LargestRegionOnly, kept as a candidate for the
// largest); when one region is left growing, the test is decided without
// filling it, as its size is what the others leave. The small regions the
// test exists to find close within a few layers.
func (s *Search) aroundOK(seeds, e Set, free uint64) bool {
	k := s.k
	rs := s.around[:0]
	seeds.forEach(func(c int) {
		var r aroundRegion
		r.cells.add(c)
		r.layer = r.cells
		rs = append(rs, r)
	})
	active, closedCells, largest := len(rs), 0, 0
	var closed Set // the regions closed, for the colour test of the one left
	// grown is the union of every region's cells: a new layer that
	// misses the others' cells merges with none of them, which one test
	// against grown tells without a look at each.
	grown := seeds
	for active > 1 {
		for i := range rs {
			if active <= 1 {
				break
			}
			r := &rs[i]
			if r.layer.isEmpty() {
				continue // complete or merged
			}
			nb := k.neighbours(r.layer)
			nb = nb.and(e).andNot(r.cells)
			if nb.isEmpty() {
				size := r.cells.count()
				if !k.largest && size%k.uniform != 0 {
					return false
				}
				if size%k.uniform == 0 && !s.colourOK(r.cells, free) {
					return false
				}
				closed = closed.or(r.cells)
				largest = max(largest, size)
				closedCells += size
				r.layer = Set{}
				active--
				continue
			}
			r.cells = r.cells.or(nb)
			r.layer = nb
			meets := !nb.and(grown).isEmpty()
			grown = grown.or(nb)
			if !meets {
				continue
			}
			for j := range rs {
				o := &rs[j]
				if j != i && !o.layer.isEmpty() && !o.cells.and(r.cells).isEmpty() {
					r.cells = r.cells.or(o.cells)
					r.layer = r.layer.or(o.layer)
					o.layer = Set{}
					active--
				}
			}
		}
	}
	// The region left growing is the rest of e: its size is a multiple of
	// the pieces' size when every other region's is.
	if rest := e.andNot(closed); k.colourMin != nil && rest.count()%k.uniform == 0 && !s.colourOK(rest, free) {
		return false
	}
	if !k.largest {
		return true
	}
	largest = max(largest, e.count()-closedCells)
	return largest%k.uniform == 0
}

// Whether a node's empty cells are one region, as childOK learns it for
// the child it tests (Search.next, passed on by place).
const (
	connUnknown int8 = iota
	connNo
	connYes
)

// singleAt reports whether the empty cells of the node at depth d, the
// current node, form one region: what its parent's test passed on, or a
// flood.
func (s *Search) singleAt(d int) bool {
	switch s.conn[d] {
	case connYes:
		return true
	case connNo:
		return false
	}
	v := s.connected()
	s.conn[d] = connNo
	if v {
		s.conn[d] = connYes
	}
	return v
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
		nb := k.neighbours(grow)
		nb = nb.and(s.empty).andNot(region)
		if nb.isEmpty() {
			return region == s.empty
		}
		region = region.or(nb)
		grow = nb
	}
}

// neighbours returns the neighbours of the cells of layer: the union of
// their adjacency sets.
func (k *Kernel) neighbours(layer Set) Set {
	// Four accumulators, which the compiler keeps in registers where a
	// Set would go through memory at every OR.
	var n0, n1, n2, n3 uint64
	adj := k.adj
	for w, x := range layer {
		for x != 0 {
			a := &adj[w<<6+bits.TrailingZeros64(x)]
			n0, n1, n2, n3 = n0|a[0], n1|a[1], n2|a[2], n3|a[3]
			x &= x - 1
		}
	}
	return Set{n0, n1, n2, n3}
}
