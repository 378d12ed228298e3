package shard_test

import (
	"bytes"
	"context"
	"github.com/branchwise/branchwise/internal/numfmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/shard"
)

// TestCountJob: two shards to their files merge to the whole count, which
// a run without shards prints directly; misuse is refused before counting.
func TestCountJob(t *testing.T) {
	newTree := packingTree(t, "pentomino-3x20")
	dir := t.TempDir()
	var files []*shard.File
	var names []string
	for i := range 2 {
		out := filepath.Join(dir, "s"+string(rune('0'+i)))
		j := shard.CountJob{Spec: "p", SpecHash: shard.Hash([]byte("p")), SplitDepth: "2", Shard: []string{"0/2", "1/2"}[i], Out: out,
			MaxDepth: shard.NoDepthLimit, Workers: 1}
		res, err := j.Run(context.Background(), newTree, os.Getenv)
		if err != nil || res.Status != search.Solved || res.Out != out {
			t.Fatal(res, err)
		}
		var line bytes.Buffer
		res.WriteSummary(&line)
		if !strings.HasPrefix(line.String(), "p: shard "+string(rune('0'+i))+" of 2, split depth 2, ") || !strings.HasSuffix(line.String(), ": "+out+"\n") {
			t.Errorf("summary %q", line.String())
		}
		f, err := shard.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		files, names = append(files, f), append(names, out)
	}
	total, err := shard.Merge(names, files)
	if err != nil || total.AllSolutions.Int64() != 8 {
		t.Fatalf("merged: %v, %v", total, err)
	}
	if again, err := shard.MergeFiles(names); err != nil || again.AllNodes.Cmp(total.AllNodes) != 0 {
		t.Errorf("MergeFiles: %v, %v", again, err)
	}
	if _, err := shard.MergeFiles(append(names, filepath.Join(dir, "none"))); err == nil {
		t.Error("a missing file merged")
	}
	whole, err := shard.CountJob{Spec: "p", SpecHash: shard.Hash([]byte("p")), MaxDepth: shard.NoDepthLimit, Workers: 2}.Run(context.Background(), newTree, os.Getenv)
	if err != nil || whole.Out != "" || shard.TotalOf(whole.File).AllNodes.Cmp(total.AllNodes) != 0 {
		t.Fatalf("whole: %+v, %v", whole, err)
	}
	var tab bytes.Buffer
	total.WriteTable(&tab)
	if !strings.Contains(tab.String(), "\nnodes      "+numfmt.Digits(total.AllNodes.String())+"\nsolutions  8\n") {
		t.Errorf("table:\n%s", tab.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopped, err := shard.CountJob{Spec: "p", SplitDepth: "2", MaxDepth: shard.NoDepthLimit, Workers: 1, Checkpoint: filepath.Join(dir, "c")}.Run(ctx, newTree, os.Getenv)
	if err != nil || !stopped.Status.Early() {
		t.Fatalf("cancelled: %+v, %v", stopped, err)
	}
	var msg bytes.Buffer
	stopped.WriteStopped(&msg)
	if !strings.HasPrefix(msg.String(), "p: stopped with 0 of this run's ") || !strings.Contains(msg.String(), "continue with --resume "+filepath.Join(dir, "c")) {
		t.Errorf("stopped: %q", msg.String())
	}
	for _, j := range []shard.CountJob{{Shard: "3/2"}, {Checkpoint: "a", Resume: "b"}, {SplitDepth: "deep"}} {
		if err := j.Check(os.Getenv); err == nil {
			t.Errorf("%+v accepted", j)
		}
	}
}
