package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzRun runs the whole CLI on inputs seeded from every reader's fuzz
// corpus and the bad-input suite (issue 19): whatever the input, run
// returns an exit status (0, 1 or 2) without a panic. Each input is given
// to every command that reads a file, bounded by --max-time.
func FuzzRun(f *testing.F) {
	for _, dir := range []string{
		"../../xcover/testdata/fuzz", "../../puzzles/logicgrid/testdata/fuzz", "../../puzzles/gaps/testdata",
		"../../puzzles/tiles/testdata/fuzz", "../../puzzles/polyform/testdata/fuzz", "../../branching/testdata",
	} {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil || len(data) > 1<<16 {
				return nil
			}
			if s := string(data); strings.HasPrefix(s, "go test fuzz v1\n") {
				// string("...") lines of the fuzz corpus format
				for _, line := range strings.Split(s, "\n")[1:] {
					if v, ok := strings.CutPrefix(line, "string("); ok {
						f.Add([]byte(strings.TrimSuffix(v, ")")))
					}
				}
				return nil
			}
			f.Add(data)
			return nil
		})
	}
	// The inputs of the bad-input suite, those small enough.
	cases, _ := filepath.Glob("testdata/bad/*/*.case")
	for _, path := range cases {
		data, err := os.ReadFile(path)
		if _, input, ok := strings.Cut(string(data), "---\n"); err == nil && ok && !strings.Contains(input, "{repeat}") {
			f.Add([]byte(input))
		}
	}
	f.Add([]byte("name: A B\nage: 1 2 (numeric)\nA.age = -(-(-1))\n"))
	f.Add([]byte("a b | c\na c:x\nb c:\n"))
	dir := f.TempDir()
	in := filepath.Join(dir, "in.txt")
	// fuzzMaxTime bounds each search: the bad-input suite's puzzles that
	// run out of time (twelve-operands-time) reach it, twice each, and a
	// crash shows long before it.
	const fuzzMaxTime = "250ms"
	commands := [][]string{
		{"dlx", in, "--max-time", fuzzMaxTime},
		{"pack", in, "--max-time", fuzzMaxTime, "--count"},
		{"logic", "solve", in, "--max-time", fuzzMaxTime},
		{"logic", "bf", in, "--max-time", fuzzMaxTime},
		{"logic", "import", in, "--check", "--max-time", fuzzMaxTime},
		{"gaps", "solve", in, "--max-time", fuzzMaxTime},
		{"tiles", "solve", in, "--max-time", fuzzMaxTime},
		{"bf", "matrix", in},
		{"estimate", in, "--samples", "10"},
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(in, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range commands {
			if code := run(args, io.Discard, io.Discard); code != exitOK && code != exitFailure && code != exitUsage {
				t.Errorf("branchwise %v on %q: exit status %d", args, data, code)
			}
		}
	})
}
