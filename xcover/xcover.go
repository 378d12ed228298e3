package xcover

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/search"
)

// Strategy is the rule that chooses the item to branch on.
type Strategy int

const (
	// Fewest branches on the active primary item with the fewest options.
	Fewest Strategy = iota
	// Fixed branches on the first active primary item in the given order.
	Fixed
	// Sorted branches on the first active primary item in the order of their
	// option counts before the search (sort first).
	Sorted
)

// ParseStrategy returns the strategy named fewest, fixed or sorted.
func ParseStrategy(s string) (Strategy, error) {
	switch s {
	case "fewest":
		return Fewest, nil
	case "fixed":
		return Fixed, nil
	case "sorted":
		return Sorted, nil
	}
	return 0, opterr.Errorf("--strategy", "unknown strategy %q (want fewest, fixed or sorted)", s)
}

func (s Strategy) String() string { return [...]string{"fewest", "fixed", "sorted"}[s] }

// Problem is an exact cover problem with colours under construction.
type Problem struct {
	names     []string
	primary   int
	index     map[string]int
	options   [][]itemColor
	colors    map[string]int32
	colorName []string
	noBranch  map[int]bool
	newPruner func() Pruner
	newFilter func() OptionFilter
	progress  func(nodes int64)
	bounds    map[int][2]int // multiplicities other than [1, 1] (SetBounds)
}

// A Pruner is consulted at every node before an item is chosen; returning
// true cuts the node as a dead end (counted in Stats.Pruned). It may read
// the solver's state with IsActive. Korekawa et al.'s dead-region test on packing
// boards is one.
type Pruner func(s *Solver) bool

// SetPruner makes every solver compiled from p, and every worker of
// SolveParallel, consult a pruner of its own, made by newPruner, so that a
// pruner may keep scratch space.
func (p *Problem) SetPruner(newPruner func() Pruner) { p.newPruner = newPruner }

// An OptionFilter predicts the pruner without trying: at a node (after
// Begin), Keep reports whether choosing option o would give a child that
// the pruner does not cut. Walker.SkipPruned uses it instead of applying
// every option and asking the pruner, which on large problems costs
// thousands of link updates per child. It must agree with the pruner.
type OptionFilter interface {
	Begin(s *Solver)
	Keep(s *Solver, o int) bool
}

// SetOptionFilter gives every solver compiled from p an option filter of
// its own, made by newFilter.
func (p *Problem) SetOptionFilter(newFilter func() OptionFilter) { p.newFilter = newFilter }

// SetProgress makes searches of p report the nodes searched to f, as the
// number since the last call, about every 65,536 nodes of each worker
// and at the end of each task of SolveParallel, for progress meters and
// time estimates. f must be safe for concurrent use.
func (p *Problem) SetProgress(f func(nodes int64)) { p.progress = f }

// NoBranch marks primary item i as one never chosen for branching: it must
// still be covered exactly once, but only as a side effect of options
// chosen for other items. Korekawa et al. branches on a packing's cells only,
// never on its pieces; covering every cell then places every piece.
func (p *Problem) NoBranch(i int) {
	if i < 1 || i > p.primary {
		panic("xcover: NoBranch of an item that is not primary")
	}
	if p.noBranch == nil {
		p.noBranch = map[int]bool{}
	}
	p.noBranch[i] = true
}

type itemColor struct {
	item  int // 1-based
	color int32
}

// NewProblem returns a problem with the given primary and secondary items.
func NewProblem(primary, secondary []string) (*Problem, error) {
	p := &Problem{primary: len(primary), index: map[string]int{}, colors: map[string]int32{}, colorName: []string{""}}
	if len(primary) == 0 {
		return nil, errors.New("xcover: no primary items")
	}
	for _, n := range append(append([]string(nil), primary...), secondary...) {
		if n == "" {
			return nil, errors.New("xcover: an item has an empty name")
		}
		if _, dup := p.index[n]; dup {
			return nil, fmt.Errorf("xcover: item %q is named twice", n)
		}
		p.names = append(p.names, n)
		p.index[n] = len(p.names)
	}
	return p, nil
}

