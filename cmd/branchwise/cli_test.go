package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// writeFile writes content to name in dir and returns its path.
func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"no-such-command"},
		{"--no-such-flag"},
	} {
		code, _, stderr := runCLI(t, args...)
		if code != exitUsage {
			t.Errorf("branchwise %s: exit %d, want %d (stderr %q)", strings.Join(args, " "), code, exitUsage, stderr)
		}
		if !strings.HasPrefix(stderr, "branchwise: ") || strings.Count(stderr, "\n") > 2 {
			t.Errorf("branchwise %s: stderr %q, want a short 'branchwise: ...' message", strings.Join(args, " "), stderr)
		}
	}
}

func TestHelp(t *testing.T) {
	code, stdout, _ := runCLI(t, "help")
	if code != exitOK || !strings.Contains(stdout, "Usage:") {
		t.Errorf("branchwise help: exit %d, output %q", code, stdout)
	}
	for _, c := range newRootCmd(&env{}).Commands() {
		if c.Hidden || c.Name() == "help" {
			continue
		}
		code, stdout, _ := runCLI(t, "help", c.Name())
		if code != exitOK || !strings.Contains(stdout, c.Name()) {
			t.Errorf("branchwise help %s: exit %d, output %q", c.Name(), code, stdout)
		}
		if c.Short == "" || c.Long == "" {
			t.Errorf("command %s lacks a short or long description", c.Name())
		}
	}
}
