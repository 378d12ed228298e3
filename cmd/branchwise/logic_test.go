package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const logicTestdata = "../../puzzles/logicgrid/testdata"

func TestLogicSolve(t *testing.T) {
	code, stdout, stderr := runCLI(t, "logic", "solve", filepath.Join(logicTestdata, "einstein.txt"))
	if code != exitOK || !strings.Contains(stdout, "5      green   Japanese    zebra   coffee  Parliament\n") ||
		!strings.Contains(stdout, "the solution is unique; fewest strategy, 65 nodes") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
	// Fig 5 has two solutions: shown both, said plainly.
	code, stdout, _ = runCLI(t, "logic", "solve", filepath.Join(logicTestdata, "fig5.txt"))
	if code != exitOK || !strings.Contains(stdout, "solution 2:") || !strings.Contains(stdout, "several solutions (two shown): not unique") {
		t.Errorf("fig5: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = runCLI(t, "logic", "solve", filepath.Join(logicTestdata, "fig5.txt"), "--all", "--explain", "--strategy", "sorted")
	if code != exitOK {
		t.Errorf("fig5 --all: exit %d", code)
	}
	for _, want := range []string{
		`clue 4 "reading.age = max": 2 ways`,
		"way 1 of 2: John.hobby = reading, John.age = 14",
		`  clue 5 "baseball.age > piano.age": forced, Nancy.hobby = baseball, Nancy.age = 13, Tom.hobby = piano`,
		"solution 2:\nname   age  hobby\nJohn   13   baseball\n",
		"2 solutions: not unique; sorted strategy",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("fig5 --all --explain lacks %q:\n%s", want, stdout)
		}
	}
	code, stdout, _ = runCLI(t, "logic", "solve", filepath.Join(logicTestdata, "einstein.txt"), "--json", "--strategy", "fixed", "--generated")
	var rep struct {
		Solutions int64        `json:"solutions"`
		Unique    bool         `json:"unique"`
		Nodes     int64        `json:"nodes"`
		Generated int64        `json:"generated"`
		Grids     [][][]string `json:"grids"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != exitOK || !rep.Unique || rep.Nodes != rep.Generated || rep.Grids[0][4][3] != "zebra" {
		t.Errorf("--json: %v %+v", err, rep)
	}
	code, stdout, _ = runCLI(t, "logic", "solve", filepath.Join(logicTestdata, "einstein.txt"), "--xcover")
	if code != exitOK || !strings.Contains(stdout, "the solution is unique; xcover-fewest strategy") {
		t.Errorf("--xcover: %s", stdout)
	}
}

func TestLogicErrors(t *testing.T) {
	dir := t.TempDir()
	head := "name: John Tom Mary Nancy\nage: 11 12 13 14 (numeric)\nhobby: baseball soccer reading piano\n"
	for _, tc := range []struct {
		content, want string
		code          int
	}{
		{head + "Tom = X9\n", `bad.txt:4:7: logicgrid: unknown value "X9"`, exitFailure},
		{head + "Tom.hobby > 2\n", `bad.txt:4:5: category hobby is not numeric`, exitFailure},
		{head + "Tom = 12 or\n", `bad.txt:4:12: want a value`, exitFailure},
		{head + "Tom = 12\nTom = 13\n", "", exitOK},
	} {
		file := writeFile(t, dir, "bad.txt", tc.content)
		code, stdout, stderr := runCLI(t, "logic", "solve", file)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", tc.content, code, stderr, tc.want)
		}
		if tc.code == exitOK && !strings.Contains(stdout, "no solution") {
			t.Errorf("%q: %s", tc.content, stdout)
		}
	}
	if code, _, _ := runCLI(t, "logic", "solve", "x.txt", "--strategy", "best"); code != exitUsage {
		t.Errorf("bad strategy: exit %d", code)
	}
}

func TestLogicBF(t *testing.T) {
	code, stdout, _ := runCLI(t, "logic", "bf", filepath.Join(logicTestdata, "table1.txt"))
	var ways []string
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n")[1:] {
		ways = append(ways, strings.Fields(l)[2])
	}
	if code != exitOK || strings.Join(ways, " ") != "1 1 2 2 3 3 4 6 12 72" {
		t.Errorf("exit %d, ways %v\n%s", code, ways, stdout)
	}
}

func TestLogicImport(t *testing.T) {
	dir := os.Getenv("BRANCHWISE_LOGICGRID")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "data", "logicgrid")
	}
	file := filepath.Join(dir, "quint-t", "puzzles", "23_5x5.txt")
	if _, err := os.Stat(file); err != nil {
		t.Skipf("quint-t data absent: %v", err)
	}
	out := t.TempDir()
	code, stdout, stderr := runCLI(t, "logic", "import", file, "--out", out)
	if code != exitOK || !strings.Contains(stdout, "100 puzzles written") {
		t.Fatalf("exit %d %s %s", code, stdout, stderr)
	}
	files, _ := filepath.Glob(filepath.Join(out, "*"))
	if len(files) != 100 {
		t.Fatalf("%d files", len(files))
	}
	code, stdout, _ = runCLI(t, "logic", "solve", files[0])
	if code != exitOK || !strings.Contains(stdout, "the solution is unique") {
		t.Errorf("imported puzzle: %s", stdout)
	}
	code, stdout, _ = runCLI(t, "logic", "import", file, "--check", "--json")
	var rep struct {
		Strategies []struct {
			Correct int `json:"correct_and_unique"`
		} `json:"strategies"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != exitOK || rep.Strategies[0].Correct != 100 {
		t.Errorf("--check: %v %s", err, stdout)
	}
}

func TestLogicGenerate(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, "logic", "generate", "--size", "4x3", "--seed", "5", "--difficulty", "3", "--count", "2", "--out", dir)
	if code != exitOK || !strings.Contains(stdout, "2 puzzles written") {
		t.Fatalf("exit %d %s %s", code, stdout, stderr)
	}
	for _, seed := range []string{"5", "6"} {
		file := filepath.Join(dir, "gen-4x3-d3-s"+seed+".txt")
		code, stdout, _ := runCLI(t, "logic", "solve", file, "--propagate")
		if code != exitOK || !strings.Contains(stdout, "the solution is unique; fewest+propagate strategy") {
			t.Errorf("%s: %s", file, stdout)
		}
	}
	// Reproducible: the same seed prints the same puzzle.
	_, a, _ := runCLI(t, "logic", "generate", "--size", "5x4", "--seed", "9")
	_, b, _ := runCLI(t, "logic", "generate", "--size", "5x4", "--seed", "9")
	if a != b || !strings.HasPrefix(a, "# branchwise logic generate --size 5x4 --difficulty 2 --seed 9:") {
		t.Errorf("not reproducible:\n%s\n%s", a, b)
	}
	for _, args := range [][]string{{"--size", "1x3"}, {"--size", "5"}, {"--difficulty", "4"}} {
		if code, _, _ := runCLI(t, append([]string{"logic", "generate"}, args...)...); code != exitUsage {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}

func TestLogicExperiment(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "t2.svg")
	code, stdout, stderr := runCLI(t, "logic", "experiment", "--sizes", "4x2,4x3", "--difficulty", "1,3", "--count", "3", "--propagate", "--svg", svg, "--json")
	var rep struct {
		Groups []struct {
			Size       string `json:"size"`
			Strategies []struct {
				Strategy string `json:"strategy"`
				Stopped  int    `json:"stopped"`
			} `json:"strategies"`
		} `json:"groups"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != exitOK || len(rep.Groups) != 4 || len(rep.Groups[0].Strategies) != 4 {
		t.Fatalf("exit %d %v %s %s", code, err, stdout, stderr)
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.Contains(string(b), "<svg") {
		t.Errorf("no chart: %v", err)
	}
}
