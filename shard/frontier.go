package shard

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/arena"
	"github.com/branchwise/branchwise/search"
)

// Frontier is a tree's top cut at a split depth: every node at that depth,
// numbered in depth-first order of child numbers (so the numbering is the
// same on every machine that builds the same tree), and the exact counts of
// the nodes above the cut.
type Frontier struct {
	// Depth is the split depth D.
	Depth int
	// Prefix counts the nodes at depths below D (the nodes at D are the
	// subtrees' roots and are counted with them).
	Prefix estimate.Profile
	paths  arena.Pages[int32] // Len() paths of Depth child numbers each, end to end; pages, so that a growth copies nothing
}

// Len is the number of subtrees, the frontier size.
func (f *Frontier) Len() int {
	if f.Depth == 0 {
		return f.paths.Len() // the root alone: one empty path, marked below
	}
	return f.paths.Len() / f.Depth
}

// Path returns the child numbers from the root to subtree k's root.
func (f *Frontier) Path(k int) []int {
	p := make([]int, f.Depth)
	for j := range p {
		p[j] = int(*f.paths.At(k*f.Depth + j))
	}
	return p
}

// NewFrontier cuts newTree's tree at depth d (0 <= d < maxDepth): the
// frontier is every node at depth d in depth-first order, the prefix counts
// the nodes above it. Its cost is one walk of the top d levels.
func NewFrontier(newTree func() estimate.Tree, d, maxDepth int) (*Frontier, error) {
	return NewFrontierContext(context.Background(), newTree, d, maxDepth)
}

// frontierCheckEvery is how many nodes the frontier's walk visits between
// two reads of its context: a read costs next to nothing at this spacing,
// and a walk of millions of nodes a second stops within a millisecond.
const frontierCheckEvery = 1 << 12

// NewFrontierContext is NewFrontier stopped by ctx: the walk of the top
// levels of a large tree at a deep split depth can take hours and
// gigabytes (issue 36: pack heptiamond-pp24 --count --split-depth 8
// ignored Ctrl-C and --max-mem). It returns ctx's error, wrapped.
func NewFrontierContext(ctx context.Context, newTree func() estimate.Tree, d, maxDepth int) (*Frontier, error) {
	if d < 0 || d >= maxDepth {
		return nil, fmt.Errorf("shard: split depth %d: want 0 <= D < %d (the counted depth)", d, maxDepth)
	}
	if d > MaxSplitDepth {
		return nil, fmt.Errorf("shard: split depth %d: at most %d", d, MaxSplitDepth)
	}
	f := &Frontier{Depth: d}
	t := newTree()
	if d == 0 {
		f.paths.Push(0) // one subtree, the whole tree
		return f, nil
	}
	path := make([]int32, 0, d)
	visited := 0
	var walk func() error
	walk = func() error {
		if visited++; visited%frontierCheckEvery == 0 {
			if err := search.ContextErr(ctx); err != nil {
				return fmt.Errorf("shard: split depth %d: the subtrees were being listed: %w", d, err)
			}
		}
		depth := t.Depth()
		if depth == d {
			if f.paths.Len()/d >= MaxFrontier {
				return fmt.Errorf("shard: split depth %d: more than %d subtrees; choose a smaller depth", d, MaxFrontier)
			}
			for _, k := range path {
				f.paths.Push(k)
			}
			return nil
		}
		f.Prefix.Grow(depth)
		n, sol := t.Branches()
		f.Prefix.Nodes[depth]++
		f.Prefix.Branches[depth] += int64(n)
		if sol {
			f.Prefix.Solutions[depth]++
		}
		for k := 0; k < n; k++ {
			t.Down(k)
			path = append(path, int32(k))
			err := walk()
			path = path[:len(path)-1]
			t.Up()
			if err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(); err != nil {
		return nil, err
	}
	return f, nil
}

// AutoDepth returns the frontier at the smallest split depth (from 1, below
// maxDepth) that gives every one of n shards at least SubtreesPerShard
// subtrees and has at least MinAutoSubtrees, or the deepest one tried when
// the tree is too small for that. It depends on n only, never on the
// shard's index, so every shard of a job finds the same depth.
func AutoDepth(newTree func() estimate.Tree, n, maxDepth int) (*Frontier, error) {
	return autoDepth(context.Background(), newTree, n, maxDepth)
}

func autoDepth(ctx context.Context, newTree func() estimate.Tree, n, maxDepth int) (*Frontier, error) {
	want := max(n*SubtreesPerShard, MinAutoSubtrees)
	var f *Frontier
	for d := 1; d < maxDepth && d <= MaxSplitDepth; d++ {
		g, err := NewFrontierContext(ctx, newTree, d, maxDepth)
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			if f != nil {
				return f, nil
			}
			return nil, err
		}
		f = g
		if f.Len() >= want || f.Len() == 0 {
			break
		}
	}
	if f == nil {
		return NewFrontier(newTree, 0, maxDepth)
	}
	return f, nil
}

// goTo moves t from wherever it is to the node at path.
func goTo(t estimate.Tree, path []int) {
	for t.Depth() > 0 {
		t.Up()
	}
	for _, k := range path {
		t.Down(k)
	}
}
