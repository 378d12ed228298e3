package rubik

import (
	"cmp"
	"context"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/search"
)

// Heuristic is the pattern-database heuristic of Korf (1997): the largest
// of the corners' table and the tables of two sets of edges. A nil Corners
// counts as 0 (tests use small edge tables alone). With Conjugates above 1
// each edge table is also looked up on the cube's conjugates by the
// rotations about the URF-DBL diagonal (Cube.Conjugate), which are as far
// from solved as the cube: more lower bounds, the largest taken.
type Heuristic struct {
	Corners    *pdb.Table
	EdgeSpaces [2]*EdgeSpace
	Edges      [2]*pdb.Table
	// Conjugates is the number of rotations (1..MaxConjugates; 0 counts as
	// 1) each edge table is looked up under.
	Conjugates int
	// Inverse also looks the three tables up on the inverse cube c^-1,
	// which is as far from solved as c (its solutions are c's, reversed
	// and inverted): the dual lookup of Zahavi, Felner, Holte and
	// Schaeffer (2008).
	Inverse bool
	// Coset, if set, is a coset table (nxopt's kind) looked up on the
	// cube's three axes, and with Inverse on its inverse's.
	Coset *CosetTable
}

// DefaultEdges are the two edge patterns, 6 edges each (42,577,920 entries,
// 21 MB a table); with 7 each (510,935,040 entries, 255 MB a table) the
// heuristic is stronger.
var DefaultEdges = [2][]uint8{{0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}}

// EdgePatterns returns two patterns of k edges (1..7) each, disjoint up to
// 6.
func EdgePatterns(k int) [2][]uint8 {
	var p [2][]uint8
	for i := 0; i < k; i++ {
		p[0] = append(p[0], uint8(i))
		p[1] = append(p[1], uint8(11-i))
	}
	return p
}

// LoadHeuristic loads or builds (and caches in dir, "" for none) the corner
// table and the tables of two patterns of k edges each (none for k = 0).
func LoadHeuristic(ctx context.Context, dir string, k int, o pdb.Options) (*Heuristic, []pdb.Source, error) {
	h := &Heuristic{}
	spaces := []pdb.Space{CornerSpace{}}
	for i, edges := range EdgePatterns(k) {
		if k == 0 {
			break
		}
		sp, err := NewEdgeSpace(edges)
		if err != nil {
			return nil, nil, err
		}
		h.EdgeSpaces[i], spaces = sp, append(spaces, sp)
	}
	// The largest first: 7 edges are refused at once under a small budget.
	tabs, srcs, err := pdb.OpenAll(ctx, dir, spaces, o)
	if err != nil {
		return nil, nil, err
	}
	h.Corners = tabs[0]
	for i := range tabs[1:] {
		h.Edges[i] = tabs[1+i]
	}
	return h, srcs, nil
}

// conjugates returns the number of rotations the edge tables are looked
// up under.
func (h *Heuristic) conjugates() int { return min(max(h.Conjugates, 1), MaxConjugates) }

// Value returns the heuristic of c.
func (h *Heuristic) Value(c Cube) int {
	v := 0
	if h.Corners != nil {
		v = h.Corners.Get(CornerIndex(c))
	}
	for r := 0; r < h.conjugates(); r++ {
		y := c.Conjugate(r)
		for i, sp := range h.EdgeSpaces {
			if sp != nil {
				v = max(v, h.Edges[i].Get(sp.Index(y)))
			}
		}
	}
	if h.Inverse {
		y := c.Inverse()
		if h.Corners != nil {
			v = max(v, h.Corners.Get(CornerIndex(y)))
		}
		for i, sp := range h.EdgeSpaces {
			if sp != nil {
				v = max(v, h.Edges[i].Get(sp.Index(y)))
			}
		}
	}
	if h.Coset != nil {
		v = max(v, h.Coset.Value(c, h.Inverse))
	}
	return v
}

// maxViews is the most edge lookups per node: two tables on each of the
// conjugates.
const maxViews = 2 * MaxConjugates

// view is one edge lookup: a table on the conjugate by a rotation, whose
// edges move by the conjugated turns.
type view struct {
	table *pdb.Table
	space *EdgeSpace
	k     int
	turn  *[18]uint8
}

