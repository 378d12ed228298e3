package search

import (
	"context"
	"math"
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
// So the nodes of every complete iteration (Stats.Iterations, the
// per-depth counts) are IDAStar's, whatever workers. In the iteration that
// finds a goal the workers stop at the first goal any of them reaches:
// that iteration's counts, and which of the optimal paths is returned,
// depend on timing. MaxNodes is shared: the search stops within
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
		if !s.found && !s.stop && len(s.tasks) > 0 {
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
// its root, the cost and filter state there.
type task struct {
	path []Move
	g    int
	fs   int32
}

// share searches the tasks of an iteration on workers goroutines and adds
// their counts, smallest f above the bound, goal and stop to s.
func (s *dfs) share(ctx context.Context, newDomain func() Domain, workers int, tasks []task, total *atomic.Int64) {
	ictx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		next atomic.Int64
	)
	lastProgress := time.Now()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := newDomain()
			wo := *s.o
			wo.MaxNodes, wo.Progress = 0, nil
			ws := newDFS(ictx, d, &wo)
			ws.bound = s.bound
			ws.iteration = s.iteration
			var counted int64
			ws.mon.shared = func() error {
				total.Add(ws.stats.Generated - counted)
				counted = ws.stats.Generated
				if s.o.MaxNodes > 0 && total.Load() >= s.o.MaxNodes {
					return ErrNodeLimit
				}
				return nil
			}
			for {
				t := int(next.Add(1) - 1)
				if t >= len(tasks) || ictx.Err() != nil {
					return
				}
				tk := tasks[t]
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
				counted = 0
				mu.Lock()
				s.absorb(ws)
				if ws.found && !s.found {
					s.found, s.best, s.bestPath = true, ws.best, append([]Move(nil), ws.bestPath...)
					cancel()
				}
				if ws.stop && !ws.found {
					// A worker stops early for the node limit or the
					// caller's context; a goal found elsewhere cancels
					// the iteration's context, which is no error.
					err := ws.mon.err
					if ctx.Err() != nil {
						err = ContextErr(ctx)
					}
					if err == ErrNodeLimit || ctx.Err() != nil {
						if s.mon.err == nil {
							s.mon.err = err
						}
						s.stop = true
						cancel()
					}
				}
				if s.o.Progress != nil && time.Since(lastProgress) >= progressEvery {
					lastProgress = time.Now()
					s.stats.Elapsed = time.Since(s.mon.start)
					s.o.Progress(&s.stats)
				}
				mu.Unlock()
				ws.stats = Stats{GeneratedByDepth: ws.stats.GeneratedByDepth[:0], ExpandedByDepth: ws.stats.ExpandedByDepth[:0]}
				ws.mon.next = 0
				ws.found, ws.stop = false, false
				if ws.mon.err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	// A worker that sees the context end between two tasks returns without
	// a word: the tasks left unsearched make the iteration incomplete, and
	// without this the search would end with NoSolution.
	if err := ContextErr(ctx); err != nil && !s.found && !s.stop {
		if s.mon.err == nil {
			s.mon.err = err
		}
		s.stop = true
	}
}

// absorb adds a worker's counts for one subtree to s.
func (s *dfs) absorb(w *dfs) {
	s.stats.add(&w.stats)
	s.next = min(s.next, w.next)
}
