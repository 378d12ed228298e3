package logicgrid

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// The solver of Igarashi et al. (2005).
//
// A node of the search is a grid with some clues applied. At a node the
// solver chooses one clue not yet applied (a level of the tree), then one
// of the clue's ways (the next level), applies it and goes on; a clue with
// no way left is a dead end. The three strategies of the paper differ only
// in the choice of the clue:
//
//	fixed   the clues in the order of the file
//	sorted  the clues ordered once by their number of ways on the empty grid
//	fewest  at every node, the clue with the fewest ways on the current
//	        grid (the smallest branching factor; ties to the earlier clue)
//
// Once every clue is applied, the empty cells are filled the same way, a
// cell being a "clue" whose ways are the values still free in its category
// (fixed and sorted take the cells in reading order, which is also their
// order sorted by the count on the empty grid; fewest the cell of the
// category with the fewest empty cells). Every leaf with a full grid is a
// solution, found once since the ways of a choice are disjoint.
//
// Nodes are counted as the paper counts them (its Fig 4): the root, one
// node per clue chosen and one per way tried; a path that applies k clues
// without branching has 1 + 2k nodes. The cost of a node is that of
// enumerating ways: fewest counts every remaining clue's ways at every
// node (each count stops once it reaches the best so far), so its nodes
// are dearer and only pay off on hard puzzles, the paper's finding.

// Strategy is the rule that chooses the next clue; the names and values
// are those of package xcover.
type Strategy = xcover.Strategy

// Options bound and observe a search.
type Options struct {
	Strategy Strategy
	// Limits bound the search: MaxSolutions > 0 stops it after that many
	// solutions (2 decides uniqueness), MaxNodes after that many nodes,
	// MaxMem when the ways it holds reach that many bytes (Result.Status
	// search.MemLimit), MaxTime and MaxCPU its time.
	search.Limits
	// Keep is the number of solutions kept in the result (the others are
	// only counted).
	Keep int
	// Trace, if not nil, is called at every step: --explain.
	Trace func(Step)
	// Propagate narrows the grid at every node with what all the ways of
	// each clue agree on (propagate.go), beyond Igarashi et al. (2005).
	Propagate bool
	// CountGenerated makes the fewest strategy count every remaining
	// clue's ways in full at every node, for Result.Generated (otherwise
	// each count stops at the best so far).
	CountGenerated bool
	// Visit, if not nil, is called with every solution, valid only during
	// the call; it returns false to stop the search.
	Visit func(Solution) bool
}

// StepKind says what a Step reports.
type StepKind uint8

const (
	// Choose: clue Clue (or cell Cell when Clue < 0) is chosen; it has Ways ways.
	Choose StepKind = iota
	// Try: way Way of Ways is applied; Assign lists its new cells.
	Try
	// Found: the grid is full, a solution.
	Found
	// Deduce: propagation assigned the cells Assign.
	Deduce
	// Contradiction: propagation found clue Clue without ways, or (Clue
	// < 0) a value or a cell without a place.
	Contradiction
)

// Step is one event of a search, for --explain.
type Step struct {
	Kind   StepKind
	Depth  int // the number of clues and cells applied above
	Clue   int // the clue's index, or -1 for a cell of the fill phase
	Cell   [2]int
	Way    int // Try: from 1
	Ways   int
	Assign []Assignment
}

// Assignment is a cell of the grid set by a way: entity Entity has value
// Val of category Cat.
type Assignment struct{ Entity, Cat, Val int }

// Result is the outcome of a search.
type Result struct {
	Strategy  string
	Solutions int64
	Kept      []Solution
	Nodes     int64
	// Generated adds the nodes the paper's fewest strategy generates only
	// to measure branching factors: at every node, one per remaining clue
	// and one per way of each (set with Options.CountGenerated; the fixed
	// and sorted strategies generate the ways of the chosen clue only, so
	// for them it equals Nodes).
	Generated int64
	// Status is how the search ended: search.Solved when the whole tree
	// was searched, else search.NodeLimit, search.SolutionLimit,
	// search.VisitorStop or the context's (search.Interrupted,
	// search.TimeLimit).
	Status  search.Status
	Elapsed time.Duration
}

