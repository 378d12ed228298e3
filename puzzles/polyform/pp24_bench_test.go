package polyform

import (
	"context"
	"testing"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/cputime"
	"github.com/branchwise/branchwise/xcover"
)

// pp24Paths lead to depth-5 nodes of Korekawa et al.'s PP-24 tree, for the
// node-rate benchmarks: the first child at every level, and mixes.
var pp24Paths = [][]int{{0, 0, 0, 0, 0}, {10, 5, 3, 2, 1}, {40, 8, 6, 4, 2}, {84, 1, 1, 1, 1}}

// pp24Trees is Korekawa et al.'s PP-24 tree (cells only, the dead-region
// test on the largest region) on engine e.
func pp24Trees(tb testing.TB, e Engine) func() estimate.Tree {
	tb.Helper()
	bd, ps, _ := Named("heptiamond-pp24")
	pk, err := NewPacking(bd, ps)
	if err != nil {
		tb.Fatal(err)
	}
	pk.Engine, pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly = e, true, true, true
	trees, err := pk.Trees(xcover.Fewest)
	if err != nil {
		tb.Fatal(err)
	}
	return trees
}

// benchPP24 counts the subtrees below paths to depth levels below their
// roots with an engine (the same nodes for both engines) and reports the
// tree's nodes per second.
func benchPP24(b *testing.B, e Engine, paths [][]int, depth int) {
	trees := pp24Trees(b, e)
	var nodes int64
	var spent time.Duration
	for b.Loop() {
		for _, path := range paths {
			start := time.Now()
			p, _ := estimate.Exhaustive(context.Background(), estimate.Subtree(trees, path), depth, 1)
			spent += time.Since(start)
			for _, n := range p.Nodes {
				nodes += n
			}
		}
	}
	b.ReportMetric(float64(nodes)/spent.Seconds(), "nodes/s")
}

func BenchmarkPP24SubtreesKernel(b *testing.B) { benchPP24(b, Bitboard, pp24Paths, 3) }
func BenchmarkPP24SubtreesXCover(b *testing.B) { benchPP24(b, XCover, pp24Paths, 3) }

// The subtree below 10,5,3,2,1 to six levels: 258,414 nodes, most of them
// leaves tested by the dead-region test.
func BenchmarkPP24DeepKernel(b *testing.B) { benchPP24(b, Bitboard, pp24Paths[1:2], 6) }
func BenchmarkPP24DeepXCover(b *testing.B) { benchPP24(b, XCover, pp24Paths[1:2], 6) }

// pp24Leaves lead to depth-8 nodes of the depth-4 subtree 14,39,28,10
// (of docs/distributed.md); their subtrees, counted to the leaves
// (1,074,771 and 1,263,606 nodes), are made of the deep levels where most
// of the PP-24 tree lies (91% of it at depth 17 or more), where few
// placements are left alive.
var pp24Leaves = [][]int{{14, 39, 28, 10, 0, 0, 4, 6}, {14, 39, 28, 10, 0, 0, 5, 5}}

func BenchmarkPP24LeavesKernel(b *testing.B) { benchPP24(b, Bitboard, pp24Leaves, 30) }

// TestKernelPP24Leaves pins the nodes and solutions of two depth-8
// subtrees of Korekawa et al.'s tree, counted to the leaves, where the
// kernel's fewest-cells rule works in list mode (bitpack/sparse.go):
// the counts of the bit sets alone, before list mode.
func TestKernelPP24Leaves(t *testing.T) {
	if testing.Short() {
		t.Skip("two PP-24 subtrees of 0.3 and 0.5 M nodes")
	}
	trees := pp24Trees(t, Bitboard)
	for _, tc := range []struct {
		path             []int
		nodes, solutions int64
	}{
		{[]int{14, 39, 28, 10, 0, 0, 4, 1}, 284731, 81},
		{[]int{14, 39, 28, 10, 0, 0, 0, 6}, 492847, 56},
	} {
		p, _ := estimate.Exhaustive(context.Background(), estimate.Subtree(trees, tc.path), 30, 1)
		var nodes, sols int64
		for d := range p.Nodes {
			nodes += p.Nodes[d]
			sols += p.Solutions[d]
		}
		if nodes != tc.nodes || sols != tc.solutions {
			t.Errorf("subtree %v: %d nodes, %d solutions; want %d, %d", tc.path, nodes, sols, tc.nodes, tc.solutions)
		}
	}
}

// pp24Rates are fixed PP-24 subtrees of the three rules whose node rate
// issue 29 follows, as `branchwise estimate heptiamond-pp24 --method
// exact -j 1 --subtree PATH --exact-depth DEPTH` walks them with the
// flags of the spec: the restricted first-empty tree of the queue's dry
// run, Korekawa et al.'s tree near the top (bit sets) and deep (list
// mode), and the fewest rule over pieces and cells.
var pp24Rates = []struct {
	name  string
	spec  CountSpec
	path  []int
	depth int
	nodes int64
}{
	{"first-empty", CountSpec{Strategy: "first-empty", DeadRegions: true, Symmetry: true}, []int{1, 2, 1, 1, 0, 0}, 11, 4063982},
	{"korekawa-top", CountSpec{Strategy: "fewest", CellsOnly: true, DeadRegions: true, LargestRegion: true}, []int{10, 5, 3, 2, 1}, 7, 1410854},
	{"korekawa-deep", CountSpec{Strategy: "fewest", CellsOnly: true, DeadRegions: true, LargestRegion: true}, []int{14, 39, 28, 10, 0, 0, 0, 6}, 30, 492847},
	{"fewest", CountSpec{Strategy: "fewest", DeadRegions: true}, []int{10, 5, 3, 2, 1}, 6, 257871},
}

// BenchmarkPP24Rate counts each of pp24Rates on the kernel, one worker,
// and reports the nodes per second of the process's CPU time (run with
// GOMAXPROCS=1 on a loaded machine: the CPU time is what the count
// costs, the wall time is not).
func BenchmarkPP24Rate(b *testing.B) {
	for _, tc := range pp24Rates {
		b.Run(tc.name, func(b *testing.B) {
			spec := tc.spec
			spec.Puzzle = "heptiamond-pp24"
			newTree, _, _, err := spec.EstimateTree("bitboard", spec.Strategy, tc.path, spec.Symmetry)
			if err != nil {
				b.Fatal(err)
			}
			var nodes int64
			var cpu time.Duration
			for b.Loop() {
				t0, _ := cputime.Process()
				p, _ := estimate.Exhaustive(context.Background(), newTree, tc.depth, 1)
				t1, _ := cputime.Process()
				cpu += t1 - t0
				n := int64(0)
				for _, x := range p.Nodes {
					n += x
				}
				if tc.nodes > 0 && n != tc.nodes {
					b.Fatalf("%d nodes, want %d", n, tc.nodes)
				}
				nodes += n
			}
			b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
		})
	}
}
