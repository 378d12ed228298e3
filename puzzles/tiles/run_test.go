package tiles

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/shard"
)

func TestReadArgs(t *testing.T) {
	in, ok, err := ParseKorfName("korf:12")
	if !ok || err != nil || in.Name != Korf100()[11].Name || in.Where != "korf:12" {
		t.Errorf("korf:12 = %+v, %t, %v", in, ok, err)
	}
	if _, ok, err := ParseKorfName("korf:101"); !ok || err == nil || err.Error() != "korf:101: want korf:N with N from 1 to 100" {
		t.Errorf("korf:101: %t, %v", ok, err)
	}
	if _, ok, _ := ParseKorfName("1 2 3"); ok {
		t.Error("not a korf name, taken for one")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "eight.txt")
	os.WriteFile(file, []byte("# two\n1 8 7 6 5 4 3 2 1 0\n2 1 0 2 3 4 5 6 7 8\n"), 0o644)
	insts, err := ReadArgs([]string{file}, 0, 0)
	if err != nil || len(insts) != 2 || insts[0].Name != "1" || insts[1].Where != file+":3" {
		t.Fatalf("file: %+v, %v", insts, err)
	}
	insts, err = ReadArgs([]string{"1", "0", "2", "3"}, 0, 0)
	if err != nil || len(insts) != 1 || insts[0].Where != "instance" || insts[0].Board.Rows != 2 {
		t.Errorf("arguments: %+v, %v", insts, err)
	}
	for args, want := range map[string]string{dir: "is a directory", "nofile": "nofile: no such file, and not an instance", "1 2 3": " (in the instance)"} {
		if _, err := ReadArgs(strings.Fields(args), 0, 0); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", args, err, want)
		}
	}
}

func TestSolveAll(t *testing.T) {
	insts, _ := ReadArgs([]string{"1", "0", "2", "3"}, 0, 0)
	insts = append(insts, Instance{Name: "b", Board: Goal(3, 3), Where: "x"})
	sols, err := SolveAll(context.Background(), insts, SolveAllOptions{})
	if err != nil || len(sols) != 2 {
		t.Fatal(sols, err)
	}
	if sols[0].Status != search.Solved || sols[0].Length != 1 || sols[1].Length != 0 {
		t.Errorf("%+v", sols)
	}
	var tab bytes.Buffer
	sols.WriteTable(&tab)
	if lines := strings.Split(tab.String(), "\n"); len(lines) != 4 || !strings.Contains(lines[0], "name") || !strings.Contains(lines[1], "solved") {
		t.Errorf("table:\n%s", tab.String())
	}
	one, _ := json.Marshal(sols[:1])
	two, _ := json.Marshal(sols)
	if !bytes.HasPrefix(one, []byte(`{"board":"1 0 2 3"`)) || !bytes.HasPrefix(two, []byte(`{"instances":[{`)) {
		t.Errorf("JSON: %s, %s", one, two)
	}
	tab.Reset()
	sols[:1].WriteTable(&tab)
	if !strings.HasPrefix(tab.String(), "board      1 0 2 3\nstatus     solved\nlength     1\n") {
		t.Errorf("one:\n%s", tab.String())
	}
	bad := func(Board) (Board, error) { return Board{}, os.ErrInvalid }
	if _, err := SolveAll(context.Background(), insts, SolveAllOptions{Goal: bad}); err != os.ErrInvalid {
		t.Errorf("goal error: %v", err)
	}
	// The 2x2's goal "1 0 2 3" is one move from "0 1 2 3"; a board of
	// another size is not a goal.
	start := []Instance{{Name: "s", Board: Goal(2, 2), Where: "s"}}
	if sols, err := SolveAll(context.Background(), start, SolveAllOptions{GoalText: "1 0 2 3"}); err != nil || sols[0].Length != 1 {
		t.Errorf("--goal 1 0 2 3: %+v, %v", sols, err)
	}
	if _, err := SolveAll(context.Background(), start, SolveAllOptions{GoalText: "1 0 2"}); !opterr.Is(err) || !strings.HasPrefix(err.Error(), "--goal: ") {
		t.Errorf("--goal of 3 tiles: %v", err)
	}
	unsolvable := Instance{Board: Board{Rows: 2, Cols: 2, Tiles: []uint8{0, 2, 1, 3}}, Where: "here"}
	if _, err := SolveAll(context.Background(), []Instance{unsolvable}, SolveAllOptions{}); err == nil || !strings.HasPrefix(err.Error(), "here: ") {
		t.Errorf("unsolvable: %v", err)
	}
}

// TestRunKorf100Ledger: a checkpointed run and its resumption give the
// same totals; the resumed instance is not run again.
func TestRunKorf100Ledger(t *testing.T) {
	name := filepath.Join(t.TempDir(), "k.ckpt")
	l, err := (shard.Checkpointing{Checkpoint: name}).Open("k")
	if err != nil {
		t.Fatal(err)
	}
	first, err := RunKorf100(context.Background(), Korf100Options{Instances: []int{79}, Workers: 1, Ledger: l})
	if err := l.Finish(nil, false); err != nil {
		t.Fatal(err)
	}
	if err != nil || first.Matches != 1 {
		t.Fatal(first, err)
	}
	l, _ = (shard.Checkpointing{Resume: name}).Open("k")
	again, err := RunKorf100(context.Background(), Korf100Options{Instances: []int{79}, Workers: 1, Ledger: l})
	l.Finish(nil, false)
	if err != nil || again.Resumed != 1 || again.Generated != first.Generated || again.Err() != nil {
		t.Errorf("resumed: %+v, %v", again, err)
	}
	var tab bytes.Buffer
	again.WriteTable(&tab)
	for _, want := range []string{"79  solved      42       42    540,859", "published       1 of 1 match", "resumed         1 instances"} {
		if !strings.Contains(tab.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, tab.String())
		}
	}
	os.WriteFile(name, []byte("not a ledger\n"), 0o644)
	if _, err := (shard.Checkpointing{Resume: name}).Open("k"); err == nil {
		t.Error("a damaged ledger resumed")
	}
}

