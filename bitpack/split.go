package bitpack

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"

	"github.com/branchwise/branchwise/search"
)

// SolveSplit searches the whole tree of kernels compiled from one problem
// with the FirstEmpty rule, the same lead pieces and different scan
// orders of the cells (say, from either end of the board): the root's
// children, the lead piece's placements, are the same in every kernel,
// and the count of a child's completions does not depend on the order in
// which the empty cells are filled, so each child's subtree is searched
// in the kernel whose scan reaches the child's placement first (the
// smallest sum of its cells' ranks in the scan). On 6x10 pentominoes the
// X piece placed near the end where the scan starts leaves a subtree up
// to seven times smaller than the same placement scanned from the other
// end: the rule makes a tree of 7.21 M nodes, the smallest the two
// directions allow, against 15.7 M for one direction (and 7.85 M for the
// earlier choice by Knuth's probes, which cost a fifth of the count).
//
// The result's statistics are those of the tree searched: the root as
// ks[0] lists it, then the chosen subtrees. workers goroutines take the
// children in order; visit is called as by SolveParallel.
func SolveSplit(ctx context.Context, ks []*Kernel, workers int, visit func(worker int, placements []int32) bool) (Result, error) {
	if len(ks) == 0 {
		return Result{}, errors.New("bitpack: SolveSplit needs a kernel")
	}
	k0 := ks[0]
	for _, k := range ks {
		if k.rule != FirstEmpty || len(k.lead) == 0 || !slices.Equal(k.lead, k0.lead) || len(k.mask) != len(k0.mask) {
			return Result{}, errors.New("bitpack: SolveSplit needs kernels of one problem with the first-empty rule and the same lead pieces")
		}
	}
	var res Result
	st := &res.Stats
	root := k0.NewSearch()
	st.grow(1)
	st.NodesByDepth[0] = 1
	if k0.dead && !root.regionsOK(root.empty, root.free) {
		st.Pruned++
		res.setStatus(0, false)
		return res, nil
	}
	root.expand(k0.dead)
	if root.solution[0] {
		res.Solutions++
		stopped := visit != nil && !visit(0, nil)
		res.setStatus(0, stopped)
		return res, nil
	}
	kids := root.kids[0]
	st.Branches[0] += int64(len(kids))
	st.Branched[0]++
	st.Histogram[0][min(len(kids), HistogramMax)]++
	st.Nodes += int64(len(kids))
	st.NodesByDepth[1] += int64(len(kids))
	survivors := root.children(0)
	st.Pruned += int64(len(kids) - len(survivors))

	// Each child goes to the kernel whose scan reaches its placement
	// first: the smallest sum of the placement's ranks in the scan.
	type task struct{ child, kernel, rank int }
	tasks := make([]task, len(survivors))
	for c, i := range survivors {
		tasks[c] = task{child: c, kernel: -1}
		for j, k := range ks {
			if k.piece[i] != k0.piece[i] {
				return Result{}, errors.New("bitpack: SolveSplit's kernels number their placements differently")
			}
			rank := 0
			for _, cell := range k.cells[i] {
				rank += int(cell)
			}
			if tasks[c].kernel < 0 || rank < tasks[c].rank {
				tasks[c].kernel, tasks[c].rank = j, rank
			}
		}
	}

	workers = search.Workers(workers)
	searches := make([][]*Search, workers) // per worker, per kernel
	var stopped atomic.Bool
	solveTasks(ctx, &res, workers, len(tasks), func(w, t int) *Search {
		tk := tasks[t]
		if searches[w] == nil {
			searches[w] = make([]*Search, len(ks))
		}
		if searches[w][tk.kernel] == nil {
			searches[w][tk.kernel] = ks[tk.kernel].NewSearch()
		}
		s := searches[w][tk.kernel]
		s.Reset()
		s.Down(tk.child)
		return s
	}, visit, &stopped)
	res.setStatus(0, stopped.Load())
	return res, nil
}
