package tiles

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/internal/opterr"
)

func TestLoadHeuristic(t *testing.T) {
	var notes strings.Builder
	built := 0
	for _, name := range []string{"md", "lc"} {
		if h, err := LoadHeuristic(context.Background(), name, LoadOptions{}, func() { built++ }, &notes); h != nil || err != nil {
			t.Errorf("%s: %v, %v; want no tables", name, h, err)
		}
	}
	h, err := LoadHeuristic(context.Background(), "pdb555", LoadOptions{}, func() { built++ }, &notes)
	if err != nil || h == nil || len(h.Tables) != 3 || built != 1 {
		t.Fatalf("pdb555: %v, %v, built called %d times", h, err, built)
	}
	if n := strings.Count(notes.String(), "\n"); n != 3 || !strings.HasPrefix(notes.String(), "pattern [1 2 3 6 7]: ") {
		t.Errorf("notes:\n%s", notes.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := LoadHeuristic(ctx, "pdb555", LoadOptions{}, nil, &notes); err == nil {
		t.Error("a cancelled build succeeded")
	}
}

func TestTypeBoard(t *testing.T) {
	for _, b := range []TypeBoard{{Rows: 1, Cols: 5}, {Rows: 21, Cols: 20}} {
		if b.Check() == nil {
			t.Errorf("%dx%d accepted", b.Rows, b.Cols)
		}
	}
	b := TypeBoard{Rows: 3, Cols: 3, Start: 4}
	if err := b.Check(); err != nil || b.Name() != "3x3 sliding-tile puzzle, blank starting in cell 4, " {
		t.Errorf("3x3: %v, %q", err, b.Name())
	}
	g, what, err := b.TypeGraph()
	want, _ := TypeGraph(3, 3, 4, false)
	if err != nil || what != "predecessor elimination" || fmt.Sprint(g.Counts(8)) != fmt.Sprint(want.Counts(8)) {
		t.Errorf("predecessor elimination: %v, %q", err, what)
	}
	b.KeepParent = true
	if _, what, _ := b.TypeGraph(); what != "parent generated" {
		t.Errorf("keep parent: %q", what)
	}
}

func TestSetup(t *testing.T) {
	s := Setup{Heuristic: "manhattan", Workers: 1}
	o, err := s.Check(SolveOptions{})
	if err != nil || s.Heuristic != "md" || o.LinearConflicts {
		t.Errorf("manhattan: %v, %q", err, s.Heuristic)
	}
	s = Setup{Heuristic: "lc", Workers: 2}
	if o, err := s.Check(SolveOptions{}); err != nil || !o.LinearConflicts {
		t.Errorf("lc: %v", err)
	}
	// 0 workers is every CPU (search.Workers), as everywhere.
	if _, err := (&Setup{Heuristic: "md"}).Check(SolveOptions{}); err != nil {
		t.Errorf("0 workers: %v", err)
	}
	for _, bad := range []Setup{{Heuristic: "md", Workers: -1}, {Heuristic: "xx", Workers: 1}, {Heuristic: "md", Workers: 1, FSMLen: 99}} {
		if _, err := bad.Check(SolveOptions{}); !opterr.Is(err) {
			t.Errorf("%+v: %v, want an option error", bad, err)
		}
	}
	wrapped, notes := 0, 0
	s = Setup{Heuristic: "md", Workers: 3, FSMLen: 4, Note: func(string) { notes++ },
		Learn: func(l branching.LearnFunc) branching.LearnFunc { wrapped++; return l }}
	if err := s.Apply(context.Background(), &o); err != nil || o.Filter == nil || o.PDB != nil || o.Workers != 3 || wrapped != 1 || notes != 0 {
		t.Errorf("md with an FSM: %v, %+v, wrapped %d, notes %d", err, o, wrapped, notes)
	}
	// A node limit does not cut the learning: only memory does.
	o = SolveOptions{}
	o.MaxNodes = 1
	if err := (Setup{Heuristic: "md", Workers: 1, FSMLen: 4, Note: func(string) { notes++ }}).Apply(context.Background(), &o); err != nil || notes != 0 {
		t.Errorf("a node limit cut the learning: %v, %d notes", err, notes)
	}
}

func TestReadSizedWriteRandom(t *testing.T) {
	var b strings.Builder
	if err := WriteRandom(&b, "3x3", 3, 0, 7); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	want, _ := RandomBoards(Goal(3, 3), 3, 0, 7)
	if len(lines) != 3 || lines[2] != want[2].String()+"  # 3" {
		t.Fatalf("lines %q", lines)
	}
	insts, err := ReadSized(strings.Fields(strings.Split(lines[0], "#")[0]), "3x3")
	if err != nil || len(insts) != 1 || insts[0].Board.String() != want[0].String() {
		t.Errorf("read back: %v, %v", insts, err)
	}
	if _, err := ReadSized([]string{"1 0 2 3"}, "2y2"); err == nil {
		t.Error("size 2y2 accepted")
	}
	if err := WriteRandom(&b, "0x0", 1, 0, 1); err == nil {
		t.Error("size 0x0 accepted")
	}
}
