package logicgrid

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// TestSolveReport: Einstein's puzzle has one solution, which both engines
// find and the report prints; --all shows solutions as they come.
func TestSolveReport(t *testing.T) {
	p, err := ParseFile("testdata/einstein.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, xc := range []bool{false, true} {
		rep, err := SolveReport(context.Background(), p, "e", ReportOptions{Options: Options{Strategy: xcover.Fewest}, XCover: xc, Grids: true})
		if err != nil || rep.Solutions != 1 || rep.Unique == nil || !*rep.Unique || len(rep.Grids) != 1 || len(rep.Grids[0]) != 5 || rep.Entities != 5 || rep.Status != search.Solved {
			t.Fatalf("xcover %t: %+v, %v", xc, rep, err)
		}
		var out bytes.Buffer
		rep.WriteTable(&out)
		if !strings.Contains(out.String(), "the solution is unique; ") || !strings.Contains(out.String(), "zebra") {
			t.Errorf("xcover %t:\n%s", xc, out.String())
		}
	}
	shown := 0
	rep, err := SolveReport(context.Background(), p, "e", ReportOptions{Options: Options{Strategy: xcover.Fixed, Limits: search.Limits{MaxNodes: 3}}, All: true,
		Show: func(int, Solution) { shown++ }})
	var out bytes.Buffer
	rep.WriteTable(&out)
	if err != nil || rep.Stopped == "" || rep.Status != search.NodeLimit || rep.Unique != nil || shown != 0 || !strings.HasPrefix(out.String(), "search stopped (") {
		t.Errorf("stopped: %+v, %v\n%s", rep, err, out.String())
	}
	if err := (ReportOptions{XCover: true, Explain: true}).Check(); err == nil {
		t.Error("--xcover with --explain accepted")
	}
	if _, err := ParseFile("testdata/none.txt"); err == nil {
		t.Error("a missing file parsed")
	}
}

func TestBranchingReport(t *testing.T) {
	p, _ := ParseFile("testdata/table1.txt")
	rep, err := BranchingReport(context.Background(), p, "t", search.Limits{})
	bf := BranchingFactors(p)
	if err != nil || len(rep.Clues) != len(p.Clues) || rep.Clues[0].Ways != bf[0] || rep.Clues[0].Line != p.Clues[0].Line {
		t.Fatalf("%+v, %v", rep, err)
	}
	var out bytes.Buffer
	rep.WriteTable(&out)
	if lines := strings.Count(out.String(), "\n"); lines != len(p.Clues)+1 {
		t.Errorf("%d lines:\n%s", lines, out.String())
	}
}

// TestCorpusTools: generated puzzles written as files read back, checked
// by two strategies, all correct.
func TestCorpusTools(t *testing.T) {
	var gens []Generated
	err := GenerateSet(context.Background(), GenSetOptions{N: 4, M: 3, Count: 3, Seed: 5, Solution: true, GenOptions: GenOptions{Difficulty: 2}},
		func(g Generated) error { gens = append(gens, g); return nil })
	if err != nil || len(gens) != 3 || gens[2].Seed != 7 || gens[0].Name != "gen-4x3-d2-s5.txt" || !strings.HasPrefix(gens[0].File, "# branchwise logic generate --size 4x3 --difficulty 2 --seed 5: ") {
		t.Fatalf("%+v, %v", gens, err)
	}
	var qs []QuintPuzzle
	for _, g := range gens {
		p, err := ParseString(g.File, g.Name)
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, QuintPuzzle{Name: g.Name, Puzzle: p})
	}
	dir := t.TempDir()
	var out bytes.Buffer
	if err := WriteQuint(&out, dir, qs); err != nil || out.String() != "3 puzzles written to "+dir+"\n" {
		t.Fatalf("%q, %v", out.String(), err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, gens[1].Name)); err != nil || string(b) != qs[1].Puzzle.String() {
		t.Errorf("written: %q, %v", b, err)
	}
	out.Reset()
	WriteQuint(&out, "", qs[:1])
	if !strings.HasPrefix(out.String(), "# gen-4x3-d2-s5.txt (level 0)\n") {
		t.Errorf("printed: %q", out.String())
	}
	var lines []string
	rep, err := CheckCorpora(context.Background(), qs, []Strategy{xcover.Fewest, xcover.Fixed}, CheckOptions{BySize: true,
		Printf: func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }}, nil)
	if len(lines) != 6 || lines[4] != "fixed: 2/3 "+qs[1].Name {
		t.Errorf("progress lines %q", lines)
	}
	if err != nil || len(rep.Strategies) != 2 || rep.Strategies[1].Strategy != "fixed" || rep.Err() != nil || rep.Strategies[0].Unchecked != 3 {
		t.Fatalf("%+v, %v", rep, err)
	}
	out.Reset()
	rep.WriteTable(&out)
	for _, s := range []string{"strategy  puzzles  correct+unique", "fewest: 3 puzzles have no published answer", "\nsize", "fixed worst: "} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("table lacks %q:\n%s", s, out.String())
		}
	}
}