// Unique reports whether the search was complete or stopped at the second
// solution, and found exactly one.
func (r Result) Unique() bool { return r.Solutions == 1 && r.Status == search.Solved }

// Complete reports whether the whole tree was searched, or the search
// stopped only because MaxSolutions were found.
func (r Result) Complete() bool {
	return r.Status == search.Solved || r.Status == search.SolutionLimit
}

type solver struct {
	p       *Puzzle
	g       *grid
	opt     Options
	ctx     context.Context
	applied []bool
	order   []int // fixed and sorted: the order of the clues
	bufs    []*wayBuf
	res     Result
	stop    bool
	check   int64
	clock   search.Clock // opt's MaxTime, MaxCPU
	steps   []Assignment
	sup     *support
	// propagation: each clue's categories, and its ways when last counted
	// in full, with the grid's stamp then
	cats     []uint64
	lastWays []int
	lastEnum []uint64
	// with propagation and the fewest strategy: 1 + the dead ends each
	// clue caused; the clue chosen minimises ways / weight
	weight []float64
}

// Solve searches p with the given options.
func Solve(ctx context.Context, p *Puzzle, opt Options) Result {
	start := time.Now()
	s := &solver{p: p, g: newGrid(p), opt: opt, ctx: ctx, applied: make([]bool, len(p.Clues))}
	s.clock = opt.StartClock()
	s.g.guard = newGuard(ctx, search.Limits{MaxNodes: opt.MaxNodes, MaxMem: opt.MaxMem})
	s.g.guard.perEnumeration = true
	s.res.Strategy = opt.Strategy.String()
	s.order = make([]int, len(p.Clues))
	for i := range s.order {
		s.order[i] = i
	}
	if opt.Strategy == xcover.Sorted {
		gd := newGuard(ctx, search.Limits{MaxNodes: opt.MaxNodes, MaxMem: opt.MaxMem})
		gd.perEnumeration = true
		bf, err := branchingFactors(p, gd)
		if err != nil {
			s.res.Status = search.StatusOf(err)
			s.res.Elapsed = time.Since(start)
			return s.res
		}
		slices.SortStableFunc(s.order, func(a, b int) int { return bf[a] - bf[b] })
	}
	if opt.Propagate {
		s.cats = make([]uint64, len(p.Clues))
		for k, c := range p.Clues {
			s.cats[k] = categories(c.f)
		}
		s.lastWays, s.lastEnum = make([]int, len(p.Clues)), make([]uint64, len(p.Clues))
		s.g.stamp = 1
		if opt.Strategy == xcover.Fewest {
			s.weight = make([]float64, len(p.Clues))
			for k := range s.weight {
				s.weight[k] = 1
			}
		}
	}
	s.res.Nodes, s.res.Generated = 1, 1 // the root
	s.search(0)
	s.res.Elapsed = time.Since(start)
	return s.res
}

// BranchingFactors returns every clue's number of ways on the empty grid.
// It has no bounds: a clue naming many attributes may take very long (see
// BranchingFactorsContext).
func BranchingFactors(p *Puzzle) []int {
	bf, _ := BranchingFactorsContext(context.Background(), p, search.Limits{})
	return bf
}

// Ways returns the ways of clue i on the empty grid.
func Ways(p *Puzzle, i int) [][]Assignment {
	g := newGrid(p)
	var b wayBuf
	n := g.ways(p.Clues[i].f, &b)
	out := make([][]Assignment, n)
	for w := range n {
		for _, a := range b.way(w) {
			out[w] = append(out[w], Assignment{int(a.cell) / g.m, int(a.cell) % g.m, int(a.val)})
		}
	}
	return out
}

