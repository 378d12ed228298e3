package estimate

import (
	"context"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/internal/workpool"
	"github.com/branchwise/branchwise/search"
)

// Tree is a search tree walked one node at a time from its root.
type Tree interface {
	// Branches returns the number of children of the current node;
	// solution reports a leaf that is a solution.
	Branches() (n int, solution bool)
	// Down moves to child k, 0 <= k < n (whether or not Branches was
	// called at this node).
	Down(k int)
	// Up moves back to the parent.
	Up()
	// Depth is the number of moves from the root to the current node.
	Depth() int
}

// Counter is a Tree that can count the subtree below its current node
// with a loop of its own, much faster than a walk through Branches, Down
// and Up (a packing kernel's explicit stack, for instance). Exhaustive,
// and every count that walks whole subtrees, use it when a tree has it.
type Counter interface {
	Tree
	// CountSubtree adds to p the nodes, the sums of branching factors and
	// the solutions of the subtree below the current node, each at its
	// depth as Depth reports it, down to maxDepth: the nodes at maxDepth
	// are counted but not expanded and their branching factors are not
	// asked for. It returns early, with p partial, soon after stop reports
	// true, and leaves the tree at the node where it started. The counts
	// are in p whenever stop is called (a stop function may read them).
	CountSubtree(p *Profile, maxDepth int, stop func() bool)
}

// Profile is the exact shape of a tree's top: per depth d, the nodes at d,
// the sum of their branching factors (Branches[d] / Nodes[d] is the mean
// minimum branching factor of Korekawa et al. when the tree branches on the
// fewest options), and the solutions at d.
type Profile struct {
	Nodes     []int64
	Branches  []int64
	Solutions []int64
}

// Grow makes room in p for depth d: walks that count below a node whose
// depth they learn as they go call it before they add at d.
func (p *Profile) Grow(d int) {
	for len(p.Nodes) <= d {
		p.Nodes = append(p.Nodes, 0)
		p.Branches = append(p.Branches, 0)
		p.Solutions = append(p.Solutions, 0)
	}
}

// Add adds q to p depth by depth.
func (p *Profile) Add(q *Profile) {
	for d := range q.Nodes {
		p.Grow(d)
		p.Nodes[d] += q.Nodes[d]
		p.Branches[d] += q.Branches[d]
		p.Solutions[d] += q.Solutions[d]
	}
}

// Exhaustive counts the nodes of every depth up to maxDepth (the nodes at
// maxDepth are counted but not expanded, and their branching factors are
// not asked for), on workers goroutines, each with a tree from newTree.
// The counts do not depend on the number of workers. When ctx is
// cancelled the profile is partial and the error is ctx's.
func Exhaustive(ctx context.Context, newTree func() Tree, maxDepth, workers int) (Profile, error) {
	return exhaustive(ctx, newTree, maxDepth, workers, nil)
}

// exhaustive is Exhaustive telling meter of its subtrees as they are counted.
func exhaustive(ctx context.Context, newTree func() Tree, maxDepth, workers int, meter *Meter) (Profile, error) {
	workers = search.Workers(workers) // 0: every CPU
	t := newTree()
	tasks := splitTasks(t, maxDepth, 16*workers)
	var total Profile
	total.Add(&tasks.prefix)
	results := make([]Profile, len(tasks.paths))
	err := runTasks(ctx, newTree, tasks.paths, workers, meter, func(t Tree, i int, stop func() bool) {
		walkExhaustive(t, maxDepth, &results[i], stop)
	})
	for i := range results {
		total.Add(&results[i])
	}
	return total, err
}

// walkExhaustive counts the subtree of t's current node to maxDepth.
func walkExhaustive(t Tree, maxDepth int, p *Profile, stop func() bool) {
	if c, ok := t.(Counter); ok {
		c.CountSubtree(p, maxDepth, stop)
		return
	}
	walkTree(t, maxDepth, p, stop)
}

// walkTree counts the subtree of t's current node to maxDepth through
// Branches, Down and Up.
func walkTree(t Tree, maxDepth int, p *Profile, stop func() bool) {
	walkTreeEvery(t, maxDepth, p, stop, tailStep-1)
}

// walkTreeEvery is walkTree asking stop before a move when the moves so
// far, masked by mask, are 0: every tailStep moves with tailStep-1, at
// every move with 0.
func walkTreeEvery(t Tree, maxDepth int, p *Profile, stop func() bool, mask int) {
	var rec func()
	steps := 0
	stopped := false // once stop says so, every level returns at once
	rec = func() {
		d := t.Depth()
		p.Grow(d)
		p.Nodes[d]++
		if d == maxDepth {
			return
		}
		n, sol := t.Branches()
		if sol {
			p.Solutions[d]++
		}
		p.Branches[d] += int64(n)
		if d+1 == maxDepth {
			// The children are counted, not visited.
			p.Grow(d + 1)
			p.Nodes[d+1] += int64(n)
			return
		}
		for k := 0; k < n && !stopped; k++ {
			if steps++; steps&mask == 0 && stop() {
				stopped = true
				return
			}
			t.Down(k)
			rec()
			t.Up()
		}
	}
	rec()
}

