package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestDLXRoundTrip: a packing written in DLX format and solved by the dlx
// command has the packing's count; bad files get file:line errors.
func TestDLXRoundTrip(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "3x20.dlx")
	if code, _, stderr := runCLI(t, "pack", "pentomino-3x20", "--dlx", file); code != exitOK {
		t.Fatalf("pack --dlx: exit %d %s", code, stderr)
	}
	code, stdout, stderr := runCLI(t, "dlx", file, "--count", "-j", "2")
	if code != exitOK || !strings.Contains(stdout, "3x20.dlx: 8 solutions") {
		t.Errorf("dlx --count: exit %d %s %s", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, "dlx", file)
	if lines := strings.Split(strings.TrimSpace(stdout), "\n"); code != exitOK || len(lines) != 14 {
		t.Errorf("dlx first solution: exit %d, %d lines: %s", code, len(lines), stdout)
	}
	for _, tc := range []struct{ text, want string }{
		{"a b | c\na b\nb x\n", "bad.dlx:3: "},
		{"| only a comment\n", "bad.dlx: no item line"},
		{"a a\n", "bad.dlx:1: "},
		{"a | b | c\n", "bad.dlx:1: two '|'"},
	} {
		bad := writeFile(t, dir, "bad.dlx", tc.text)
		code, _, stderr := runCLI(t, "dlx", bad)
		if code != exitFailure || !strings.Contains(stderr, tc.want) {
			t.Errorf("dlx %q: exit %d %q, want %q", tc.text, code, stderr, tc.want)
		}
	}
}
