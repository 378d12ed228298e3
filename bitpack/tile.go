package bitpack

import "math/bits"

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
// 20-fold), and a tiling is kept as at most this many placements.
const MaxTilePieces = 12

// maxTileCands bounds the placements a tiling search of one region
// considers (those of unplaced pieces inside the region), as bit sets of
// maxTileCands/64 words; a region with more is not tested (it is not
// listed, which only weakens the cut). On PP-24 a region of 8 pieces
// holds a few hundred.
const maxTileCands = 1024

const tileWords = maxTileCands / 64

// tileRegion is a set of closed empty regions (one, or all the node's
// empty cells once they are few) and a tiling of it: its placements and
// their pieces (the witness).
type tileRegion struct {
	cells   Set
	witness uint64
	n       int32
	pl      [MaxTilePieces]int32
}

// without returns r less placement i of its tiling (at j), whose cells
// m leave r.
func (r tileRegion) without(j int, m Set, bit uint64) tileRegion {
	r.cells = r.cells.andNot(m)
	r.witness &^= bit
	r.n--
	r.pl[j] = r.pl[r.n]
	return r
}

// tileApplies reports whether the tiling test can run on k: FirstEmpty
// with the dead-region test on every region, pieces of one size each
// placed once, and no colour test (whose aroundOK does not list the
// regions it closes). A lead piece (Problem.Order) may be placed away
// from the first empty cell, touching a listed region: the region is
// then searched again, as for any placement that touches one.
func (k *Kernel) tileApplies() bool {
	return k.rule == FirstEmpty && k.dead && !k.largest && k.uniform > 0 && !k.hasCopies() && k.colourMin == nil
}

// tileTables are a tiling search's bit sets of words words: the
// placements it considers (cand), and for each cell of the region
// (numbered by idx) and each piece the bits of those over it and of it,
// a row of words words each; alive has a bit for each.
type tileTables struct {
	cand        []int32
	cell, piece []uint64
	idx         []int16
	alive       []uint64
	words       int
}

// The states of a node's tables (nodeTables, Search.tableState).
const (
	tablesUnknown int8 = iota
	tablesNone
	tablesMade
)

func newTileTables(k *Kernel) tileTables {
	return tileTables{cand: make([]int32, 0, maxTileCands), cell: make([]uint64, k.tileCells*tileWords),
		piece: make([]uint64, k.np*tileWords), idx: make([]int16, k.n), alive: make([]uint64, tileWords)}
}

// initTiles makes a new search's region stack and the tiling search's
// scratch space: tables for every depth and one more for the searches
// of single regions.
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
	s.tables = make([]tileTables, levels+1)
	for d := range s.tables {
		s.tables[d] = newTileTables(k)
	}
	s.tcAlive = make([]uint64, (MaxTilePieces+1)*tileWords)
	s.nodeAlive = make([]uint64, levels*tileWords)
	s.tableAt = make([]int32, levels)
	s.tableState = make([]int8, levels)
}

// tileOK is the tiling test of the child that placement i makes of the
// current node, once the dead-region test has passed it (with the
// regions it closed in closedNew): it writes the child's list at depth
// d+1 (tileNext of them) and reports false when a region has no tiling.
// A listed region that the placement touches keeps its tiling less the
// placement if the placement is one of it, and is searched again
// otherwise; an untouched one is searched again when its witness has
// the placement's piece. Once the child's empty cells are at most
// tileCells, they are one listed region.
func (s *Search) tileOK(i int32) bool {
	k, d := s.k, s.depth
	m, bit := k.mask[i], k.pieceSet[i]
	free := s.free &^ bit
	child := s.empty.andNot(m)
	dst := s.tiles[(d+1)*s.maxTileRegs:][:s.maxTileRegs]
	n := 0
	touched := false
	var listed Set
	for _, r := range s.tiles[d*s.maxTileRegs:][:s.tileN[d]] {
		switch {
		case !r.cells.and(m).isEmpty():
			touched = true
			j := 0
			for j < int(r.n) && r.pl[j] != i {
				j++
			}
			if j < int(r.n) {
				r = r.without(j, m, bit)
			} else {
				var res int
				if r.cells == s.empty {
					// All the node's empty cells: its tables serve
					// every child.
					res = s.tileChild(&r, i)
				} else {
					r.cells = r.cells.andNot(m)
					res = s.tile(&r, free)
				}
				switch res {
				case tileNone:
					return false
				case tileUnknown:
					continue
				}
			}
			if r.cells.isEmpty() {
				continue
			}
		case r.witness&bit != 0:
			switch s.tile(&r, free) {
			case tileNone:
				return false
			case tileUnknown:
				continue
			}
		}
		listed = listed.or(r.cells)
		dst[n] = r
		n++
	}
	if !touched {
		// The regions the placement closed off, new (inside a listed
		// region they are its parts, and tiled by its tiling).
		for _, c := range s.closedNew {
			r := tileRegion{cells: c}
			switch s.tile(&r, free) {
			case tileNone:
				return false
			case tileUnknown:
				continue
			}
			listed = listed.or(r.cells)
			dst[n] = r
			n++
		}
	}
	if listed != child && s.empty.count() <= k.tileCells {
		// Few cells left: all of them, one region to tile, on the
		// node's tables. (A child with few cells whose parent has
		// many is not searched whole: tables made for it alone would
		// be made again for its children.)
		r := tileRegion{}
		switch s.tileChild(&r, i) {
		case tileNone:
			return false
		case tileFound:
			dst[0] = r
			n = 1
		}
	}
	s.tileNext = int32(n)
	return true
}

