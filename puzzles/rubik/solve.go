package rubik

import (
	"context"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/search"
)

// Heuristic is the pattern-database heuristic of Korf (1997): the largest
// of the corners' table and the tables of two disjoint sets of edges. A nil
// Corners counts as 0 (tests use small edge tables alone).
type Heuristic struct {
	Corners    *pdb.Table
	EdgeSpaces [2]*EdgeSpace
	Edges      [2]*pdb.Table
}

// DefaultEdges are the two edge patterns, 6 edges each (42,577,920 entries,
// 21 MB a table); with 7 each (510,935,040 entries, 255 MB a table) the
// heuristic is stronger.
var DefaultEdges = [2][]uint8{{0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}}

// EdgePatterns returns two disjoint patterns of k edges (1..7) each.
func EdgePatterns(k int) [2][]uint8 {
	var p [2][]uint8
	for i := 0; i < k; i++ {
		p[0] = append(p[0], uint8(i))
		p[1] = append(p[1], uint8(11-i))
	}
	return p
}

// LoadHeuristic loads or builds (and caches in dir, "" for none) the corner
// table and the tables of two patterns of k edges each.
func LoadHeuristic(ctx context.Context, dir string, k int, o pdb.Options) (*Heuristic, []pdb.Source, error) {
	h := &Heuristic{}
	var srcs []pdb.Source
	t, src, err := pdb.Open(ctx, dir, CornerSpace{}, o)
	if err != nil {
		return nil, nil, err
	}
	h.Corners, srcs = t, append(srcs, src)
	for i, edges := range EdgePatterns(k) {
		sp, err := NewEdgeSpace(edges)
		if err != nil {
			return nil, nil, err
		}
		t, src, err := pdb.Open(ctx, dir, sp, o)
		if err != nil {
			return nil, nil, err
		}
		h.EdgeSpaces[i], h.Edges[i], srcs = sp, t, append(srcs, src)
	}
	return h, srcs, nil
}

// Value returns the heuristic of c.
func (h *Heuristic) Value(c Cube) int {
	v := 0
	if h.Corners != nil {
		v = h.Corners.Get(CornerIndex(c))
	}
	for i, sp := range h.EdgeSpaces {
		v = max(v, h.Edges[i].Get(sp.Index(c)))
	}
	return v
}

// node is a cube as the search holds it: the corner coordinates and the
// slots and flips of the two edge patterns.
type node struct {
	perm, twist uint16
	slots       [2][MaxPatternEdges]int8
	flips       [2]uint8
}

// SolveOptions configure Solve.
type SolveOptions struct {
	// Workers is the number of goroutines (0: GOMAXPROCS).
	Workers int
	// MaxNodes stops after about this many generated nodes (0: none).
	MaxNodes int64
}

// maxDepth bounds solutions: God's number is 20, and the path arrays are
// sized by it with room to spare.
const maxDepth = 32

// cutDepth is the depth of the subtrees the workers share: about 3,000
// subtrees below the Edelkamp-Korf pruning, enough to balance.
const cutDepth = 3

// checkEvery is the number of nodes between a worker's looks at the
// context, the node limit and the other workers' goals.
const checkEvery = 1 << 16

type solver struct {
	h          *Heuristic
	k          [2]int
	bound      int
	next       int
	generated  int64
	expanded   int64
	checkAt    int64
	check      func(*solver) bool
	stop       bool
	found      bool
	path       [maxDepth]int8
	split      int
	emit       func(s *solver, g int)
	byDepth    [maxDepth + 1]int64
	trackDepth bool
	start      Cube
}

func (s *solver) value(n *node) int {
	v := 0
	if s.h.Corners != nil {
		v = s.h.Corners.Get(uint64(n.perm)*CornerTwists + uint64(n.twist))
	}
	for i := 0; i < 2; i++ {
		sp := s.h.EdgeSpaces[i]
		v = max(v, s.h.Edges[i].Get(sp.index(n.slots[i][:s.k[i]], uint64(n.flips[i]))))
	}
	return v
}

