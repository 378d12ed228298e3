package tiles

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/branchwise/branchwise/search"
)

// ParallelOptions configure ParallelIDA.
type ParallelOptions struct {
	// Heuristic is the pattern-database heuristic (nil: Manhattan distance).
	Heuristic *PDBHeuristic
	// Workers is the number of goroutines (search.Workers: 0 is every CPU).
	Workers int
	// Limits bound the search: MaxNodes (about) the generated nodes of all
	// workers, MaxTime and MaxCPU its time; MaxMem bounds nothing (IDA*
	// holds no states).
	search.Limits
	// Progress, if set, is called about every quarter second, by one
	// worker at a time, with the bound of the iteration under way and the
	// nodes generated so far by the whole search.
	Progress func(bound int, generated int64)
}

// progressEvery is the least time between two Progress calls: often enough
// for a status line, rarely enough to cost nothing.
const progressEvery = 250 * time.Millisecond

// splitTarget is the number of subtrees an iteration is cut into: enough
// for dynamic balancing over a few dozen workers (subtree sizes vary by
// orders of magnitude), few enough that handing them out costs nothing.
const splitTarget = 2048

// maxSplit bounds the depth of the cut (the subtrees' roots).
const maxSplit = 40

// workerCheckEvery is the number of generated nodes between a worker's
// looks at the context, the node limit and the other workers' goals.
const workerCheckEvery = 1 << 16

// subtree is a node at the cut: the moves from the root, and the nodes the
// top of the tree had generated and expanded, in depth-first order, up to
// and including it.
type subtree struct {
	moves    [maxSplit]int8
	topGen   int64
	topExp   int64
	gen, exp int64
	next     int
	found    bool
	path     []int8
}

