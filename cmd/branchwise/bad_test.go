package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The bad-input suite (issue 19), in the manner of BurntSushi/toml's
// invalid-input tests: testdata/bad/COMMAND/CASE.case is one bad input
// and what branchwise must say about it. A case file is
//
//	# args: logic solve {in} --max-time 2s
//	# exit: 1
//	# want: {in}:3:9: unknown value "X"
//	# stdout: search stopped \(max-mem\)
//	# repeat: - 900000
//	---
//	the input, byte for byte (CR, BOM and all)
//
// {in} in args is the input written to a file CASE.txt in a temporary
// directory ({dir} is that directory); in want, a regular expression
// matched against the first line of standard error, {in} is that file's
// name quoted. "repeat: S N" replaces {repeat} in the input by N copies of
// S, for inputs too large to check in.
type badCase struct {
	args   []string
	exit   int
	want   string
	stdout string // a regular expression standard output must match, if any
	input  []byte
}

// badCaseTimeout bounds one case: every bad input must be refused, or
// stopped by the limits its arguments give, quickly.
const badCaseTimeout = 30 * time.Second

func readBadCase(t *testing.T, path string) badCase {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	head, input, ok := bytes.Cut(data, []byte("---\n"))
	if !ok {
		t.Fatalf("%s: no --- line", path)
	}
	var c badCase
	c.input = input
	c.exit = -1
	for _, line := range strings.Split(string(head), "\n") {
		k, v, ok := strings.Cut(strings.TrimPrefix(line, "# "), ": ")
		if !ok {
			continue
		}
		switch k {
		case "args":
			c.args = strings.Fields(v)
		case "exit":
			if c.exit, err = strconv.Atoi(v); err != nil {
				c.exit = -2 // to be recorded
			}
		case "want":
			c.want = v
		case "stdout":
			c.stdout = v
		case "repeat":
			i := strings.LastIndexByte(v, ' ')
			n, _ := strconv.Atoi(v[i+1:])
			c.input = bytes.ReplaceAll(c.input, []byte("{repeat}"), bytes.Repeat([]byte(v[:i]), n))
		}
	}
	if c.exit == -2 && *recordBad {
		return c
	}
	if len(c.args) == 0 || c.exit < 0 || c.want == "" {
		t.Fatalf("%s: want args, exit and want lines", path)
	}
	return c
}

// recordBad fills in the exit status and message of new cases (those with
// "exit: EXIT") from what branchwise does now: review them before
// committing.
var recordBad = flag.Bool("record-bad", false, "record the outcome of new bad-input cases")

func recordBadCase(t *testing.T, path, in, dir string, code int, first string) {
	data, _ := os.ReadFile(path)
	want := regexp.QuoteMeta(first)
	want = strings.ReplaceAll(want, regexp.QuoteMeta(in), "{in}")
	want = strings.ReplaceAll(want, regexp.QuoteMeta(dir), "{dir}")
	if len(want) > 160 {
		want = want[:160]
	}
	data = bytes.Replace(data, []byte("# exit: EXIT\n"), []byte(fmt.Sprintf("# exit: %d\n", code)), 1)
	data = bytes.Replace(data, []byte("# want: WANT\n"), []byte("# want: ^"+want+"\n"), 1)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestBadInputs(t *testing.T) {
	cmds, err := os.ReadDir("testdata/bad")
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range cmds {
		cases, _ := filepath.Glob(filepath.Join("testdata/bad", cmd.Name(), "*.case"))
		if len(cases) < 15 {
			t.Errorf("%s: %d bad inputs, want at least 15", cmd.Name(), len(cases))
		}
		for _, path := range cases {
			name := strings.TrimSuffix(filepath.Base(path), ".case")
			t.Run(cmd.Name()+"/"+name, func(t *testing.T) {
				c := readBadCase(t, path)
				dir := t.TempDir()
				in := filepath.Join(dir, name+".txt")
				if err := os.WriteFile(in, c.input, 0o644); err != nil {
					t.Fatal(err)
				}
				args := make([]string, len(c.args))
				for i, a := range c.args {
					a = strings.ReplaceAll(a, "{in}", in)
					args[i] = strings.ReplaceAll(a, "{dir}", dir)
				}
				var stdout, stderr bytes.Buffer
				done := make(chan int, 1)
				go func() { done <- run(args, &stdout, &stderr) }()
				var code int
				select {
				case code = <-done:
				case <-time.After(badCaseTimeout):
					t.Fatalf("branchwise %v: still running after %v", c.args, badCaseTimeout)
				}
				first, _, _ := strings.Cut(stderr.String(), "\n")
				want := strings.ReplaceAll(c.want, "{in}", regexp.QuoteMeta(in))
				want = strings.ReplaceAll(want, "{dir}", regexp.QuoteMeta(dir))
				if *recordBad && c.exit == -2 {
					recordBadCase(t, path, in, dir, code, first)
					return
				}
				if code != c.exit || !regexp.MustCompile(want).MatchString(first) {
					t.Errorf("branchwise %v: exit %d, stderr %.300q; want exit %d and %q", c.args, code, first, c.exit, c.want)
				}
				if c.stdout != "" && !regexp.MustCompile(c.stdout).MatchString(stdout.String()) {
					t.Errorf("branchwise %v: stdout %.300q, want %q", c.args, stdout.String(), c.stdout)
				}
				if strings.Contains(stderr.String(), "panic") || strings.Contains(stderr.String(), "goroutine ") {
					t.Errorf("branchwise %v: a panic: %s", c.args, stderr.String())
				}
			})
		}
	}
}
