package search

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/internal/opterr"
)

// Options configure a search. The zero value is a search without limits.
type Options struct {
	// Limits bound the search: MaxNodes counts generated nodes, MaxMem the
	// bytes held by the stores and the open list of a search that stores
	// states, MaxTime and MaxCPU are checked with the other limits, every
	// checkEvery generated nodes.
	Limits
	// Progress, if set, is called about every quarter second from the
	// search's goroutine with the statistics so far.
	Progress func(*Stats)
	// Filter is a move filter for the depth-first family (FSM pruning).
	Filter Automaton
	// Store detects duplicates in the graph searches, and in the depth-first
	// family when Detect is set. Nil means a new dedup.NewHashSet().
	Store dedup.Store
	// NewStore, if set, makes the store of each worker of
	// ParallelPriorityFirst but the first (which takes Store); nil means
	// dedup.NewHashSet.
	NewStore func() dedup.Store
	// Detect makes the depth-first family detect duplicate states and cycles
	// with Store: a state is searched again only when reached more cheaply
	// (within one iteration of an iterative search).
	Detect bool
	// DepthBound is the deepest depth DepthFirst searches (0: no bound).
	DepthBound int
	// Increment is the bound increment of DFID per iteration (0 means 1). The
	// bound never rises less than to the smallest f that exceeded it.
	Increment int
	// Weight is mu in WeightedAStar's f = g + mu*h.
	Weight float64
	// Eval is BestFirst's evaluation, smaller is better. When it is called the
	// domain's current state is the node evaluated, reached at cost g.
	Eval func(d Domain, g int) float64
	// Canonical makes duplicate detection use the domain's canonical keys
	// (the domain must implement Canonicalizer): states equivalent under the
	// domain's symmetries are stored once. A best-first search then expands
	// a state made current from its canonical key, whose moves may name a
	// symmetric image of the state reached, and rebuilds the solution by
	// replay from the start (see Result.Path).
	Canonical bool
	// VisitOnce makes DepthFirst search each state at most once, never again
	// when reached more cheaply: a graph search in depth-first order with an
	// explicit stack (no recursion, however deep the dive), whose exhaustion
	// proves that no goal is reachable. It implies Detect. As in the
	// best-first family, the store catches the parent among the children,
	// so the Inverter is not consulted and the parent counts as generated.
	VisitOnce bool
	// Prune, if set, is called with each new state current (generated, not
	// the start, not a duplicate, not a goal) and returns true to cut it: it
	// is neither expanded nor, in the best-first family, stored (a
	// depth-first search that detects duplicates has stored it already, so
	// it is tested once). Stats.Pruned counts the cuts. A deadlock test is
	// a prune hook; so is any proof that a state cannot reach a goal.
	Prune func(d Domain) bool
	// GoalOnGenerate tests for a goal when a node is generated rather than
	// when it is expanded, and then checks the limits before the node is
	// stored: a solution is found one expansion sooner, at the price of
	// optimality in the best-first family (a goal is taken as soon as it is
	// seen). The start state is tested first in either case.
	GoalOnGenerate bool
	// Priority is PriorityFirst's class of a node, smaller first, >= 0; within
	// a class the newest node goes first. The domain is positioned as for Eval.
	Priority func(d Domain, g int) int
}

// Result is the outcome of a search.
type Result struct {
	// Status says how the search ended: Solved, NoSolution, or the limit
	// or cancellation that stopped it (Status.Early).
	Status Status
	// Path is the sequence of moves from the start state to the goal found.
	Path []Move
	// Cost is the sum of the path's move costs.
	Cost  int
	Stats Stats
	// Err is the reason a search ended early: Status.Err(), or the
	// context's error itself.
	Err error
}

// Stats are a search's counts. Per-depth slices are indexed by depth.
type Stats struct {
	Generated        int64
	Expanded         int64
	GeneratedByDepth []int64
	ExpandedByDepth  []int64
	// Iterations has one entry per iteration of an iterative search.
	Iterations []Iteration
	// PeakOpen is the largest open list; PeakClosed the most stored states.
	PeakOpen   int
	PeakClosed int
	// Pruned counts the states cut by Options.Prune.
	Pruned int64
	// Bytes is the memory held by stored states and the open list at the end
	// (or at the peak, for searches that free as they go).
	Bytes   int64
	Elapsed time.Duration
}

