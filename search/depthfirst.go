package search

import (
	"context"
	"math"

	"github.com/branchwise/branchwise/dedup"
)

// DepthFirst searches depth-first, to o.DepthBound if it is positive, and
// stops at the first goal. With no bound it needs o.Detect or o.VisitOnce
// (or a domain without cycles) to terminate. It returns NoSolution only when
// no node was cut by the bound; a search that the bound cut ends with
// DepthLimit and ErrDepthBound. With o.VisitOnce it is a graph search in
// depth-first order on an explicit stack (see Options.VisitOnce).
func DepthFirst(ctx context.Context, d Domain, o Options) Result {
	if o.VisitOnce {
		o.Detect = true
	}
	s := newDFS(ctx, d, &o)
	s.depthBound = o.DepthBound
	s.bound = math.MaxInt
	if o.VisitOnce {
		s.once()
	} else {
		s.visit(0, 0, NoMove, 0)
	}
	return s.result(func() Status {
		if s.cut {
			s.mon.err = ErrDepthBound
			return DepthLimit
		}
		return NoSolution
	})
}

// IDAStar is Korf's iterative-deepening A*: depth-first searches bounded by
// f = g + h, the first bound h(root), each next bound the smallest f that
// exceeded the last, stopping at the first goal. With an admissible
// heuristic the solution is optimal.
func IDAStar(ctx context.Context, d Domain, o Options) Result {
	s := newDFS(ctx, d, &o)
	s.iterate(func(bound, next int) int { return next })
	return s.result(nil)
}

// DFID is depth-first iterative deepening with branch and bound, as in
// Berliner et al.: each iteration searches depth-first every node with
// f = g + h <= bound, keeps the cheapest goal found and prunes nodes that
// cannot beat it; the bound starts at h(root) and rises by o.Increment per
// iteration (at least to the smallest f that exceeded it). The search ends
// after the first iteration that finds a goal, with an optimal solution when
// the heuristic is admissible.
func DFID(ctx context.Context, d Domain, o Options) Result {
	inc := o.Increment
	if inc < 1 {
		inc = 1
	}
	s := newDFS(ctx, d, &o)
	s.branchAndBound = true
	s.iterate(func(bound, next int) int { return max(bound+inc, next) })
	return s.result(nil)
}

// dfs is the state of one depth-first search.
type dfs struct {
	d      Domain
	o      *Options
	inv    Inverter
	filter Automaton
	stats  Stats
	mon    *monitor
	bufs   [][]Move // move buffers, one per depth, reused
	path   []Move

	bound          int    // f bound of the iteration
	next           int    // smallest f above the bound seen in the iteration
	split          int    // ParallelIDAStar: the depth whose nodes are listed as tasks (0: none)
	tasks          []task // ParallelIDAStar: the subtrees listed
	depthBound     int
	cut            bool
	branchAndBound bool

	found    bool
	best     int
	bestPath []Move
	stop     bool

	store     dedup.Store // duplicate detection (o.Detect)
	appendKey func(dst []byte) []byte
	key       []byte
	iteration uint64

	// The explicit stack of a VisitOnce search: one frame per state on the
	// path, the move lists of all frames in one buffer.
	stack []frame
	moves []Move
}

// frame is a state on the path of a VisitOnce search: its moves are
// moves[lo:hi], the next to try moves[i]; it was reached by move m at cost
// g, with the filter automaton in state fs.
type frame struct {
	lo, hi, i int32
	fs        int32
	m         Move
	g         int
}

// frameBytes is the size of a frame, for the memory limit.
const frameBytes = 32

func newDFS(ctx context.Context, d Domain, o *Options) *dfs {
	s := &dfs{d: d, o: o, filter: o.Filter, best: math.MaxInt}
	s.mon = newMonitor(ctx, o, &s.stats)
	if inv, ok := d.(Inverter); ok && !o.VisitOnce {
		s.inv = inv
	}
	s.appendKey = d.AppendKey
	if c, ok := d.(Canonicalizer); ok && o.Canonical {
		s.appendKey = c.AppendCanonicalKey
	}
	if o.Detect {
		s.store = o.Store
		if s.store == nil {
			s.store = dedup.NewHashSet()
		}
		s.mon.bytes = func() int64 {
			return s.store.Bytes() + growthBytes(s.store) + int64(cap(s.stack))*frameBytes + int64(cap(s.moves))*4
		}
	}
	return s
}

// iterate runs bounded iterations until a goal, exhaustion or a limit;
// nextBound gives the bound of the next iteration from the last bound and the
// smallest f that exceeded it.
func (s *dfs) iterate(nextBound func(bound, next int) int) {
	s.bound = s.d.Heuristic()
	for {
		gen, exp := s.stats.Generated, s.stats.Expanded
		s.next = math.MaxInt
		s.visit(0, 0, NoMove, 0)
		s.stats.Iterations = append(s.stats.Iterations, Iteration{
			Bound: float64(s.bound), Generated: s.stats.Generated - gen, Expanded: s.stats.Expanded - exp})
		if s.found || s.stop || s.next == math.MaxInt {
			return
		}
		s.bound = nextBound(s.bound, s.next)
		s.iteration++
	}
}

func (s *dfs) result(exhausted func() Status) Result {
	s.mon.finish()
	r := Result{Stats: s.stats, Err: s.mon.err}
	if s.store != nil {
		r.Stats.Bytes = s.mon.bytes()
		r.Stats.PeakClosed = s.store.Len()
	}
	switch {
	case s.found:
		r.Status, r.Path, r.Cost = Solved, s.bestPath, s.best
		r.Err = nil
	case s.stop:
		r.Status = StatusOf(s.mon.err)
	case exhausted != nil:
		r.Status = exhausted()
		r.Err = s.mon.err
	default:
		r.Status = NoSolution
	}
	return r
}

