package tiles

import (
	"github.com/branchwise/branchwise/pdb"
)

// patState is one pattern's part of the heuristic during a search: the
// cells of its tiles, their Manhattan distance and the pattern's value.
type patState struct {
	k     int
	tiles [MaxPatternTiles]uint8
	cells [MaxPatternTiles]int8
	pl    pdb.Placements
	table *pdb.Table
	md, v int
}

func (ps *patState) value() int { return ps.md + 2*ps.table.Get(ps.pl.Rank(ps.cells[:ps.k])) }

// searcher is the state of one IDA* worker: the board, the blank's
// neighbours, and either the Manhattan distance (no patterns) or the
// patterns' values on the board and, with reflection, on its mirror image.
type searcher struct {
	n, cols int
	tiles   [MaxCells]uint8
	nb      [MaxCells][4]int8
	md      [MaxCells * MaxCells]uint8
	blank   int
	h       int

	npat    int
	patOf   [MaxCells]int8
	patIdx  [MaxCells]int8
	pat     [maxPatterns]patState
	reflect bool
	rtile   [MaxCells]uint8
	rcell   [MaxCells]int8
	rpat    [maxPatterns]patState
	sum     int
	rsum    int

	path      [1024]int8
	bound     int
	next      int
	generated int64
	expanded  int64
	checkAt   int64
	check     func(s *searcher) bool
	stop      bool
	found     bool

	// split > 0 makes dfs hand the nodes at that depth to emit instead of
	// searching below them.
	split int
	emit  func(s *searcher, g, h, last int)
}

// newSearcher returns a searcher at p's board with heuristic h (nil: the
// Manhattan distance).
func newSearcher(p *Puzzle, h *PDBHeuristic) *searcher {
	s := &searcher{n: p.n, cols: p.cols, tiles: p.tiles, md: p.md, blank: p.blank}
	copy(s.nb[:], p.nb)
	if h == nil {
		s.h = p.h
		return s
	}
	s.npat = len(h.Patterns)
	s.reflect = h.Reflect
	goal := h.Patterns[0].goal
	for c := 0; c < s.n; c++ {
		s.rcell[c] = int8(c%s.cols*s.cols + c/s.cols)
	}
	for t := range s.n {
		s.rtile[t] = reflectTile(goal, uint8(t))
	}
	for i, pat := range h.Patterns {
		ps, rs := &s.pat[i], &s.rpat[i]
		ps.k, ps.pl, ps.table = len(pat.tiles), pat.pl, h.Tables[i]
		copy(ps.tiles[:], pat.tiles)
		for j, t := range pat.tiles {
			s.patOf[t], s.patIdx[t] = int8(i), int8(j)
		}
		*rs = *ps
	}
	s.reset()
	return s
}

// reset recomputes the heuristic from the board.
func (s *searcher) reset() {
	if s.npat == 0 {
		s.h = 0
		for c := 0; c < s.n; c++ {
			if t := s.tiles[c]; t != 0 {
				s.h += int(s.md[int(t)*MaxCells+c])
			}
		}
		return
	}
	var pos [MaxCells]int8
	for c := 0; c < s.n; c++ {
		pos[s.tiles[c]] = int8(c)
	}
	s.sum, s.rsum = 0, 0
	for i := 0; i < s.npat; i++ {
		ps, rs := &s.pat[i], &s.rpat[i]
		ps.md, rs.md = 0, 0
		for j := 0; j < ps.k; j++ {
			t := ps.tiles[j]
			ps.cells[j] = pos[t]
			ps.md += int(s.md[int(t)*MaxCells+int(pos[t])])
			rc := s.rcell[pos[s.rtile[t]]]
			rs.cells[j] = rc
			rs.md += int(s.md[int(t)*MaxCells+int(rc)])
		}
		ps.v, rs.v = ps.value(), rs.value()
		s.sum += ps.v
		s.rsum += rs.v
	}
	s.h = s.sum
	if s.reflect {
		s.h = max(s.sum, s.rsum)
	}
}

