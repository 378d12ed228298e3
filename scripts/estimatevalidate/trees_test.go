package main

import (
	"context"
	"os"
	"strings"
	"testing"
)

// smallTree is the largest tree the test recounts (nodes): the set's
// smaller trees take a second or two each.
const smallTree = 100_000

// TestTreesFile reads the validation set and recounts its small trees:
// the counts are the program's trees as they are now, and a change of a
// search rule that changes a tree shows here.
func TestTreesFile(t *testing.T) {
	trees := readTreesFile(t, "testdata/trees.tsv")
	if len(trees) < 30 {
		t.Fatalf("%d trees, want at least 30", len(trees))
	}
	checkTrees(t, trees, "pack", "ida", "gaps")
}

// TestPP24Depth7File: PP-24's depth-7 subtrees, kept apart from the set,
// are read and built, and the small one recounted.
func TestPP24Depth7File(t *testing.T) {
	trees := readTreesFile(t, "testdata/pp24-depth7.tsv")
	if len(trees) != 12 {
		t.Fatalf("%d trees, want the 12 of docs/pp24-notes.md", len(trees))
	}
	checkTrees(t, trees, "pack")
}

func readTreesFile(t *testing.T, name string) []countedTree {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	trees, err := readTrees(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return trees
}

// checkTrees builds every tree, wants the kinds of spec given among them,
// and recounts those of at most smallTree nodes (a tenth of it with -short).
func checkTrees(t *testing.T, trees []countedTree, wantKinds ...string) {
	t.Helper()
	// The specs are relative to the module's root.
	if err := os.Chdir("../.."); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir("scripts/estimatevalidate")
	kinds := map[string]bool{}
	names := map[string]bool{}
	for _, tr := range trees {
		kinds[strings.Fields(tr.spec)[0]] = true
		if names[tr.name] {
			t.Errorf("tree %s twice", tr.name)
		}
		names[tr.name] = true
		if _, err := buildTree(tr.spec); err != nil {
			t.Errorf("%s: %v", tr.name, err)
		}
	}
	for _, k := range wantKinds {
		if !kinds[k] {
			t.Errorf("no %s tree", k)
		}
	}
	for _, tr := range trees {
		if tr.nodes > smallTree || testing.Short() && tr.nodes > smallTree/10 {
			continue
		}
		got, err := countTree(context.Background(), tr.name, tr.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got.nodes != tr.nodes || got.solutions != tr.solutions {
			t.Errorf("%s: counted %.0f nodes, %.0f solutions; the file says %.0f, %.0f", tr.name, got.nodes, got.solutions, tr.nodes, tr.solutions)
		}
	}
}

// TestReadTreesErrors: a bad line is named with its file and line.
func TestReadTreesErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a\tpack x\t1\t0\n", "t.tsv:1: want 5"},
		{"# c\na\tpack x\tone\t0\t1\n", "t.tsv:2: field 3"},
		{"a\tpack x\t0\t0\t1\n", "t.tsv:1: a tree has at least its root"},
		{"a\tpack x\t5\t-1\t1\n", "t.tsv:1: field 4"},
		{"a,b\tpack x\t5\t1\t1\n", "t.tsv:1: name"},
	} {
		_, err := readTrees(strings.NewReader(tc.in), "t.tsv")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
}

// TestBuildTreeErrors: specs that name no tree say why.
func TestBuildTreeErrors(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"pack", "want KIND ARG"},
		{"cube x", "unknown kind"},
		{"ida korf100-101 --bound 3", "N in 1..100"},
		{"ida korf100-1", "want ida"},
		{"gaps 3 1 --bound 4", "columns"},
		{"pack pentomino-6x10 --subtree 99", "no child 99"},
		{"pack pentomino-6x10 --bogus", "flag provided but not defined"},
	} {
		_, err := buildTree(tc.spec)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.spec, err, tc.want)
		}
	}
}
