package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPackCount(t *testing.T) {
	code, stdout, stderr := runCLI(t, "pack", "pentomino-8x8", "--count", "--json")
	if code != exitOK {
		t.Fatalf("exit %d %s", code, stderr)
	}
	var rep struct {
		Solutions int64 `json:"solutions"`
		Unique    int64 `json:"unique"`
		Strategy  string
		Auto      *struct {
			Chosen struct{ Strategy string }
		}
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || rep.Solutions != 520 || rep.Unique != 65 {
		t.Errorf("8x8: %+v %v; want 520 and 65", rep, err)
	}
	// The default is strategy auto, and the report says what it chose.
	if rep.Auto == nil || !strings.HasPrefix(rep.Strategy, rep.Auto.Chosen.Strategy) {
		t.Errorf("8x8: strategy %q, auto %+v: the choice is not reported", rep.Strategy, rep.Auto)
	}
	// The three strategies count the same solutions on a small board (the
	// classic boards take fixed and sorted orders minutes: Igarashi et al.'s point).
	board := filepath.Join(t.TempDir(), "4x5.txt")
	os.WriteFile(board, []byte(strings.Repeat(".....\n", 4)), 0o644)
	for _, s := range []string{"fewest", "fixed", "sorted"} {
		code, stdout, _ := runCLI(t, "pack", board, "--pieces", "LNPU", "--count", "--strategy", s)
		if code != exitOK || !strings.Contains(stdout, "8 solutions, 2 unique") {
			t.Errorf("4x5 LNPU --strategy %s: %s", s, stdout)
		}
	}
}

func TestPackFirstAndSVG(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "s.svg")
	code, stdout, stderr := runCLI(t, "pack", "pentomino-6x10", "--svg", svg)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if code != exitOK || len(lines) != 6 || len(lines[0]) != 10 {
		t.Fatalf("exit %d, output %q %s", code, stdout, stderr)
	}
	letters := map[rune]int{}
	for _, l := range lines {
		for _, r := range l {
			letters[r]++
		}
	}
	if len(letters) != 12 {
		t.Errorf("the solution uses %d pieces", len(letters))
	}
	for r, n := range letters {
		if n != 5 {
			t.Errorf("piece %c covers %d cells", r, n)
		}
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.Contains(string(b), "<svg") {
		t.Errorf("no picture: %v", err)
	}
}

func TestPackBoardFileAndErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string { return writeFile(t, dir, name, s) }
	// A 5x6 rectangle with the six pentominoes L N P U V Y: known to have solutions.
	ok := write("rect.txt", strings.Repeat("......\n", 5))
	code, stdout, stderr := runCLI(t, "pack", ok, "--pieces", "LNPUVY", "--count")
	if code != exitOK || !strings.Contains(stdout, "solutions") {
		t.Errorf("5x6 LNPUVY: exit %d %s %s", code, stdout, stderr)
	}
	bad := write("bad.txt", "....\n..x.\n")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{bad}, exitFailure, bad + ":2:3: unknown character 'x'"},
		{[]string{write("empty.txt", "\n  \n")}, exitFailure, "the board has no cells"},
		{[]string{ok, "--pieces", "LNQ"}, exitFailure, `unknown piece "Q"`},
		{[]string{ok, "--pieces", "LNP"}, exitFailure, "no packing can fill it"},
		{[]string{"no-such-puzzle"}, exitFailure, "not a built-in puzzle"},
		{[]string{"pentomino-3x20", "--count", "--all"}, exitUsage, "exclude each other"},
		{[]string{"pentomino-3x20", "--strategy", "random"}, exitUsage, `unknown strategy "random"`},
		{[]string{write("tri.txt", "grid: triangle\n......\n")}, exitFailure, "name the pieces"},
		{[]string{write("set.txt", "pieces: octominoes\n....\n")}, exitFailure, `set.txt:1:1: polyform: unknown piece set "octominoes"`},
		{[]string{write("hdr.txt", "colour: red\n....\n")}, exitFailure, `hdr.txt:1:1: unknown header "colour"`},
		{[]string{"hexiamond-6x6", "--pieces", "tetrominoes"}, exitFailure, "pieces tetrominoes are of the square grid, the board of the triangle grid"},
	} {
		code, _, stderr := runCLI(t, append([]string{"pack"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("pack %v: exit %d %q; want %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}

// TestPackTriangles: the hexiamond boards count 624/156 and 148/74, by the
// restricted search too; a board file with grid and pieces headers reads as
// the built-in board; PP-24's first solution uses the 24 heptiamonds.
func TestPackTriangles(t *testing.T) {
	for _, tc := range []struct {
		args        []string
		all, unique int64
	}{
		{[]string{"hexiamond-6x6", "--count", "--unique"}, 624, 156},
		{[]string{"hexiamond-4x9", "--count", "-j", "1"}, 148, 74},
		{[]string{"hexiamond-4x9", "--count", "--unique", "--cells-only", "--dead-regions"}, 148, 74},
	} {
		code, stdout, stderr := runCLI(t, append([]string{"pack", "--json"}, tc.args...)...)
		var rep struct{ Solutions, Unique int64 }
		if err := json.Unmarshal([]byte(stdout), &rep); code != exitOK || err != nil || rep.Solutions != tc.all || rep.Unique != tc.unique {
			t.Errorf("pack %v: exit %d %+v %s; want %d/%d", tc.args, code, rep, stderr, tc.all, tc.unique)
		}
	}
	dir := t.TempDir()
	_, stdout, _ := runCLI(t, "pack", "hexiamond-4x9")
	board := "grid: triangle\npieces: hexiamonds\n"
	for _, row := range strings.Split(strings.TrimRight(stdout, "\n"), "\n") {
		board += strings.Map(func(r rune) rune {
			if r == ' ' {
				return r
			}
			return '.'
		}, row) + "\n"
	}
	file := writeFile(t, dir, "4x9.txt", board)
	code, stdout, stderr := runCLI(t, "pack", file, "--count")
	if code != exitOK || !strings.Contains(stdout, "148 solutions, 74 unique") {
		t.Errorf("pack %s --count: exit %d %s %s\n%s", file, code, stdout, stderr, board)
	}

	svg := filepath.Join(dir, "pp24.svg")
	code, stdout, stderr = runCLI(t, "pack", "heptiamond-pp24", "--svg", svg)
	rows := strings.Split(strings.TrimRight(stdout, "\n"), "\n")
	if code != exitOK || len(rows) != 12 {
		t.Fatalf("pp24: exit %d %q %s", code, stdout, stderr)
	}
	letters := map[rune]int{}
	for _, row := range rows {
		for _, r := range strings.TrimSpace(row) {
			letters[r]++
		}
	}
	if len(letters) != 24 {
		t.Errorf("pp24: %d pieces in %q", len(letters), stdout)
	}
	for r, n := range letters {
		if n != 7 {
			t.Errorf("pp24: piece %c covers %d triangles", r, n)
		}
	}
	if b, err := os.ReadFile(svg); err != nil || strings.Count(string(b), "<polygon") != 168 {
		t.Errorf("pp24 picture: %v, want 168 triangles", err)
	}
}
