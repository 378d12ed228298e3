package main

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/shard/queue"
)

// TestShardsMergeCLI: pack --count in three shards, merged, equals the
// count of one process; a shard of other options, a truncated file and a
// missing shard are refused with the file named.
func TestShardsMergeCLI(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, i := range []string{"0", "1", "2"} {
		out := filepath.Join(dir, i+".json")
		code, _, stderr := runCLI(t, "pack", "pentomino-3x20", "--count", "--split-depth", "2", "--shard", i+"/3", "--out", out, "-j", "1")
		if code != 0 {
			t.Fatalf("shard %s: exit %d: %s", i, code, stderr)
		}
		files = append(files, out)
	}
	code, stdout, stderr := runCLI(t, append([]string{"merge"}, files...)...)
	if code != 0 || !strings.Contains(stdout, "nodes      32,978\nsolutions  8\n") {
		t.Fatalf("merge: exit %d: %s%s", code, stdout, stderr)
	}
	code, one, _ := runCLI(t, "estimate", "pentomino-3x20", "--method", "exact", "--exact-depth", "30", "-j", "1")
	if code != 0 || !strings.Contains(one, "nodes      32,978  (exact)") {
		t.Errorf("one process: %s", one)
	}
	other := filepath.Join(dir, "other.json")
	runCLI(t, "pack", "pentomino-3x20", "--count", "--cells-only", "--split-depth", "2", "--shard", "2/3", "--out", other)
	b, _ := os.ReadFile(files[2])
	cut := writeFile(t, dir, "cut.json", string(b[:len(b)-40]))
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{[]string{files[0], files[1], other}, "other.json: puzzle and options (spec hash)"},
		{[]string{files[0], files[1], cut}, "cut.json: truncated"},
		{files[:2], "1 of 3 shards missing: 2"},
	} {
		code, _, stderr := runCLI(t, append([]string{"merge"}, tc.files...)...)
		if code != exitFailure || !strings.Contains(stderr, tc.want) {
			t.Errorf("merge %v: exit %d, stderr %q, want %q", tc.files, code, stderr, tc.want)
		}
	}
}

