package tiles

import (
	"context"
	"math"
	"time"

	"github.com/branchwise/branchwise/search"
)

// IDAOptions configure IDA.
type IDAOptions struct {
	// Limits bound the search: MaxNodes the generated nodes, MaxTime and
	// MaxCPU its time; MaxMem bounds nothing (IDA* holds no states).
	search.Limits
	// Filter is an optional move filter (FSM pruning) over the blank's
	// directions Up, Left, Right, Down as search.Move 0..3.
	Filter search.Automaton
}

// ida is the state of the specialised IDA*. Everything the inner loop
// touches is in fixed arrays of this struct: the board, the Manhattan
// table indexed tile*64+cell, the blank's neighbours, the path.
type ida struct {
	tiles   [MaxCells]uint8
	md      [MaxCells * MaxCells]uint8
	nb      [MaxCells][4]int8
	path    [1024]int8
	byDepth [1024]int64
	filter  search.Automaton

	bound, next int
	generated   int64
	expanded    int64
	checkAt     int64
	maxNodes    int64
	ctx         context.Context
	found       bool
	stop        bool
	err         error
}

// idaCheckEvery is the number of generated nodes between two looks at the
// context: about a hundredth of a second.
const idaCheckEvery = 1 << 20

// IDA solves p's current board optimally with Korf's IDA* and the Manhattan
// distance, with his 1985 conventions, so that the counts equal his: the
// blank moves up, left, right, down; the move back to the parent is never
// generated; each other child is counted as generated before the threshold
// test; the threshold starts at h(root) and rises to the smallest f that
// exceeded it; the search stops at the first goal. It is the depth-first
// engine of package search specialised for tiles: no interface call per
// node and no allocation. It ignores the linear-conflict setting of p.
func IDA(ctx context.Context, p *Puzzle, o IDAOptions) search.Result {
	start := time.Now()
	ctx, cancel := o.Limits.Context(ctx)
	defer cancel()
	s := &ida{tiles: p.tiles, md: p.md, filter: o.Filter, ctx: ctx, maxNodes: o.MaxNodes}
	copy(s.nb[:], p.nb)
	var res search.Result
	s.setCheck()
	s.bound = p.h
	if p.h == 0 {
		res.Status = search.Solved
		res.Stats.Elapsed = time.Since(start)
		return res
	}
	for {
		gen, exp := s.generated, s.expanded
		s.next = math.MaxInt
		if s.filter == nil {
			s.dfsPlain(p.blank, 0, p.h, 4)
		} else {
			s.dfs(p.blank, 0, p.h, 4, 0)
		}
		res.Stats.Iterations = append(res.Stats.Iterations, search.Iteration{
			Bound: float64(s.bound), Generated: s.generated - gen, Expanded: s.expanded - exp})
		if s.found || s.stop || s.next == math.MaxInt {
			break
		}
		s.bound = s.next
	}
	res.Stats.Generated, res.Stats.Expanded = s.generated, s.expanded
	res.Stats.Elapsed = time.Since(start)
	depth := 0
	for d, n := range s.byDepth {
		if n > 0 {
			depth = d
		}
	}
	res.Stats.GeneratedByDepth = append([]int64(nil), s.byDepth[:depth+1]...)
	switch {
	case s.found:
		res.Status, res.Cost = search.Solved, s.bound
		res.Path = make([]search.Move, s.bound)
		for i := range res.Path {
			res.Path[i] = search.Move(s.path[i])
		}
	case s.stop:
		res.Status, res.Err = search.StatusOf(s.err), s.err
	default:
		res.Status = search.NoSolution
	}
	return res
}

func (s *ida) setCheck() {
	s.checkAt = s.generated + idaCheckEvery
	if s.maxNodes > 0 && s.maxNodes < s.checkAt {
		s.checkAt = s.maxNodes
	}
}

// check is called when generated reaches checkAt; it reports whether to stop.
func (s *ida) check() bool {
	if s.maxNodes > 0 && s.generated >= s.maxNodes {
		s.stop, s.err = true, search.ErrNodeLimit
		return true
	}
	if err := search.ContextErr(s.ctx); err != nil {
		s.stop, s.err = true, err
		return true
	}
	s.setCheck()
	return false
}

// dfs expands the node with the blank at blank, reached at depth g by move
// last (4 at the root), with Manhattan distance h and filter state fs. It
// returns true when a goal was found.
func (s *ida) dfs(blank, g, h, last int, fs int32) bool {
	s.expanded++
	nb := &s.nb[blank]
	for d := 0; d < 4; d++ {
		to := int(nb[d])
		if to < 0 || d == 3-last {
			continue
		}
		nfs := fs
		if s.filter != nil {
			if nfs = s.filter.Step(fs, search.Move(d)); nfs < 0 {
				continue
			}
		}
		t := int(s.tiles[to])
		nh := h + int(s.md[t<<6|blank]) - int(s.md[t<<6|to])
		s.generated++
		s.byDepth[g+1]++
		if s.generated >= s.checkAt && s.check() {
			return false
		}
		if f := g + 1 + nh; f > s.bound {
			if f < s.next {
				s.next = f
			}
			continue
		}
		s.path[g] = int8(d)
		if nh == 0 {
			s.found = true
			return true
		}
		s.tiles[blank], s.tiles[to] = uint8(t), 0
		if s.dfs(to, g+1, nh, d, nfs) {
			return true
		}
		s.tiles[blank], s.tiles[to] = 0, uint8(t)
		if s.stop {
			return false
		}
	}
	return false
}

// dfsPlain is dfs without a move filter: the common case, kept free of the
// filter's test and state so that the compiler keeps everything in
// registers.
func (s *ida) dfsPlain(blank, g, h, last int) bool {
	s.expanded++
	nb := &s.nb[blank]
	for d := 0; d < 4; d++ {
		to := int(nb[d])
		if to < 0 || d == 3-last {
			continue
		}
		t := int(s.tiles[to])
		nh := h + int(s.md[t<<6|blank]) - int(s.md[t<<6|to])
		s.generated++
		s.byDepth[g+1]++
		if s.generated >= s.checkAt && s.check() {
			return false
		}
		if f := g + 1 + nh; f > s.bound {
			if f < s.next {
				s.next = f
			}
			continue
		}
		s.path[g] = int8(d)
		if nh == 0 {
			s.found = true
			return true
		}
		s.tiles[blank], s.tiles[to] = uint8(t), 0
		if s.dfsPlain(to, g+1, nh, d) {
			return true
		}
		s.tiles[blank], s.tiles[to] = 0, uint8(t)
		if s.stop {
			return false
		}
	}
	return false
}