// Item returns the 1-based number of the item called name, or 0.
func (p *Problem) Item(name string) int { return p.index[name] }

// Items returns the number of items; the first Primary() are primary.
func (p *Problem) Items() int { return len(p.names) }

// Primary returns the number of primary items.
func (p *Problem) Primary() int { return p.primary }

// ItemName returns the name of item i (1-based).
func (p *Problem) ItemName(i int) string { return p.names[i-1] }

// Options returns the number of options added.
func (p *Problem) Options() int { return len(p.options) }

// AddOption adds an option: item names, each secondary one optionally
// followed by ":colour". It returns the option's number (from 0).
func (p *Problem) AddOption(items ...string) (int, error) {
	var opt []itemColor
	seen := map[int]bool{}
	for _, s := range items {
		name, color := s, ""
		i := indexColon(s)
		if i >= 0 {
			name, color = s[:i], s[i+1:]
			if color == "" {
				return 0, fmt.Errorf("xcover: item %q has an empty colour after ':'", name)
			}
		}
		it := p.index[name]
		if it == 0 {
			return 0, fmt.Errorf("xcover: unknown item %q", name)
		}
		if seen[it] {
			return 0, fmt.Errorf("xcover: item %q appears twice in one option", name)
		}
		seen[it] = true
		var c int32
		if i >= 0 {
			if it <= p.primary {
				return 0, fmt.Errorf("xcover: primary item %q cannot have a colour", name)
			}
			if c = p.colors[color]; c == 0 {
				p.colorName = append(p.colorName, color)
				c = int32(len(p.colorName) - 1)
				p.colors[color] = c
			}
		}
		opt = append(opt, itemColor{it, c})
	}
	if len(opt) == 0 {
		return 0, errors.New("xcover: empty option")
	}
	p.options = append(p.options, opt)
	return len(p.options) - 1, nil
}

// AddOptionItems adds an option by 1-based item numbers, without colours.
func (p *Problem) AddOptionItems(items []int) int {
	opt := make([]itemColor, len(items))
	for k, it := range items {
		opt[k] = itemColor{it, 0}
	}
	p.options = append(p.options, opt)
	return len(p.options) - 1
}

func indexColon(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			return i
		}
	}
	return -1
}

// Stats are the counts of a search. Per-depth slices are indexed by depth:
// depth 0 is the root, whose chosen item's options make the nodes of depth 1.
type Stats struct {
	// Nodes counts the options tried: the nodes of the search tree below
	// the root.
	Nodes int64
	// NodesByDepth[d] counts the nodes at depth d (NodesByDepth[0] = 1).
	NodesByDepth []int64
	// Branches[d] sums, over the nodes at depth d that branched, the option
	// count of the item chosen there: Branches[d]/Branched[d] is the mean
	// minimum branching factor at depth d (Korekawa et al.'s measure).
	Branches []int64
	Branched []int64
	// Histogram[d][k] counts the nodes at depth d that branched on an
	// item with k options (k < HistogramMax), or with HistogramMax or more
	// (k = HistogramMax): the distribution of the minimum branching factor.
	Histogram [][HistogramMax + 1]int64
	// Updates counts link updates ("mems" of the dancing).
	Updates int64
	// Pruned counts the nodes the pruner cut.
	Pruned int64
}

// node is one node of the dancing-links structure, its four fields side by
// side so that one cache line serves a node's visit. For an item header top
// is the item's option count (LEN); for a spacer it is minus the number of
// the option before it, plus one, and ulink and dlink point to the first
// node of that option and the last node of the next.
type node struct {
	top, ulink, dlink, color int32
}

