package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSurveyCheckpoint: a survey of two sizes cut after some deals, its
// next line half written (a kill -9), resumes to the same JSON as a survey
// in one go (but the seconds), and --report reads it; the checkpoint of
// another survey is refused.
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
	// --report decides nothing: the whole ledger reads as the survey in one
	// go and says that its first 6 deals of each size are finished; the
	// first 4 deals of a ledger alone are 4 deals; --report needs --resume.
	code, reported, stderr := runCLI(t, append(args, "--resume", cut, "--report")...)
	prefix := regexp.MustCompile(`,\s*"finished_prefix": 6`)
	if got := prefix.ReplaceAllString(reported, ""); code != 0 || len(prefix.FindAllString(reported, -1)) != 2 ||
		jsonTimes.ReplaceAllString(got, "$1T") != jsonTimes.ReplaceAllString(whole, "$1T") {
		t.Errorf("--report: exit %d: %s%s", code, reported, stderr)
	}
	four := filepath.Join(dir, "four.ckpt")
	os.WriteFile(four, []byte(strings.Join(lines[:5], "")), 0o644)
	code, reported, stderr = runCLI(t, "gaps", "survey", "--columns", "4..5", "--deals", "6", "--algos", "dfs-aces-first", "-j", "1", "--resume", four, "--report")
	if code != 0 || !strings.Contains(reported, "4 columns: 4 deals") || !strings.Contains(reported, "5 columns: 0 deals") {
		t.Errorf("--report of 4 deals: exit %d: %s%s", code, reported, stderr)
	}
	if code, _, stderr = runCLI(t, append(args, "--report")...); code != 2 || !strings.Contains(stderr, "--report needs --resume FILE") {
		t.Errorf("--report alone: exit %d: %s", code, stderr)
	}
	code, _, stderr = runCLI(t, "gaps", "survey", "--columns", "4..5", "--deals", "7", "--resume", full)
	if code == 0 || !strings.Contains(stderr, full+":1: a ledger of another job") {
		t.Errorf("another survey's checkpoint: exit %d: %s", code, stderr)
	}
}
