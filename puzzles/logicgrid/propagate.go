package logicgrid

import "math/bits"

// Propagation, an option beyond Igarashi et al. (2005) (Options.Propagate).
//
// At every node, before a clue is chosen, every clue not yet applied has
// its ways enumerated in full; a value that every way gives to some entity
// can only go to one of those entities, and a cell that every way fills can
// only take one of those values (sound, since a solution follows exactly
// one way of each clue). The sets of entities each value may still go to
// narrow accordingly; a value with one place left, or a cell with one
// value left, is assigned; a clue without ways, a value without a place,
// a cell without a value ends the node. Rounds repeat until nothing
// changes. These deductions cost no nodes: the tree is still counted as
// clue and way levels. With the fewest strategy, each clue also has a
// weight, 1 + the dead ends it caused (a clue left without ways), and the
// clue chosen is the one with the fewest ways per weight: clues that fail
// often are tried early (the "weighted degree" idea of constraint
// programming), which on hard 8 x 6 puzzles takes several times fewer
// nodes than the plain fewest rule once propagation is on. The cost is a full enumeration of every clue's ways
// per round, which pays on hard puzzles (fewer nodes by orders of
// magnitude) and not on easy ones.

func (g *grid) setDom(i int, d uint64) {
	g.domTrail = append(g.domTrail, domChange{int32(i), g.dom[i]})
	g.dom[i] = d
	g.stamp++
	g.catStamp[i/g.n] = g.stamp
}

// undoDom restores the sets changed since domTrail had length mark.
func (g *grid) undoDom(mark int) {
	for k := len(g.domTrail) - 1; k >= mark; k-- {
		ch := g.domTrail[k]
		g.dom[ch.i] = ch.old
		g.stamp++
		g.catStamp[int(ch.i)/g.n] = g.stamp
	}
	g.domTrail = g.domTrail[:mark]
}

// freeEntities returns the entities whose cell of category c is empty.
func (g *grid) freeEntities(c int) uint64 {
	var m uint64
	for e := 0; e < g.n; e++ {
		if g.cell[e*g.m+c] < 0 {
			m |= 1 << e
		}
	}
	return m
}

// propagate narrows the grid until nothing changes, reporting false on a
// contradiction. Assignments go on the trail, narrowed sets on domTrail;
// the caller undoes both.
func (s *solver) propagate(depth int) bool {
	g := s.g
	if s.sup == nil {
		nm := g.n * g.m
		s.sup = &support{cellCnt: make([]int32, nm), valCnt: make([]int32, nm), cellVals: make([]uint64, nm), valEnts: make([]uint64, nm)}
	}
	sp := s.sup
	for {
		changed := false
		for k := range s.p.Clues {
			if s.applied[k] || s.fresh(k) {
				continue
			}
			g.sup = sp
			w := int32(g.countWays(s.p.Clues[k].f, 0))
			if s.guarded() {
				return false
			}
			g.sup = nil
			s.lastWays[k], s.lastEnum[k] = int(w), g.stamp
			if w == 0 {
				sp.clear()
				if s.weight != nil {
					s.weight[k]++
				}
				s.trace(Step{Kind: Contradiction, Depth: depth, Clue: k})
				return false
			}
			for _, vi := range sp.touchedVals {
				if sp.valCnt[vi] == w {
					if d := g.dom[vi] & sp.valEnts[vi]; d != g.dom[vi] {
						g.setDom(int(vi), d)
						changed = true
					}
				}
			}
			for _, ci := range sp.touchedCells {
				if sp.cellCnt[ci] != w {
					continue
				}
				e, c := int(ci)/g.m, int(ci)%g.m
				for v := 0; v < g.n; v++ {
					vi := c*g.n + v
					if sp.cellVals[ci]>>v&1 == 0 && g.dom[vi]>>e&1 == 1 {
						g.setDom(vi, g.dom[vi]&^(1<<e))
						changed = true
					}
				}
			}
			sp.clear()
		}
		// Singles: a value with one place, a cell with one value.
		mark := len(g.trail)
		for c := 1; c < g.m; c++ {
			free := g.freeEntities(c)
			for v := 0; v < g.n; v++ {
				if g.owner[c*g.n+v] >= 0 {
					continue
				}
				d := g.dom[c*g.n+v] & free
				switch bits.OnesCount64(d) {
				case 0:
					s.trace(Step{Kind: Contradiction, Depth: depth, Clue: -1})
					return false
				case 1:
					e := bits.TrailingZeros64(d)
					g.assign(e, c, v)
					free &^= 1 << e
				}
			}
			for e := 0; e < g.n; e++ {
				if g.cell[e*g.m+c] >= 0 {
					continue
				}
				only, count := -1, 0
				for v := 0; v < g.n; v++ {
					if g.owner[c*g.n+v] < 0 && g.dom[c*g.n+v]>>e&1 == 1 {
						only, count = v, count+1
					}
				}
				switch count {
				case 0:
					s.trace(Step{Kind: Contradiction, Depth: depth, Clue: -1})
					return false
				case 1:
					g.assign(e, c, only)
				}
			}
		}
		if len(g.trail) > mark {
			changed = true
			if s.opt.Trace != nil {
				s.trace(Step{Kind: Deduce, Depth: depth, Clue: -1, Assign: s.assignments(trailAssignments(g, mark))})
			}
		}
		if !changed {
			return true
		}
	}
}

// fresh reports whether clue k's categories are unchanged since its ways
// were last counted in full, so that lastWays[k] holds and its
// deductions are made.
func (s *solver) fresh(k int) bool {
	if s.lastEnum[k] == 0 {
		return false
	}
	for c := s.cats[k]; c != 0; c &= c - 1 {
		if s.g.catStamp[bits.TrailingZeros64(c)] > s.lastEnum[k] {
			return false
		}
	}
	return true
}

// categories returns the set of categories formula f reads.
func categories(f *node) uint64 {
	var m uint64
	var ex func(x *expr)
	ex = func(x *expr) {
		if x == nil {
			return
		}
		if x.kind == eAttr {
			m |= 1<<x.ref.Cat | 1<<x.cat
		}
		ex(x.x)
		ex(x.y)
	}
	switch f.kind {
	case kSame:
		m |= 1<<f.a.Cat | 1<<f.b.Cat
	case kMember:
		m |= 1<<f.a.Cat | 1<<f.cat
	case kCmp:
		ex(f.l)
		ex(f.r)
	}
	for _, k := range f.kids {
		m |= categories(k)
	}
	return m
}

func trailAssignments(g *grid, mark int) []assignment {
	var out []assignment
	for _, i := range g.trail[mark:] {
		out = append(out, assignment{i, g.cell[i]})
	}
	return out
}

func (sp *support) clear() {
	for _, i := range sp.touchedCells {
		sp.cellCnt[i], sp.cellVals[i] = 0, 0
	}
	for _, i := range sp.touchedVals {
		sp.valCnt[i], sp.valEnts[i] = 0, 0
	}
	sp.touchedCells, sp.touchedVals = sp.touchedCells[:0], sp.touchedVals[:0]
}