// Solver runs searches on a compiled problem. It is not safe for
// concurrent use; Clone gives an independent copy.
type Solver struct {
	n, n1     int
	nd        []node
	llink     []int32
	rlink     []int32
	strat     Strategy
	prune     Pruner
	newPruner func() Pruner
	filter    OptionFilter
	newFilter func() OptionFilter
	progress  func(nodes int64) // given the nodes since the last report
	reported  int64             // the nodes of stats already reported

	choice    []int32 // chosen node per level
	stats     Stats
	stop      bool
	ctx       context.Context
	checkAt   int64
	err       error
	visit     func(sol []int) bool
	optBuf    []int
	limit     int64 // Limits.MaxSolutions
	maxNodes  int64 // Limits.MaxNodes
	found     int64
	m         *mstate // Algorithm M's state; nil for Algorithm C
	xn        []xnode // the exact-cover path's nodes (links as byte offsets); nil with colours, multiplicities or items never branched on
	general   bool    // tests: search by the general path even when plain
	width     int     // the most items in an option
	order     []int32 // the exact-cover path: per level, width slots for the items of the option applied, in covering order
	olen      []int32 // per level, the items in order
	stamp     []int32 // per item, the last node whose option was applied with it
	stampNext []int32 // per item, the last node whose option was the next to apply
	zstack    []int32 // the exact-cover path: per level, the empty items below each place of the stack in order
}

// Compile builds a solver for p with strategy s.
func (p *Problem) Compile(s Strategy) *Solver {
	n := len(p.names)
	total := n + 1
	for _, o := range p.options {
		total += len(o) + 1
	}
	sv := &Solver{n: n, n1: p.primary, strat: s,
		nd: make([]node, total+1), llink: make([]int32, n+2), rlink: make([]int32, n+2)}
	for i := 0; i <= n; i++ {
		sv.nd[i].ulink, sv.nd[i].dlink = int32(i), int32(i)
	}
	// Primary items to branch on in a circular list with header 0, the
	// other primary items in one with header n+1; secondary items each in
	// a list of their own (never chosen).
	link := func(list []int32, head int32) {
		prev := head
		for _, it := range list {
			sv.rlink[prev], sv.llink[it] = it, prev
			prev = it
		}
		sv.rlink[prev], sv.llink[head] = head, prev
	}
	var branch, rest []int32
	for i := 1; i <= p.primary; i++ {
		if p.noBranch[i] {
			rest = append(rest, int32(i))
		} else {
			branch = append(branch, int32(i))
		}
	}
	link(rest, int32(n+1))
	for i := p.primary + 1; i <= n; i++ {
		sv.llink[i], sv.rlink[i] = int32(i), int32(i)
	}
	x := int32(n + 1) // first spacer
	sv.nd[x].top = 0
	for k, o := range p.options {
		first := x + 1
		for _, ic := range o {
			x++
			it := int32(ic.item)
			sv.nd[x].top = it
			sv.nd[x].color = ic.color
			u := sv.nd[it].ulink
			sv.nd[x].ulink, sv.nd[x].dlink = u, it
			sv.nd[u].dlink, sv.nd[it].ulink = x, x
			sv.nd[it].top++ // LEN
		}
		x++
		sv.nd[x].top = int32(-(k + 1))
		sv.nd[x].ulink = first // the spacer after an option points back to its first node
		sv.nd[x-int32(len(o))-1].dlink = x - 1
	}
	if s == Sorted {
		// The active list in the sorted order, so that "first active" is
		// the sorted order's first.
		sort.SliceStable(branch, func(a, b int) bool { return sv.nd[branch[a]].top < sv.nd[branch[b]].top })
	}
	link(branch, 0)
	if p.newPruner != nil {
		sv.newPruner, sv.prune = p.newPruner, p.newPruner()
	}
	if p.newFilter != nil {
		sv.newFilter, sv.filter = p.newFilter, p.newFilter()
	}
	sv.progress = p.progress
	if len(p.colorName) == 1 && p.bounds == nil && len(p.noBranch) == 0 && len(sv.nd) <= int(maxExactNodes) {
		sv.xn = sv.newLinks()
		for _, o := range p.options {
			sv.width = max(sv.width, len(o))
		}
		sv.order = make([]int32, (p.primary+1)*sv.width)
		sv.olen = make([]int32, p.primary+1)
		sv.stamp = make([]int32, n+1)
		sv.stampNext = make([]int32, n+1)
		sv.zstack = make([]int32, (p.primary+1)*sv.width+1)
	}
	sv.choice = make([]int32, p.primary+1)
	if p.bounds != nil {
		sv.m = newMState(p)
		sv.choice = make([]int32, len(sv.m.firstTweak))
	}
	return sv
}

