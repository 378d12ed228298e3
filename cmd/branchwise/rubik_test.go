package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/puzzles/rubik"
)

func TestRubikSolveBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"rubik", "solve", "R X"}, "rubik: offset 2: 'X' is not a face (want one of U R F D L B) (in the scramble)"},
		{[]string{"rubik", "solve"}, "give a scramble or --random N"},
		{[]string{"rubik", "solve", "--edges", "9", "R"}, "--edges 9"},
		{[]string{"rubik", "solve", "--random-state", "R"}, "one of them"},
		{[]string{"rubik", "solve", "--random-state", "--random", "3"}, "one of them"},
		{[]string{"rubik", "solve", "--conjugates", "4", "R"}, "--conjugates 4"},
		{[]string{"tiles", "solve", "--heuristic", "pdb99", "korf:1"}, "unknown heuristic"},
	} {
		code, _, stderr := runCLI(t, tc.args...)
		if code == 0 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want an error with %q", tc.args, code, stderr, tc.want)
		}
	}
}

func TestRubikBuildOverBudget(t *testing.T) {
	code, _, stderr := runCLI(t, "rubik", "solve", "--no-cache", "--max-mem", "10MB", "R U")
	if code == 0 || !strings.Contains(stderr, "memory budget") {
		t.Errorf("exit %d, stderr %q; want the memory budget refused", code, stderr)
	}
	// A random state (no scramble argument) gets as far as the tables.
	code, _, stderr = runCLI(t, "rubik", "solve", "--no-cache", "--max-mem", "10MB", "--random-state", "--seed", "3")
	if code == 0 || !strings.Contains(stderr, "memory budget") {
		t.Errorf("--random-state: exit %d, stderr %q; want the memory budget refused", code, stderr)
	}
}

func TestRubikBatchAndStates(t *testing.T) {
	dir := t.TempDir()
	bad := dir + "/bad.txt"
	if err := os.WriteFile(bad, []byte("# two cubes\nUF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR\nUF UR\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "rubik", "solve", "--batch", bad)
	if code == 0 || !strings.Contains(stderr, "bad.txt:3: rubik: singmaster: 2 slots") {
		t.Errorf("--batch: exit %d, stderr %q; want the file and line named", code, stderr)
	}
	code, _, stderr = runCLI(t, "rubik", "solve", "--coset", "3", "R")
	if code == 0 || !strings.Contains(stderr, "--coset 3") {
		t.Errorf("--coset 3: exit %d, stderr %q", code, stderr)
	}
	code, stdout, _ := runCLI(t, "rubik", "states", "2", "--seed", "1")
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if code != 0 || len(lines) != 2 {
		t.Fatalf("states: exit %d, %q", code, stdout)
	}
	for i, l := range lines {
		c, err := rubik.ParseSingmaster(l)
		if err != nil || c != rubik.RandomState(uint64(1+i)) {
			t.Errorf("states line %d: %q is not random state %d (%v)", i+1, l, 1+i, err)
		}
	}
}

// TestRubikSolveStopped: a solve its --max-nodes stopped says "stopped"
// and exits 0, in text and in JSON (snake_case keys, as every command's);
// Ctrl-C exits 130 with one JSON object (issue 36, D11, D18). It searches
// with the small coset table alone (--coset 1 --edges 0: no corner table),
// which takes about a third of the corner table's CPU time to build (10 s
// against 32 s); still not in -short.
func TestRubikSolveStopped(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the coset table")
	}
	args := []string{"rubik", "solve", "--cache-dir", t.TempDir(), "--coset", "1", "--edges", "0", "--random", "14", "--seed", "3"}
	// The node limit stops the fourth iteration (bound 13; bounds 10 to 12
	// generate 48, 789 and 9,180 nodes, bound 13 104,544), so that the
	// report has finished iterations whatever the workers' share of the
	// limit's slack: at 1,000 the first iteration of the corner tables'
	// search was finished on one worker and stopped on two, as the limit is
	// checked within workers x 4,096 nodes.
	code, stdout, stderr := runCLI(t, append(args, "--max-nodes", "100000")...)
	if code != 0 || !strings.Contains(stdout, "\nstopped: search: node limit reached\n") || strings.Contains(stderr, "interrupted") {
		t.Errorf("--max-nodes: exit %d, stdout %q, stderr %q; want stopped, exit 0", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI(t, append(args, "--max-nodes", "100000", "--json")...)
	var rep struct {
		Status     string
		Iterations []map[string]any
	}
	if err := json.Unmarshal([]byte(stdout), &rep); code != 0 || err != nil || rep.Status != "stopped" || len(rep.Iterations) == 0 {
		t.Fatalf("--max-nodes --json: exit %d, %v, stdout %q, stderr %q", code, err, stdout, stderr)
	}
	for _, k := range []string{"bound", "generated", "expanded"} {
		if _, ok := rep.Iterations[0][k]; !ok {
			t.Errorf("iteration keys %v: no %q", rep.Iterations[0], k)
		}
	}
	// Ctrl-C in a 20-move search (hours with these tables), after the
	// tables are read from the cache.
	cmd := exec.Command(os.Args[0], append(args[:len(args)-4], "--random", "20", "--json")...)
	cmd.Env = append(os.Environ(), "BRANCHWISE_RUN_AS_PROGRAM=1")
	var out strings.Builder
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3 * time.Second)
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var ee *exec.ExitError
	dec := json.NewDecoder(strings.NewReader(out.String()))
	rep.Status = ""
	if !errors.As(err, &ee) || ee.ExitCode() != 130 || dec.Decode(&rep) != nil || dec.More() || rep.Status != "stopped" {
		t.Errorf("Ctrl-C --json: %v, status %q, stdout %q; want exit 130 and one JSON object", err, rep.Status, out.String())
	}
}
