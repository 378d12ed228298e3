package bitpack

import (
	"context"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/search"
)

// HistogramMax is the last bucket of Stats.Histogram (as in xcover).
const HistogramMax = 64

// checkEvery is how many nodes a search visits between looks at its
// context or stop function: rare enough to cost nothing (6x10's search,
// 27 M nodes a second, looks 6,600 times a second and takes no longer),
// often enough to stop within 15 ms on PP-24's tree (300,000 nodes a
// second) and within a second under the race detector.
const checkEvery = 1 << 12

// Stats are the counts of a search, with the meaning of xcover.Stats so
// that the two engines' statistics compare field by field: Nodes counts
// the children tried below the root, the dead-region test's victims
// included (Pruned counts those).
type Stats struct {
	Nodes        int64
	NodesByDepth []int64
	Branches     []int64
	Branched     []int64
	Histogram    [][HistogramMax + 1]int64
	Pruned       int64
}

func (st *Stats) grow(d int) {
	for len(st.NodesByDepth) <= d {
		st.NodesByDepth = append(st.NodesByDepth, 0)
		st.Branches = append(st.Branches, 0)
		st.Branched = append(st.Branched, 0)
		st.Histogram = append(st.Histogram, [HistogramMax + 1]int64{})
	}
}

// add adds t's counts to st.
func (st *Stats) add(t *Stats) {
	st.grow(len(t.NodesByDepth) - 1)
	st.Nodes += t.Nodes
	st.Pruned += t.Pruned
	for d := range t.NodesByDepth {
		st.NodesByDepth[d] += t.NodesByDepth[d]
		st.Branches[d] += t.Branches[d]
		st.Branched[d] += t.Branched[d]
		for b, n := range t.Histogram[d] {
			st.Histogram[d][b] += n
		}
	}
}

// report calls the progress function, if any, with the nodes searched
// since the last report (the previous check) and looks at ctx: it returns
// the node count of the next check and why the search must stop, if it
// must: ctx's error (search.ContextErr) or, once a search bounded by
// Limits.MaxNodes (a nodeLimit context) has counted that many nodes,
// search.ErrNodeLimit. Called every checkEvery nodes, off the hot path.
func (k *Kernel) report(ctx context.Context, nodes, check int64) (int64, error) {
	if k.progress != nil {
		k.progress(nodes - check + checkEvery)
	}
	if nl, ok := ctx.(nodeLimit); ok && nodes >= nl.max {
		return nodes + checkEvery, search.ErrNodeLimit
	}
	return nodes + checkEvery, search.ContextErr(ctx)
}

// nodeLimit is the context of a search bounded by Limits.MaxNodes: the
// node counts are the search loops' own and report, which they call
// every checkEvery nodes, compares them with max there, so the search
// stops within checkEvery nodes past the limit.
type nodeLimit struct {
	context.Context
	max int64
}

// Result is the outcome of a search.
type Result struct {
	Solutions int64
	Stats     Stats
	// Status is how the enumeration ended, as xcover.Result's:
	// search.Solved when the whole tree was searched (Solutions is the
	// exact count), otherwise search.SolutionLimit, search.VisitorStop,
	// search.NodeLimit or the context's (search.Interrupted,
	// search.TimeLimit).
	Status search.Status
	// Err is why the search stopped before the end of the tree, if not by
	// the solution limit or the visitor: the context's error,
	// search.ErrCPULimit or search.ErrNodeLimit; the counts are then those
	// found so far.
	Err error
}

// setStatus sets r.Status from how the enumeration ended: its error, the
// solution limit (> 0) or a visitor's stop.
func (r *Result) setStatus(limit int64, visitorStopped bool) {
	switch {
	case r.Err != nil:
		r.Status = search.StatusOf(r.Err)
	case limit > 0 && r.Solutions >= limit:
		r.Status = search.SolutionLimit
	case visitorStopped:
		r.Status = search.VisitorStop
	default:
		r.Status = search.Solved
	}
}

// Solve searches the subtree of the current node (the whole tree at the
// root) and calls visit, if not nil, with the placements of every
// solution from the root (valid during the call only); visit returns false
// to stop. lim bounds the search: MaxSolutions > 0 stops it after that
// many solutions (status search.SolutionLimit), MaxNodes > 0 within
// checkEvery (4,096) nodes past that many (search.ErrNodeLimit), MaxTime
// and MaxCPU by the clock (search.Limits.Context); MaxMem is not read: a
// search holds only what NewSearch allocated. The statistics are xcover's:
// the children of a node are all the placements of its item, and those
// that the dead-region test cuts count as nodes and as pruned.
func (s *Search) Solve(ctx context.Context, lim search.Limits, visit func(placements []int32) bool) Result {
	ctx, cancel := lim.Context(ctx)
	defer cancel()
	if lim.MaxNodes > 0 {
		ctx = nodeLimit{ctx, lim.MaxNodes}
	}
	limit := lim.MaxSolutions
	stopped := false
	v := visit
	if visit != nil {
		v = func(p []int32) bool {
			ok := visit(p)
			stopped = stopped || !ok
			return ok
		}
	}
	r := s.solve(ctx, limit, v)
	r.setStatus(limit, stopped)
	return r
}