// Iteration is one pass of an iterative deepening search.
type Iteration struct {
	Bound     float64 `json:"bound"`
	Generated int64   `json:"generated"`
	Expanded  int64   `json:"expanded"`
}

func (s *Stats) countGenerated(depth int) {
	s.Generated++
	for len(s.GeneratedByDepth) <= depth {
		s.GeneratedByDepth = append(s.GeneratedByDepth, 0)
	}
	s.GeneratedByDepth[depth]++
}

func (s *Stats) countExpanded(depth int) {
	s.Expanded++
	for len(s.ExpandedByDepth) <= depth {
		s.ExpandedByDepth = append(s.ExpandedByDepth, 0)
	}
	s.ExpandedByDepth[depth]++
}

// Func is the signature shared by every search of this package.
type Func func(ctx context.Context, d Domain, o Options) Result

var byName = map[string]Func{
	"dfs":       DepthFirst,
	"dfid":      DFID,
	"ida":       IDAStar,
	"astar":     AStar,
	"wastar":    WeightedAStar,
	"greedy":    Greedy,
	"bestfirst": BestFirst,
	"priority":  PriorityFirst,
	"bfs":       BreadthFirst,
}

// Names lists the names ByName accepts, sorted.
func Names() []string {
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ByName returns the search called name: dfs, dfid, ida, astar, wastar,
// greedy, bestfirst, priority or bfs.
func ByName(name string) (Func, error) {
	if f, ok := byName[name]; ok {
		return f, nil
	}
	return nil, opterr.Errorf("--algo", "unknown search algorithm %q (want one of %s)", name, strings.Join(Names(), ", "))
}

// checkEvery is how many generated nodes pass between checks of the
// context, the clock and memory: rare enough to cost nothing per node,
// frequent enough (well under a millisecond) for a prompt stop.
const checkEvery = 1 << 14

// growthBytes is what store's table allocates when it grows, if it may grow
// before the next memory check: a check counts it so that a limit holds
// during the growth, when the old and the new table are both held. The
// horizon is twice checkEvery because a parallel worker also stores the
// states the others send it between its checks.
func growthBytes(store dedup.Store) int64 {
	if g, ok := store.(interface{ GrowthBytes(inserts int) int64 }); ok {
		return g.GrowthBytes(2 * checkEvery)
	}
	return 0
}

// progressEvery is the least time between two Progress calls.
const progressEvery = 250 * time.Millisecond

// monitor enforces the limits and calls Progress.
type monitor struct {
	ctx      context.Context
	o        *Options
	stats    *Stats
	start    time.Time
	lastCall time.Time
	next     int64 // Generated count of the next check
	clock    Clock // MaxTime, MaxCPU
	err      error
	// bytes reports the memory held by the search; nil means none.
	bytes func() int64
	// shared, if set, is called at every check with the limits shared
	// with other searches (ParallelIDAStar's MaxNodes); an error stops.
	shared func() error
}

func newMonitor(ctx context.Context, o *Options, s *Stats) *monitor {
	now := time.Now()
	return &monitor{ctx: ctx, o: o, stats: s, start: now, lastCall: now, clock: o.StartClock()}
}

// check returns true when the search must stop.
func (m *monitor) check() bool {
	if m.err != nil {
		return true
	}
	if m.o.MaxNodes > 0 && m.stats.Generated >= m.o.MaxNodes {
		m.err = ErrNodeLimit
		return true
	}
	if m.stats.Generated < m.next {
		return false
	}
	m.next = m.stats.Generated + checkEvery
	if err := ContextErr(m.ctx); err != nil {
		m.err = err
		return true
	}
	if m.shared != nil {
		if err := m.shared(); err != nil {
			m.err = err
			return true
		}
	}
	if m.o.MaxMem > 0 && m.bytes != nil && m.bytes() > m.o.MaxMem {
		m.err = ErrMemLimit
		return true
	}
	if err := m.clock.Err(); err != nil {
		m.err = err
		return true
	}
	if m.o.Progress != nil {
		if now := time.Now(); now.Sub(m.lastCall) >= progressEvery {
			m.lastCall = now
			m.stats.Elapsed = now.Sub(m.start)
			m.o.Progress(m.stats)
		}
	}
	return false
}

func (m *monitor) finish() { m.stats.Elapsed = time.Since(m.start) }