// TestRunKorf24Limit: a node limit stops the first instance, reported
// stopped and not counted as differing.
func TestRunKorf24Limit(t *testing.T) {
	var log bytes.Buffer
	res, err := RunKorf24(context.Background(), Korf24Options{Instances: []int{1, 2}, Workers: 1, Limits: search.Limits{MaxNodes: 1000}, Log: &log})
	if lines := strings.Split(log.String(), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[0], "#1 stopped length 0 (published ") || !strings.HasPrefix(lines[1], "#2 stopped ") {
		t.Errorf("log %q", log.String())
	}
	if err != nil || len(res.Instances) != 2 || res.Instances[0].Status != search.Stopped || res.Err() != nil || res.Instances[1].Optimal != Korf24()[1].Optimal {
		t.Fatalf("%+v, %v", res, err)
	}
	var tab bytes.Buffer
	res.WriteTable(&tab)
	if !strings.Contains(tab.String(), "#   status  length  published  generated  seconds\n") {
		t.Errorf("table:\n%s", tab.String())
	}
	if _, err := RunKorf24(context.Background(), Korf24Options{Instances: []int{51}}); err == nil {
		t.Error("instance 51 accepted")
	}
}

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in         string
		rows, cols int
		ok         bool
	}{
		{"", 0, 0, true}, {"4x4", 4, 4, true}, {"3X5", 3, 5, true}, {"8x8", 8, 8, true}, {"2x32", 2, 32, true},
		{"1x9", 0, 0, false}, {"9x8", 0, 0, false}, {"4", 0, 0, false}, {"axb", 0, 0, false}, {"4x", 0, 0, false},
	} {
		r, c, err := ParseSize(tc.in)
		if r != tc.rows || c != tc.cols || (err == nil) != tc.ok || err != nil && !opterr.Is(err) {
			t.Errorf("ParseSize(%q) = %d, %d, %v; want %d, %d, ok %v", tc.in, r, c, err, tc.rows, tc.cols, tc.ok)
		}
	}
}

func TestRandomBoards(t *testing.T) {
	goal := Goal(3, 3)
	bs, err := RandomBoards(goal, 3, 0, 7)
	if err != nil || len(bs) != 3 {
		t.Fatalf("RandomBoards: %v %v", bs, err)
	}
	for i, b := range bs {
		if want := Random(goal, 7*1_000_003+uint64(i)); b.String() != want.String() {
			t.Errorf("board %d: %s, want %s", i, b, want)
		}
	}
	ws, _ := RandomBoards(goal, 2, 10, 7)
	if want := RandomWalk(goal, 10, 7*1_000_003+1); ws[1].String() != want.String() {
		t.Errorf("walk board 1: %s, want %s", ws[1], want)
	}
	for _, bad := range [][2]int{{0, 0}, {1, -1}} {
		if _, err := RandomBoards(goal, bad[0], bad[1], 1); !opterr.Is(err) {
			t.Errorf("count %d walk %d: %v, want an option error", bad[0], bad[1], err)
		}
	}
	in, err := ReadArgs([]string{"korf:1"}, 0, 0)
	if err != nil || len(in) != 1 || in[0].Name != Korf100()[0].Name {
		t.Errorf("ReadArgs(korf:1): %v %v", in, err)
	}
	if _, err := ReadArgs([]string{"korf:0"}, 0, 0); !opterr.Is(err) {
		t.Errorf("ReadArgs(korf:0): %v, want an option error", err)
	}
}

func TestHeuristicNameAndCheck(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"md", "md", ""}, {"manhattan", "md", ""}, {"lc", "lc", ""}, {"pdb663", "pdb663", ""},
		{"pdb", "", `unknown heuristic "pdb" (want md, lc or one of pdb555, pdb663, pdb6666, pdb7755, pdb78)`},
	} {
		got, err := HeuristicName(tc.in)
		if got != tc.want || (err == nil) != (tc.err == "") || err != nil && (err.Error() != tc.err || !opterr.Is(err)) {
			t.Errorf("HeuristicName(%q) = %q, %v; want %q, %q", tc.in, got, err, tc.want, tc.err)
		}
	}
	for _, tc := range []struct {
		o   SolveOptions
		err string
	}{
		{SolveOptions{}, ""},
		{SolveOptions{Algorithm: "wastar", Weight: 1.8, Store: "trie"}, ""},
		{SolveOptions{Algorithm: "nope"}, `unknown search algorithm "nope"`},
		{SolveOptions{Algorithm: "wastar", Weight: -1}, "--weight must be >= 0"},
		{SolveOptions{Algorithm: "wastar", Weight: 1e307}, "--weight 1e+307: at most 1073741824"},
		{SolveOptions{Algorithm: "wastar", Weight: search.MaxWeight}, ""},
		{SolveOptions{Algorithm: "astar", Store: "list"}, `unknown duplicate store "list" (want hash or trie)`},
	} {
		err := tc.o.Check()
		if (err == nil) != (tc.err == "") || err != nil && (!strings.HasPrefix(err.Error(), tc.err) || !opterr.Is(err)) {
			t.Errorf("%+v: %v, want %q", tc.o, err, tc.err)
		}
	}
}
