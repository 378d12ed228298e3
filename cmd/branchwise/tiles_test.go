package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTilesSolveJSON(t *testing.T) {
	code, stdout, stderr := runCLI(t, "tiles", "solve", "--json", "korf:12")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Length    int     `json:"length"`
		Moves     string  `json:"moves"`
		Generated int64   `json:"generated"`
		Expanded  int64   `json:"expanded"`
		Seconds   float64 `json:"seconds"`
		Status    string  `json:"status"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, stdout)
	}
	if got.Status != "solved" || got.Length != 45 || len(got.Moves) != 45 || got.Generated != 546343 || got.Expanded == 0 {
		t.Errorf("korf:12 = %+v; want solved, length 45, 546343 generated", got)
	}
}

func TestTilesSolveText(t *testing.T) {
	// Separate arguments, a non-square board, and every algorithm on it.
	for _, algo := range []string{"ida", "astar", "wastar", "dfid", "bfs", "greedy", "bestfirst", "priority"} {
		code, stdout, stderr := runCLI(t, "tiles", "solve", "--algo", algo, "--size", "2x3", "1", "2", "5", "3", "4", "0")
		if code != exitOK || !strings.Contains(stdout, "status     solved") {
			t.Errorf("--algo %s: exit %d\n%s%s", algo, code, stdout, stderr)
		}
	}
	code, stdout, _ := runCLI(t, "tiles", "solve", "--heuristic", "lc", "--algo", "astar", "8 7 6 5 4 3 2 1 0")
	if code != exitOK || !strings.Contains(stdout, "length     28") {
		t.Errorf("8-puzzle with linear conflicts: exit %d\n%s", code, stdout)
	}
}

func TestTilesBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("0 1 2 3 4 5 6 7 8\n1 2 3 4 5 6 7 8 8\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"1 2 3 4 5 6 7 0"}, exitFailure, "8 tiles do not make a square board"},
		{[]string{"1 2 3 4 5 6 7 8 8"}, exitFailure, "tile 8 appears twice"},
		{[]string{"1 2 3 4 5 6 7 8 9"}, exitFailure, "tile 9 out of range"},
		{[]string{"1 2 x 4"}, exitFailure, `"x" is not a number`},
		{[]string{"0 2 1 3 4 5 6 7 8"}, exitFailure, "unsolvable"},
		{[]string{"--algo", "nope", "korf:1"}, exitUsage, `unknown search algorithm "nope"`},
		{[]string{"--heuristic", "pdb", "korf:1"}, exitUsage, `unknown heuristic "pdb"`},
		{[]string{bad}, exitFailure, bad + ":2: tiles: tile 8 appears twice"},
		{[]string{"korf:101"}, exitUsage, "korf:N with N from 1 to 100"},
		{[]string{"no-such-file"}, exitFailure, "no such file"},
		{[]string{"--size", "1x9", "0 1 2 3 4 5 6 7 8"}, exitUsage, "--size"},
	} {
		code, _, stderr := runCLI(t, append([]string{"tiles", "solve"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "panic") {
			t.Errorf("tiles solve %q: exit %d, stderr %q; want exit %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}

func TestTilesKorfSubset(t *testing.T) {
	code, stdout, stderr := runCLI(t, "tiles", "korf100", "--instances", "12,55,79", "-j", "2", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Solved    int   `json:"solved"`
		Matches   int   `json:"matches_published"`
		SumLength int   `json:"sum_length"`
		Generated int64 `json:"generated"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Solved != 3 || got.Matches != 3 || got.SumLength != 45+41+42 || got.Generated != 546343+927211+540859 {
		t.Errorf("korf100 12,55,79: %+v", got)
	}
	code, _, stderr = runCLI(t, "tiles", "korf100", "--instances", "0-3")
	if code != exitUsage || !strings.Contains(stderr, "--instances") {
		t.Errorf("--instances 0-3: exit %d, %q", code, stderr)
	}
}

