package bitpack

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"

	"github.com/branchwise/branchwise/estimate"
)

// splitProbes is the number of Knuth probes (with lookahead) that size a
// root child's subtree in each kernel for SolveSplit: the subtrees of one
// child in two scan orders differ by factors of 1.1 to 7 on 6x10
// pentominoes. With 8 probes the picks make a tree of 7.85 M nodes (the
// best picks: 7.21 M) and the probes cost about a fifth of the count;
// with 16 and 64 they picked no better (8.5 M and 8.4 M) and cost more.
const splitProbes = 8

// SolveSplit searches the whole tree of kernels compiled from one problem
// with the FirstEmpty rule, the same lead pieces and different scan
// orders of the cells (say, from either end of the board): the root's
// children, the lead piece's placements, are the same in every kernel,
// and the count of a child's completions does not depend on the order in
// which the empty cells are filled, so each child's subtree is searched
// in the kernel where Knuth's probes find it smallest. On 6x10
// pentominoes, the X piece placed near the end where the scan starts
// leaves a subtree up to seven times smaller than the same placement
// scanned from the other end; taking the smaller of two directions halves
// the whole tree (15.7 M nodes to 7.2 M at best, 7.85 M as picked by the
// probes).
//
// The result's statistics are those of the tree searched: the root as
// ks[0] lists it, then the chosen subtrees. workers goroutines take the
// children, the largest first; visit is called as by SolveParallel.
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
		return res, nil
	}
	root.expand(k0.dead)
	if root.solution[0] {
		res.Solutions++
		if visit != nil {
			visit(0, nil)
		}
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

	// Size every child's subtree in every kernel and pick the smallest.
	type task struct {
		child, kernel int
		size          float64
	}
	tasks := make([]task, len(survivors))
	for c, i := range survivors {
		tasks[c] = task{child: c, kernel: 0, size: -1}
		for j, k := range ks {
			s := k.NewSearch()
			if n, _ := s.Branches(); n != len(survivors) {
				return Result{}, errors.New("bitpack: SolveSplit's kernels list different children at the root")
			}
			s.Down(c)
			if s.path[0] != i {
				return Result{}, errors.New("bitpack: SolveSplit's kernels list the root's children in different orders")
			}
			r := estimate.Knuth(ctx, estimate.Subtree(func() estimate.Tree { return k.NewSearch() }, []int{c}),
				estimate.Options{Seed: uint64(c), Samples: splitProbes, Lookahead: true})
			if tasks[c].size < 0 || r.Nodes.Estimate < tasks[c].size {
				tasks[c].kernel, tasks[c].size = j, r.Nodes.Estimate
			}
		}
	}
	slices.SortStableFunc(tasks, func(a, b task) int {
		switch {
		case a.size > b.size:
			return -1
		case a.size < b.size:
			return 1
		}
		return 0
	})

	workers = max(workers, 1)
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
	return res, nil
}
