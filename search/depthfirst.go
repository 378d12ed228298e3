package search

import (
	"context"
	"math"

	"github.com/branchwise/branchwise/dedup"
)

// DepthFirst searches depth-first, to o.DepthBound if it is positive, and
// stops at the first goal. With no bound it needs o.Detect (or a domain
// without cycles) to terminate. It returns NoSolution only when no node was
// cut by the bound; a search that the bound cut ends Stopped with
// ErrDepthBound.
func DepthFirst(ctx context.Context, d Domain, o Options) Result {
	s := newDFS(ctx, d, &o)
	s.depthBound = o.DepthBound
	s.bound = math.MaxInt
	s.visit(0, 0, NoMove, 0)
	return s.result(func() Status {
		if s.cut {
			s.mon.err = ErrDepthBound
			return Stopped
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

	bound          int // f bound of the iteration
	next           int // smallest f above the bound seen in the iteration
	depthBound     int
	cut            bool
	branchAndBound bool

	found    bool
	best     int
	bestPath []Move
	stop     bool

	store     dedup.Store // duplicate detection (o.Detect)
	key       []byte
	iteration uint64
}

func newDFS(ctx context.Context, d Domain, o *Options) *dfs {
	s := &dfs{d: d, o: o, filter: o.Filter, best: math.MaxInt}
	s.mon = newMonitor(ctx, o, &s.stats)
	if inv, ok := d.(Inverter); ok {
		s.inv = inv
	}
	if o.Detect {
		s.store = o.Store
		if s.store == nil {
			s.store = dedup.NewHashSet()
		}
		s.mon.bytes = s.store.Bytes
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
		r.Stats.Bytes = s.store.Bytes()
	}
	switch {
	case s.found:
		r.Status, r.Path, r.Cost = Solved, s.bestPath, s.best
		r.Err = nil
	case s.stop:
		r.Status = Stopped
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
	if s.d.IsGoal() {
		if g < s.best {
			s.best = g
			s.bestPath = append(s.bestPath[:0], s.path...)
		}
		s.found = true
		if !s.branchAndBound {
			s.stop = true
		}
		return
	}
	if s.depthBound > 0 && depth >= s.depthBound {
		s.cut = true
		return
	}
	if s.store != nil && !s.firstVisit(g) {
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
		if s.mon.check() {
			s.d.Undo(m)
			s.stop = true
			return
		}
		s.path = append(s.path, m)
		s.visit(g+c, depth+1, m, nfs)
		s.path = s.path[:len(s.path)-1]
		s.d.Undo(m)
		if s.stop {
			return
		}
	}
}

// firstVisit records the current state as reached at cost g in this
// iteration and reports whether it must be searched: it must unless the same
// iteration already reached it as cheaply.
func (s *dfs) firstVisit(g int) bool {
	s.key = s.d.AppendKey(s.key[:0])
	v := s.iteration<<32 | uint64(uint32(g))
	old, found := s.store.Insert(s.key, v)
	if found {
		if old>>32 == s.iteration && int(uint32(old)) <= g {
			return false
		}
		s.store.Set(s.key, v)
	}
	if n := s.store.Len(); n > s.stats.PeakClosed {
		s.stats.PeakClosed = n
	}
	return true
}
