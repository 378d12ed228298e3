package polyform

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

func TestLoad(t *testing.T) {
	pk, err := Load("pentomino-6x10", "")
	if err != nil || len(pk.Pieces) != 12 || len(pk.Board.Cells) != 60 {
		t.Fatalf("pentomino-6x10: %v", err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "b.txt")
	if err := os.WriteFile(file, []byte(".....\n.....\n.....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(file, "LNPUY")
	if err == nil || !strings.Contains(err.Error(), "25 cells but the board has 15") {
		t.Errorf("15 cells, 5 pentominoes: %v", err)
	}
	// A board file without a pieces header takes the pentominoes: the
	// 3 x 20 rectangle has 2 packings up to symmetry, 8 in all.
	if err := os.WriteFile(file, []byte(strings.Repeat(strings.Repeat(".", 20)+"\n", 3)), 0o644); err != nil {
		t.Fatal(err)
	}
	pk, err = Load(file, "")
	if err != nil || len(pk.Pieces) != 12 {
		t.Fatalf("3x20: %v", err)
	}
	if c := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{}); c.All != 8 || c.Unique != 2 {
		t.Errorf("3x20 pentominoes: %+v, want 8 packings, 2 unique", c)
	}
	// A set whose size is out of range says so, not that its name's
	// letters are no pieces (issue 36, D16).
	for _, tc := range []struct{ pieces, want string }{
		{"polyomino-13", `piece set "polyomino-13": the size must be a number from 1 to 9`},
		{"polyomino-0", `piece set "polyomino-0": the size must be a number from 1 to 9`},
		{"polyhex-x", `piece set "polyhex-x": the size must be a number from 1 to 9`},
		{"polycube-9", `piece set "polycube-9": the size must be a number from 1 to 7`},
		{"one-sided-polyomino-10", `piece set "one-sided-polyomino-10": the size must be a number from 1 to 9`},
		{"polyomino-10 A*2", `piece set "polyomino-10": the size must be a number from 1 to 9`},
		{"L*2,polyiamond-12*1", `piece list "L*2,polyiamond-12*1", item 2 ("polyiamond-12*1"): piece set "polyiamond-12": the size must be a number from 1 to 9`},
	} {
		if _, err := Load("pentomino-6x10", tc.pieces); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("--pieces %q: %v; want %q", tc.pieces, err, tc.want)
		}
	}
	for _, bad := range []string{"no-such-puzzle", dir} {
		if _, err := Load(bad, ""); err == nil {
			t.Errorf("Load(%q) succeeded", bad)
		}
	}
}

// TestTree: the estimators' exhaustive count of the tree equals the
// search's own node count.
func TestTree(t *testing.T) {
	pk, err := Load("pentomino-3x20", "")
	if err != nil {
		t.Fatal(err)
	}
	r := pk.Solve(context.Background(), xcover.Fewest, search.Limits{}, func([]int) bool { return true })
	p, err := estimate.Exhaustive(context.Background(), pk.Tree(xcover.Fewest), 100, 2)
	if err != nil {
		t.Fatal(err)
	}
	var nodes, sols int64
	for d := range p.Nodes {
		nodes += p.Nodes[d]
		sols += p.Solutions[d]
	}
	if nodes != r.Stats.Nodes+1 || sols != r.Solutions {
		t.Errorf("tree: %d nodes, %d solutions; search: %d nodes below the root, %d solutions", nodes, sols, r.Stats.Nodes, r.Solutions)
	}
	if rate := pk.NodeRate(context.Background(), xcover.Fewest, 10*time.Millisecond); rate <= 0 {
		t.Errorf("node rate %v", rate)
	}
}

// TestNodeRateSearches: the node rate is the search's, not the build's.
// PP-24's first-empty kernel takes about 0.1 s of CPU to build; timed
// with the search, on a loaded machine, it left a 0.5 s window no search
// and a rate of the root's 216 children alone (about 400 nodes a second,
// where the kernel walks millions). The bound is 100 times below the
// kernel's rate, so the race detector and a loaded machine pass it.
func TestNodeRateSearches(t *testing.T) {
	if testing.Short() {
		t.Skip("one goroutine: the main test run checks it")
	}
	pk, err := Load("heptiamond-pp24", "")
	if err != nil {
		t.Fatal(err)
	}
	pk.FirstEmpty, pk.DeadRegions = true, true
	if rate := pk.NodeRate(context.Background(), xcover.Fewest, 20*time.Millisecond); rate < 3e4 {
		t.Errorf("PP-24 first-empty node rate %.3g a CPU-second; its kernel walks about 3e6", rate)
	}
}