// solve is Solve without the status.
func (s *Search) solve(ctx context.Context, limit int64, visit func(placements []int32) bool) Result {
	k := s.k
	if k.small != nil {
		return s.solveSmall(ctx, limit, visit)
	}
	var r Result
	st := &r.Stats
	base := s.depth
	st.grow(base + 1)
	if base == 0 {
		st.NodesByDepth[0] = 1 // below the root, a node is counted by its parent
	}
	if base == 0 && k.dead && !s.regionsOK(s.empty, s.free) {
		st.Pruned++
		return r
	}
	stop := false
	check := int64(checkEvery)
	enter := func() {
		d := s.depth
		s.at[d] = st.Nodes
		s.expand(false)
		if k.dead && k.largest && k.uniform != 0 {
			s.single[d] = s.singleAt(d)
		}
		s.pos[d] = 0
		kids := s.kids[d]
		if s.solution[d] {
			r.Solutions++
			if visit != nil && !visit(s.path[:d]) || limit > 0 && r.Solutions >= limit {
				stop = true
			}
			return
		}
		if s.item[d] < 0 {
			return
		}
		st.grow(d + 1)
		st.Branches[d] += int64(len(kids))
		st.Branched[d]++
		st.Histogram[d][min(len(kids), HistogramMax)]++
	}
	enter()
	for !stop {
		d := s.depth
		kids := s.kids[d]
		if p := s.pos[d]; int(p) < len(kids) {
			i := kids[p]
			s.pos[d] = p + 1
			st.Nodes++
			st.NodesByDepth[d+1]++
			if st.Nodes >= check {
				if k.tracker != nil {
					s.trackPath(base, st.Nodes)
				}
				var err error
				if check, err = k.report(ctx, st.Nodes, check); err != nil {
					r.Err = err
					break
				}
			}
			conn := connUnknown
			if k.dead {
				if !s.childOK(i, s.single[d]) {
					st.Pruned++
					continue
				}
				conn = s.next
			}
			s.placeConn(i, conn)
			enter()
			continue
		}
		if d == base {
			break
		}
		s.unplace()
	}
	for s.depth > base {
		s.unplace()
	}
	s.expanded[base] = false
	if k.tracker != nil && r.Err == nil && !stop {
		k.tracker.whole(st.Nodes)
	}
	if k.progress != nil {
		k.progress(st.Nodes - check + checkEvery)
	}
	return r
}

// CountSubtree adds to p the nodes, branching factors and solutions of the
// subtree below the current node, to maxDepth, as estimate.Exhaustive
// counts them (see estimate.Counter): the tree of Branches and Down, with
// the dead-region test's victims left out. It stops soon after stop
// reports true and leaves the search where it started.
func (s *Search) CountSubtree(p *estimate.Profile, maxDepth int, stop func() bool) {
	base := s.depth
	if base > maxDepth {
		return
	}
	if s.k.small != nil {
		s.countSmall(p, maxDepth, stop)
		return
	}
	steps := 0
	// enter counts the current node and lists its children, unless they
	// are at maxDepth, where they are counted and not visited.
	enter := func() {
		d := s.depth
		p.Grow(d) // the profile grows as the walk goes deeper (maxDepth may be far below the deepest leaf)
		p.Nodes[d]++
		s.pos[d] = 0
		if d == maxDepth {
			s.kids[d], s.surv[d], s.survConn[d] = s.kids[d][:0], s.surv[d][:0], s.survConn[d][:0]
			s.expanded[d] = false
			return
		}
		n, sol := s.Branches()
		p.Branches[d] += int64(n)
		if sol {
			p.Solutions[d]++
		}
		if d+1 == maxDepth {
			p.Grow(d + 1)
			p.Nodes[d+1] += int64(n)
			s.pos[d] = int32(n)
		}
	}
	enter()
	for {
		d := s.depth
		kids := s.children(d)
		if pos := s.pos[d]; d < maxDepth && int(pos) < len(kids) {
			s.pos[d] = pos + 1
			if steps++; steps&1023 == 0 && stop() {
				break
			}
			s.placeConn(kids[pos], s.connOf(d, int(pos)))
			enter()
			continue
		}
		if d == base {
			break
		}
		s.unplace()
	}
	for s.depth > base {
		s.unplace()
	}
}
