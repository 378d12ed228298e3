package main

import "github.com/branchwise/branchwise/estimate"

// untypedTree is a tree with its node types hidden: estimate.Auto sees no
// estimate.Typed tree and takes Purdom's probes instead of stratified
// sampling (the harness's method auto-untyped).
type untypedTree struct{ estimate.Tree }

// untyped makes newTree's trees untypedTrees.
func untyped(newTree func() estimate.Tree) func() estimate.Tree {
	return func() estimate.Tree { return untypedTree{newTree()} }
}