// visit searches the subtree of the current state, reached at cost g and
// depth depth by move last, with the filter automaton in state fs.
func (s *dfs) visit(g, depth int, last Move, fs int32) {
	// A search without a cost bound needs no heuristic.
	if s.bound != math.MaxInt || s.branchAndBound {
		f := g + s.d.Heuristic()
		if f > s.bound {
			if f < s.next {
				s.next = f
			}
			return
		}
		if s.branchAndBound && f >= s.best {
			return
		}
	}
	if (depth == 0 || !s.o.GoalOnGenerate) && s.d.IsGoal() {
		s.goal(g)
		return
	}
	if s.depthBound > 0 && depth >= s.depthBound {
		s.cut = true
		return
	}
	if s.store != nil && !s.firstVisit(g) {
		return
	}
	if depth > 0 && s.o.Prune != nil && s.o.Prune(s.d) {
		s.stats.Pruned++
		return
	}
	s.stats.countExpanded(depth)
	for len(s.bufs) <= depth {
		s.bufs = append(s.bufs, nil)
	}
	moves := s.d.Moves(s.bufs[depth][:0])
	s.bufs[depth] = moves
	for _, m := range moves {
		if s.inv != nil && last != NoMove && m == s.inv.Inverse(last) {
			continue
		}
		nfs := fs
		if s.filter != nil {
			if nfs = s.filter.Step(fs, m); nfs < 0 {
				continue
			}
		}
		c := s.d.Apply(m)
		s.stats.countGenerated(depth + 1)
		s.path = append(s.path, m)
		switch {
		case s.o.GoalOnGenerate && g+c <= s.bound && s.d.IsGoal():
			s.goal(g + c)
		case s.mon.check():
			s.stop = true
		case depth+1 == s.split:
			// ParallelIDAStar's top: the subtree is a worker's task.
			s.tasks = append(s.tasks, task{append([]Move(nil), s.path...), g + c, nfs, s.topCounts()})
		default:
			s.visit(g+c, depth+1, m, nfs)
		}
		s.path = s.path[:len(s.path)-1]
		s.d.Undo(m)
		if s.stop {
			return
		}
	}
}

// goal records a goal reached at cost g by s.path.
func (s *dfs) goal(g int) {
	if g < s.best {
		s.best = g
		s.bestPath = append(s.bestPath[:0], s.path...)
	}
	s.found = true
	if !s.branchAndBound {
		s.stop = true
	}
}

// firstVisit records the current state as reached at cost g in this
// iteration and reports whether it must be searched: it must unless the same
// iteration already reached it as cheaply (or at all, with VisitOnce).
func (s *dfs) firstVisit(g int) bool {
	s.key = s.appendKey(s.key[:0])
	v := s.iteration<<32 | uint64(uint32(g))
	old, found := s.store.Insert(s.key, v)
	if found {
		if s.o.VisitOnce || old>>32 == s.iteration && int(uint32(old)) <= g {
			return false
		}
		s.store.Set(s.key, v)
	}
	return true
}

// once is the VisitOnce search: depth-first, each state stored the first
// time it is generated and never searched again, on an explicit stack.
// Per generated node: an Apply, the goal test, a key, a store insertion,
// the prune hook, and a Moves call appending to the shared move buffer.
func (s *dfs) once() {
	d := s.d
	if d.IsGoal() {
		s.goal(0)
		return
	}
	s.firstVisit(0)
	s.stats.countExpanded(0)
	s.moves = d.Moves(s.moves[:0])
	s.stack = append(s.stack[:0], frame{0, int32(len(s.moves)), 0, 0, NoMove, 0})
	for {
		top := &s.stack[len(s.stack)-1]
		if top.i == top.hi {
			s.moves = s.moves[:top.lo]
			if len(s.stack) == 1 {
				return
			}
			d.Undo(top.m)
			s.stack = s.stack[:len(s.stack)-1]
			continue
		}
		m := s.moves[top.i]
		top.i++
		fs := top.fs
		if s.filter != nil {
			if fs = s.filter.Step(top.fs, m); fs < 0 {
				continue
			}
		}
		depth := len(s.stack)
		g := top.g + d.Apply(m)
		s.stats.countGenerated(depth)
		if s.o.GoalOnGenerate && d.IsGoal() {
			s.onceGoal(m, g)
			return
		}
		if s.mon.check() {
			d.Undo(m)
			s.stop = true
			return
		}
		if !s.o.GoalOnGenerate && d.IsGoal() {
			s.onceGoal(m, g)
			return
		}
		if s.depthBound > 0 && depth >= s.depthBound {
			s.cut = true
			d.Undo(m)
			continue
		}
		if !s.firstVisit(g) {
			d.Undo(m)
			continue
		}
		if s.o.Prune != nil && s.o.Prune(d) {
			s.stats.Pruned++
			d.Undo(m)
			continue
		}
		s.stats.countExpanded(depth)
		lo := int32(len(s.moves))
		s.moves = d.Moves(s.moves)
		s.stack = append(s.stack, frame{lo, int32(len(s.moves)), lo, fs, m, g})
	}
}

// onceGoal records the goal reached by move m from the top of the stack, at
// cost g. The domain is left at the goal.
func (s *dfs) onceGoal(m Move, g int) {
	s.path = s.path[:0]
	for _, f := range s.stack[1:] {
		s.path = append(s.path, f.m)
	}
	s.path = append(s.path, m)
	s.goal(g)
}
