package shard_test

import (
	"strings"
	"testing"

	"github.com/branchwise/branchwise/shard"
)

// TestReadersBounded (D8): merge and --resume never read a file whole
// before its size is checked: /dev/zero, endless and without a newline, is
// refused after a bounded read, naming the file.
func TestReadersBounded(t *testing.T) {
	const zero = "/dev/zero"
	if _, err := shard.ReadFile(zero); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("ReadFile(%s): %v", zero, err)
	}
	if _, err := shard.OpenLedger(zero, true, shard.Job{Spec: "x", SpecHash: "h"}); err == nil || !strings.Contains(err.Error(), zero+":1: a line of more than") {
		t.Errorf("OpenLedger(%s): %v", zero, err)
	}
	if _, err := shard.MergeLedgers(t.TempDir()+"/out", []string{zero}); err == nil || !strings.Contains(err.Error(), zero+":1: a line of more than") {
		t.Errorf("MergeLedgers(%s): %v", zero, err)
	}
	newTree := packingTree(t, "pentomino-3x20")
	fr, err := shard.NewFrontier(newTree, 1, shard.NoDepthLimit)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := shard.OpenCheckpoint(zero, true, testJob("pentomino-3x20"), fr, shard.Slot{N: 1}); err == nil || !strings.Contains(err.Error(), zero+":1: a line of more than") {
		t.Errorf("OpenCheckpoint(%s): %v", zero, err)
	}
}
