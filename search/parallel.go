package search

import (
	"context"
	"errors"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// tasksPerWorker is how many subtrees ParallelIDAStar wants per worker in
// an iteration, so that workers that draw small subtrees keep busy while
// another finishes a big one; maxSplitDepth bounds the depth of the cut.
const (
	tasksPerWorker = 16
	maxSplitDepth  = 16
)

// ParallelIDAStar is IDAStar with every iteration shared among workers
// goroutines, each on a domain of its own from newDomain (in the start
// state). The caller's goroutine searches the top of the iteration's tree
// down to a split depth, as IDAStar would (the same visit, which lists
// the nodes generated at the split depth instead of searching them); the
// workers take these subtrees in depth-first order, replay the moves that
// lead to each on their own domain and search it with the iteration's
// bound. The split depth is the shallowest at which the previous
// iteration generated tasksPerWorker nodes per worker (depth 1 at first):
// it changes who searches a node, never which nodes are searched.
//
// The subtrees are scheduled by Subtrees, as tiles.ParallelIDA and
// rubik.Solve schedule theirs. So the nodes of every complete iteration
// (Stats.Iterations, the per-depth counts) are IDAStar's, whatever
// workers. In the iteration that finds a goal the subtrees right of the
// leftmost one with a goal are abandoned, and the top's nodes listed
// after that subtree are taken off the counts (each task keeps the top's
// counts when it was listed): the path returned and the counts of that
// iteration too are IDAStar's, whatever the workers and their timing. A
// goal the top reaches itself (above the split depth, possible with move
// costs other than 1) wins only if no subtree listed before it has one,
// as in IDAStar. MaxNodes is shared: the search stops within
// workers x 16,384 nodes of it. Progress is called as subtrees finish,
// one call at a time. Options that share one store of states
// (Detect, VisitOnce) and GoalOnGenerate are not split: they run IDAStar
// on one domain, as does workers < 2.
func ParallelIDAStar(ctx context.Context, newDomain func() Domain, workers int, o Options) Result {
	d := newDomain()
	if workers < 2 || o.Detect || o.VisitOnce || o.GoalOnGenerate {
		return IDAStar(ctx, d, o)
	}
	// The time limits run from here for all the workers: they become the
	// context's.
	ctx, cancel := o.Limits.Context(ctx)
	defer cancel()
	o.MaxTime, o.MaxCPU = 0, 0
	s := newDFS(ctx, d, &o)
	s.bound = d.Heuristic()
	var total atomic.Int64 // generated nodes of all workers, for MaxNodes
	split := 1
	for {
		gen, exp := s.stats.Generated, s.stats.Expanded
		before := append([]int64(nil), s.stats.GeneratedByDepth...)
		s.next = math.MaxInt
		s.split, s.tasks = split, s.tasks[:0]
		s.visit(0, 0, NoMove, 0)
		// The subtrees listed are searched unless a limit stopped the
		// top; if the top reached a goal, they are those left of it.
		if len(s.tasks) > 0 && (s.found || !s.stop) {
			s.share(ctx, newDomain, workers, s.tasks, &total)
		}
		s.stats.Iterations = append(s.stats.Iterations, Iteration{
			Bound: float64(s.bound), Generated: s.stats.Generated - gen, Expanded: s.stats.Expanded - exp})
		if s.found || s.stop || s.next == math.MaxInt {
			break
		}
		// The next split: the shallowest depth where this iteration
		// generated enough nodes.
		split = 1
		for dep := 1; dep < len(s.stats.GeneratedByDepth) && dep <= maxSplitDepth; dep++ {
			prev := int64(0)
			if dep < len(before) {
				prev = before[dep]
			}
			split = dep
			if s.stats.GeneratedByDepth[dep]-prev >= int64(tasksPerWorker*workers) {
				break
			}
		}
		s.bound = s.next
		s.iteration++
	}
	return s.result(nil)
}

// task is a subtree of a parallel iteration: the moves from the start to
// its root, the cost and filter state there, and the counts of the top
// when it listed the subtree.
type task struct {
	path []Move
	g    int
	fs   int32
	top  topCounts
}

// topCounts are the counts of a search (cumulative over the iterations)
// at one moment of ParallelIDAStar's top: what IDAStar has counted when it
// comes to a subtree. The top changes the counts of depths up to the
// split depth only, so only those are kept.
type topCounts struct {
	generated, expanded, pruned int64
	generatedByDepth            []int64
	expandedByDepth             []int64
}

// topCounts returns the counts now.
func (s *dfs) topCounts() topCounts {
	st := &s.stats
	return topCounts{st.Generated, st.Expanded, st.Pruned,
		slices.Clone(st.GeneratedByDepth[:min(len(st.GeneratedByDepth), s.split+1)]),
		slices.Clone(st.ExpandedByDepth[:min(len(st.ExpandedByDepth), s.split+1)])}
}

// restore sets st's counts back to c's, taking off the top's nodes
// counted after c; it must come before the workers' counts of the
// iteration are added to st.
func (c *topCounts) restore(st *Stats) {
	st.Generated, st.Expanded, st.Pruned = c.generated, c.expanded, c.pruned
	copy(st.GeneratedByDepth, c.generatedByDepth)
	copy(st.ExpandedByDepth, c.expandedByDepth)
}

// share searches the tasks of an iteration on workers goroutines, as
// Subtrees schedules them (the scheduler of tiles and rubik too), and adds
// to s their counts, smallest f above the bound, goal and stop. With a
// goal in a task, the counts are the top's up to the leftmost task with
// a goal and those of the tasks up to it, whose path is the one kept
// (over a goal of the top's, which lies right of every task): all
// IDAStar's, whatever the workers and their timing.
func (s *dfs) share(ctx context.Context, newDomain func() Domain, workers int, tasks []task, total *atomic.Int64) {
	var (
		sched Subtrees
		mu    sync.Mutex // prog and the Progress calls
		prog  Stats      // s.stats with the tasks finished so far, for Progress
		wss   = make([]*dfs, workers)
		done  = make([]Stats, len(tasks)) // each task's counts
		goals = make([][]Move, len(tasks))
		costs = make([]int, len(tasks))
	)
	prog.add(&s.stats)
	lastProgress := time.Now()
	// The limits the workers share: MaxNodes over all of them, and the
	// caller's context (the time limits are its own).
	limits := func() error {
		if s.o.MaxNodes > 0 && total.Load() >= s.o.MaxNodes {
			return ErrNodeLimit
		}
		return ContextErr(ctx)
	}
	sched.Run(workers, len(tasks), func(w, i int) Subtree {
		ws := wss[w]
		if ws == nil {
			wo := *s.o
			wo.MaxNodes, wo.Progress = 0, nil
			ws = newDFS(ctx, newDomain(), &wo)
			ws.bound, ws.iteration = s.bound, s.iteration
			wss[w] = ws
		}
		var counted int64
		ws.mon.shared = func() error {
			total.Add(ws.stats.Generated - counted)
			counted = ws.stats.Generated
			if sched.Check(i, limits) {
				return errScheduled
			}
			return nil
		}
		ws.stats, ws.mon.next, ws.mon.err = Stats{}, 0, nil
		ws.found, ws.stop, ws.best = false, false, math.MaxInt
		tk := tasks[i]
		d := ws.d
		for _, m := range tk.path {
			d.Apply(m)
		}
		ws.next = math.MaxInt
		ws.path = append(ws.path[:0], tk.path...)
		ws.visit(tk.g, len(tk.path), tk.path[len(tk.path)-1], tk.fs)
		for i := len(tk.path) - 1; i >= 0; i-- {
			d.Undo(tk.path[i])
		}
		total.Add(ws.stats.Generated - counted)
		if ws.stop && !ws.found && ws.mon.err != errScheduled {
			// The monitor's own checks (the context first) stop a
			// worker before its shared check does.
			sched.Stop(ws.mon.err)
		}
		done[i] = ws.stats
		if ws.found {
			goals[i], costs[i] = append([]Move(nil), ws.bestPath...), ws.best
		}
		if s.o.Progress != nil {
			mu.Lock()
			prog.add(&ws.stats)
			if time.Since(lastProgress) >= progressEvery {
				lastProgress = time.Now()
				prog.Elapsed = time.Since(s.mon.start)
				s.o.Progress(&prog)
			}
			mu.Unlock()
		}
		return Subtree{Found: ws.found, Stopped: ws.stop, Next: int64(ws.next)}
	})
	counted := len(tasks)
	if b := sched.Best(); b >= 0 {
		// IDAStar stops in subtree b: the top's nodes after it are not
		// its (no worker's counts were added to s since the top ran).
		counted = b + 1
		tasks[b].top.restore(&s.stats)
		s.found, s.best, s.bestPath = true, costs[b], goals[b]
	}
	for i := range counted {
		s.stats.add(&done[i])
	}
	s.next = min(s.next, int(min(sched.Next(), math.MaxInt)))
	err := sched.Err()
	if err == nil {
		// Tasks left unsearched when the context ended make the
		// iteration incomplete: without this it would end with
		// NoSolution.
		err = ContextErr(ctx)
	}
	if err != nil && !s.found {
		if s.mon.err == nil {
			s.mon.err = err
		}
		s.stop = true
	}
}

// errScheduled stops a worker when Subtrees.Check says so: its task lies
// right of a task with a goal (no error: its counts are not the
// iteration's), or a shared limit was reached (Check recorded it).
var errScheduled = errors.New("search: stopped by the scheduler")