// Clone returns an independent copy of the solver in its current state.
func (s *Solver) Clone() *Solver {
	c := *s
	c.nd = append([]node(nil), s.nd...)
	c.llink = append([]int32(nil), s.llink...)
	c.rlink = append([]int32(nil), s.rlink...)
	c.choice = append([]int32(nil), s.choice...)
	c.order = append([]int32(nil), s.order...)
	c.olen = append([]int32(nil), s.olen...)
	c.stamp = append([]int32(nil), s.stamp...)
	c.stampNext = append([]int32(nil), s.stampNext...)
	c.zstack = append([]int32(nil), s.zstack...)
	c.xn = append([]xnode(nil), s.xn...)
	if s.m != nil {
		c.m = s.m.clone()
	}
	c.stats = Stats{}
	if s.newPruner != nil {
		c.prune = s.newPruner()
	}
	if s.newFilter != nil {
		c.filter = s.newFilter()
	}
	return &c
}

// IsActive reports whether primary item i is still to be covered at the
// current node; for a pruner.
func (s *Solver) IsActive(i int) bool {
	return s.rlink[s.llink[i]] == int32(i)
}

// covered reports whether every primary item is covered.
func (s *Solver) covered() bool {
	return s.rlink[0] == 0 && s.rlink[s.n+1] == int32(s.n+1)
}

// hide removes the other nodes of p's option from their items' lists.
// The slice is read once into a local, so that the compiler keeps it in
// registers through the loop's stores; updates are counted locally too.
func (s *Solver) hide(p int32) {
	nd := s.nd
	updates := int64(0)
	for q := p + 1; q != p; {
		n := &nd[q]
		x := n.top
		if x <= 0 {
			q = n.ulink
			continue
		}
		if n.color >= 0 {
			u, d := n.ulink, n.dlink
			nd[u].dlink = d
			nd[d].ulink = u
			nd[x].top--
			updates++
		}
		q++
	}
	s.stats.Updates += updates
}

func (s *Solver) unhide(p int32) {
	nd := s.nd
	for q := p - 1; q != p; {
		n := &nd[q]
		x := n.top
		if x <= 0 {
			q = n.dlink
			continue
		}
		if n.color >= 0 {
			u, d := n.ulink, n.dlink
			nd[u].dlink = q
			nd[d].ulink = q
			nd[x].top++
		}
		q--
	}
}

func (s *Solver) cover(i int32) {
	nd := s.nd
	for p := nd[i].dlink; p != i; p = nd[p].dlink {
		s.hide(p)
	}
	l, r := s.llink[i], s.rlink[i]
	s.rlink[l], s.llink[r] = r, l
}

func (s *Solver) uncover(i int32) {
	l, r := s.llink[i], s.rlink[i]
	s.rlink[l], s.llink[r] = i, i
	nd := s.nd
	for p := nd[i].ulink; p != i; p = nd[p].ulink {
		s.unhide(p)
	}
}

func (s *Solver) purify(p int32) {
	c, i := s.nd[p].color, s.nd[p].top
	for q := s.nd[i].dlink; q != i; q = s.nd[q].dlink {
		if s.nd[q].color == c {
			s.nd[q].color = -1
		} else {
			s.hide(q)
		}
	}
}

