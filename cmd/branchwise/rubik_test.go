package main

import (
	"strings"
	"testing"
)

func TestRubikSolveBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"rubik", "solve", "R X"}, "scramble: offset 2: 'X' is not a face"},
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
