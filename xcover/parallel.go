package xcover

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/branchwise/branchwise/internal/workpool"
	"github.com/branchwise/branchwise/search"
)

// SolveParallel searches with the given number of workers, each with its own
// copy of the dancing links. The tree is cut at the shallowest depth (at
// most 6) with at least 16 nodes per worker; the nodes there are the tasks,
// handed out in order, and each worker replays a task's choices from the
// root and searches below it. visit, if not nil, is called with the worker's
// number and a solution's options, concurrently from different workers; it
// returns false to stop all of them. The counts are those of Solve; the
// order of the solutions is not.
//
// A problem with multiplicities (SetBounds) is searched by one worker:
// Algorithm M's levels are not the items' and the cut does not apply.
func (p *Problem) SolveParallel(ctx context.Context, s Strategy, workers int, visit func(worker int, options []int) bool) Result {
	workers = search.Workers(workers) // 0: every CPU
	if workers < 2 || p.bounds != nil {
		return p.Compile(s).Solve(ctx, search.Limits{}, func(o []int) bool { return visit == nil || visit(0, o) })
	}
	master := p.Compile(s)
	master.ctx = ctx
	master.count(0)
	master.stats.NodesByDepth[0] = 1
	// Find the cut: expand the frontier level by level.
	type task []int32
	frontier := []task{nil}
	var res Result
	var stopped atomic.Bool
	var mu sync.Mutex
	for depth := 0; depth < 6 && len(frontier) < 16*workers && len(frontier) > 0; depth++ {
		var next []task
		for _, t := range frontier {
			master.replay(t)
			if master.prune != nil && master.prune(master) {
				master.stats.Pruned++
				master.unreplay(t)
				continue
			}
			i := master.choose()
			if i == 0 && !master.covered() {
				master.unreplay(t)
				continue
			}
			if i == 0 {
				res.Solutions++ // a solution above the cut
				if visit != nil && !visit(0, master.solution(len(t))) {
					stopped.Store(true)
				}
			} else {
				master.count(depth + 1)
				master.stats.Branches[depth] += int64(master.nd[i].top)
				master.stats.Branched[depth]++
				master.stats.Histogram[depth][min(master.nd[i].top, HistogramMax)]++
				for x := master.nd[i].dlink; x != i; x = master.nd[x].dlink {
					master.stats.Nodes++
					master.stats.NodesByDepth[depth+1]++
					next = append(next, append(append(task(nil), t...), x))
				}
			}
			master.unreplay(t)
		}
		frontier = next
	}
	res.Stats = master.stats
	found := make([]int64, workers)
	stats := make([]Stats, workers)
	var done atomic.Int64
	workpool.Run(ctx, workers, len(frontier), func(w int) func(k int) bool {
		sv := p.Compile(s)
		return func(k int) bool {
			if stopped.Load() {
				return false
			}
			t := frontier[k]
			sv.ctx, sv.stop, sv.err, sv.found, sv.limit = ctx, false, nil, 0, 0
			sv.stats, sv.reported = Stats{}, 0
			sv.checkAt = checkNodes
			sv.visit = func(o []int) bool {
				if stopped.Load() {
					return false
				}
				if visit != nil && !visit(w, o) {
					stopped.Store(true)
					return false
				}
				return true
			}
			if sv.exact() {
				sv.replayExact(t)
				sv.searchExact(len(t))
				sv.unreplayExact(t)
			} else {
				sv.replay(t)
				sv.search(len(t))
				sv.unreplay(t)
			}
			sv.report()
			found[w] += sv.found
			stats[w].add(&sv.stats)
			done.Add(1)
			if sv.err != nil {
				mu.Lock()
				res.Err = sv.err
				mu.Unlock()
				stopped.Store(true)
			}
			return !stopped.Load()
		}
	})
	for w := range workers {
		res.Solutions += found[w]
		res.Stats.add(&stats[w])
	}
	if res.Err == nil && !stopped.Load() && done.Load() < int64(len(frontier)) {
		res.Err = ctx.Err() // cancelled between tasks: the counts are partial
	}
	switch {
	case res.Err != nil:
		res.Status = search.StatusOf(res.Err)
	case stopped.Load():
		res.Status = search.VisitorStop
	}
	return res
}

// replay makes the choices of a task from the root: at each level the
// strategy's item is covered and the task's node applied.
func (s *Solver) replay(t []int32) {
	for l, x := range t {
		s.cover(s.nd[x].top) // x's item is the one the strategy chose here
		s.choice[l] = x
		s.applyNode(x)
	}
}

// unreplay undoes replay.
func (s *Solver) unreplay(t []int32) {
	for l := len(t) - 1; l >= 0; l-- {
		x := t[l]
		s.unapplyNode(x)
		s.uncover(s.nd[x].top)
	}
}

// add adds the counts of o to s, depth by depth.
func (s *Stats) add(o *Stats) {
	s.Nodes += o.Nodes
	s.Updates += o.Updates
	s.Pruned += o.Pruned
	for d := range o.NodesByDepth {
		s.grow(d)
		s.NodesByDepth[d] += o.NodesByDepth[d]
		s.Branches[d] += o.Branches[d]
		s.Branched[d] += o.Branched[d]
		for k, n := range o.Histogram[d] {
			s.Histogram[d][k] += n
		}
	}
}
