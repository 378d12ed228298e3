package main

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestMain runs the program itself when the test binary is started as
// branchwise (runAsProgram), so that a test can give it a standard input.
func TestMain(m *testing.M) {
	if os.Getenv("BRANCHWISE_RUN_AS_PROGRAM") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// runAsProgram runs branchwise args in a new process with stdin as its
// standard input.
func runAsProgram(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "BRANCHWISE_RUN_AS_PROGRAM=1")
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String(), errb.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, out.String(), errb.String()
}

// The habits of Unix programs: a mistyped subcommand is a usage error with
// a suggestion, --version and completion work.
func TestUnixHabits(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string // a substring of standard output
		stderr string // a substring of standard error
	}{
		{[]string{"tiles", "solv"}, exitUsage, "", `unknown command "solv" for "branchwise tiles"; did you mean solve?`},
		{[]string{"gaps", "merge"}, exitUsage, "", "did you mean branchwise merge?"},
		{[]string{"logic", "slove"}, exitUsage, "", "did you mean solve?"},
		{[]string{"pakc"}, exitUsage, "", "Did you mean this?\n\tpack"},
		{[]string{"tiles"}, exitOK, "Available Commands:", ""},
		{[]string{"--version"}, exitOK, "branchwise ", ""},
		{[]string{"version"}, exitOK, "(go1.", ""},
		{[]string{"completion", "bash"}, exitOK, "bash completion", ""},
		{[]string{"completion", "zsh"}, exitOK, "compdef", ""},
		{[]string{"version", "--progress", "sometimes"}, exitUsage, "", `--progress "sometimes": want auto, always or never`},
		// Without a terminal, --progress always still estimates and reports.
		{[]string{"pack", "pentomino-3x20", "--count", "--strategy", "fewest", "-j", "1", "--progress", "always"}, exitOK, "8 solutions", "nodes to search (estimated)"},
		{[]string{"pack", "pentomino-3x20", "--count", "-j", "1"}, exitOK, "8 solutions", ""},
	} {
		code, stdout, stderr := runCLI(t, tc.args...)
		if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("branchwise %s: exit %d, stdout %.200q, stderr %q; want exit %d, %q in stdout, %q in stderr",
				strings.Join(tc.args, " "), code, stdout, stderr, tc.code, tc.stdout, tc.stderr)
		}
	}
	// --version prints what version does.
	_, v1, _ := runCLI(t, "--version")
	_, v2, _ := runCLI(t, "version")
	if v1 != v2 {
		t.Errorf("--version printed %q, version %q", v1, v2)
	}
}

// "-" reads standard input in every command that reads a file.
func TestStdinDash(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no /dev/stdin")
	}
	board, err := os.ReadFile("testdata/eight.txt")
	if err != nil {
		t.Fatal(err)
	}
	_, fromFile, _ := runCLI(t, "tiles", "solve", "testdata/eight.txt")
	logic, err := os.ReadFile("../../puzzles/logicgrid/testdata/einstein.txt")
	if err != nil {
		t.Fatal(err)
	}
	matrix, err := os.ReadFile("testdata/five.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"grid: square\n" + strings.Repeat(strings.Repeat(".", 20)+"\n", 3), []string{"pack", "-", "--count", "-j", "1"}, "8 solutions, 2 unique"},
		{"grid: square\n" + strings.Repeat(strings.Repeat(".", 20)+"\n", 3), []string{"estimate", "-", "--method", "exact", "-j", "1"}, "8"},
		{string(board), []string{"tiles", "solve", "-"}, strings.SplitN(fromFile, "\n", 2)[0]},
		{string(logic), []string{"logic", "solve", "-"}, "unique"},
		{string(matrix), []string{"bf", "matrix", "-", "--depth", "4"}, "depth"},
		{"6 columns\n", []string{"gaps", "solve", "-"}, ""},
	} {
		code, stdout, stderr := runAsProgram(t, tc.stdin, tc.args...)
		if tc.args[0] == "gaps" {
			// A malformed deal from standard input is named as such.
			if code != exitFailure || !strings.Contains(stderr, "/dev/stdin") {
				t.Errorf("branchwise %s: exit %d, stderr %q; want exit 1 naming /dev/stdin", strings.Join(tc.args, " "), code, stderr)
			}
			continue
		}
		if code != exitOK || !strings.Contains(stdout, tc.want) {
			t.Errorf("branchwise %s < input: exit %d, stdout %q, stderr %q; want %q", strings.Join(tc.args, " "), code, stdout, stderr, tc.want)
		}
	}
}

// The lines of tiles random, pasted after "tiles solve" (the shell drops
// the comment), or piped to it, are the instances.
func TestTilesRandomPastes(t *testing.T) {
	_, out, _ := runCLI(t, "tiles", "random", "--size", "3x3", "--count", "2", "--seed", "5")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("tiles random printed %q", out)
	}
	for _, line := range lines {
		tilesText, _, _ := strings.Cut(line, "#")
		code, stdout, stderr := runCLI(t, append([]string{"tiles", "solve"}, strings.Fields(tilesText)...)...)
		if code != exitOK || !strings.Contains(stdout, "solved") {
			t.Errorf("tiles solve %s: exit %d, %q %q", tilesText, code, stdout, stderr)
		}
	}
	if runtime.GOOS != "windows" {
		code, stdout, stderr := runAsProgram(t, out, "tiles", "solve", "-")
		if code != exitOK || strings.Count(stdout, "solved") != 2 {
			t.Errorf("tiles random | tiles solve -: exit %d, %q %q", code, stdout, stderr)
		}
	}
}