// heldBytes is the memory the way buffers above depth hold.
func (s *solver) heldBytes(depth int) int64 {
	var n int64
	for _, b := range s.bufs[:depth] {
		n += b.bytes()
	}
	return n
}

func (s *solver) buf(depth int) *wayBuf {
	for len(s.bufs) <= depth {
		s.bufs = append(s.bufs, &wayBuf{})
	}
	return s.bufs[depth]
}

// chooseClue returns the clue to apply, or -1 when all are applied.
func (s *solver) chooseClue() int {
	if s.opt.Strategy != xcover.Fewest {
		for _, k := range s.order {
			if !s.applied[k] {
				return k
			}
		}
		return -1
	}
	best, bestN := -1, 0
	bestScore := 0.0
	full := s.opt.CountGenerated
	for k := range s.p.Clues {
		if s.applied[k] {
			continue
		}
		limit := bestN
		if full || s.weight != nil {
			limit = 0
		}
		var n int
		if s.opt.Propagate && s.fresh(k) {
			n = s.lastWays[k] // counted by the last round of propagation
		} else {
			n = s.g.countWays(s.p.Clues[k].f, limit)
			if s.guarded() {
				return -1
			}
		}
		if full {
			s.res.Generated += 1 + int64(n)
		}
		if s.weight != nil && n > 0 {
			if score := float64(n) / s.weight[k]; best < 0 || score < bestScore {
				best, bestN, bestScore = k, n, score
			}
			continue
		}
		if best < 0 || n < bestN {
			best, bestN = k, n
			if n == 0 && !full {
				break
			}
		}
	}
	return best
}

// chooseCell returns the empty cell to fill, or false when the grid is
// full.
func (s *solver) chooseCell() (e, c int, ok bool) {
	g := s.g
	if s.opt.Strategy != xcover.Fewest {
		for i, v := range g.cell {
			if v < 0 {
				return i / g.m, i % g.m, true
			}
		}
		return 0, 0, false
	}
	bestN := g.n + 1
	for cc := 1; cc < g.m; cc++ {
		empty, first := 0, -1
		for ee := 0; ee < g.n; ee++ {
			if g.cell[ee*g.m+cc] < 0 {
				if first < 0 {
					first = ee
				}
				empty++
			}
		}
		if empty > 0 && empty < bestN {
			bestN, e, c, ok = empty, first, cc, true
		}
	}
	return e, c, ok
}

// guarded reports whether the guard stopped an enumeration, and halts the
// search if so.
func (s *solver) guarded() bool {
	if err := s.g.guard.err; err != nil {
		s.halt(search.StatusOf(err))
		return true
	}
	return false
}

func (s *solver) halt(why search.Status) {
	if !s.stop {
		s.stop, s.res.Status = true, why
	}
}

// addNode counts a node and enforces the limits.
func (s *solver) addNode() {
	s.res.Nodes++
	if s.opt.MaxNodes > 0 && s.res.Nodes >= s.opt.MaxNodes {
		s.halt(search.NodeLimit)
	}
	if s.check++; s.check&4095 == 0 {
		if err := s.ctx.Err(); err != nil {
			s.halt(search.StatusOf(err))
		} else if err := s.clock.Err(); err != nil {
			s.halt(search.StatusOf(err))
		}
	}
}

func (s *solver) trace(st Step) {
	if s.opt.Trace != nil {
		s.opt.Trace(st)
	}
}

func (s *solver) assignments(w []assignment) []Assignment {
	s.steps = s.steps[:0]
	for _, a := range w {
		s.steps = append(s.steps, Assignment{int(a.cell) / s.g.m, int(a.cell) % s.g.m, int(a.val)})
	}
	return s.steps
}