func TestExperimentReport(t *testing.T) {
	rep, err := RunExperiment(context.Background(), ExperimentOptions{Sizes: [][2]int{{4, 3}}, Difficulties: []int{1}, Count: 2, Seed: 3, Limits: search.Limits{MaxNodes: 100000}})
	if err != nil || len(rep.Groups) != 1 || rep.Count != 2 {
		t.Fatal(rep, err)
	}
	var out, svg bytes.Buffer
	rep.WriteTable(&out)
	if !strings.Contains(out.String(), "medians over 2 puzzles per row, seeds 3..4;") || !strings.Contains(out.String(), "4x3") {
		t.Errorf("table:\n%s", out.String())
	}
	if err := rep.WriteSVG(&svg); err != nil || !strings.Contains(svg.String(), "1=4x3 d1") {
		t.Errorf("SVG: %v", err)
	}
}

func TestParseStrategies(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Strategy
	}{
		{"all", []Strategy{xcover.Fewest, xcover.Sorted, xcover.Fixed}},
		{"sorted", []Strategy{xcover.Sorted}},
	} {
		if got, err := ParseStrategies(tc.in); err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%q: %v, %v", tc.in, got, err)
		}
	}
	if _, err := ParseStrategies("most"); err == nil {
		t.Error(`"most" accepted`)
	}
}

func TestWriteDisagreements(t *testing.T) {
	r := ExperimentReport{Groups: []ExperimentGroup{{}, {Clingo: &ClingoStats{Disagree: []string{"4x3 d1 seed 2: clingo finds 2 solutions"}}}}}
	var b strings.Builder
	r.WriteDisagreements(&b)
	if b.String() != "4x3 d1 seed 2: clingo finds 2 solutions\n" {
		t.Errorf("got %q", b.String())
	}
}

// TestSolveReportText: with Text the solutions and the explanation go to
// the writer, the explanation cut after ExplainLines lines.
func TestSolveReportText(t *testing.T) {
	p, err := ParseFile("testdata/einstein.txt")
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	rep, err := SolveReport(context.Background(), p, "e", ReportOptions{Options: Options{Strategy: xcover.Fewest}, All: true, Text: &text})
	if err != nil || rep.Solutions != 1 || !strings.HasPrefix(text.String(), "solution 1:\n") || !strings.Contains(text.String(), "zebra") {
		t.Fatalf("%v:\n%s", err, text.String())
	}
	var full, cut bytes.Buffer
	SolveReport(context.Background(), p, "e", ReportOptions{Options: Options{Strategy: xcover.Fewest}, Explain: true, Text: &full})
	SolveReport(context.Background(), p, "e", ReportOptions{Options: Options{Strategy: xcover.Fewest}, Explain: true, Text: &cut, ExplainLines: 5})
	if n, m := strings.Count(full.String(), "\n"), strings.Count(cut.String(), "\n"); n <= 6 || m >= n || m > 6 {
		t.Errorf("explanation: %d lines, %d cut after 5", n, m)
	}
}

func TestExperimentClingoMissing(t *testing.T) {
	_, err := RunExperiment(context.Background(), ExperimentOptions{Count: 1, Clingo: "no-such-clingo-program"})
	if err == nil || !strings.HasPrefix(err.Error(), "--clingo: ") {
		t.Errorf("%v", err)
	}
}