// solved reports whether n, reached by path[:g], is the solved cube: its
// heuristic is 0, which settles it when the tables cover every cubie;
// otherwise the path is replayed on the whole cube.
func (s *solver) solved(n *node, g int) bool {
	if s.h.Corners != nil && s.k[0]+s.k[1] == 12 {
		return true
	}
	c := s.start
	for _, m := range s.path[:g] {
		c = c.Turn(int(m))
	}
	return c == Solved()
}

func (s *solver) turn(n *node, m int) node {
	c := node{perm: permMove[n.perm][m], twist: twistMove[n.twist][m]}
	for i := 0; i < 2; i++ {
		s.turnEdges(n, &c, i, m)
	}
	return c
}

// turnEdges sets the slots and flips of edge pattern i of c, n turned by m.
func (s *solver) turnEdges(n, c *node, i, m int) {
	var f uint8
	for j := 0; j < s.k[i]; j++ {
		to := edgeTo[m][n.slots[i][j]]
		c.slots[i][j] = to
		f |= (n.flips[i]>>uint(j)&1 ^ edgeFlip[m][to]) << uint(j)
	}
	c.flips[i] = f
}

// child returns n turned by m, at depth g, and its heuristic, or a lower
// bound on it that settles the threshold test: the tables are looked up
// corners first, and the rest is skipped once the bound already exceeds
// the threshold and cannot lower the next one (f at least s.next), so
// that the counts and the next threshold are those of the whole
// heuristic. The edges of a child so cut short are not computed.
func (s *solver) child(n *node, m, g int) (node, int) {
	c := node{perm: permMove[n.perm][m], twist: twistMove[n.twist][m]}
	h := 0
	if s.h.Corners != nil {
		h = s.h.Corners.Get(uint64(c.perm)*CornerTwists + uint64(c.twist))
	}
	for i := 0; i < 2; i++ {
		if f := g + h; f > s.bound && f >= s.next {
			return c, h
		}
		s.turnEdges(n, &c, i, m)
		sp := s.h.EdgeSpaces[i]
		h = max(h, s.h.Edges[i].Get(sp.index(c.slots[i][:s.k[i]], uint64(c.flips[i]))))
	}
	return c, h
}

// dfs expands n at depth g, reached by a turn of face last (-1 at the
// root), counting every child the pruning allows as generated before the
// threshold test.
func (s *solver) dfs(n *node, g, last int) bool {
	s.expanded++
	for f := 0; f < 6; f++ {
		if !MayFollow(last, f) {
			continue
		}
		for m := 3 * f; m < 3*f+3; m++ {
			c, h := s.child(n, m, g+1)
			s.generated++
			if s.trackDepth {
				s.byDepth[g+1]++
			}
			if s.generated >= s.checkAt && s.check(s) {
				return false
			}
			if fv := g + 1 + h; fv > s.bound {
				s.next = min(s.next, fv)
				continue
			}
			s.path[g] = int8(m)
			if h == 0 && s.solved(&c, g+1) {
				s.found = true
				return true
			}
			if g+1 == s.split {
				s.emit(s, g+1)
			} else if s.dfs(&c, g+1, f) {
				return true
			}
			if s.stop {
				return false
			}
		}
	}
	return false
}

func (h *Heuristic) node(c Cube) node {
	n := node{perm: uint16(cornerPerm(c)), twist: uint16(cornerTwist(c))}
	for i, sp := range h.EdgeSpaces {
		for s, x := range c.EP {
			for j, y := range sp.Edges {
				if x == y {
					n.slots[i][j] = int8(s)
					n.flips[i] |= c.EO[s] << uint(j)
				}
			}
		}
	}
	return n
}

type subtree struct {
	moves          [cutDepth]int8
	topGen, topExp int64
	gen, exp, next int64
	byDepth        [maxDepth + 1]int64
	found          bool
	path           []int8
}

