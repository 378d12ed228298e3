package polyform

import (
	"context"
	"math/big"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/shard"
)

// subtreeSpecs are the trees the subtree tests cut: the fast rule
// restricted by symmetry (pack --count's fast path) on the bitboard
// kernel, and the fewest rule unrestricted, on the square and the
// triangle grid.
var subtreeSpecs = []CountSpec{
	{Puzzle: "pentomino-6x10", Strategy: FirstEmpty, DeadRegions: true, Symmetry: true},
	{Puzzle: "hexiamond-6x6", Strategy: FirstEmpty, DeadRegions: true, Symmetry: true},
	{Puzzle: "hexiamond-4x9", Strategy: "fewest", CellsOnly: true, DeadRegions: true},
}

// countSubtree counts spec s below path (Subtree) with CountShards, split
// at depth split below it, one worker.
func countSubtree(t *testing.T, s CountSpec, path, split string) *shard.Total {
	t.Helper()
	s.Subtree = path
	res, err := s.CountShards(context.Background(), shard.CountJob{SplitDepth: split, MaxDepth: shard.NoDepthLimit, Workers: 1}, nil, nil)
	if err != nil {
		t.Fatalf("%s --subtree %s: %v", s.Puzzle, path, err)
	}
	if res.Status.Early() {
		t.Fatalf("%s --subtree %s: %v", s.Puzzle, path, res.Status)
	}
	return shard.TotalOf(res.File)
}

func joinPath(path []int) string {
	f := make([]string, len(path))
	for i, k := range path {
		f[i] = strconv.Itoa(k)
	}
	return strings.Join(f, ",")
}

// TestSubtreeChildrenAddUp: a node's subtree count is the node and its
// children's subtree counts, depth by depth (a child's depth d is the
// node's d+1), for the root (the whole tree, the symmetric classes
// outside the restricted tree aside) and for the first node at depth 2
// with solutions below it.
func TestSubtreeChildrenAddUp(t *testing.T) {
	if testing.Short() {
		t.Skip("sequential: the main test run checks it")
	}
	for _, s := range subtreeSpecs {
		newTree, _, err := s.Build()
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.CountShards(context.Background(), shard.CountJob{SplitDepth: "2", MaxDepth: shard.NoDepthLimit, Workers: 1}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		var deep []int
		for _, st := range res.File.Subtrees {
			if st.Solutions > 0 {
				deep = res.Frontier.Path(st.K)
				break
			}
		}
		for _, node := range [][]int{nil, deep} {
			tr := newTree()
			for _, k := range node {
				tr.Down(k)
			}
			n, _ := tr.Branches()
			var whole *shard.Total
			if node == nil {
				whole = countSubtree(t, s, "", "1")
			} else {
				whole = countSubtree(t, s, joinPath(node), "1")
			}
			nodes := []*big.Int{big.NewInt(1)}
			sols := []*big.Int{new(big.Int)}
			for c := range n {
				sub := countSubtree(t, s, joinPath(append(append([]int(nil), node...), c)), "auto")
				for d := range sub.Nodes {
					for len(nodes) <= d+1 {
						nodes, sols = append(nodes, new(big.Int)), append(sols, new(big.Int))
					}
					nodes[d+1].Add(nodes[d+1], sub.Nodes[d])
					sols[d+1].Add(sols[d+1], sub.Solutions[d])
				}
			}
			if len(whole.Nodes) != len(nodes) {
				t.Fatalf("%s below %v: %d depths, the children's %d", s.Puzzle, node, len(whole.Nodes), len(nodes))
			}
			for d := range nodes {
				if whole.Nodes[d].Cmp(nodes[d]) != 0 || whole.Solutions[d].Cmp(sols[d]) != 0 {
					t.Errorf("%s below %v, depth %d: %v nodes, %v solutions; the children's %v, %v",
						s.Puzzle, node, d, whole.Nodes[d], whole.Solutions[d], nodes[d], sols[d])
				}
			}
			if whole.AllSolutions.Sign() == 0 {
				t.Errorf("%s below %v: no solutions, a weak test", s.Puzzle, node)
			}
		}
	}
}

// TestSubtreeIsShard: the count below a node at depth 2 is that
// node's subtree in a count of the whole tree split at depth 2: same
// nodes and solutions, whatever the split below it; its spec names the
// path and its hash is its own.
func TestSubtreeIsShard(t *testing.T) {
	if testing.Short() {
		t.Skip("sequential: the main test run checks it")
	}
	for _, s := range subtreeSpecs {
		res, err := s.CountShards(context.Background(), shard.CountJob{SplitDepth: "2", MaxDepth: shard.NoDepthLimit, Workers: 1}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		whole := shard.TotalOf(res.File)
		subs := res.File.Subtrees
		for _, i := range []int{0, len(subs) / 3, len(subs) / 2, len(subs) - 1} {
			st := subs[i]
			path := joinPath(res.Frontier.Path(st.K))
			for _, split := range []string{"0", "2", "auto"} {
				sub := countSubtree(t, s, path, split)
				if sub.AllNodes.Int64() != st.Nodes || sub.AllSolutions.Int64() != st.Solutions {
					t.Errorf("%s --subtree %s --split-depth %s: %v nodes, %v solutions; subtree %d of the split count: %d, %d",
						s.Puzzle, path, split, sub.AllNodes, sub.AllSolutions, st.K, st.Nodes, st.Solutions)
				}
				if want := s.Text() + " --subtree " + path; sub.Spec != want || sub.SpecHash == whole.SpecHash {
					t.Errorf("spec %q (want %q), hash %s (the whole tree's %s)", sub.Spec, want, sub.SpecHash, whole.SpecHash)
				}
				if sub.SymmetricClasses != 0 {
					t.Errorf("%s --subtree %s: %d symmetric classes: the whole tree's, not a subtree's", s.Puzzle, path, sub.SymmetricClasses)
				}
			}
		}
	}
}

// TestSubtreeBadPath: a path that is not child numbers, or leads to no
// node, is an option error naming --subtree and the problem.
func TestSubtreeBadPath(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"1,x", `--subtree "1,x": child 2 is "x": want child numbers`},
		{"-1", `--subtree "-1": child 1 is "-1"`},
		{"1,,2", `child 2 is ""`},
		{",", `child 1 is ""`},
		{"2.5", `child 1 is "2.5"`},
		{"99", "path [99]: the node at depth 0 has children 0 to"},
		{"0,0,0,0,0,0,0,0,0,0,0,0,0", "is a leaf, no child 0"},
	} {
		s := subtreeSpecs[0]
		s.Subtree = c.path
		_, _, err := s.Build()
		if err == nil || !strings.Contains(err.Error(), c.want) || !opterr.Is(err) {
			t.Errorf("--subtree %q: %v; want an option error with %q", c.path, err, c.want)
		}
		if _, err := s.CountShards(context.Background(), shard.CountJob{MaxDepth: shard.NoDepthLimit}, nil, nil); err == nil {
			t.Errorf("--subtree %q counted", c.path)
		}
	}
}

