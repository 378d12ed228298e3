package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPack3D(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "soma.svg")
	code, stdout, stderr := runCLI(t, "pack", "soma", "--svg", svg)
	if code != exitOK || strings.Count(stdout, "\n\n") != 2 {
		t.Fatalf("exit %d, output %q %s", code, stdout, stderr)
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.Contains(string(b), "<polygon") {
		t.Errorf("no isometric picture: %v", err)
	}
	code, stdout, _ = runCLI(t, "pack", "soma", "--count", "--unique", "-j", "2")
	if code != exitOK || !strings.Contains(stdout, "11,520 solutions, 240 unique") {
		t.Errorf("soma --count --unique: %s", stdout)
	}
	code, stdout, _ = runCLI(t, "pack", "soma", "--count", "-j", "2")
	if code != exitOK || !strings.Contains(stdout, "11,520 solutions, 240 unique") {
		t.Errorf("soma --count: %s", stdout)
	}
}

func TestPackCopiesAndBurr(t *testing.T) {
	dir := t.TempDir()
	board := filepath.Join(dir, "4x5.txt")
	os.WriteFile(board, []byte("pieces: L*0-2,P*0-2,Y*0-2,U*0-1\n"+strings.Repeat(".....\n", 4)), 0o644)
	code, stdout, stderr := runCLI(t, "pack", board, "--count")
	if code != exitOK || !strings.Contains(stdout, "80 solutions, 22 unique") {
		t.Errorf("pieces line with ranges: exit %d %s %s", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, "pack", board, "--pieces", "L*0-2,P*0-2,Y*0-2,U*0-1", "--count")
	if code != exitOK || !strings.Contains(stdout, "80 solutions, 22 unique") {
		t.Errorf("--pieces with ranges: %s", stdout)
	}
	dlx := filepath.Join(dir, "r.dlx")
	if code, _, stderr := runCLI(t, "pack", board, "--dlx", dlx); code != exitOK {
		t.Fatal(stderr)
	}
	if b, _ := os.ReadFile(dlx); !strings.HasPrefix(string(b), "0:2|L 0:2|P 0:2|Y 0:1|U ") {
		t.Errorf("DLX item line %q", strings.SplitN(string(b), "\n", 2)[0])
	}
	code, stdout, _ = runCLI(t, "dlx", dlx, "--count", "-j", "1")
	if code != exitOK || !strings.Contains(stdout, "80 solutions") {
		t.Errorf("dlx with bounds: %s", stdout)
	}
	burr := filepath.Join("..", "..", "puzzles", "polyform", "testdata", "burr")
	code, stdout, stderr = runCLI(t, "pack", filepath.Join(burr, "soma.xmpuzzle"), "--count", "-j", "2")
	if code != exitOK || !strings.Contains(stdout, "11,520 solutions, 240 unique") || !strings.Contains(stderr, "the file's stored counts: 240 assemblies") {
		t.Errorf("soma.xmpuzzle: %s %s", stdout, stderr)
	}
	code, stdout, _ = runCLI(t, "pack", filepath.Join(burr, "caged8.xmpuzzle"), "--disassemble", "--min-level", "3")
	if code != exitOK || !strings.Contains(stdout, "3 assemblies and 3 solutions\nlevels: 1 at level 1.1.2, 1 at level 2.2.2, 1 at level 3.1.2\n") ||
		!strings.Contains(stdout, ": level 3.1.2, 6 moves\n") || strings.Contains(stdout, ": level 2.2.2,") {
		t.Errorf("--disassemble: %s", stdout)
	}
	code, _, stderr = runCLI(t, "pack", filepath.Join(burr, "colours.xmpuzzle"), "--problem", "4")
	if code == exitOK || !strings.Contains(stderr, "has problems 1 to 3") {
		t.Errorf("--problem 3: %s", stderr)
	}
	bad := filepath.Join(dir, "grid5.xmpuzzle")
	os.WriteFile(bad, []byte("<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n<gridType type=\"5\"/>\n</puzzle>\n"), 0o644)
	code, _, stderr = runCLI(t, "pack", bad)
	if code == exitOK || !strings.Contains(stderr, "grid5.xmpuzzle:3:21: unknown grid type \"5\"") {
		t.Errorf("grid type 5: %s", stderr)
	}
	ragged := filepath.Join(dir, "ragged.txt")
	os.WriteFile(ragged, []byte("grid: cubic\npieces: soma\n...\n...\n...\n\n...\n...\n"), 0o644)
	code, _, stderr = runCLI(t, "pack", ragged)
	if code == exitOK || !strings.Contains(stderr, "ragged.txt:7: layer 2 has 2 rows but layer 1 has 3") {
		t.Errorf("ragged layers: %s", stderr)
	}
}