func (s *Solver) unpurify(p int32) {
	c, i := s.nd[p].color, s.nd[p].top
	for q := s.nd[i].ulink; q != i; q = s.nd[q].ulink {
		if s.nd[q].color < 0 {
			s.nd[q].color = c
		} else {
			s.unhide(q)
		}
	}
}

func (s *Solver) commit(p int32) {
	j := s.nd[p].top
	switch c := s.nd[p].color; {
	case c == 0:
		s.cover(j)
	case c > 0:
		s.purify(p)
	}
}

func (s *Solver) uncommit(p int32) {
	j := s.nd[p].top
	switch c := s.nd[p].color; {
	case c == 0:
		s.uncover(j)
	case c > 0:
		s.unpurify(p)
	}
}

// choose returns the item to branch on, or 0 when no primary item is left.
func (s *Solver) choose() int32 {
	first := s.rlink[0]
	if first == 0 || s.strat != Fewest {
		return first
	}
	best, bestLen := first, s.nd[first].top
	for i := s.rlink[first]; i != 0 && bestLen > 0; i = s.rlink[i] {
		if l := s.nd[i].top; l < bestLen {
			best, bestLen = i, l
		}
	}
	return best
}

// applyNode chooses the option of node x, whose item is covered: it
// commits the option's other items.
func (s *Solver) applyNode(x int32) {
	for p := x + 1; p != x; {
		if s.nd[p].top <= 0 {
			p = s.nd[p].ulink
			continue
		}
		s.commit(p)
		p++
	}
}

func (s *Solver) unapplyNode(x int32) {
	for p := x - 1; p != x; {
		if s.nd[p].top <= 0 {
			p = s.nd[p].dlink
			continue
		}
		s.uncommit(p)
		p--
	}
}

// checkNodes is how many nodes pass between looks at the context (and
// progress reports). A node of a large problem (Tenyo's PP-24, thousands of
// options) takes some 30 µs, so 1<<16 nodes made Ctrl-C wait 2 s (issue
// 19); 1<<12 keeps that near 0.1 s and costs nothing on small problems.
const checkNodes = 1 << 12

// HistogramMax is the last bucket of Stats.Histogram.
const HistogramMax = 64

func (s *Solver) count(depth int) {
	s.stats.grow(depth)
}

func (st *Stats) grow(depth int) {
	for len(st.NodesByDepth) <= depth {
		st.NodesByDepth = append(st.NodesByDepth, 0)
		st.Branches = append(st.Branches, 0)
		st.Branched = append(st.Branched, 0)
		st.Histogram = append(st.Histogram, [HistogramMax + 1]int64{})
	}
}

// search is Algorithm C from level l.
func (s *Solver) search(l int) {
	if s.prune != nil && s.prune(s) {
		s.stats.Pruned++
		return
	}
	i := s.choose()
	if i == 0 {
		if !s.covered() {
			return // items left that no option chosen so far has covered
		}
		s.found++
		if s.visit != nil && !s.visit(s.solution(l)) {
			s.stop = true
		}
		if s.limit > 0 && s.found >= s.limit {
			s.stop = true
		}
		return
	}
	s.count(l + 1)
	s.stats.Branches[l] += int64(s.nd[i].top)
	s.stats.Branched[l]++
	s.stats.Histogram[l][min(s.nd[i].top, HistogramMax)]++
	if s.nd[i].top == 0 {
		return
	}
	s.cover(i)
	for x := s.nd[i].dlink; x != i; x = s.nd[x].dlink {
		s.countNode(l)
		s.choice[l] = x
		s.applyNode(x)
		if !s.stop {
			s.search(l + 1)
		}
		s.unapplyNode(x)
		if s.stop {
			break
		}
	}
	s.uncover(i)
}

// searchFrom searches below the current node, at level l, by the
// algorithm that applies.
func (s *Solver) searchFrom(l int) {
	switch {
	case s.m != nil:
		s.searchM(l)
	case s.exact():
		s.searchExact(l)
	default:
		s.search(l)
	}
}

