package gaps

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/internal/opterr"
)

func TestDealOfAndWriteDeal(t *testing.T) {
	d, src, err := DealOf("", 3, 5, false)
	if err != nil || src != "seed 3, 5 columns" || d.String() != Generate(5, 3).String() {
		t.Fatalf("seed 3: %v, %q, %v", d, src, err)
	}
	var text, js strings.Builder
	if err := WriteDeal(&text, d, "text"); err != nil || text.String() != d.NamedHoles() {
		t.Errorf("text: %v\n%s", err, text.String())
	}
	if err := WriteDeal(&js, d, "solvitaire"); err != nil || js.String() != d.Solvitaire()+"\n" {
		t.Errorf("solvitaire: %v", err)
	}
	if err := WriteDeal(&js, d, "pdf"); !opterr.Is(err) {
		t.Errorf("pdf: %v", err)
	}
	file := filepath.Join(t.TempDir(), "deal.txt")
	if err := os.WriteFile(file, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if back, src, err := DealOf(file, 0, 0, false); err != nil || src != file || back.String() != d.String() {
		t.Errorf("the file back: %v, %q, %v", back, src, err)
	}
	for _, tc := range []struct {
		file   string
		cols   int
		seeded bool
	}{{file, 5, true}, {"", MinCols - 1, false}, {"", MaxCols + 1, true}} {
		if _, _, err := DealOf(tc.file, 1, tc.cols, tc.seeded); !opterr.Is(err) {
			t.Errorf("%+v: %v, want an option error", tc, err)
		}
	}
}

func TestSolveReport(t *testing.T) {
	d := Generate(4, 1)
	rep, err := SolveReport(context.Background(), d, "seed 1, 4 columns", "decide", SolveOptions{Workers: 1})
	out, _ := Solve(context.Background(), d, "decide", SolveOptions{Workers: 1})
	if err != nil || rep.Verdict != out.Verdict.String() || rep.Status != out.Status || rep.Generated != out.Generated || rep.Source != "seed 1, 4 columns" {
		t.Errorf("%+v, %v", rep, err)
	}
	if _, err := SolveReport(context.Background(), d, "", "nope", SolveOptions{Workers: 1}); !opterr.Is(err) {
		t.Errorf("unknown algorithm: %v", err)
	}
}

func TestSolveOptionsCheck(t *testing.T) {
	if err := (SolveOptions{Workers: 1, Store: "trie"}).Check("astar+dl"); err != nil {
		t.Errorf("astar+dl on a trie: %v", err)
	}
	for _, tc := range []struct {
		store, algo string
	}{{"hash", "nope"}, {"heap", "astar"}} {
		if err := (SolveOptions{Workers: 1, Store: tc.store}).Check(tc.algo); !opterr.Is(err) {
			t.Errorf("%+v: %v, want an option error", tc, err)
		}
	}
}