// The outcomes of a tiling search.
const (
	tileFound   = iota
	tileNone    // no tiling: the node is cut
	tileUnknown // too many placements to search: not listed
)

// tile searches a tiling of r.cells by pieces of free and, when it finds
// one, puts it in r. The search is exact cover on bit sets over the
// placements inside the region: each step branches on the region's cell
// with the fewest placements left (a cell with none ends the step), and
// a placement kills the others over its cells and of its piece.
func (s *Search) tile(r *tileRegion, free uint64) int {
	if r.cells.isEmpty() {
		r.witness, r.n = 0, 0
		return tileFound
	}
	t := &s.tables[len(s.tables)-1]
	if !s.makeTables(t, r.cells, free) {
		return tileUnknown
	}
	copy(s.tcAlive, t.alive[:t.words])
	return s.tileRun(t, r, r.cells)
}

// tileChild searches a tiling of the current node's empty cells less
// placement i's (r.cells, or what is left of them) by the unplaced
// pieces but i's, on the node's tables (nodeTables), made once for all
// its children.
func (s *Search) tileChild(r *tileRegion, i int32) int {
	k := s.k
	left := s.empty.andNot(k.mask[i])
	r.cells = left
	if left.isEmpty() {
		r.witness, r.n = 0, 0
		return tileFound
	}
	t, alive := s.nodeTables()
	if t == nil {
		return tileUnknown
	}
	s.kills(t, s.tcAlive, alive, i)
	return s.tileRun(t, r, left)
}

// tileRun runs the search on t from the live placements in tcAlive,
// for the cells left, and puts the tiling found in r.
func (s *Search) tileRun(t *tileTables, r *tileRegion, left Set) int {
	r.n = 0
	if !s.tileStep(t, r, left, 0) {
		return tileNone
	}
	r.witness = 0
	for _, q := range r.pl[:r.n] {
		r.witness |= s.k.pieceSet[q]
	}
	return tileFound
}

// nodeTables returns the tables of the current node's empty cells and
// unplaced pieces, and its live placements in them: the tables are made
// at the first node of a path with at most tileCells empty cells, and
// serve every node below it, whose live placements are its parent's
// less those that its placement kills (a few words per node, where
// listing them again costs a pass over the region's anchored placements
// and setting their bits). Nil when the cells are more than tileCells or
// the placements more than maxTileCands.
func (s *Search) nodeTables() (*tileTables, []uint64) {
	return s.tablesAt(s.depth, s.empty, s.free)
}

// tablesAt is nodeTables for the node at depth d on the current path,
// whose empty cells and unplaced pieces are empty and free.
func (s *Search) tablesAt(d int, empty Set, free uint64) (*tileTables, []uint64) {
	k := s.k
	alive := s.nodeAlive[d*tileWords:][:tileWords]
	switch s.tableState[d] {
	case tablesMade:
		return &s.tables[s.tableAt[d]], alive
	case tablesNone:
		return nil, nil
	}
	s.tableState[d] = tablesNone
	n := empty.count()
	if n > k.tileCells {
		return nil, nil
	}
	if d > 0 {
		if i := s.path[d-1]; n+len(k.cells[i]) <= k.tileCells {
			if t, from := s.tablesAt(d-1, empty.or(k.mask[i]), free|k.pieceSet[i]); t != nil {
				s.kills(t, alive, from, i)
				s.tableAt[d], s.tableState[d] = s.tableAt[d-1], tablesMade
				return t, alive
			}
		}
	}
	t := &s.tables[d]
	if !s.makeTables(t, empty, free) {
		return nil, nil
	}
	copy(alive, t.alive)
	s.tableAt[d], s.tableState[d] = int32(d), tablesMade
	return t, alive
}

