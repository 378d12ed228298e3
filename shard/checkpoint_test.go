package shard_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/shard"
)

// interrupting wraps a tree so that ctx is cancelled after moves Down
// moves in all, mid-subtree: a Ctrl-C at a chosen moment.
type interrupting struct {
	estimate.Tree
	moves  *atomic.Int64
	cancel context.CancelFunc
}

func (t interrupting) Down(k int) {
	if t.moves.Add(-1) == 0 {
		t.cancel()
	}
	t.Tree.Down(k)
}

// TestCheckpointResume: a count stopped four times mid-subtree, its
// checkpoint once cut mid-line as by kill -9, resumes to the totals of one
// uninterrupted process.
func TestCheckpointResume(t *testing.T) {
	name := "pentomino-4x15"
	if longtest.Short() {
		name = "pentomino-3x20"
	}
	newTree := packingTree(t, name)
	fr, err := shard.NewFrontier(newTree, 3, shard.NoDepthLimit)
	if err != nil {
		t.Fatal(err)
	}
	job := testJob(name)
	one, err := estimate.Exhaustive(context.Background(), newTree, shard.NoDepthLimit, 2)
	if err != nil {
		t.Fatal(err)
	}
	var all int64
	for _, n := range one.Nodes {
		all += n
	}
	cp := filepath.Join(t.TempDir(), "count.checkpoint")
	var f *shard.File
	for round := 0; ; round++ {
		ctx, cancel := context.WithCancel(context.Background())
		var moves atomic.Int64
		moves.Store(all / 5)
		stopping := func() estimate.Tree { return interrupting{newTree(), &moves, cancel} }
		f, err = shard.Run(ctx, stopping, fr, shard.Options{Job: job, Workers: 2, Checkpoint: cp, Resume: round > 0})
		cancel()
		if err == nil {
			break
		}
		if err != context.Canceled {
			t.Fatal(err)
		}
		if round > 10 {
			t.Fatal("no end after 10 rounds")
		}
		if round == 1 {
			// kill -9 in the middle of a line.
			b, _ := os.ReadFile(cp)
			os.WriteFile(cp, b[:len(b)-7], 0o644)
		}
	}
	got := shard.TotalOf(f)
	sameDepths(t, got, one)

	// A fresh --checkpoint refuses to overwrite; a resume of another count
	// or of a file damaged mid-way refuses with the line.
	if _, err := shard.Run(context.Background(), newTree, fr, shard.Options{Job: job, Checkpoint: cp}); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("checkpoint over an existing one: %v", err)
	}
	if _, err := shard.Run(context.Background(), newTree, fr, shard.Options{Job: testJob("other"), Checkpoint: cp, Resume: true}); err == nil || !strings.Contains(err.Error(), "another count") {
		t.Errorf("resume of another count: %v", err)
	}
	b, _ := os.ReadFile(cp)
	lines := strings.SplitAfter(string(b), "\n")
	lines[2] = strings.Replace(lines[2], `"nodes":[1`, `"nodes":[2`, 1)
	os.WriteFile(cp, []byte(strings.Join(lines, "")), 0o644)
	if _, err := shard.Run(context.Background(), newTree, fr, shard.Options{Job: job, Checkpoint: cp, Resume: true}); err == nil || !strings.Contains(err.Error(), ":3: damaged line") {
		t.Errorf("resume of a damaged checkpoint: %v", err)
	}
	if _, err := shard.Run(context.Background(), newTree, fr, shard.Options{Job: job, Checkpoint: cp + ".none", Resume: true}); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("resume of no file: %v", err)
	}
}