// node is a cube as the search holds it: the corner coordinates and, for
// each view, the slots and flips of its edges; with the inverse lookups
// also the whole cube.
type node struct {
	perm, twist uint16
	flips       [maxViews]uint8
	slots       [maxViews][MaxPatternEdges]int8
	cube        Cube
	// With a coset table: its values on the three axes of the cube (fax)
	// and of its inverse (iax), -1 where not looked up; lastAx, the axes
	// that the last turn of a solution of the bound's length cannot be on
	// (coset values equal to the moves left, here or above).
	fax, iax [MaxConjugates]int8
	lastAx   uint8
	// xs and es are the coset coordinates of each axis of the cube (0)
	// and its inverse (1), set where hasC.
	xs, es [2][MaxConjugates]uint32
	hasC   [2]bool
}

// noAxes marks a node's axis values unknown.
var noAxes = [MaxConjugates]int8{-1, -1, -1}

// SolveOptions configure Solve.
type SolveOptions struct {
	// Workers is the number of goroutines (search.Workers: 0 is every CPU).
	Workers int
	// Limits bound the search: MaxNodes (about) the generated nodes,
	// MaxTime and MaxCPU its time; MaxMem bounds nothing (IDA* holds no
	// states; the heuristic's tables are built before).
	search.Limits
}

// maxDepth bounds solutions: God's number is 20, and the path arrays are
// sized by it with room to spare.
const maxDepth = 32

// cutDepth is the depth of the subtrees the workers share: about 40,000
// turn sequences below the Edelkamp-Korf pruning, enough to balance, and
// nxopt's prefix length: eight 16-move scrambles took 46.4 M nodes
// against 58.1 M with depth 3's order by size (docs/benchmarks.md). The
// subtrees start from the nodes the top of the tree made, so a deeper cut
// costs no lookups.
const cutDepth = 4

// checkEvery is the number of nodes between a worker's looks at the
// context, the node limit and the other workers' goals.
const checkEvery = 1 << 16

// maxChildren is the most children a node has: the 18 turns at the root.
const maxChildren = 18

// level is the scratch space of one depth of the search: the children of
// the node expanded there, their heuristics and moves, and the table
// indexes and positions of those looked up. Kept in the solver, it is
// neither allocated nor cleared per node.
type level struct {
	kids [maxChildren]node
	hs   [maxChildren]int
	ms   [maxChildren]int8
	idx  [2 * maxChildren]uint64
	live [maxChildren]uint8
	axes [maxChildren][MaxConjugates]int8
	// inv holds the children's inverses that the coset lookups made.
	inv [maxChildren]Cube
}

type solver struct {
	levels    *[maxDepth + 1]level
	h         *Heuristic
	views     []view
	covers    bool
	bound     int
	next      int
	generated int64
	expanded  int64
	checkAt   int64
	check     func(*solver) bool
	// sub and done are Solve's: the position of the subtree searched and
	// the nodes of it already added to the total.
	sub        int
	done       int64
	stop       bool
	found      bool
	path       [maxDepth]int8
	split      int
	emit       func(s *solver, g int, n *node)
	byDepth    [maxDepth + 1]int64
	trackDepth bool
	start      Cube
	// bidi: below cutDepth each node turns whichever end of the solution
	// has fewer faces left (dfsBi).
	bidi bool
}

// newSolver returns a solver of start with h's views; a caller that runs
// dfs sets its levels (one set per goroutine).
func newSolver(h *Heuristic, start Cube) *solver {
	if h.Corners != nil {
		moveTables()
	}
	s := &solver{h: h, start: start, next: math.MaxInt, checkAt: math.MaxInt64}
	var edges uint
	for r := 0; r < h.conjugates(); r++ {
		for i, sp := range h.EdgeSpaces {
			if sp == nil {
				continue
			}
			s.views = append(s.views, view{table: h.Edges[i], space: sp, k: len(sp.Edges), turn: &conjMove[r]})
			for _, e := range sp.Edges {
				edges |= 1 << e
			}
		}
	}
	s.covers = h.Corners != nil && edges == 1<<12-1
	s.bidi = h.Coset != nil && h.Inverse && len(s.views) == 0
	return s
}

// node returns the search's form of cube c.
func (s *solver) node(c Cube) node {
	n := node{perm: uint16(cornerPerm(c)), twist: uint16(cornerTwist(c)), cube: c, fax: noAxes, iax: noAxes}
	for v := range s.views {
		y := c.Conjugate(v / 2)
		for j, x := range s.views[v].space.Edges {
			for slot, e := range y.EP {
				if e == x {
					n.slots[v][j] = int8(slot)
					n.flips[v] |= y.EO[slot] << uint(j)
				}
			}
		}
	}
	return n
}