// kills sets dst to the placements of src that placement i leaves live
// on t: those over none of its cells and not of its piece.
func (s *Search) kills(t *tileTables, dst, src []uint64, i int32) {
	k, words := s.k, t.words
	dst, src = dst[:words], src[:words]
	copy(dst, src)
	pr := t.piece[int(k.piece[i])*words:][:words]
	for j := range dst {
		dst[j] &^= pr[j]
	}
	for _, c := range k.cells[i] {
		cr := t.cell[int(t.idx[c])*words:][:words]
		for j := range dst {
			dst[j] &^= cr[j]
		}
	}
}

// makeTables makes t for a search of region by pieces of free, all its
// placements live; false when they are more than maxTileCands.
func (s *Search) makeTables(t *tileTables, region Set, free uint64) bool {
	k := s.k
	nc := 0
	for w, x := range region {
		for ; x != 0; x &= x - 1 {
			t.idx[w<<6+bits.TrailingZeros64(x)] = int16(nc)
			nc++
		}
	}
	if nc > k.tileCells {
		return false
	}
	cands := listCands(k, region, free, t.cand[:0])
	if cands == nil {
		return false
	}
	t.cand = cands
	words := (len(cands) + 63) / 64
	t.words = words
	cell := t.cell[:nc*words]
	clear(cell)
	for f := free; f != 0; f &= f - 1 {
		clear(t.piece[bits.TrailingZeros64(f)*words:][:words])
	}
	alive := t.alive[:words]
	clear(alive)
	for j, q := range cands {
		w, b := j>>6, uint64(1)<<(j&63)
		alive[w] |= b
		t.piece[int(k.piece[q])*words+w] |= b
		for _, c := range k.cells[q] {
			cell[int(t.idx[c])*words+w] |= b
		}
	}
	return true
}

// tileStep is a step of the tiling search at the given depth: the cells
// left and the live placements (tcAlive at the depth).
func (s *Search) tileStep(t *tileTables, r *tileRegion, left Set, depth int) bool {
	if left.isEmpty() {
		r.n = int32(depth)
		return true
	}
	if depth == MaxTilePieces {
		return false // never: tileCells holds at most MaxTilePieces pieces
	}
	k, words := s.k, t.words
	alive := s.tcAlive[depth*tileWords:][:words]
	best, bestCnt := -1, 1<<30
	for w, x := range left {
		for ; x != 0; x &= x - 1 {
			c := w<<6 + bits.TrailingZeros64(x)
			row := t.cell[int(t.idx[c])*words:][:words]
			cnt := 0
			for j, a := range alive {
				cnt += bits.OnesCount64(a & row[j])
			}
			if cnt < bestCnt {
				best, bestCnt = c, cnt
				if cnt == 0 {
					return false
				}
			}
		}
	}
	row := t.cell[int(t.idx[best])*words:][:words]
	next := s.tcAlive[(depth+1)*tileWords:][:words]
	for w := range words {
		for x := alive[w] & row[w]; x != 0; x &= x - 1 {
			q := t.cand[w<<6+bits.TrailingZeros64(x)]
			copy(next, alive)
			pr := t.piece[int(k.piece[q])*words:][:words]
			for j := range next {
				next[j] &^= pr[j]
			}
			for _, c := range k.cells[q] {
				cr := t.cell[int(t.idx[c])*words:][:words]
				for j := range next {
					next[j] &^= cr[j]
				}
			}
			r.pl[depth] = q
			if s.tileStep(t, r, left.andNot(k.mask[q]), depth+1) {
				return true
			}
		}
	}
	return false
}

// listCands appends to cands the placements of pieces of free inside
// region, found from the region's cells by their anchored placements;
// nil when there are more than maxTileCands.
func listCands(k *Kernel, region Set, free uint64, cands []int32) []int32 {
	for w, x := range region {
		for ; x != 0; x &= x - 1 {
			c := w<<6 + bits.TrailingZeros64(x)
			win := region.window(c)
			for _, run := range k.anchorRuns[c] {
				if free>>run.piece&1 == 0 {
					continue
				}
				rel := k.anchorRel[run.lo:run.hi]
				pl := k.anchorPl[run.lo:run.hi]
				pl = pl[:len(rel)]
				for j, m := range rel {
					if m&^win != 0 {
						continue
					}
					q := pl[j]
					if q < 0 {
						if q = ^q; !k.mask[q].subsetOf(region) {
							continue
						}
					}
					if len(cands) == maxTileCands {
						return nil
					}
					cands = append(cands, q)
				}
			}
		}
	}
	return cands
}