// TestQueueCLI: push, a worker, collect through an embedded server on
// 127.0.0.1; a URL where nothing answers is a clear error.
func TestQueueCLI(t *testing.T) {
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	dead := "nats://" + l.Addr().String()
	l.Close()
	for _, args := range [][]string{
		{"worker", "--queue", dead},
		{"queue", "collect", "--queue", dead, "--job", "x"},
	} {
		code, _, stderr := runCLI(t, args...)
		if code != exitFailure || !strings.Contains(stderr, "no NATS server answers") {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
	s, err := queue.Serve("127.0.0.1", -1, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Shutdown(); s.WaitForShutdown() }()
	url := s.ClientURL()
	if code, _, stderr := runCLI(t, "queue", "push", "pentomino-3x20", "--queue", url, "--job", "t", "--split-depth", "2"); code != 0 {
		t.Fatalf("push: %s", stderr)
	}
	// Three shards of a count, each a job: together the whole.
	for i := range 3 {
		if code, _, stderr := runCLI(t, "queue", "push", "pentomino-3x20", "--queue", url, "--job", fmt.Sprint("s", i), "--split-depth", "2", "--shard", fmt.Sprintf("%d/3", i)); code != 0 {
			t.Fatalf("push --shard: %s", stderr)
		}
	}
	// A count restricted by symmetry: the unique solutions, and all.
	if code, _, stderr := runCLI(t, "queue", "push", "hexiamond-4x9", "--unique", "--queue", url, "--job", "u", "--split-depth", "2"); code != 0 {
		t.Fatalf("push --unique: %s", stderr)
	}
	// The subtree below a path, as pack --count --subtree 1 counts it (3,461 nodes, 4 solutions).
	if code, _, stderr := runCLI(t, "queue", "push", "pentomino-3x20", "--subtree", "1", "--queue", url, "--job", "sub", "--split-depth", "2"); code != 0 {
		t.Fatalf("push --subtree: %s", stderr)
	}
	if code, _, stderr := runCLI(t, "queue", "push", "pentomino-3x20", "--subtree", "1,x", "--queue", url, "--job", "bad"); code == 0 || !strings.Contains(stderr, "1,x") {
		t.Errorf("push --subtree 1,x: exit %d, stderr %q, want an error naming the path", code, stderr)
	}
	if code, _, stderr := runCLI(t, "worker", "--queue", url, "-j", "2", "--idle-exit", "1s"); code != 0 || !strings.Contains(stderr, " split, ") || !strings.Contains(stderr, " nodes a second)\n") {
		t.Fatalf("worker: exit %d: %s; want its totals and rate", code, stderr)
	}
	code, stdout, stderr := runCLI(t, "queue", "collect", "--queue", url, "--job", "t")
	if code != 0 || !strings.Contains(stdout, "nodes      32,978\nsolutions  8\n") {
		t.Errorf("collect: exit %d: %s%s", code, stdout, stderr)
	}
	var nodes, prefix int64
	for i := range 3 {
		code, stdout, stderr := runCLI(t, "queue", "collect", "--queue", url, "--job", fmt.Sprint("s", i), "--json")
		var tot struct {
			Nodes    []int64 `json:"nodes"`
			AllNodes int64   `json:"all_nodes"`
		}
		if err := json.Unmarshal([]byte(stdout), &tot); code != 0 || err != nil || len(tot.Nodes) < 2 {
			t.Fatalf("collect shard %d: exit %d, %v: %s%s", i, code, err, stdout, stderr)
		}
		prefix = tot.Nodes[0] + tot.Nodes[1]
		nodes += tot.AllNodes - prefix
		if code, stdout, _ := runCLI(t, "queue", "collect", "--queue", url, "--job", fmt.Sprint("s", i)); !strings.Contains(stdout, fmt.Sprintf("shard %d of 3, ", i)) || !strings.Contains(stdout, "the whole count projects to") {
			t.Errorf("collect shard %d: exit %d: %s", i, code, stdout)
		}
	}
	if nodes+prefix != 32978 {
		t.Errorf("three shards: %d nodes below the frontier + %d above, want 32978 in all", nodes, prefix)
	}
	_, pack, _ := runCLI(t, "pack", "pentomino-3x20", "--count", "--subtree", "1")
	code, stdout, stderr = runCLI(t, "queue", "collect", "--queue", url, "--job", "sub")
	if want := "nodes      3,461\nsolutions  4\n"; code != 0 || !strings.Contains(stdout, want) || !strings.Contains(pack, want) {
		t.Errorf("collect --subtree 1: exit %d: %s%s; pack --count --subtree 1: %s", code, stdout, stderr, pack)
	}
	code, stdout, stderr = runCLI(t, "queue", "collect", "--queue", url, "--job", "u")
	if code != 0 || !strings.Contains(stdout, "solutions  74\n(one solution of each class under 2 symmetries: 148 solutions in all)") {
		t.Errorf("collect --unique: exit %d: %s%s", code, stdout, stderr)
	}
}

// TestSubtreeCLI: pack --count --subtree counts the subtree below a path
// in subtrees, checkpointed, as estimate --method exact --subtree does
// with --split-depth; the output names the path; bad paths and
// --subtree without --count are errors.
func TestSubtreeCLI(t *testing.T) {
	dir := t.TempDir()
	rule := []string{"--strategy", "first-empty", "--dead-regions"}
	ckpt := filepath.Join(dir, "sub.ckpt")
	code, pack, stderr := runCLI(t, append([]string{"pack", "pentomino-6x10", "--count", "--unique", "--subtree", "1,2", "--split-depth", "2", "--checkpoint", ckpt, "-j", "1"}, rule...)...)
	want := "pack pentomino-6x10 --strategy first-empty --dead-regions --unique --subtree 1,2: split depth 2, 40 subtrees"
	if code != 0 || !strings.Contains(pack, want) || !strings.Contains(pack, "nodes      24,544\nsolutions  68\n") {
		t.Fatalf("pack --subtree: exit %d: %s%s", code, pack, stderr)
	}
	code, est, stderr := runCLI(t, append([]string{"estimate", "pentomino-6x10", "--method", "exact", "--exact-depth", "30", "--symmetry", "--subtree", "1,2", "--split-depth", "3", "-j", "1"}, rule...)...)
	if code != 0 || !strings.Contains(est, "nodes      24,544\nsolutions  68\n") {
		t.Errorf("estimate --subtree --split-depth: exit %d: %s%s", code, est, stderr)
	}
	code, resumed, _ := runCLI(t, append([]string{"pack", "pentomino-6x10", "--count", "--unique", "--subtree", "1,2", "--split-depth", "2", "--resume", ckpt, "-j", "1"}, rule...)...)
	if code != 0 || !strings.Contains(resumed, "nodes      24,544\nsolutions  68\n") {
		t.Errorf("resumed: exit %d: %s", code, resumed)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--count", "--subtree", "1,x"}, `--subtree "1,x": child 2 is "x"`},
		{[]string{"--count", "--subtree", "1,99"}, "path [1 99]: the node at depth 1 has children 0 to 4, no child 99"},
		{[]string{"--subtree", "1"}, "--subtree are for --count"},
	} {
		code, _, stderr := runCLI(t, append(append([]string{"pack", "pentomino-6x10"}, tc.args...), rule...)...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("pack %v: exit %d, stderr %q, want %q", tc.args, code, stderr, tc.want)
		}
	}
}