// viewIndex returns the table index of view v of n.
func (s *solver) viewIndex(n *node, v int) uint64 {
	w := &s.views[v]
	return w.space.index(n.slots[v][:w.k], uint64(n.flips[v]))
}

func (s *solver) value(n *node) int {
	v := 0
	if s.h.Corners != nil {
		v = s.h.Corners.Get(uint64(n.perm)*CornerTwists + uint64(n.twist))
	}
	for i := range s.views {
		v = max(v, s.views[i].table.Get(s.viewIndex(n, i)))
	}
	if s.h.Inverse {
		if s.h.Corners != nil {
			v = max(v, s.h.Corners.Get(inverseCornerIndex(&n.cube)))
		}
		for i, sp := range s.h.EdgeSpaces {
			if sp != nil {
				v = max(v, s.h.Edges[i].Get(inverseEdgeIndex(sp, &n.cube)))
			}
		}
	}
	if s.h.Coset != nil {
		v = max(v, s.h.Coset.Value(n.cube, s.h.Inverse))
	}
	return v
}

// cosetRoot sets the coset coordinates and exact values of the root n on
// its three axes and, with Inverse, its inverse's: the children's lookups
// then move the coordinates, and a packed table decodes relative to the
// values.
func (s *solver) cosetRoot(n *node) {
	ct := s.h.Coset
	if ct == nil {
		return
	}
	sides := []Cube{n.cube}
	if s.h.Inverse {
		sides = append(sides, n.cube.Inverse())
	}
	for side, c := range sides {
		for r := 0; r < MaxConjugates; r++ {
			x, e := axisCoords(&c, r, ct.Space.EO)
			n.xs[side][r], n.es[side][r] = x, e
			v := int8(ct.exactAt(x, e))
			if side == 0 {
				n.fax[r] = v
			} else {
				n.iax[r] = v
			}
		}
		n.hasC[side] = true
	}
}

// inverseCornerIndex returns CornerIndex(c.Inverse()).
func inverseCornerIndex(c *Cube) uint64 {
	var cells [8]int8
	var co [8]uint8
	for i, p := range c.CP {
		cells[p] = int8(i)
		co[p] = (3 - c.CO[i]) % 3
	}
	t := uint64(0)
	for i := 6; i >= 0; i-- {
		t = 3*t + uint64(co[i])
	}
	return cornerPerms.Rank(cells[:])*CornerTwists + t
}

// inverseEdgeIndex returns sp.Index(c.Inverse()): in c^-1 edge e is in
// slot c.EP[e], flipped by c.EO[e].
func inverseEdgeIndex(sp *EdgeSpace, c *Cube) uint64 {
	var slots [MaxPatternEdges]int8
	var flips uint64
	for j, e := range sp.Edges {
		slots[j] = int8(c.EP[e])
		flips |= uint64(c.EO[e]) << uint(j)
	}
	return sp.index(slots[:len(sp.Edges)], flips)
}

// solved reports whether the node reached by path[:g], whose heuristic is
// 0, is the solved cube: h 0 settles it when the tables cover every cubie;
// otherwise the path is replayed on the whole cube.
func (s *solver) solved(g int) bool {
	if s.covers {
		return true
	}
	c := s.start
	for _, m := range s.path[:g] {
		c = c.Turn(int(m))
	}
	return c == Solved()
}

func (s *solver) turn(n *node, m int) node {
	c := node{fax: noAxes, iax: noAxes}
	if s.h.Corners != nil {
		c.perm, c.twist = permMove[n.perm][m], twistMove[n.twist][m]
	}
	for v := range s.views {
		s.turnView(n, &c, v, m)
	}
	if s.h.Inverse || s.h.Coset != nil {
		c.cube = n.cube.Turn(m)
	}
	return c
}

// turnView sets the slots and flips of view v of c, n turned by m.
func (s *solver) turnView(n, c *node, v, m int) {
	w := &s.views[v]
	mm := w.turn[m]
	var f uint8
	for j := 0; j < w.k; j++ {
		to := edgeTo[mm][n.slots[v][j]]
		c.slots[v][j] = to
		f |= (n.flips[v]>>uint(j)&1 ^ edgeFlip[mm][to]) << uint(j)
	}
	c.flips[v] = f
}

