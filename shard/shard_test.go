package shard_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/xcover"
)

// packingTree returns the tree of a named packing puzzle, cells and pieces
// both branched on, fewest options first: the tree of pack --count.
func packingTree(t testing.TB, name string) func() estimate.Tree {
	b, ps, ok := polyform.Named(name)
	if !ok {
		t.Fatalf("no puzzle %s", name)
	}
	pk, err := polyform.NewPacking(b, ps)
	if err != nil {
		t.Fatal(err)
	}
	prob := pk.Problem()
	return func() estimate.Tree { return prob.Compile(xcover.Fewest).Walker() }
}

var long = flag.Bool("shard.long", false, "split 6x10 pentominoes (8 s of one core twice) into 1000 shards")

// bigPuzzle is 6x10 pentominoes with -shard.long (9356 solutions, 3,637,261
// nodes), else with -tags long 4x15 (1472 solutions, 852,893 nodes), and
// by default or with -short 3x20 (8 solutions) in 50 shards.
func bigPuzzle() (string, int64, int) {
	switch {
	case *long:
		return "pentomino-6x10", 9356, 1000
	case longtest.Short():
		return "pentomino-3x20", 8, 50
	}
	return "pentomino-4x15", 1472, 1000
}

func testJob(spec string) shard.Job {
	return shard.Job{Spec: spec, SpecHash: shard.Hash([]byte(spec)), Version: "test", MaxDepth: shard.NoDepthLimit}
}

func sameDepths(t *testing.T, got *shard.Total, want estimate.Profile) {
	t.Helper()
	if len(got.Nodes) != len(want.Nodes) {
		t.Fatalf("%d depths, want %d", len(got.Nodes), len(want.Nodes))
	}
	for d := range want.Nodes {
		if got.Nodes[d].Int64() != want.Nodes[d] || got.Branches[d].Int64() != want.Branches[d] || got.Solutions[d].Int64() != want.Solutions[d] {
			t.Errorf("depth %d: %v nodes %v branches %v solutions, one process %d %d %d", d,
				got.Nodes[d], got.Branches[d], got.Solutions[d], want.Nodes[d], want.Branches[d], want.Solutions[d])
		}
	}
}

