package rubik

import "math/bits"

// Searching from both ends, as Rokicki's nxopt does. A coset value of the
// cube's inverse equal to the turns left excludes its axis's faces as the
// first turn of a solution; one of the cube's own, as the last turn. So
// each node may extend the solution at either end, and dfsBi takes the
// end with fewer faces left: turning face m first makes the cube c*m,
// turning it last (the solution ends ... m) makes m*c. The solution is
// the first turns in order, then the last turns in reverse. Each end
// keeps Edelkamp and Korf's order on its own, so the canonical form of
// every solution stays in the tree; where the ends meet, any order is let
// through.

// backTurn marks a move of path taken at the solution's end.
const backTurn = 32

// dfsBi is dfs below cutDepth with the coset table and its inverse
// lookups: front and back are the faces last turned at the two ends (-1:
// none yet).
func (s *solver) dfsBi(n *node, g, front, back int) bool {
	s.expanded++
	l := &s.levels[g]
	kids, hs, ms := &l.kids, &l.hs, &l.ms
	left := s.bound - g
	var fwd, bwd, plain uint
	for f := 0; f < 6; f++ {
		ax := faceAxis[f]
		if MayFollow(front, f) {
			plain |= 1 << f
			if int(n.iax[ax]) != left {
				fwd |= 1 << f
			}
		}
		if MayFollow(f, back) && int(n.fax[ax]) != left {
			bwd |= 1 << f
		}
	}
	faces, dir := fwd, 0
	if bits.OnesCount(bwd) < bits.OnesCount(fwd) {
		faces, dir = bwd, backTurn
	}
	if faces != plain {
		// The faces left out have f above the bound.
		s.next = min(s.next, s.bound+1)
	}
	cnt := 0
	for f := 0; f < 6; f++ {
		if faces>>f&1 == 0 {
			continue
		}
		for m := 3 * f; m < 3*f+3; m++ {
			if dir == 0 {
				kids[cnt].cube = n.cube.Mul(moves[m])
			} else {
				kids[cnt].cube = moves[m].Mul(n.cube)
			}
			ms[cnt] = int8(m)
			cnt++
		}
	}
	if t := s.h.Corners; t != nil {
		for j := 0; j < cnt; j++ {
			hs[j] = t.Get(CornerIndex(kids[j].cube))
		}
	} else {
		clear(hs[:cnt])
	}
	settled := s.bound + 1 - (g + 1)
	if s.next > s.bound+1 {
		settled = s.next - (g + 1)
	}
	s.cosetLookups(n, l, cnt, settled, g, true, dir)
	s.generated += int64(cnt)
	if s.trackDepth {
		s.byDepth[g+1] += int64(cnt)
	}
	if s.generated >= s.checkAt && s.check(s) {
		return false
	}
	for j := 0; j < cnt; j++ {
		if fv := g + 1 + hs[j]; fv > s.bound {
			s.next = min(s.next, fv)
			continue
		}
		m := int(ms[j])
		s.path[g] = int8(m | dir)
		if hs[j] == 0 && kids[j].cube == Solved() {
			s.orderPath(g + 1)
			s.found = true
			return true
		}
		nf, nb := front, back
		if dir == 0 {
			nf = m / 3
		} else {
			nb = m / 3
		}
		if s.dfsBi(&kids[j], g+1, nf, nb) {
			return true
		}
		if s.stop {
			return false
		}
	}
	return false
}

// orderPath rewrites path[:g], whose moves are marked by the end they
// were taken at, as the solution: the first turns in order, then the last
// turns in reverse.
func (s *solver) orderPath(g int) {
	var out [maxDepth]int8
	k := 0
	for _, m := range s.path[:g] {
		if m&backTurn == 0 {
			out[k] = m
			k++
		}
	}
	for i := g - 1; i >= 0; i-- {
		if m := s.path[i]; m&backTurn != 0 {
			out[k] = m &^ backTurn
			k++
		}
	}
	copy(s.path[:g], out[:g])
}
