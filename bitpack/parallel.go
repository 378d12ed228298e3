package bitpack

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/branchwise/branchwise/internal/workpool"
	"github.com/branchwise/branchwise/search"
)

// splitDepth is the deepest level at which SolveParallel cuts the tree
// into tasks, and tasksPerWorker the number of tasks it wants per worker
// there, so that a worker that draws small subtrees keeps busy.
const (
	splitDepth     = 6
	tasksPerWorker = 16
)

// SolveParallel searches the whole tree with workers goroutines, each
// with a Search of its own: the tree is cut at the shallowest depth (at
// most splitDepth) with tasksPerWorker nodes per worker, and the workers
// take the subtrees there in order. visit, if not nil, gets the worker's
// number and a solution's placements, concurrently from different
// workers; it returns false to stop all. The counts are Solve's; the
// order of the solutions is not.
//
// lim bounds the search as it bounds Solve, whatever the number of
// workers (they share it: search.Budget): MaxSolutions exactly (no more
// solutions are counted or visited), MaxNodes within workers x
// checkEvery (4,096) nodes past it, MaxTime and MaxCPU by the clock.
func (k *Kernel) SolveParallel(ctx context.Context, workers int, lim search.Limits, visit func(worker int, placements []int32) bool) Result {
	workers = search.Workers(workers) // 0: every CPU
	if workers < 2 {
		return k.NewSearch().Solve(ctx, lim, func(p []int32) bool { return visit == nil || visit(0, p) })
	}
	b := lim.NewBudget(ctx)
	defer b.Close()
	var res Result
	st := &res.Stats
	st.grow(0)
	st.NodesByDepth[0] = 1
	s := k.NewSearch()
	frontier := [][]int32{nil}
	if k.dead && !s.regionsOK(s.empty, s.free) {
		st.Pruned++
		frontier = nil
	}
	cut := false // the frontier cut short by the budget
	for depth := 0; depth < splitDepth && len(frontier) < tasksPerWorker*workers && len(frontier) > 0 && !cut; depth++ {
		var next [][]int32
		for _, t := range frontier {
			if cut = cut || b.Stopped(); cut {
				break
			}
			s.replay(t)
			s.expand(false)
			switch {
			case s.solution[depth]:
				if cut = !b.Solution(); !cut {
					res.Solutions++
					if visit != nil && !visit(0, s.Path()) {
						b.Stop()
					}
				}
			case s.item[depth] >= 0:
				kids := s.kids[depth]
				st.grow(depth + 1)
				st.Branches[depth] += int64(len(kids))
				st.Branched[depth]++
				st.Histogram[depth][min(len(kids), HistogramMax)]++
				for _, i := range kids {
					st.Nodes++
					st.NodesByDepth[depth+1]++
					if !b.AddNodes(1) {
						cut = true
						break
					}
					if k.dead && !s.regionsOK(s.empty.andNot(k.mask[i]), s.free&^k.pieceSet[i]) {
						st.Pruned++
						continue
					}
					next = append(next, append(append([]int32(nil), t...), i))
				}
			}
		}
		frontier = next
	}
	s.Reset()
	if cut {
		frontier = nil
	}
	kb := k.budgeted(b)
	searches := make([]*Search, workers)
	whole := solveTasks(b, &res, workers, len(frontier), func(w, t int) *Search {
		if searches[w] == nil {
			searches[w] = kb.NewSearch()
		}
		searches[w].replay(frontier[t])
		return searches[w]
	}, visit)
	res.Status, res.Err = b.End(whole && !cut)
	return res
}

// budgeted returns a copy of k whose searches count their nodes into b
// (at each check and at the end, with the nodes since the last report)
// as well as reporting them to k's progress function.
func (k *Kernel) budgeted(b *search.Budget) *Kernel {
	kb := *k
	kb.progress = func(nodes int64) {
		if k.progress != nil {
			k.progress(nodes)
		}
		b.AddNodes(nodes)
	}
	return &kb
}

// solveTasks solves n subtrees on workers goroutines under b's context
// and limits and adds their counts to res: at(w, t) returns worker w's
// search moved to the root of subtree t (called by worker w only; its
// kernel counts its nodes into b: budgeted); visit is as in
// SolveParallel. The workers take the subtrees in order. It reports
// whether every subtree was searched to its end.
func solveTasks(b *search.Budget, res *Result, workers, n int, at func(w, t int) *Search,
	visit func(worker int, placements []int32) bool) bool {
	var (
		mu   sync.Mutex
		done atomic.Int64
		cut  atomic.Bool
	)
	ctx := b.Context()
	var once sync.Once // the tracker told of the tasks
	workpool.Run(ctx, workers, n, func(w int) func(t int) bool {
		// solve counts the solutions that the budget lets through, and
		// visits them.
		var found int64
		solve := func(p []int32) bool { return search.Found(b, &found, visit, w, p) }
		return func(t int) bool {
			if b.Stopped() {
				return false
			}
			found = 0
			s := at(w, t)
			once.Do(func() { s.k.tracker.taskStart(n) })
			r := s.Solve(ctx, search.Limits{}, solve)
			if r.Err != nil || r.Status == search.VisitorStop {
				cut.Store(true)
			}
			done.Add(1)
			s.k.tracker.taskDone(r.Stats.Nodes)
			mu.Lock()
			res.Solutions += found
			res.Stats.add(&r.Stats)
			mu.Unlock()
			return !b.Stopped()
		}
	})
	return !cut.Load() && done.Load() == int64(n)
}

// replay moves the search from wherever it is to the node at the end of
// path (placements from the root).
func (s *Search) replay(path []int32) {
	s.Reset()
	for _, i := range path {
		s.place(i)
	}
}
