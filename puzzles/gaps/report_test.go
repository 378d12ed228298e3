package gaps

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
)

func TestReport(t *testing.T) {
	d := Generate(5, 2)
	out, err := Solve(context.Background(), d, "astar", SolveOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := NewReport(d, "seed 2, 5 columns", "astar", out)
	if err != nil || rep.Verdict != "solvable" || rep.Status != search.Solved || len(rep.Moves) != rep.Length || len(rep.Cards) != rep.Length || rep.Reason != "" {
		t.Fatalf("%+v, %v", rep, err)
	}
	var tab bytes.Buffer
	rep.WriteTable(&tab)
	if !strings.HasPrefix(tab.String(), d.String()+"\nstatus     solvable\nlength     ") || !strings.HasSuffix(tab.String(), strings.Join(rep.Cards, " ")+"\n") {
		t.Errorf("table:\n%s", tab.String())
	}
	rep.Quiet = true
	tab.Reset()
	rep.WriteTable(&tab)
	if strings.Contains(tab.String(), rep.Moves[0]) {
		t.Errorf("quiet table with moves:\n%s", tab.String())
	}
	stopped, _ := Solve(context.Background(), Generate(8, 1), "astar", SolveOptions{Workers: 1, Limits: search.Limits{MaxNodes: 10}})
	if rep, _ := NewReport(Generate(8, 1), "s", "astar", stopped); rep.Verdict != "unknown" || rep.Status != search.NodeLimit || rep.Reason == "" {
		t.Errorf("stopped: %+v", rep)
	}
	named := d.NamedHoles()
	back, err := ParseString(named, "named")
	if err != nil || back.String() != d.String() || strings.Contains(named, "..") {
		t.Errorf("NamedHoles:\n%s\n%v", named, err)
	}
}

type memLedger map[int]json.RawMessage

func (m memLedger) Done() map[int]json.RawMessage { return m }
func (m memLedger) Add(i int, r any) error {
	b, err := json.Marshal(r)
	m[i] = b
	return err
}

// TestSurveyAll: two sizes as one job, split into two shards kept in one
// ledger, then resumed from it: the same sizes without running anything.
func TestSurveyAll(t *testing.T) {
	l := memLedger{}
	o := SurveySizes{SurveyOptions: SurveyOptions{Columns: 4, Seed: 1, Deals: 6, Workers: 1, Solve: SolveOptions{Workers: 1}}, ToColumns: 5, Ledger: l, ShardN: 2}
	var lines, progress []string
	var verbose bytes.Buffer
	o.Progress = func(k, _ int, r DealOutcome) { lines = append(lines, r.Line(k)) }
	o.Printf = func(format string, args ...any) { progress = append(progress, fmt.Sprintf(format, args...)) }
	o.Verbose = &verbose
	for i := range 2 {
		o.ShardI = i
		if sizes := SurveyAll(context.Background(), o); len(sizes) != 2 || sizes[1].Columns != 5 {
			t.Fatalf("shard %d: %+v", i, sizes)
		}
	}
	if len(l) != 12 || len(lines) != 12 || !strings.HasPrefix(lines[0], "k=4 seed=1 ") {
		t.Fatalf("%d in the ledger, lines %v", len(l), lines)
	}
	var verdicts [3]int // of the first three deals: the progress line counts them
	for _, line := range lines[:3] {
		for v := Solvable; v <= Unknown; v++ {
			if strings.Contains(line, " "+v.String()+" ") {
				verdicts[v]++
			}
		}
	}
	wantLine := fmt.Sprintf("4 columns: 3/6 deals: %d solvable, %d unsolvable, %d unknown", verdicts[0], verdicts[1], verdicts[2])
	if verbose.String() != strings.Join(lines, "\n")+"\n" || len(progress) != 12 || progress[2] != wantLine || verdicts[0]+verdicts[1]+verdicts[2] != 3 {
		t.Errorf("verbose:\n%s\nprogress %q, want %q", verbose.String(), progress, wantLine)
	}
	o.ShardN, lines, o.Printf, o.Verbose = 0, nil, nil, nil
	var tab, tables bytes.Buffer
	o.SizeDone = func(sz SurveyResult) { sz.WriteTable(&tab) }
	o.Tables = &tables
	sizes := SurveyAll(context.Background(), o)
	want := Survey(context.Background(), SurveyOptions{Columns: 4, Seed: 1, Deals: 6, Workers: 1, Solve: SolveOptions{Workers: 1}})
	if len(lines) != 0 || sizes[0].Solvable != want.Solvable || sizes[0].Deals != 6 {
		t.Errorf("resumed: ran %d, %+v, want %+v", len(lines), sizes[0], want)
	}
	if !strings.HasPrefix(tab.String(), "4 columns: 6 deals: ") || !strings.Contains(tab.String(), "\n5 columns: 6 deals: ") || tables.String() != tab.String() {
		t.Errorf("tables:\n%s", tab.String())
	}
}

// TestSurveyResumeReplays: a checkpoint's solvable deal whose solution does
// not win (written by a faulty build) is decided again, not counted as it
// stands.
func TestSurveyResumeReplays(t *testing.T) {
	l := memLedger{}
	o := SurveySizes{SurveyOptions: SurveyOptions{Columns: 4, Seed: 1, Deals: 3, Workers: 1, Solve: SolveOptions{Workers: 1}}, ToColumns: 4, Ledger: l}
	SurveyAll(context.Background(), o)
	var r DealOutcome
	if err := json.Unmarshal(l[0], &r); err != nil || r.Decision.Verdict != Solvable || len(r.Decision.Path) < 2 {
		t.Fatalf("deal 0 in the ledger: %+v, %v; want a solvable deal", r, err)
	}
	r.Decision.Path = r.Decision.Path[:len(r.Decision.Path)-1]
	l.Add(0, r)
	var ran []uint64
	o.Progress = func(_, _ int, r DealOutcome) { ran = append(ran, r.Seed) }
	sizes := SurveyAll(context.Background(), o)
	if len(ran) != 1 || ran[0] != 1 || sizes[0].Solvable+sizes[0].Unsolvable != 3 {
		t.Errorf("resumed with deal 0 cut short: ran %v, %+v; want seed 1 run again", ran, sizes[0])
	}
}
