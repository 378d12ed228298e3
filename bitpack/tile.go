package bitpack

// The tiling test with cached witnesses (Problem.TileRegions). On the
// FirstEmpty tree a region that a placement closes off ahead of the scan
// keeps its cells until the scan reaches it: a placement at the first
// empty cell covers cells of that cell's region only. The dead-region
// test asks only that its size be a multiple of the pieces' size; the
// tiling test asks that the unplaced pieces tile it, for the regions of
// at most TileRegions pieces' size, by a search of the region. Searching
// every region again at every node costs what the smaller tree saves
// (docs/pp24-notes.md, session 5), so a tiling found is kept with its
// region, as its set of pieces (the witness, as watched literals in SAT
// solvers): below the node the region is still tileable while none of the
// witness's pieces is placed, and it is searched again only when one is
// (or when a placement touches the region: it is then dropped, and what
// the placement closes off in it is new). A region with no tiling cuts
// the child, which never has a solution below it: the cut is exact.
//
// Every node keeps its list of regions and witnesses at depth d of a
// flat stack (tiles[d*maxTileRegs:], tileN[d] of them): a child's list is
// its parent's, less the regions the placement touches, with the
// witnesses renewed, and the regions that its placement closes off. The
// list may miss regions (those closed above a search's first node, or
// that no placement closed, as at the root), which only weakens the cut.

// MaxTilePieces bounds Problem.TileRegions: the tiling search is
// exponential in the pieces of a region (session 5 measured the tree of
// six PP-24 subtrees shrink 1,000-fold at 12 pieces but the time grow
// 20-fold), and its recursion is this deep at most.
const MaxTilePieces = 12

// tileRegion is a closed empty region and the pieces of a tiling of it.
type tileRegion struct {
	cells   Set
	witness uint64
}

// tileApplies reports whether the tiling test can run on k: FirstEmpty
// with the dead-region test on every region, pieces of one size each
// placed once, and no colour test (whose aroundOK does not list the
// regions it closes). A lead piece (Problem.Order) may be placed away
// from the first empty cell, touching a listed region: the region is
// then dropped, as for any placement that touches one.
func (k *Kernel) tileApplies() bool {
	return k.rule == FirstEmpty && k.dead && !k.largest && k.uniform > 0 && !k.hasCopies() && k.colourMin == nil
}

// initTiles makes a new search's region stack.
func (s *Search) initTiles() {
	k := s.k
	levels := len(s.path) + 1
	s.maxTileRegs = k.n/k.uniform + 1
	s.tiles = make([]tileRegion, levels*s.maxTileRegs)
	s.tileN = make([]int32, levels)
	longest := cap(s.kids[0])
	s.survTiles = make([][]tileRegion, len(s.kids))
	s.survTileAt = make([][]int32, len(s.kids))
	for d := range s.survTiles {
		s.survTiles[d] = make([]tileRegion, 0, longest*s.maxTileRegs)
		s.survTileAt[d] = make([]int32, 0, longest+1)
	}
	s.closedNew = make([]Set, 0, s.maxTileRegs)
}

// tileOK is the tiling test of the child that placement i makes of the
// current node, once the dead-region test has passed it (with the
// regions it closed in closedNew): it writes the child's list at depth
// d+1 (tileNext of them) and reports false when a region has no tiling.
func (s *Search) tileOK(i int32) bool {
	k, d := s.k, s.depth
	m, bit := k.mask[i], k.pieceSet[i]
	free := s.free &^ bit
	dst := s.tiles[(d+1)*s.maxTileRegs:][:s.maxTileRegs]
	n := 0
	for _, r := range s.tiles[d*s.maxTileRegs:][:s.tileN[d]] {
		if !r.cells.and(m).isEmpty() {
			continue // the scan has reached it: dropped
		}
		if r.witness&bit != 0 {
			w, ok := s.tile(r.cells, free)
			if !ok {
				return false
			}
			r.witness = w
		}
		dst[n] = r
		n++
	}
	for _, c := range s.closedNew {
		w, ok := s.tile(c, free)
		if !ok {
			return false
		}
		dst[n] = tileRegion{cells: c, witness: w}
		n++
	}
	s.tileNext = int32(n)
	return true
}

// tile returns the pieces of a tiling of region by pieces of free, found
// by the FirstEmpty rule inside the region (the anchored placements of
// its first cell that fit in it, with the pocket test), or false when
// there is none.
func (s *Search) tile(region Set, free uint64) (uint64, bool) {
	if region.isEmpty() {
		return 0, true
	}
	k := s.k
	c := region.first()
	win := region.window(c)
	pockets := k.pocketAt != nil
	for _, r := range k.anchorRuns[c] {
		if free>>r.piece&1 == 0 {
			continue
		}
		rel := k.anchorRel[r.lo:r.hi]
		pl := k.anchorPl[r.lo:r.hi]
		pl = pl[:len(rel)]
		for j, m := range rel {
			if m&^win != 0 {
				continue
			}
			i := pl[j]
			if i < 0 {
				if i = ^i; !k.mask[i].subsetOf(region) {
					continue
				}
			}
			if pockets && s.pocketClosed(i, win) {
				continue
			}
			bit := uint64(1) << r.piece
			if w, ok := s.tile(region.andNot(k.mask[i]), free&^bit); ok {
				return w | bit, true
			}
		}
	}
	return 0, false
}
