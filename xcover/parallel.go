package xcover

import (
	"context"
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
// lim bounds the search as it bounds Solve, whatever the number of
// workers (they share it: search.Budget): MaxSolutions exactly (no more
// solutions are counted or visited), MaxNodes within workers x 4,096
// nodes past it (each worker counts its nodes into the shared budget at
// its checks), MaxTime and MaxCPU by the clock.
//
// A problem with multiplicities (SetBounds) is searched by one worker:
// Algorithm M's levels are not the items' and the cut does not apply.
func (p *Problem) SolveParallel(ctx context.Context, s Strategy, workers int, lim search.Limits, visit func(worker int, options []int) bool) Result {
	workers = search.Workers(workers) // 0: every CPU
	if workers < 2 || p.bounds != nil {
		return p.Compile(s).Solve(ctx, lim, func(o []int) bool { return visit == nil || visit(0, o) })
	}
	b := lim.NewBudget(ctx)
	defer b.Close()
	ctx = b.Context()
	master := p.Compile(s)
	master.ctx = ctx
	master.count(0)
	master.stats.NodesByDepth[0] = 1
	// Find the cut: expand the frontier level by level.
	type task []int32
	frontier := []task{nil}
	var res Result
	var cut atomic.Bool // a task (or the frontier) cut short: the tree is not whole
	for depth := 0; depth < 6 && len(frontier) < 16*workers && len(frontier) > 0 && !cut.Load(); depth++ {
		var next []task
		for _, t := range frontier {
			if cut.Load() {
				break
			}
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
				switch { // a solution above the cut
				case !b.Solution():
					cut.Store(true)
				default:
					res.Solutions++
					if visit != nil && !visit(0, master.solution(len(t))) {
						b.Stop()
						cut.Store(true)
					}
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
					if !b.AddNodes(1) {
						cut.Store(true)
						break
					}
				}
			}
			master.unreplay(t)
		}
		frontier = next
	}
	res.Stats = master.stats
	if cut.Load() {
		frontier = nil
	}
	found := make([]int64, workers)
	stats := make([]Stats, workers)
	var done atomic.Int64
	workpool.Run(ctx, workers, len(frontier), func(w int) func(k int) bool {
		sv := p.Compile(s)
		sv.progress = func(nodes int64) {
			if p.progress != nil {
				p.progress(nodes)
			}
			b.AddNodes(nodes)
		}
		sv.visit = func(o []int) bool { return search.Found(b, &found[w], visit, w, o) }
		return func(k int) bool {
			if b.Stopped() {
				return false
			}
			t := frontier[k]
			sv.ctx, sv.stop, sv.err, sv.found, sv.limit, sv.maxNodes = ctx, false, nil, 0, 0, 0
			sv.stats, sv.reported = Stats{}, 0
			sv.checkAt = checkNodes
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
			stats[w].add(&sv.stats)
			done.Add(1)
			if sv.stop {
				cut.Store(true)
			}
			return !b.Stopped()
		}
	})
	for w := range workers {
		res.Solutions += found[w]
		res.Stats.add(&stats[w])
	}
	res.Status, res.Err = b.End(!cut.Load() && done.Load() == int64(len(frontier)))
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