// inverseLookups raises the children's bounds by the tables on their
// inverses, lazily as dfs does; every child not settled gets its whole
// cube, which its own children will need.
func (s *solver) inverseLookups(n *node, l *level, cnt, settled int) {
	kids, hs, ms, idx, live := &l.kids, &l.hs, &l.ms, &l.idx, &l.live
	nl := 0
	for j := 0; j < cnt; j++ {
		if hs[j] < settled {
			if s.h.Coset == nil { // else cosetLookups made it
				kids[j].cube = n.cube.Turn(int(ms[j]))
			}
			live[nl] = uint8(j)
			nl++
		}
	}
	if t := s.h.Corners; t != nil {
		for i := 0; i < nl; i++ {
			idx[i] = inverseCornerIndex(&kids[live[i]].cube)
		}
		for i := 0; i < nl; i++ {
			hs[live[i]] = max(hs[live[i]], t.Get(idx[i]))
		}
	}
	for e, sp := range s.h.EdgeSpaces {
		if sp == nil {
			continue
		}
		m := 0
		for i := 0; i < nl; i++ {
			if j := live[i]; hs[j] < settled {
				idx[m], live[m] = inverseEdgeIndex(sp, &kids[j].cube), j
				m++
			}
		}
		nl = m
		t := s.h.Edges[e]
		for i := 0; i < nl; i++ {
			hs[live[i]] = max(hs[live[i]], t.Get(idx[i]))
		}
	}
}

// cosetLookups raises the children's bounds by the coset table on their
// three axes and, with Inverse, their inverses' (CosetTable.Value),
// lazily as dfs does, each axis for all children at once. Every child not
// settled first gets its whole cube, unless made says dfsBi made them (it
// also keeps the last-turn axes itself).
func (s *solver) cosetLookups(n *node, l *level, cnt, settled, g int, made bool, dir int) {
	kids, hs, ms, idx, live, axes := &l.kids, &l.hs, &l.ms, &l.idx, &l.live, &l.axes
	ct := s.h.Coset
	nl := 0
	for j := 0; j < cnt; j++ {
		if hs[j] < settled {
			if !made {
				kids[j].cube = n.cube.Turn(int(ms[j]))
			}
			live[nl] = uint8(j)
			nl++
		}
	}
	sides := 1
	if s.h.Inverse {
		sides = 2
	}
	inv := &l.inv // set where haveInv
	var haveInv [maxChildren]bool
	for i := 0; i < nl; i++ {
		k := &kids[live[i]]
		k.fax, k.iax, k.hasC = noAxes, noAxes, [2]bool{}
	}
	var need [maxChildren]uint8
	// ref[i] is the value of lookup i's abstraction before the turn, where
	// the turn moved it (-1 where made from scratch): a packed table
	// decodes relative to it.
	var ref [maxChildren]int8
	ne := uint64(ct.Space.EO.edgeCoords())
	for side := 0; side < sides; side++ {
		m := 0
		for i := 0; i < nl; i++ {
			if j := live[i]; hs[j] < settled {
				live[m] = j
				m++
			}
		}
		nl = m
		// The side whose cube the turn multiplies on the right moves its
		// coordinates by the conjugated turn (move tables); on the other
		// side the turn's own axis keeps its coordinates and value (a U or
		// D turn first does not change the coset).
		right := side == 0 && dir == 0 || side == 1 && dir == backTurn
		pa := n.fax
		if side == 1 {
			pa = n.iax
		}
		for r := 0; r < MaxConjugates; r++ {
			if r > 0 {
				m := 0
				for i := 0; i < nl; i++ {
					if j := live[i]; hs[j] < settled {
						live[m] = j
						m++
					}
				}
				nl = m
			}
			nn := 0
			for i := 0; i < nl; i++ {
				j := live[i]
				k := &kids[j]
				mv := int(ms[j])
				var x, e uint32
				ref[nn] = -1
				switch {
				case right && n.hasC[side]:
					if side == 1 {
						mv = mv/3*3 + 2 - mv%3
					}
					cm := conjMove[r][mv]
					x, e = ct.Space.cornerMove(n.xs[side][r], int(cm)), ct.Space.edgeMove(n.es[side][r], int(cm))
					ref[nn] = pa[r]
				case !right && n.hasC[side] && int(faceAxis[mv/3]) == r && pa[r] >= 0:
					k.xs[side][r], k.es[side][r] = n.xs[side][r], n.es[side][r]
					axes[j][r] = pa[r]
					hs[j] = max(hs[j], int(pa[r]))
					continue
				case side == 0:
					x, e = axisCoords(&k.cube, r, ct.Space.EO)
				default:
					if !haveInv[j] {
						inv[j], haveInv[j] = k.cube.Inverse(), true
					}
					x, e = axisCoords(&inv[j], r, ct.Space.EO)
				}
				k.xs[side][r], k.es[side][r] = x, e
				idx[nn], need[nn] = uint64(x)<<32|uint64(e), uint8(j)
				nn++
			}
			// The index in passes, each one load per child, so that the
			// loads of a pass (misses in the symmetry tables) overlap.
			for i := 0; i < nn; i++ {
				idx[i] = uint64(ct.Space.classSym[idx[i]>>32])<<32 | idx[i]&(1<<32-1)
			}
			for i := 0; i < nn; i++ {
				cs := idx[i] >> 32
				idx[i] = cs>>4*ne + uint64(ct.Space.edgeSym(int(cs&15), uint32(idx[i])))
			}
			for i := 0; i < nn; i++ {
				j := need[i]
				v := ct.get(idx[i], int(ref[i]))
				axes[j][r] = int8(v)
				hs[j] = max(hs[j], v)
			}
			raiseSiblings(hs, cnt)
		}
		for i := 0; i < nl; i++ {
			j := live[i]
			a := axes[j]
			hs[j] = max(hs[j], bound([MaxConjugates]int{int(a[0]), int(a[1]), int(a[2])}))
			if side == 0 {
				kids[j].fax = a
			} else {
				kids[j].iax = a
			}
			kids[j].hasC[side] = true
		}
	}
	// A value equal to the turns left after the child excludes its axis as
	// the last turn of a solution of the bound's length, for the child and
	// all below it; with all three excluded (over the path) there is none.
	// The turn into a child with none left is the last turn.
	left := s.bound - g - 1
	for i := 0; i < nl && !made; i++ {
		j := live[i]
		k := &kids[j]
		if left == 0 {
			if n.lastAx>>faceAxis[ms[j]/3]&1 == 1 {
				hs[j] = max(hs[j], 1)
			}
			continue
		}
		k.lastAx = n.lastAx
		for r, v := range k.fax {
			if int(v) == left {
				k.lastAx |= 1 << r
			}
		}
		if k.lastAx == 1<<MaxConjugates-1 {
			hs[j] = max(hs[j], left+1)
		}
	}
	raiseSiblings(hs, cnt)
}