// TestThousandShards: 6x10 pentominoes (with -shard.long) cut into 1000 shards, each written
// to its file and read back, merge to 9356 solutions with the nodes,
// branching sums and solutions of every depth equal to one process's
// (estimate.Exhaustive); a retried shard writes the same counts.
func TestThousandShards(t *testing.T) {
	name, want, n := bigPuzzle()
	newTree := packingTree(t, name)
	fr, err := shard.AutoDepth(newTree, n, shard.NoDepthLimit)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: split depth %d, %d subtrees", name, fr.Depth, fr.Len())
	if fr.Len() < n*shard.SubtreesPerShard && !longtest.Short() {
		t.Errorf("auto depth %d gives %d subtrees, fewer than %d per shard", fr.Depth, fr.Len(), shard.SubtreesPerShard)
	}
	job := testJob(name)
	dir := t.TempDir()
	var names []string
	var files []*shard.File
	for i := 0; i < n; i++ {
		f, err := shard.Run(context.Background(), newTree, fr, shard.Options{Job: job, Slot: shard.Slot{I: i, N: n}, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, fmt.Sprintf("shard-%04d.json", i))
		if err := f.Write(file); err != nil {
			t.Fatal(err)
		}
		g, err := shard.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		names, files = append(names, file), append(files, g)
	}
	// A retry of shard 7, on one worker, writes the same counts.
	retry, err := shard.Run(context.Background(), newTree, fr, shard.Options{Job: job, Slot: shard.Slot{I: 7, N: n}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if retry.Checksum != files[7].Checksum {
		t.Errorf("retried shard 7: checksum %s, first run %s", retry.Checksum, files[7].Checksum)
	}
	total, err := shard.Merge(append(names, "retry"), append(files, retry))
	if err != nil {
		t.Fatal(err)
	}
	if total.AllSolutions.Int64() != want {
		t.Errorf("%s: %v solutions merged, want %d", name, total.AllSolutions, want)
	}
	if !slices.Equal(total.Duplicates, []int{7}) {
		t.Errorf("duplicates %v, want [7]", total.Duplicates)
	}
	one, err := estimate.Exhaustive(context.Background(), newTree, shard.NoDepthLimit, 2)
	if err != nil {
		t.Fatal(err)
	}
	sameDepths(t, total, one)
}

// smallTree is 3x20 pentominoes: 8 solutions, a fraction of a second.
func smallRun(t *testing.T, spec string, d, n int) ([]string, []*shard.File) {
	t.Helper()
	newTree := packingTree(t, "pentomino-3x20")
	fr, err := shard.NewFrontier(newTree, d, shard.NoDepthLimit)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var names []string
	var files []*shard.File
	for i := 0; i < n; i++ {
		f, err := shard.Run(context.Background(), newTree, fr, shard.Options{Job: testJob(spec), Slot: shard.Slot{I: i, N: n}, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, fmt.Sprintf("%d.json", i))
		if err := f.Write(name); err != nil {
			t.Fatal(err)
		}
		names, files = append(names, name), append(files, f)
	}
	return names, files
}

// TestMergeRefuses: shards of different puzzles, options, versions or
// split depths, missing or conflicting shards, truncated or edited files:
// a clear error each, nothing summed.
func TestMergeRefuses(t *testing.T) {
	names, files := smallRun(t, "3x20", 2, 4)
	if tot, err := shard.Merge(names, files); err != nil || tot.AllSolutions.Int64() != 8 {
		t.Fatalf("clean merge: %v, %v", tot, err)
	}
	other, otherFiles := smallRun(t, "3x20 --cells-only", 2, 4)
	deeper, deeperFiles := smallRun(t, "3x20", 3, 4)
	oldVersion := *files[1]
	oldVersion.Version = "v0.0.1"
	mixed := func(a []string, b []*shard.File, j int, name string, f *shard.File) ([]string, []*shard.File) {
		a, b = slices.Clone(a), slices.Clone(b)
		a[j], b[j] = name, f
		return a, b
	}
	for _, tc := range []struct {
		what  string
		names []string
		files []*shard.File
		want  string
	}{
		{"other options", other[:1], append([]*shard.File{otherFiles[0]}, files[1:]...), "spec hash"},
		{"other version", nil, nil, "branchwise version"},
		{"other split depth", deeper[:1], append([]*shard.File{deeperFiles[0]}, files[1:]...), "split depth"},
		{"missing", names[:2], files[:2], "2 of 4 shards missing: 2-3"},
	} {
		n, f := tc.names, tc.files
		switch tc.what {
		case "other version":
			n, f = mixed(names, files, 1, "old.json", &oldVersion)
		case "missing":
		default:
			n = append(slices.Clone(n), names[1:]...)
		}
		_, err := shard.Merge(n, f)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one that says %q", tc.what, err, tc.want)
		}
	}
	// A shard file truncated, and one with a count edited.
	b, err := os.ReadFile(names[2])
	if err != nil {
		t.Fatal(err)
	}
	cut := names[2] + ".cut"
	os.WriteFile(cut, b[:len(b)/2], 0o644)
	if _, err := shard.ReadFile(cut); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("truncated file: error %v", err)
	}
	s := string(b)
	i := strings.Index(s, `"counts": {`)
	i += strings.IndexAny(s[i:], "123456789") // the first nonzero count of the shard
	edited := names[2] + ".edited"
	os.WriteFile(edited, []byte(s[:i]+string(s[i]+1)+s[i+1:]), 0o644)
	if _, err := shard.ReadFile(edited); err == nil || !strings.Contains(err.Error(), "checksum mismatch") {
		t.Errorf("edited file: error %v", err)
	}
	os.WriteFile(edited, []byte("{\n\"format\": 3\n}"), 0o644)
	if _, err := shard.ReadFile(edited); err == nil || !strings.Contains(err.Error(), "edited:") {
		t.Errorf("a file that is not a shard's: error %v", err)
	}
	// Two different files claiming one shard.
	conflict := *files[3]
	conflict.Counts.Nodes = slices.Clone(conflict.Counts.Nodes)
	conflict.Checksum = "sha256:other"
	_, err = shard.Merge(append(slices.Clone(names), "x.json"), append(slices.Clone(files), &conflict))
	if err == nil || !strings.Contains(err.Error(), "shard 3 in") {
		t.Errorf("conflicting duplicate: error %v", err)
	}
}

func TestParseSlot(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, tc := range []struct {
		s      string
		shards int
		env    func(string) string
		want   shard.Slot
		err    string
	}{
		{"3/10", 0, env(), shard.Slot{I: 3, N: 10}, ""},
		{"10/10", 0, env(), shard.Slot{}, "want 0 <= i < n"},
		{"3-10", 0, env(), shard.Slot{}, "want i/n"},
		{"3/10", 9, env(), shard.Slot{}, "disagree"},
		{"auto", 0, env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_COUNT", "8"), shard.Slot{I: 4, N: 8}, ""},
		{"auto", 8, env("SLURM_ARRAY_TASK_ID", "4"), shard.Slot{I: 4, N: 8}, ""},
		{"auto", 0, env("SLURM_ARRAY_TASK_ID", "4"), shard.Slot{}, "give --shards n"},
		{"auto", 12, env("JOB_COMPLETION_INDEX", "11"), shard.Slot{I: 11, N: 12}, ""},
		{"auto", 0, env("JOB_COMPLETION_INDEX", "11"), shard.Slot{}, "give --shards n"},
		{"auto", 12, env("JOB_COMPLETION_INDEX", "x"), shard.Slot{}, "not a number"},
		{"auto", 12, env(), shard.Slot{}, "neither"},
	} {
		got, err := shard.ParseSlot(tc.s, tc.shards, tc.env)
		if tc.err == "" && (err != nil || got != tc.want) || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("ParseSlot(%q, %d) = %v, %v; want %v, %q", tc.s, tc.shards, got, err, tc.want, tc.err)
		}
	}
}

func TestRanges(t *testing.T) {
	if got := shard.Ranges([]int{0, 1, 2, 3, 7, 9, 10}); got != "0-3,7,9-10" {
		t.Errorf("Ranges: %s", got)
	}
}

// TestFrontierStops: the walk that lists a deep split depth's subtrees
// stops with its context (issue 36: pentomino-8x8 at depth 12 or PP-24 at
// depth 8 walked on for minutes after Ctrl-C, --max-time or --max-mem),
// through FrontierAt and CountJob.Run too.
func TestFrontierStops(t *testing.T) {
	newTree := packingTree(t, "pentomino-6x10")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := shard.NewFrontierContext(cancelled, newTree, 12, shard.NoDepthLimit); !errors.Is(err, context.Canceled) {
		t.Errorf("NewFrontierContext, cancelled: %v", err)
	}
	if _, err := shard.FrontierAt(cancelled, newTree, "12", 1, shard.NoDepthLimit); !errors.Is(err, context.Canceled) {
		t.Errorf("FrontierAt, cancelled: %v", err)
	}
	ctx, stop := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer stop()
	start := time.Now()
	_, err := shard.CountJob{SplitDepth: "12", MaxDepth: shard.NoDepthLimit}.Run(ctx, newTree, func(string) string { return "" })
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 10*time.Second {
		t.Errorf("CountJob.Run at depth 12, 50 ms: %v after %v", err, time.Since(start))
	}
}