// moveTile updates the heuristic for tile t going from cell from to cell
// to and returns the new value; the old pattern values are returned for
// unmoveTile.
func (s *searcher) moveTile(t, from, to int) (h, oldV, oldRV int) {
	p, i := s.patOf[t], s.patIdx[t]
	ps := &s.pat[p]
	ps.cells[i] = int8(to)
	ps.md += int(s.md[t*MaxCells+to]) - int(s.md[t*MaxCells+from])
	oldV = ps.v
	ps.v = ps.value()
	s.sum += ps.v - oldV
	if !s.reflect {
		return s.sum, oldV, 0
	}
	rt := int(s.rtile[t])
	rp, ri := s.patOf[rt], s.patIdx[rt]
	rs := &s.rpat[rp]
	rto, rfrom := int(s.rcell[to]), int(s.rcell[from])
	rs.cells[ri] = int8(rto)
	rs.md += int(s.md[rt*MaxCells+rto]) - int(s.md[rt*MaxCells+rfrom])
	oldRV = rs.v
	rs.v = rs.value()
	s.rsum += rs.v - oldRV
	return max(s.sum, s.rsum), oldV, oldRV
}

// unmoveTile undoes moveTile(t, from, to).
func (s *searcher) unmoveTile(t, from, to, oldV, oldRV int) {
	p, i := s.patOf[t], s.patIdx[t]
	ps := &s.pat[p]
	ps.cells[i] = int8(from)
	ps.md -= int(s.md[t*MaxCells+to]) - int(s.md[t*MaxCells+from])
	s.sum += oldV - ps.v
	ps.v = oldV
	if !s.reflect {
		return
	}
	rt := int(s.rtile[t])
	rp, ri := s.patOf[rt], s.patIdx[rt]
	rs := &s.rpat[rp]
	rto, rfrom := int(s.rcell[to]), int(s.rcell[from])
	rs.cells[ri] = int8(rfrom)
	rs.md -= int(s.md[rt*MaxCells+rto]) - int(s.md[rt*MaxCells+rfrom])
	s.rsum += oldRV - rs.v
	rs.v = oldRV
}

// apply makes blank move d for good (replaying a path) and returns h.
func (s *searcher) apply(d int) int {
	to := int(s.nb[s.blank][d])
	t := int(s.tiles[to])
	if s.npat == 0 {
		s.h += int(s.md[t*MaxCells+s.blank]) - int(s.md[t*MaxCells+to])
	} else {
		s.h, _, _ = s.moveTile(t, to, s.blank)
	}
	s.tiles[s.blank], s.tiles[to] = uint8(t), 0
	s.blank = to
	return s.h
}

// dfs expands the node with the blank at blank, reached at depth g by move
// last (4 at the root), with heuristic h, under Korf's conventions (see
// IDA). It returns true when a goal was found.
func (s *searcher) dfs(blank, g, h, last int) bool {
	s.expanded++
	nb := &s.nb[blank]
	for d := 0; d < 4; d++ {
		to := int(nb[d])
		if to < 0 || d == 3-last {
			continue
		}
		t := int(s.tiles[to])
		var nh, oldV, oldRV int
		if s.npat == 0 {
			nh = h + int(s.md[t<<6|blank]) - int(s.md[t<<6|to])
		} else {
			nh, oldV, oldRV = s.moveTile(t, to, blank)
		}
		s.generated++
		if s.generated >= s.checkAt && s.check(s) {
			if s.npat != 0 {
				s.unmoveTile(t, to, blank, oldV, oldRV)
			}
			return false
		}
		if f := g + 1 + nh; f > s.bound {
			if f < s.next {
				s.next = f
			}
			if s.npat != 0 {
				s.unmoveTile(t, to, blank, oldV, oldRV)
			}
			continue
		}
		s.path[g] = int8(d)
		if nh == 0 {
			s.found = true
			return true
		}
		s.tiles[blank], s.tiles[to] = uint8(t), 0
		if g+1 == s.split {
			s.emit(s, g+1, nh, d)
		} else if s.dfs(to, g+1, nh, d) {
			return true
		}
		s.tiles[blank], s.tiles[to] = 0, uint8(t)
		if s.npat != 0 {
			s.unmoveTile(t, to, blank, oldV, oldRV)
		}
		if s.stop {
			return false
		}
	}
	return false
}