// raiseSiblings raises the bounds of the children hs[:cnt], three turns of
// one face after another, by their siblings': the three cubes are one
// turn apart, so each is at least as far from solved as a sibling's bound
// less one (Rokicki's nxopt skips a face's other turns the same way).
func raiseSiblings(hs *[maxChildren]int, cnt int) {
	for j := 0; j+2 < cnt; j += 3 {
		m := max(hs[j], hs[j+1], hs[j+2]) - 1
		hs[j], hs[j+1], hs[j+2] = max(hs[j], m), max(hs[j+1], m), max(hs[j+2], m)
	}
}

// dfs expands n at depth g, reached by a turn of face last (-1 at the
// root), generating every child the pruning allows.
//
// The children's heuristics are computed together, table by table, so
// that the memory accesses of one table's lookups overlap (they are
// independent, and each misses the cache), and lazily: corners first, and
// a child whose bound so far already puts f above the threshold and at or
// above the least f seen above it (the next threshold) is not looked up
// further, nor are its edges computed. Such a child would be cut by its
// full heuristic too and cannot lower the next threshold, so the counts
// and the next threshold are those of the whole heuristic.
func (s *solver) dfs(n *node, g, last int) bool {
	if s.bidi && g >= cutDepth {
		return s.dfsBi(n, g, last, -1)
	}
	s.expanded++
	l := &s.levels[g]
	kids, hs, ms, idx, live := &l.kids, &l.hs, &l.ms, &l.idx, &l.live
	cnt := 0
	// A coset value of n's inverse equal to the turns left excludes the
	// faces of its axis as the first turn from n: those children have f
	// above the bound and are not generated.
	skip := 0
	if s.h.Coset != nil && s.h.Inverse {
		for f := 0; f < 6; f++ {
			if int(n.iax[faceAxis[f]]) == s.bound-g {
				skip |= 1 << f
			}
		}
		if skip != 0 {
			s.next = min(s.next, s.bound+1)
		}
	}
	for f := 0; f < 6; f++ {
		if !MayFollow(last, f) || skip>>f&1 == 1 {
			continue
		}
		for m := 3 * f; m < 3*f+3; m++ {
			if s.h.Corners != nil {
				kids[cnt].perm, kids[cnt].twist = permMove[n.perm][m], twistMove[n.twist][m]
			}
			ms[cnt] = int8(m)
			cnt++
		}
	}
	if t := s.h.Corners; t != nil {
		for j := 0; j < cnt; j++ {
			hs[j] = t.Get(uint64(kids[j].perm)*CornerTwists + uint64(kids[j].twist))
		}
	} else {
		clear(hs[:cnt])
	}
	// A child is settled once f > bound and f >= next.
	settled := s.bound + 1 - (g + 1)
	if s.next > s.bound+1 {
		settled = s.next - (g + 1)
	}
	// The views two at a time (the two tables on one conjugate; newSolver
	// makes them in pairs): twice the misses in flight for a little less
	// laziness, 5 to 10 % less CPU (BenchmarkSolve).
	for v := 0; v < len(s.views); v += 2 {
		nl := 0
		for j := 0; j < cnt; j++ {
			if hs[j] < settled {
				s.turnView(n, &kids[j], v, int(ms[j]))
				s.turnView(n, &kids[j], v+1, int(ms[j]))
				idx[nl], idx[nl+maxChildren], live[nl] = s.viewIndex(&kids[j], v), s.viewIndex(&kids[j], v+1), uint8(j)
				nl++
			}
		}
		if nl == 0 {
			break
		}
		t, u := s.views[v].table, s.views[v+1].table
		for i := 0; i < nl; i++ {
			hs[live[i]] = max(hs[live[i]], t.Get(idx[i]), u.Get(idx[i+maxChildren]))
		}
	}
	if s.h.Coset != nil {
		s.cosetLookups(n, l, cnt, settled, g, false, 0)
	}
	if s.h.Inverse {
		s.inverseLookups(n, l, cnt, settled)
	}
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
		s.path[g] = int8(m)
		if hs[j] == 0 && s.solved(g+1) {
			s.found = true
			return true
		}
		if g+1 == s.split {
			s.emit(s, g+1, &kids[j])
		} else if s.dfs(&kids[j], g+1, m/3) {
			return true
		}
		if s.stop {
			return false
		}
	}
	return false
}