// TestTilesWeighted runs weighted A* under a memory limit on two instances.
func TestTilesWeighted(t *testing.T) {
	code, stdout, stderr := runCLI(t, "tiles", "korf100", "--instances", "12,79", "--algo", "wastar", "--weight", "3", "--max-mem", "200MB", "-j", "1")
	if code != exitOK || !strings.Contains(stdout, "solved          2 of 2") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}

func TestTilesRandomReproducible(t *testing.T) {
	_, a, _ := runCLI(t, "tiles", "random", "--size", "3x4", "--count", "5", "--seed", "9")
	_, b, _ := runCLI(t, "tiles", "random", "--size", "3x4", "--count", "5", "--seed", "9")
	_, c, _ := runCLI(t, "tiles", "random", "--size", "3x4", "--count", "5", "--seed", "10")
	if a != b || a == c || strings.Count(a, "\n") != 5 {
		t.Errorf("seed 9 twice:\n%s%s\nseed 10:\n%s", a, b, c)
	}
	f := filepath.Join(t.TempDir(), "r.txt")
	os.WriteFile(f, []byte(a), 0o644)
	code, stdout, stderr := runCLI(t, "tiles", "solve", "--size", "3x4", "--json", f)
	if code != exitOK || strings.Count(stdout, `"status": "solved"`) != 5 {
		t.Errorf("solving the random instances: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestTilesStoresAgree: the hash set and the Patricia trie give identical
// searches (same path, same counts) with every graph search.
func TestTilesStoresAgree(t *testing.T) {
	for _, algo := range []string{"astar", "wastar", "bfs", "greedy", "priority"} {
		var outs [2]map[string]any
		for i, store := range []string{"hash", "trie"} {
			code, stdout, stderr := runCLI(t, "tiles", "solve", "--json", "--algo", algo, "--dedup", store, "--size", "3x3", "8 6 7 2 5 4 3 0 1")
			if code != exitOK {
				t.Fatalf("%s/%s: exit %d %s", algo, store, code, stderr)
			}
			json.Unmarshal([]byte(stdout), &outs[i])
			delete(outs[i], "seconds")
		}
		a, _ := json.Marshal(outs[0])
		b, _ := json.Marshal(outs[1])
		if string(a) != string(b) {
			t.Errorf("%s: hash %s\ntrie %s", algo, a, b)
		}
	}
}

// TestTableBuildTimeLimit: --max-time that runs out while a pattern
// database is built stops the run as every limit does, exit 0, saying so
// (with --json, one object); it exited 1 with "context deadline exceeded"
// (issue 36).
func TestTableBuildTimeLimit(t *testing.T) {
	for _, args := range [][]string{
		{"tiles", "solve", "--heuristic", "pdb78", "--no-cache", "korf:1", "--max-time", "1ns"},
		{"rubik", "solve", "--edges", "7", "--no-cache", "--random", "14", "--max-time", "1ns", "--json"},
	} {
		code, stdout, stderr := runCLI(t, args...)
		json := args[len(args)-1] == "--json"
		if code != exitOK || !strings.Contains(stderr, "stopped by the time limit (--max-time 1ns) before a result") ||
			json && !strings.Contains(stdout, `"stopped_by": "time limit"`) || !json && stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
}

// TestKorf24Project: --project reads a --json report and prints its stopped
// instances' projections without running; a missing file is an error.
func TestKorf24Project(t *testing.T) {
	code, stdout, stderr := runCLI(t, "tiles", "korf24", "--project", "../../puzzles/tiles/testdata/korf24-2-stopped.json")
	if code != exitOK || !strings.Contains(stdout, "2       96          86  21,957,017    8.66  8.26  9.13  1.06e+12     1.23e+11   1.02e+11    1.37e+12") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if code, _, stderr := runCLI(t, "tiles", "korf24", "--project", "no-such.json"); code == exitOK || !strings.Contains(stderr, "no-such.json") {
		t.Errorf("a missing report: exit %d, stderr %q", code, stderr)
	}
}