func (s *solver) search(depth int) {
	if s.stop {
		return
	}
	g := s.g
	if s.opt.Propagate {
		defer g.undoDom(len(g.domTrail))
		if !s.propagate(depth) {
			return
		}
	}
	k := s.chooseClue()
	if s.stop {
		return
	}
	if k < 0 {
		s.fill(depth)
		return
	}
	s.addNode()
	b := s.buf(depth)
	g.guard.held = s.heldBytes(depth)
	n := g.ways(s.p.Clues[k].f, b)
	if s.guarded() {
		return
	}
	if s.opt.Strategy != xcover.Fewest || !s.opt.CountGenerated {
		s.res.Generated += 1 + int64(n)
	}
	s.trace(Step{Kind: Choose, Depth: depth, Clue: k, Ways: n})
	s.applied[k] = true
	mark := len(g.trail)
	for w := 0; w < n && !s.stop; w++ {
		s.addNode()
		g.apply(b.way(w))
		if s.opt.Trace != nil {
			s.trace(Step{Kind: Try, Depth: depth, Clue: k, Way: w + 1, Ways: n, Assign: s.assignments(b.way(w))})
		}
		s.search(depth + 1)
		g.undo(mark)
	}
	s.applied[k] = false
}

// fill fills the empty cells once every clue is applied.
func (s *solver) fill(depth int) {
	g := s.g
	e, c, ok := s.chooseCell()
	if !ok {
		s.found(depth)
		return
	}
	s.addNode()
	n := 0
	for v := 0; v < g.n; v++ {
		if g.owner[c*g.n+v] < 0 && g.dom[c*g.n+v]>>e&1 == 1 {
			n++
		}
	}
	s.res.Generated += 1 + int64(n)
	s.trace(Step{Kind: Choose, Depth: depth, Clue: -1, Cell: [2]int{e, c}, Ways: n})
	mark := len(g.trail)
	w := 0
	for v := 0; v < g.n && !s.stop; v++ {
		if g.owner[c*g.n+v] >= 0 || g.dom[c*g.n+v]>>e&1 == 0 {
			continue
		}
		w++
		s.addNode()
		g.assign(e, c, v)
		if s.opt.Trace != nil {
			s.trace(Step{Kind: Try, Depth: depth, Clue: -1, Cell: [2]int{e, c}, Way: w, Ways: n, Assign: []Assignment{{e, c, v}}})
		}
		s.fill(depth + 1)
		g.undo(mark)
	}
}

func (s *solver) found(depth int) {
	s.res.Solutions++
	if len(s.res.Kept) < s.opt.Keep || s.opt.Visit != nil {
		sol := make(Solution, s.g.n)
		for e := range sol {
			sol[e] = make([]int, s.g.m)
			for c := range sol[e] {
				sol[e][c] = s.g.get(e, c)
			}
		}
		if len(s.res.Kept) < s.opt.Keep {
			s.res.Kept = append(s.res.Kept, sol)
		}
		s.trace(Step{Kind: Found, Depth: depth, Clue: -1})
		if s.opt.Visit != nil && !s.opt.Visit(sol) {
			s.halt(search.VisitorStop)
		}
	} else {
		s.trace(Step{Kind: Found, Depth: depth, Clue: -1})
	}
	if s.opt.MaxSolutions > 0 && s.res.Solutions >= s.opt.MaxSolutions {
		s.halt(search.SolutionLimit)
	}
}

// DescribeAssignment returns "Tom.age = 12", or "house 3: drink = milk"
// when the key is numeric.
func (p *Puzzle) DescribeAssignment(a Assignment) string {
	key := p.Categories[0]
	if key.Numeric {
		return fmt.Sprintf("%s %s: %s = %s", key.Name, key.Values[a.Entity], p.Categories[a.Cat].Name, p.Categories[a.Cat].Values[a.Val])
	}
	return fmt.Sprintf("%s.%s = %s", key.Values[a.Entity], p.Categories[a.Cat].Name, p.Categories[a.Cat].Values[a.Val])
}