// TestSubtreeResume: a subtree count stopped after two of its subtrees
// and resumed from its checkpoint gives the totals of a count in one go.
func TestSubtreeResume(t *testing.T) {
	s := subtreeSpecs[0]
	s.Subtree = "1"
	ckpt := filepath.Join(t.TempDir(), "sub.ckpt")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := 0
	job := shard.CountJob{SplitDepth: "2", MaxDepth: shard.NoDepthLimit, Workers: 1, Checkpoint: ckpt}
	res, err := s.CountShards(ctx, job, nil, func(string, ...any) {
		if done++; done == 2 {
			cancel()
		}
	})
	if err != nil || !res.Status.Early() || len(res.File.Subtrees) == 0 || len(res.File.Subtrees) >= res.Frontier.Len() {
		t.Fatalf("stopped count: %v, status %v, %d of %d subtrees", err, res.Status, len(res.File.Subtrees), res.Frontier.Len())
	}
	job.Checkpoint, job.Resume = "", ckpt
	res, err = s.CountShards(context.Background(), job, nil, nil)
	if err != nil || res.Status.Early() {
		t.Fatalf("resumed: %v, %v", err, res.Status)
	}
	got, one := shard.TotalOf(res.File), countSubtree(t, subtreeSpecs[0], "1", "2")
	if got.AllNodes.Cmp(one.AllNodes) != 0 || got.AllSolutions.Cmp(one.AllSolutions) != 0 || got.Spec != one.Spec {
		t.Errorf("resumed %v nodes, %v solutions (%s); in one go %v, %v (%s)", got.AllNodes, got.AllSolutions, got.Spec, one.AllNodes, one.AllSolutions, one.Spec)
	}
	for d := range one.Nodes {
		if got.Nodes[d].Cmp(one.Nodes[d]) != 0 {
			t.Errorf("depth %d: resumed %v nodes, in one go %v", d, got.Nodes[d], one.Nodes[d])
		}
	}
	// Another path's count refuses the checkpoint.
	other := subtreeSpecs[0]
	other.Subtree = "2"
	if _, err := other.CountShards(context.Background(), job, nil, nil); err == nil {
		t.Error("a checkpoint of subtree 1 resumed as subtree 2's")
	}
}