// solution returns the option numbers chosen at levels 0..l-1.
func (s *Solver) solution(l int) []int {
	s.optBuf = s.optBuf[:0]
	for k := 0; k < l; k++ {
		s.optBuf = append(s.optBuf, s.optionOf(s.choice[k]))
	}
	return s.optBuf
}

// optionOf returns the number of the option that node x belongs to.
func (s *Solver) optionOf(x int32) int {
	for s.nd[x].top > 0 {
		x++
	}
	return int(-s.nd[x].top) - 1
}

// report gives the progress callback the nodes not yet reported.
func (s *Solver) report() {
	if s.progress != nil && s.stats.Nodes > s.reported {
		s.progress(s.stats.Nodes - s.reported)
		s.reported = s.stats.Nodes
	}
}

// Result is the outcome of Solve.
type Result struct {
	Solutions int64
	Stats     Stats
	// Status is how the enumeration ended: search.Solved when the whole
	// tree was searched (Solutions is the exact count), otherwise a status
	// that ended early: search.SolutionLimit, search.VisitorStop,
	// search.NodeLimit, or the context's (search.Interrupted,
	// search.TimeLimit).
	Status search.Status
	// Err is why the search stopped before the end of the tree, if not by
	// the solution limit or the visitor: the context's error,
	// search.ErrCPULimit or search.ErrNodeLimit. Solutions then counts
	// those found so far.
	Err error
}

// Solve searches for solutions, calling visit (if not nil) with the option
// numbers of each, valid only during the call; visit returns false to stop.
// lim bounds the search: MaxSolutions > 0 stops it after that many
// solutions (status search.SolutionLimit), MaxNodes > 0 after that many
// nodes (Stats.Nodes; search.ErrNodeLimit), MaxTime and MaxCPU by the
// clock (search.Limits.Context). MaxMem is not read: a solver holds only
// what Compile allocated.
func (s *Solver) Solve(ctx context.Context, lim search.Limits, visit func(options []int) bool) Result {
	ctx, cancel := lim.Context(ctx)
	defer cancel()
	s.ctx, s.visit, s.limit, s.maxNodes = ctx, visit, lim.MaxSolutions, lim.MaxNodes
	s.found, s.stop, s.err = 0, false, nil
	s.stats = Stats{}
	s.count(0)
	s.stats.NodesByDepth[0] = 1
	s.checkAt = s.nextCheck()
	s.reported = 0
	s.searchFrom(0)
	s.report()
	st := search.Solved
	switch {
	case s.err != nil:
		st = search.StatusOf(s.err)
	case s.limit > 0 && s.found >= s.limit:
		st = search.SolutionLimit
	case s.stop:
		st = search.VisitorStop
	}
	return Result{Solutions: s.found, Stats: s.stats, Err: s.err, Status: st}
}

// countNode counts a node at depth l+1 and, every checkNodes nodes,
// checks in (small enough to be inlined in the search loops).
func (s *Solver) countNode(l int) {
	s.stats.Nodes++
	s.stats.NodesByDepth[l+1]++
	if s.stats.Nodes >= s.checkAt {
		s.checkIn()
	}
}

// checkIn reports progress and stops the search if its context has ended
// or it has counted MaxNodes nodes.
func (s *Solver) checkIn() {
	s.checkAt = s.nextCheck()
	s.report()
	if s.maxNodes > 0 && s.stats.Nodes >= s.maxNodes {
		s.err, s.stop = search.ErrNodeLimit, true
	} else if err := search.ContextErr(s.ctx); err != nil {
		s.err, s.stop = err, true
	}
}

// nextCheck is the node count of the next check-in: checkNodes on, or
// MaxNodes if sooner, so that a node limit stops the search exactly.
func (s *Solver) nextCheck() int64 {
	at := s.stats.Nodes + checkNodes
	if s.maxNodes > 0 {
		at = min(at, s.maxNodes)
	}
	return at
}
