package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestEstimateJSON: the JSON report has nodes and solutions as intervals
// around their estimates, unique = solutions / symmetries, and equal seeds
// give equal numbers whatever -j.
func TestEstimateJSON(t *testing.T) {
	type iv struct{ Estimate, Low, High float64 }
	var reps []struct {
		Nodes, Solutions, Unique iv
		Symmetries               int
	}
	for _, j := range []string{"1", "2"} {
		code, stdout, stderr := runCLI(t, "estimate", "pentomino-3x20", "--samples", "50", "--seed", "3", "-j", j, "--json")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var rep struct {
			Nodes, Solutions, Unique iv
			Symmetries               int
		}
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatal(err)
		}
		reps = append(reps, rep)
		if rep.Symmetries != 4 || rep.Nodes.Low > rep.Nodes.Estimate || rep.Nodes.Estimate > rep.Nodes.High ||
			rep.Solutions.Low > rep.Solutions.Estimate || rep.Unique.Estimate != rep.Solutions.Estimate/4 {
			t.Errorf("-j %s: %+v", j, rep)
		}
	}
	if reps[0] != reps[1] {
		t.Errorf("-j changes the estimate: %+v vs %+v", reps[0], reps[1])
	}
}

// TestEstimateExactTable: Korekawa et al.'s Table b to depth 2 on PP-24's tree:
// 1, 85, 1339 nodes; the count stops at depth 2, so that depth has no
// branching factor ("-", not 0).
func TestEstimateExactTable(t *testing.T) {
	code, stdout, stderr := runCLI(t, "estimate", "heptiamond-pp24", "--method", "exact", "--exact-depth", "2", "--cells-only", "--dead-regions")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"    1                   85  exact     15.75294", "    2                1,339  exact            -\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("missing %q in\n%s", want, stdout)
		}
	}
}

func TestEstimateErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--method", "paper", "--cut-p", "1"}, "cut probability 1 outside [0, 1)"},
		{[]string{"--method", "paper", "--cut-p", "-0.5"}, "outside [0, 1)"},
		{[]string{"--method", "paper", "--cut-depths", "9..3"}, "empty cut depth range 9..3"},
		{[]string{"--method", "paper", "--cut-depths", "3-9"}, "want FROM..TO"},
		{[]string{"--samples", "0"}, "--samples must be at least 1"},
		{[]string{"--method", "guess"}, `unknown method "guess"`},
		{[]string{"--method", "frontier", "--time", "1s"}, "--time is for --method knuth"},
		{[]string{"--subtree", "1,x"}, "--subtree \"1,x\": want child numbers"},
		{[]string{"--subtree", "1,0", "--compare", "first-empty"}, "--compare with --subtree"},
		{[]string{"--target", "0"}, "outside (0%, 100%)"},
		{[]string{"--target", "0%"}, "outside (0%, 100%)"},
		{[]string{"--target", "150%"}, "target half-width 150% outside (0%, 100%)"},
		{[]string{"--target", "-5%"}, "outside (0%, 100%)"},
		{[]string{"--target", "ten"}, "want a relative half-width"},
		{[]string{"--target", "10%", "--method", "paper"}, "no confidence interval"},
		{[]string{"--target", "10%", "--method", "exact"}, "no confidence interval"},
		{[]string{"--target", "10%", "--method", "knuth", "--time", "1s"}, "give --max-time"},
		{[]string{"--max-time", "1s"}, "--max-time is for --target"},
		{[]string{"--method", "purdom", "--width", "0"}, "--width must be at least 1"},
	} {
		code, _, stderr := runCLI(t, append([]string{"estimate", "pentomino-6x10"}, tc.args...)...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("estimate %v: exit %d %q; want %d and %q", tc.args, code, stderr, exitUsage, tc.want)
		}
	}
}

// TestEstimateTarget: a target on a small tree is met, or the count is
// found cheaper and made; either way the report says which.
func TestEstimateTarget(t *testing.T) {
	code, stdout, stderr := runCLI(t, "estimate", "pentomino-3x20", "--method", "purdom", "--samples", "30", "--target", "50%", "--max-time", "20s", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Stop      string
		Solutions struct {
			Estimate float64
			Kind     string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	switch {
	case rep.Stop == "exhaustive" && (rep.Solutions.Estimate != 8 || rep.Solutions.Kind != "exact"):
		t.Errorf("counted %+v, want 8 solutions exactly", rep)
	case rep.Stop != "exhaustive" && rep.Stop != "target" && rep.Stop != "time":
		t.Errorf("stop %q", rep.Stop)
	}
}

// TestEstimateTargetNoRound: a --max-time too short for one round is an
// error that says so, not an estimate of nothing.
func TestEstimateTargetNoRound(t *testing.T) {
	code, _, stderr := runCLI(t, "estimate", "pentomino-8x8", "--method", "knuth", "--samples", "100000000", "--target", "5%", "--max-time", "1ms")
	if code == exitOK || !strings.Contains(stderr, "ran out before the first round") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestEstimateSubtree: the exact count of a subtree, and an estimate of it
// whose interval holds it.
func TestEstimateSubtree(t *testing.T) {
	type iv struct{ Estimate, Low, High float64 }
	var exact, est struct{ Nodes, Solutions iv }
	for _, args := range [][]string{{"--method", "exact", "--exact-depth", "20"}, {"--samples", "200", "--exact-depth", "1"}} {
		code, stdout, stderr := runCLI(t, append([]string{"estimate", "pentomino-6x10", "--subtree", "1,0", "--json"}, args...)...)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		rep := &est
		if args[1] == "exact" {
			rep = &exact
		}
		if err := json.Unmarshal([]byte(stdout), rep); err != nil {
			t.Fatal(err)
		}
	}
	if exact.Nodes.Estimate != 40326 || exact.Solutions.Estimate != 96 {
		t.Errorf("subtree 1,0: %+v, want 40326 nodes and 96 solutions", exact)
	}
	if est.Nodes.Low > 40326 || est.Nodes.High < 40326 {
		t.Errorf("subtree 1,0 estimated %+v", est.Nodes)
	}
}

// TestEstimateCompare: --compare estimates under a second rule and says
// whether the solution counts agree; the default method is auto, which
// names its choice, and every depth but the last has a branching factor.
func TestEstimateCompare(t *testing.T) {
	code, stdout, stderr := runCLI(t, "estimate", "pentomino-3x20", "--work", "3000", "--compare", "first-empty", "-j", "1")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"pentomino-3x20: auto: ", "--strategy first-empty, seed 2:", "solutions under the two rules: "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("missing %q in\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "bf samples") {
		t.Errorf("the spread columns of the paper's method in an auto report:\n%s", stdout)
	}
}

// TestMaxMemHeap: --max-mem of pack --count and estimate, which they did
// not have (issue 36), stops them with their partial results and names
// the memory limit, exit 0 (the test process's heap is well over 1 MB).
func TestMaxMemHeap(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"pack", "heptiamond-pp24", "--count", "-j", "1", "--max-mem", "1MB"}, "stopped by the memory limit after "},
		{[]string{"estimate", "heptiamond-pp24", "--method", "frontier", "--exact-depth", "5", "-j", "1", "--max-mem", "1MB"}, "stopped by the memory limit: the statistics of the "},
	} {
		code, stdout, stderr := runCLI(t, tc.args...)
		if code != exitOK || !strings.Contains(stdout, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tc.args, code, stdout, stderr)
		}
	}
}
