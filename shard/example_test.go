package shard_test

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/shard"
)

// fanTree is a small tree: a node at depth d < 3 has d+2 children; the
// leaves, at depth 3, are solutions. 1 + 2 + 6 + 24 nodes.
type fanTree struct{ depth int }

func (t *fanTree) Branches() (int, bool) {
	if t.depth == 3 {
		return 0, true
	}
	return t.depth + 2, false
}
func (t *fanTree) Down(int)   { t.depth++ }
func (t *fanTree) Up()        { t.depth-- }
func (t *fanTree) Depth() int { return t.depth }

// Split a count at depth 2 into three shards, count each (as separate
// processes would, each writing its file), and merge them.
func ExampleMerge() {
	newTree := func() estimate.Tree { return &fanTree{} }
	fr, _ := shard.NewFrontier(newTree, 2, shard.NoDepthLimit)
	job := shard.Job{Spec: "fan", SpecHash: shard.Hash([]byte("fan")), Version: "v1", MaxDepth: shard.NoDepthLimit}
	var names []string
	var files []*shard.File
	for i := 0; i < 3; i++ {
		f, _ := shard.Run(context.Background(), newTree, fr, shard.Options{Job: job, Slot: shard.Slot{I: i, N: 3}, Workers: 1})
		fmt.Printf("shard %d: subtrees %v\n", i, shard.Mine(fr.Len(), i, 3))
		names, files = append(names, fmt.Sprint(i)), append(files, f)
	}
	t, err := shard.Merge(names, files)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("nodes per depth:", t.Nodes, "solutions:", t.AllSolutions)
	_, err = shard.Merge(names[:2], files[:2])
	fmt.Println(err)
	// Output:
	// shard 0: subtrees [0 3]
	// shard 1: subtrees [1 4]
	// shard 2: subtrees [2 5]
	// nodes per depth: [1 2 6 24] solutions: 24
	// shard: 1 of 3 shards missing: 2
}