type subtree struct {
	moves [cutDepth]int8
	// root is the node the moves reach, as the top of the tree made it
	// (with its coset values, which a packed table needs exact).
	root           node
	gen, exp, next int64
	found          bool
	density        float64
}

// A subtree holds no pointer and no counts by depth (those go to
// Solve's depths, bound-cutDepth a subtree, the solution to its paths):
// 200 bytes of a subtree where 488 held the 33 depths and a path grew
// the heap by 31 MB on a 16-move scramble's 43,000 subtrees, and the
// collector need not scan them.

// subtreeKeys is the number of subtree keys: cutDepth (4) moves of 18.
const subtreeKeys = 18 * 18 * 18 * 18

// faceWeight[f] is proportional to the number of long turn sequences
// that may start after a turn of face f under MayFollow (five faces may
// follow U, R or F; four follow D, L or B; and so on down): a subtree's
// size over its weight is its density, as Rokicki's nxopt orders its
// prefixes.
var faceWeight [6]float64

func init() {
	w := [6]float64{1, 1, 1, 1, 1, 1}
	// weightRounds iterations of the power method: the ratio of the two
	// weights converges geometrically, far past float64's precision.
	const weightRounds = 64
	for it := 0; it < weightRounds; it++ {
		var nw [6]float64
		sum := 0.0
		for f := range nw {
			for g := 0; g < 6; g++ {
				if MayFollow(f, g) {
					nw[f] += w[g]
				}
			}
			sum += nw[f]
		}
		for f := range w {
			w[f] = nw[f] / sum
		}
	}
	faceWeight = w
}

// maxSubtrees is the most subtrees an iteration makes: the sequences of
// cutDepth turns under MayFollow (43,254 at depth 4, TreeSizes). Solve
// allocates them at once; appended one by one, the slice's growth left
// 45 MB of copies on a 16-move scramble.
var maxSubtrees = int(TreeSizes(cutDepth)[cutDepth])