// taskSplit is a tree's top cut into subtrees for the workers: the nodes
// above the cut are counted in prefix, each path leads to one subtree.
type taskSplit struct {
	prefix Profile
	paths  [][]int
}

// splitTasks cuts the tree at the shallowest depth (not below maxDepth)
// with at least want nodes, so that the workers stay busy.
func splitTasks(t Tree, maxDepth, want int) taskSplit {
	var s taskSplit
	level := [][]int{nil}
	for d := 0; d < maxDepth && len(level) < want && len(level) > 0; d++ {
		var next [][]int
		for _, path := range level {
			goTo(t, path)
			n, sol := t.Branches()
			s.prefix.Grow(d)
			s.prefix.Nodes[d]++
			s.prefix.Branches[d] += int64(n)
			if sol {
				s.prefix.Solutions[d]++
			}
			for k := 0; k < n; k++ {
				next = append(next, append(append([]int(nil), path...), k))
			}
		}
		level = next
	}
	goTo(t, nil)
	s.paths = level
	return s
}

// goTo moves t from wherever it is to the node at path from the root.
func goTo(t Tree, path []int) {
	for t.Depth() > 0 {
		t.Up()
	}
	for _, k := range path {
		t.Down(k)
	}
}

// runTasks runs do on every path's node, on workers goroutines with a tree
// each; do must return soon after stop() reports true.
func runTasks(ctx context.Context, newTree func() Tree, paths [][]int, workers int, meter *Meter, do func(t Tree, i int, stop func() bool)) error {
	stop := func() bool { return ctx.Err() != nil }
	meter.plan(0, int64(len(paths)))
	workpool.Run(ctx, workers, len(paths), func(int) func(int) bool {
		t := newTree()
		return func(i int) bool {
			goTo(t, paths[i])
			do(t, i, stop)
			meter.add(0, 1)
			return true
		}
	})
	return ctx.Err()
}

// Subtree returns the subtree of t below the node at path (child numbers
// from the root), as a tree of its own: depths count from that node, and
// the walk never climbs above it. Each call of the returned function
// makes a new tree from newTree.
func Subtree(newTree func() Tree, path []int) func() Tree {
	return func() Tree {
		t := newTree()
		for _, k := range path {
			if n, _ := t.Branches(); k < 0 || k >= n {
				return &subtree{Tree: emptyTree{}, base: 0}
			}
			t.Down(k)
		}
		return &subtree{Tree: t, base: len(path)}
	}
}

// CheckPath reports whether path (child numbers from the root) leads to a
// node of the tree newTree makes; Subtree of a path that does not is an
// empty tree, which would estimate 1 node and no solutions.
func CheckPath(newTree func() Tree, path []int) error {
	t := newTree()
	for d, k := range path {
		n, _ := t.Branches()
		if k < 0 || k >= n {
			if n == 0 {
				return opterr.Errorf("--subtree", "estimate: path %v: the node at depth %d is a leaf, no child %d", path, d, k)
			}
			return opterr.Errorf("--subtree", "estimate: path %v: the node at depth %d has children 0 to %d, no child %d", path, d, n-1, k)
		}
		t.Down(k)
	}
	return nil
}

type subtree struct {
	Tree
	base int
}

func (s *subtree) Depth() int { return s.Tree.Depth() - s.base }

// CountSubtree counts with the underlying tree's own loop when it has
// one, shifting its depths to the subtree's. The counts so far are moved
// into p whenever the loop asks whether to stop, so that stop sees them
// (auto's count within a budget reads p: with the counts held back until
// the end, it counted a --subtree of PP-24 whole, 15,763,388 nodes on a
// limit of 7,881).
func (s *subtree) CountSubtree(p *Profile, maxDepth int, stop func() bool) {
	c, ok := s.Tree.(Counter)
	if !ok {
		walkTree(s, maxDepth, p, stop)
		return
	}
	var q Profile
	flush := func() {
		// In place: the loop keeps adding to q's slices.
		for d := s.base; d < len(q.Nodes); d++ {
			p.Grow(d - s.base)
			p.Nodes[d-s.base] += q.Nodes[d]
			p.Branches[d-s.base] += q.Branches[d]
			p.Solutions[d-s.base] += q.Solutions[d]
			q.Nodes[d], q.Branches[d], q.Solutions[d] = 0, 0, 0
		}
	}
	c.CountSubtree(&q, maxDepth+s.base, func() bool {
		flush()
		return stop()
	})
	flush()
}

// emptyTree is a lone leaf: the subtree at a path that does not exist.
type emptyTree struct{}

func (emptyTree) Branches() (int, bool) { return 0, false }
func (emptyTree) Down(int)              { panic("estimate: Down in an empty tree") }
func (emptyTree) Up()                   { panic("estimate: Up in an empty tree") }
func (emptyTree) Depth() int            { return 0 }