// ParallelIDA solves p's board optimally with IDA* on all cores: each iteration
// searches the top of the tree depth-first to a cut with about splitTarget
// nodes, then hands the subtrees below the cut to the workers, smallest
// index first. The counts follow Korf's conventions (see IDA) and are those
// of the sequential search: a complete iteration counts every node the
// sequential one does, whatever the number of workers; in the last
// iteration the subtrees after the first (in depth-first order) that holds
// a goal are discarded, and those before it finished, so its counts equal
// the sequential search's to its first goal too. With the Manhattan
// distance the counts equal IDA's.
func ParallelIDA(ctx context.Context, p *Puzzle, o ParallelOptions) search.Result {
	start := time.Now()
	workers := search.Workers(o.Workers)
	ctx, cancel := o.Limits.Context(ctx)
	defer cancel()
	root := newSearcher(p, o.Heuristic)
	res := search.Result{Status: search.Stopped}
	if root.h == 0 {
		res.Status = search.Solved
		res.Stats.Elapsed = time.Since(start)
		return res
	}
	var total atomic.Int64
	var progressMu sync.Mutex // one Progress call at a time
	lastProgress := start
	bound := root.h
	report := func() {
		if o.Progress == nil || !progressMu.TryLock() {
			return
		}
		if now := time.Now(); now.Sub(lastProgress) >= progressEvery {
			lastProgress = now
			o.Progress(bound, total.Load())
		}
		progressMu.Unlock()
	}
	stopErr := func() error {
		if o.MaxNodes > 0 && total.Load() >= o.MaxNodes {
			return search.ErrNodeLimit
		}
		return search.ContextErr(ctx)
	}
	for {
		if err := stopErr(); err != nil {
			res.Err = err
			break
		}
		top, subs, topGoal := cut(root, bound)
		total.Add(top.generated)
		var sched search.Subtrees
		wss := make([]*searcher, workers)
		sched.Run(workers, len(subs), func(w, i int) search.Subtree {
			ws := wss[w]
			if ws == nil {
				ws = new(searcher)
				*ws = *root
				wss[w] = ws
			}
			st := &subs[i]
			// ws is at the root: fresh, or restored after the last
			// subtree (copying the whole searcher per subtree would
			// cost more than small subtrees do).
			ws.generated, ws.expanded, ws.found, ws.stop = 0, 0, false, false
			last := 4
			for g, d := range st.moves[:top.split] {
				ws.path[g] = d
				ws.apply(int(d))
				last = int(d)
			}
			ws.bound, ws.next = bound, math.MaxInt
			ws.split = 0
			ws.checkAt = 0 // a check at the first node: see rubik.Solve
			var done int64
			ws.check = func(s *searcher) bool {
				total.Add(s.generated - done)
				done = s.generated
				s.checkAt = s.generated + workerCheckEvery
				report()
				s.stop = sched.Check(i, stopErr)
				return s.stop
			}
			ws.dfs(ws.blank, top.split, ws.h, last)
			total.Add(ws.generated - done)
			st.gen, st.exp, st.next, st.found = ws.generated, ws.expanded, ws.next, ws.found
			if ws.found {
				st.path = append([]int8(nil), ws.path[:ws.bound]...)
			}
			r := search.Subtree{Found: ws.found, Stopped: ws.stop, Next: int64(st.next)}
			if ws.found || ws.stop {
				*ws = *root
			} else {
				for g := top.split - 1; g >= 0; g-- {
					ws.apply(3 - int(st.moves[g]))
				}
			}
			return r
		})
		stopped := sched.Err()
		it := search.Iteration{Bound: float64(bound)}
		b := sched.Best()
		switch {
		case b >= 0:
			st := &subs[b]
			it.Generated, it.Expanded = st.topGen, st.topExp
			for _, s := range subs[:b+1] {
				it.Generated += s.gen
				it.Expanded += s.exp
			}
			res.Status, res.Cost = search.Solved, bound
			res.Path = make([]search.Move, bound)
			for i, d := range st.path {
				res.Path[i] = search.Move(d)
			}
		case stopped != nil:
			res.Status, res.Err = search.Stopped, stopped
		default:
			it.Generated, it.Expanded = top.generated, top.expanded
			for _, s := range subs {
				it.Generated += s.gen
				it.Expanded += s.exp
			}
			if topGoal {
				res.Status, res.Cost = search.Solved, bound
				res.Path = make([]search.Move, bound)
				for i, d := range top.path[:bound] {
					res.Path[i] = search.Move(d)
				}
			}
		}
		if stopped == nil || res.Status == search.Solved {
			res.Stats.Iterations = append(res.Stats.Iterations, it)
			res.Stats.Generated += it.Generated
			res.Stats.Expanded += it.Expanded
		}
		if res.Status == search.Solved || stopped != nil {
			break
		}
		nb := min(sched.Next(), int64(top.next))
		if nb >= math.MaxInt {
			res.Status = search.NoSolution
			break
		}
		bound = int(nb)
	}
	res.Stats.Elapsed = time.Since(start)
	return res
}

// cut searches the top of the tree of bound depth-first to the shallowest
// depth with at least splitTarget nodes (or the deepest it reaches) and
// returns the searcher that did, with its counts and cut depth, and the
// nodes at the cut in depth-first order. topGoal reports a goal above the
// cut, found after all the returned subtrees.
func cut(root *searcher, bound int) (*searcher, []subtree, bool) {
	for depth := 1; ; depth++ {
		top := new(searcher)
		*top = *root
		top.bound, top.next, top.split = bound, math.MaxInt, depth
		top.checkAt = math.MaxInt64
		var subs []subtree
		top.emit = func(s *searcher, g, h, last int) {
			st := subtree{topGen: s.generated, topExp: s.expanded}
			copy(st.moves[:], s.path[:g])
			subs = append(subs, st)
		}
		found := top.dfs(top.blank, 0, top.h, 4)
		if found || len(subs) >= splitTarget || len(subs) == 0 || depth == maxSplit || depth >= bound {
			return top, subs, found
		}
	}
}
