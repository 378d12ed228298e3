package bitpack

import (
	"context"
	"sync"
	"sync/atomic"

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
func (k *Kernel) SolveParallel(ctx context.Context, workers int, visit func(worker int, placements []int32) bool) Result {
	workers = search.Workers(workers) // 0: every CPU
	if workers < 2 {
		return k.NewSearch().Solve(ctx, search.Limits{}, func(p []int32) bool { return visit == nil || visit(0, p) })
	}
	var res Result
	st := &res.Stats
	st.grow(0)
	st.NodesByDepth[0] = 1
	var stopped atomic.Bool
	s := k.NewSearch()
	frontier := [][]int32{nil}
	if k.dead && !s.regionsOK(s.empty, s.free) {
		st.Pruned++
		frontier = nil
	}
	for depth := 0; depth < splitDepth && len(frontier) < tasksPerWorker*workers && len(frontier) > 0; depth++ {
		var next [][]int32
		for _, t := range frontier {
			s.replay(t)
			s.expand(false)
			switch {
			case s.solution[depth]:
				res.Solutions++
				if visit != nil && !visit(0, s.Path()) {
					stopped.Store(true)
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
	searches := make([]*Search, workers)
	solveTasks(ctx, &res, workers, len(frontier), func(w, t int) *Search {
		if searches[w] == nil {
			searches[w] = k.NewSearch()
		}
		searches[w].replay(frontier[t])
		return searches[w]
	}, visit, &stopped)
	res.setStatus(0, stopped.Load())
	return res
}

// solveTasks solves n subtrees on workers goroutines and adds their counts
// to res: at(w, t) returns worker w's search moved to the root of subtree
// t (called by worker w only); visit and stopped are as in SolveParallel.
// The workers take the subtrees in order.
func solveTasks(ctx context.Context, res *Result, workers, n int, at func(w, t int) *Search,
	visit func(worker int, placements []int32) bool, stopped *atomic.Bool) {
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		next atomic.Int64
	)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var total Result
			for !stopped.Load() {
				t := int(next.Add(1) - 1)
				if t >= n {
					break
				}
				r := at(w, t).Solve(ctx, search.Limits{}, func(p []int32) bool {
					if visit != nil && !visit(w, p) {
						stopped.Store(true)
						return false
					}
					return !stopped.Load()
				})
				total.Solutions += r.Solutions
				total.Stats.add(&r.Stats)
				if r.Err != nil {
					total.Err = r.Err
					break
				}
			}
			mu.Lock()
			res.Solutions += total.Solutions
			res.Stats.add(&total.Stats)
			if total.Err != nil {
				res.Err = total.Err
			}
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	if res.Err == nil {
		res.Err = ctx.Err()
	}
}

// replay moves the search from wherever it is to the node at the end of
// path (placements from the root).
func (s *Search) replay(path []int32) {
	s.Reset()
	for _, i := range path {
		s.place(i)
	}
}