// sortSubtrees returns the positions of subs in decreasing order of their
// densities in prev (size over faceWeight of the last face turned), equal
// ones in their order. It sorts positions, not the subtrees (a few
// hundred bytes each, tens of thousands an iteration), into order's
// memory.
func sortSubtrees(subs []subtree, prev []int64, order []int32) []int32 {
	order = order[:0]
	for i := range subs {
		order = append(order, int32(i))
		st := &subs[i]
		st.density = float64(prev[st.key()]) / faceWeight[st.moves[cutDepth-1]/3]
	}
	slices.SortFunc(order, func(a, b int32) int {
		return cmp.Or(cmp.Compare(subs[b].density, subs[a].density), cmp.Compare(a, b))
	})
	return order
}

// addDepths adds the nodes by depth of the subtree at position p, those
// of depths cutDepth+1 on (Solve's depths), to byDepth.
func addDepths(byDepth *[maxDepth + 1]int64, depths [][]int64, p int) {
	for j, col := range depths {
		byDepth[cutDepth+1+j] += col[p]
	}
}

// key numbers the subtree by its moves.
func (st *subtree) key() int {
	k := 0
	for _, m := range st.moves {
		k = 18*k + int(m)
	}
	return k
}

// Solve finds an optimal solution of c by IDA* with h and the move pruning
// of Edelkamp and Korf, on all cores: each iteration searches the tree to
// depth cutDepth and shares the subtrees below it among the workers, the
// largest in the previous iteration first (the first iteration in
// depth-first order). As in tiles.ParallelIDA, the counts of every
// iteration, the last included, are the sequential search's (the top of
// the tree, then the subtrees in that order) whatever the number of
// workers. Stats.GeneratedByDepth totals all iterations.
func Solve(ctx context.Context, c Cube, h *Heuristic, o SolveOptions) search.Result {
	start := time.Now()
	workers := search.Workers(o.Workers)
	ctx, cancel := o.Limits.Context(ctx)
	defer cancel()
	rs := newSolver(h, c)
	root := rs.node(c)
	rs.cosetRoot(&root)
	res := search.Result{Status: search.Stopped}
	bound := rs.value(&root)
	if c == Solved() {
		res.Status = search.Solved
		return res
	}
	bound = max(bound, 1)
	var total atomic.Int64
	stopErr := func() error {
		if o.MaxNodes > 0 && total.Load() >= o.MaxNodes {
			return search.ErrNodeLimit
		}
		return search.ContextErr(ctx)
	}
	var byDepth [maxDepth + 1]int64
	// prev[key] is the nodes of the subtree with that key (its cutDepth
	// moves) in the last complete iteration.
	prev := make([]int64, subtreeKeys)
	// The subtrees and their order, kept from one iteration to the next:
	// tens of thousands of subtrees an iteration would otherwise grow the
	// heap to twice the tables before a collection.
	subs := make([]subtree, 0, maxSubtrees)
	var order []int32
	// depths[j][p] is the generated nodes at depth cutDepth+1+j of the
	// subtree at position p, j < k = bound-cutDepth: a column added per
	// bound, none copied (a slice of k a subtree, grown as the bound
	// rose, left 8.5 MB of copies on a 16-move scramble). paths holds the
	// solutions the subtrees found, by position.
	var depths [][]int64
	var pathMu sync.Mutex
	paths := map[int32][]int8{}
	// solvers[w] is worker w's, reused for every subtree it takes.
	solvers := make([]*solver, workers)
	// sched is the iteration's; the workers' checks read it.
	var sched *search.Subtrees
	for bound < maxDepth {
		if o.MaxNodes > 0 && total.Load() >= o.MaxNodes {
			res.Err = search.ErrNodeLimit
			break
		}
		if err := search.ContextErr(ctx); err != nil {
			res.Err = err
			break
		}
		top := newSolver(h, c)
		top.levels = new([maxDepth + 1]level)
		top.bound, top.split, top.trackDepth = bound, cutDepth, true
		subs = subs[:0]
		top.emit = func(s *solver, g int, n *node) {
			st := subtree{root: *n}
			copy(st.moves[:], s.path[:g])
			subs = append(subs, st)
		}
		topGoal := top.dfs(&root, 0, -1)
		total.Add(top.generated)
		// The subtrees densest in the last iteration first, as Rokicki's
		// nxopt orders its prefixes: the search tends to meet its first
		// solution sooner where the tree is densest (the last iterations
		// of five 16-move scrambles: 24.5 M nodes against 38.9 M in
		// depth-first order, at depth 3 by size). The order is fixed
		// before the workers start, so the counts stay the sequential
		// search's.
		order = sortSubtrees(subs, prev, order)
		k := max(bound-cutDepth, 0)
		for j := 0; j < k; j++ {
			if j == len(depths) {
				depths = append(depths, make([]int64, maxSubtrees))
			}
			clear(depths[j][:len(subs)])
		}
		clear(paths)
		sched = new(search.Subtrees)
		sched.Run(workers, len(subs), func(w, i int) search.Subtree {
			ws := solvers[w]
			if ws == nil {
				ws = newSolver(h, c)
				ws.levels = new([maxDepth + 1]level)
				// One check for all the worker's subtrees (one a subtree
				// made 2.6 MB of garbage on a 16-move scramble).
				ws.check = func(s *solver) bool {
					total.Add(s.generated - s.done)
					s.done = s.generated
					s.checkAt = s.generated + checkEvery
					s.stop = sched.Check(s.sub, stopErr)
					return s.stop
				}
				solvers[w] = ws
			}
			p := order[i]
			st := &subs[p]
			n := st.root
			last := -1
			ws.generated, ws.expanded, ws.next, ws.found, ws.stop = 0, 0, math.MaxInt, false, false
			clear(ws.byDepth[:])
			// The first check at the subtree's first node: an iteration of
			// small subtrees would otherwise run whole past a limit or
			// Ctrl-C (9 to 17 s at --random 18).
			ws.bound, ws.checkAt, ws.trackDepth = bound, 0, true
			for g, m := range st.moves {
				ws.path[g] = m
				last = int(m) / 3
			}
			ws.sub, ws.done = i, 0
			ws.dfs(&n, cutDepth, last)
			total.Add(ws.generated - ws.done)
			st.gen, st.exp, st.next, st.found = ws.generated, ws.expanded, int64(ws.next), ws.found
			for j, col := range depths[:k] {
				col[p] = ws.byDepth[cutDepth+1+j]
			}
			if ws.found {
				pathMu.Lock()
				paths[p] = append([]int8(nil), ws.path[:bound]...)
				pathMu.Unlock()
			}
			return search.Subtree{Found: ws.found, Stopped: ws.stop, Next: st.next}
		})
		stopped := sched.Err()
		it := search.Iteration{Bound: float64(bound)}
		b := sched.Best()
		var path []int8
		switch {
		case b >= 0:
			// The top of the tree first, then the subtrees in order.
			it.Generated, it.Expanded = top.generated, top.expanded
			for _, p := range order[:b+1] {
				x := &subs[p]
				it.Generated += x.gen
				it.Expanded += x.exp
				addDepths(&byDepth, depths[:k], int(p))
			}
			path = paths[order[b]]
		case stopped != nil:
			res.Err = stopped
		default:
			it.Generated, it.Expanded = top.generated, top.expanded
			for p := range subs {
				x := &subs[p]
				prev[x.key()] = x.gen
				it.Generated += x.gen
				it.Expanded += x.exp
				addDepths(&byDepth, depths[:k], p)
			}
			if topGoal {
				path = top.path[:bound]
			}
		}
		if res.Err != nil {
			break
		}
		// The top's own nodes by depth: exact for complete iterations; in
		// the last one those after the winning subtree are included.
		for d := range byDepth {
			byDepth[d] += top.byDepth[d]
		}
		res.Stats.Iterations = append(res.Stats.Iterations, it)
		res.Stats.Generated += it.Generated
		res.Stats.Expanded += it.Expanded
		if path != nil {
			res.Status, res.Cost = search.Solved, bound
			res.Path = make([]search.Move, bound)
			for i, m := range path {
				res.Path[i] = search.Move(m)
			}
			break
		}
		nb := min(sched.Next(), int64(top.next))
		if nb >= math.MaxInt {
			res.Status = search.NoSolution
			break
		}
		bound = int(nb)
	}
	last := 0
	for d, x := range byDepth {
		if x > 0 {
			last = d
		}
	}
	res.Stats.GeneratedByDepth = append([]int64(nil), byDepth[:last+1]...)
	res.Stats.Elapsed = time.Since(start)
	return res
}
