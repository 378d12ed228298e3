package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSurveyCheckpoint: a survey of two sizes cut after some deals, its
// next line half written (a kill -9), resumes to the same JSON as a survey
// in one go (but the seconds); the checkpoint of another survey is refused.
func TestSurveyCheckpoint(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full.ckpt")
	args := []string{"gaps", "survey", "--columns", "4..5", "--deals", "6", "--algos", "dfs-aces-first", "-j", "1", "--json"}
	code, whole, stderr := runCLI(t, append(args, "--checkpoint", full)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(full)
	lines := strings.SplitAfter(string(b), "\n")
	if len(lines) != 14 { // header, 12 deals, ""
		t.Fatalf("checkpoint of %d lines:\n%s", len(lines), b)
	}
	cut := filepath.Join(dir, "cut.ckpt")
	os.WriteFile(cut, []byte(strings.Join(lines[:8], "")+lines[8][:len(lines[8])/3]), 0o644)
	code, resumed, stderr := runCLI(t, append(args, "--resume", cut)...)
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, stderr)
	}
	if a, r := jsonTimes.ReplaceAllString(whole, "$1T"), jsonTimes.ReplaceAllString(resumed, "$1T"); a != r {
		t.Errorf("in one go:\n%s\nresumed:\n%s", a, r)
	}
	if b, _ := os.ReadFile(cut); strings.Count(string(b), "\n") != 13 {
		t.Errorf("the resumed checkpoint has %d lines, want 13:\n%s", strings.Count(string(b), "\n"), b)
	}
	code, _, stderr = runCLI(t, "gaps", "survey", "--columns", "4..5", "--deals", "7", "--resume", full)
	if code == 0 || !strings.Contains(stderr, full+":1: a ledger of another job") {
		t.Errorf("another survey's checkpoint: exit %d: %s", code, stderr)
	}
}