// Solve finds an optimal solution of c by IDA* with h and the move pruning
// of Edelkamp and Korf, on all cores: each iteration searches the tree to
// depth cutDepth and shares the subtrees below it among the workers,
// first in depth-first order first. As in tiles.ParallelIDA, the counts of
// every iteration, the last included, are the sequential search's whatever
// the number of workers. Stats.GeneratedByDepth totals all iterations.
func Solve(ctx context.Context, c Cube, h *Heuristic, o SolveOptions) search.Result {
	start := time.Now()
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	k := [2]int{len(h.EdgeSpaces[0].Edges), len(h.EdgeSpaces[1].Edges)}
	root := h.node(c)
	res := search.Result{Status: search.Stopped}
	rs := &solver{h: h, k: k, start: c}
	bound := rs.value(&root)
	if c == Solved() {
		res.Status = search.Solved
		return res
	}
	bound = max(bound, 1)
	var total atomic.Int64
	var byDepth [maxDepth + 1]int64
	for bound < maxDepth {
		if o.MaxNodes > 0 && total.Load() >= o.MaxNodes {
			res.Err = search.ErrNodeLimit
			break
		}
		if err := ctx.Err(); err != nil {
			res.Err = err
			break
		}
		top := &solver{h: h, k: k, bound: bound, next: math.MaxInt, split: cutDepth, checkAt: math.MaxInt64, trackDepth: true, start: c}
		var subs []subtree
		top.emit = func(s *solver, g int) {
			st := subtree{topGen: s.generated, topExp: s.expanded}
			copy(st.moves[:], s.path[:g])
			subs = append(subs, st)
		}
		topGoal := top.dfs(&root, 0, -1)
		total.Add(top.generated)
		var best, next atomic.Int64
		best.Store(math.MaxInt64)
		next.Store(math.MaxInt64)
		var stopped error
		var once sync.Once
		var handed atomic.Int64
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := handed.Add(1) - 1
					if i >= int64(len(subs)) || i > best.Load() {
						return
					}
					st := &subs[i]
					n := root
					last := -1
					ws := &solver{h: h, k: k, bound: bound, next: math.MaxInt, checkAt: checkEvery, trackDepth: true, start: c}
					for g, m := range st.moves {
						n = ws.turn(&n, int(m))
						ws.path[g] = m
						last = int(m) / 3
					}
					var done int64
					ws.check = func(s *solver) bool {
						total.Add(s.generated - done)
						done = s.generated
						s.checkAt = s.generated + checkEvery
						if i > best.Load() {
							s.stop = true
						} else if o.MaxNodes > 0 && total.Load() >= o.MaxNodes {
							s.stop = true
							once.Do(func() { stopped = search.ErrNodeLimit })
						} else if err := ctx.Err(); err != nil {
							s.stop = true
							once.Do(func() { stopped = err })
						}
						return s.stop
					}
					ws.dfs(&n, cutDepth, last)
					total.Add(ws.generated - done)
					st.gen, st.exp, st.next, st.found, st.byDepth = ws.generated, ws.expanded, int64(ws.next), ws.found, ws.byDepth
					if ws.found {
						st.path = append([]int8(nil), ws.path[:bound]...)
						for {
							b := best.Load()
							if i >= b || best.CompareAndSwap(b, i) {
								break
							}
						}
					}
					if ws.stop && !ws.found && i < best.Load() {
						return
					}
					for {
						x := next.Load()
						if st.next >= x || next.CompareAndSwap(x, st.next) {
							break
						}
					}
				}
			}()
		}
		wg.Wait()
		it := search.Iteration{Bound: float64(bound)}
		b := best.Load()
		var path []int8
		switch {
		case b != math.MaxInt64:
			st := &subs[b]
			it.Generated, it.Expanded = st.topGen, st.topExp
			for _, x := range subs[:b+1] {
				it.Generated += x.gen
				it.Expanded += x.exp
				for d := range byDepth {
					byDepth[d] += x.byDepth[d]
				}
			}
			path = st.path
		case stopped != nil:
			res.Err = stopped
		default:
			it.Generated, it.Expanded = top.generated, top.expanded
			for _, x := range subs {
				it.Generated += x.gen
				it.Expanded += x.exp
				for d := range byDepth {
					byDepth[d] += x.byDepth[d]
				}
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
		nb := min(next.Load(), int64(top.next))
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
