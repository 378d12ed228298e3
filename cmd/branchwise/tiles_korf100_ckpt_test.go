package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/puzzles/tiles"
)

// smallestKorf lists the n instances of Korf's 100 with the fewest
// generated nodes, for --instances.
func smallestKorf(n int) string {
	all := tiles.Korf100()
	idx := make([]int, len(all))
	for i := range idx {
		idx[i] = i + 1
	}
	slices.SortFunc(idx, func(a, b int) int { return int(all[a-1].Generated - all[b-1].Generated) })
	var parts []string
	for _, i := range idx[:n] {
		parts = append(parts, fmt.Sprint(i))
	}
	return strings.Join(parts, ",")
}

// korfSummary is what a korf100 run's JSON must keep across checkpoints.
type korfSummary struct {
	Solved    int   `json:"solved"`
	Matches   int   `json:"matches_published"`
	SumLength int   `json:"sum_length"`
	Generated int64 `json:"generated"`
	Expanded  int64 `json:"expanded"`
	Resumed   int   `json:"resumed"`
	Runs      []struct {
		Index     int   `json:"index"`
		Length    int   `json:"length"`
		Generated int64 `json:"generated"`
	} `json:"rows"`
}

// TestKorfCheckpoint: a korf100 run cut after its first instance, with its
// next line half written (a kill -9), resumes to the same runs and totals
// as a run in one go; a checkpoint of other options is refused.
func TestKorfCheckpoint(t *testing.T) {
	which := smallestKorf(3)
	dir := t.TempDir()
	full := filepath.Join(dir, "full.ckpt")
	code, whole, stderr := runCLI(t, "tiles", "korf100", "--instances", which, "--checkpoint", full, "-j", "1", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(full)
	lines := strings.SplitAfter(string(b), "\n")
	if len(lines) != 5 || lines[4] != "" { // header, 3 instances, ""
		t.Fatalf("checkpoint of %d lines:\n%s", len(lines), b)
	}
	cut := filepath.Join(dir, "cut.ckpt")
	os.WriteFile(cut, []byte(lines[0]+lines[1]+lines[2][:len(lines[2])/2]), 0o644)
	code, resumed, stderr := runCLI(t, "tiles", "korf100", "--instances", which, "--resume", cut, "-j", "1", "--json")
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, stderr)
	}
	var a, r korfSummary
	if err := json.Unmarshal([]byte(whole), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(resumed), &r); err != nil {
		t.Fatal(err)
	}
	if r.Resumed != 1 || a.Resumed != 0 {
		t.Errorf("resumed %d and %d instances, want 1 and 0", r.Resumed, a.Resumed)
	}
	a.Resumed, r.Resumed = 0, 0
	if fmt.Sprint(a) != fmt.Sprint(r) || a.Matches != 3 || len(a.Runs) != 3 {
		t.Errorf("in one go %+v, resumed %+v", a, r)
	}
	if b, _ := os.ReadFile(cut); strings.Count(string(b), "\n") != 4 {
		t.Errorf("the resumed checkpoint:\n%s", b)
	}
	code, _, stderr = runCLI(t, "tiles", "korf100", "--instances", which, "--resume", full, "--heuristic", "lc", "-j", "1")
	if code == 0 || !strings.Contains(stderr, full+":1: a ledger of another job") {
		t.Errorf("another job's checkpoint: exit %d: %s", code, stderr)
	}
	code, _, stderr = runCLI(t, "tiles", "korf100", "--instances", which, "--checkpoint", full, "-j", "1")
	if code == 0 || !strings.Contains(stderr, "continue it with --resume") {
		t.Errorf("a new checkpoint over an old one: exit %d: %s", code, stderr)
	}
}

// TestKorfShards: three instances in two shards, merged and resumed, give
// what one run gives; merging checkpoints of different jobs is refused,
// and so is --shard without a checkpoint.
func TestKorfShards(t *testing.T) {
	which := smallestKorf(3)
	dir := t.TempDir()
	code, whole, stderr := runCLI(t, "tiles", "korf100", "--instances", which, "-j", "1", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var parts []string
	for _, s := range []string{"0/2", "1/2"} {
		name := filepath.Join(dir, strings.Replace(s, "/", "-", 1)+".ckpt")
		if code, _, stderr := runCLI(t, "tiles", "korf100", "--instances", which, "--shard", s, "--checkpoint", name, "-j", "1"); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", s, code, stderr)
		}
		parts = append(parts, name)
	}
	merged := filepath.Join(dir, "all.ckpt")
	if code, out, stderr := runCLI(t, append([]string{"merge", "--out", merged}, parts...)...); code != 0 || !strings.HasPrefix(out, "3 finished from 2 checkpoints") {
		t.Fatalf("merge: exit %d: %s%s", code, out, stderr)
	}
	code, resumed, stderr := runCLI(t, "tiles", "korf100", "--instances", which, "--resume", merged, "-j", "1", "--json")
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, stderr)
	}
	var a, r korfSummary
	json.Unmarshal([]byte(whole), &a)
	json.Unmarshal([]byte(resumed), &r)
	if r.Resumed != 3 || len(a.Runs) != 3 {
		t.Errorf("resumed %d instances of %d, want 3", r.Resumed, len(a.Runs))
	}
	a.Resumed, r.Resumed = 0, 0
	if fmt.Sprint(a) != fmt.Sprint(r) {
		t.Errorf("in one go %+v, from the shards %+v", a, r)
	}
	survey := filepath.Join(dir, "survey.ckpt")
	runCLI(t, "gaps", "survey", "--columns", "4", "--deals", "2", "--algos", "", "--checkpoint", survey)
	if code, _, stderr := runCLI(t, "merge", "--out", filepath.Join(dir, "x"), parts[0], survey); code == 0 || !strings.Contains(stderr, survey+":1: a ledger of another job") {
		t.Errorf("merging two jobs: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "tiles", "korf100", "--shard", "0/2"); code != 2 || !strings.Contains(stderr, "--shard needs --checkpoint") {
		t.Errorf("--shard alone: exit %d: %s", code, stderr)
	}
}
