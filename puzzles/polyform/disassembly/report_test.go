package disassembly

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/search"
)

// TestWriteSolve: caged8's three solutions (levels 1.1.2, 2.2.2, 3.1.2,
// as TestCaged) printed with the moves of those from level 2 on; a node
// limit of one position stops the first search, and the text says so.
func TestWriteSolve(t *testing.T) {
	pz, err := polyform.OpenBurr(filepath.Join("..", "testdata", "burr", "caged8.xmpuzzle"))
	if err != nil {
		t.Fatal(err)
	}
	pk, err := pz.Packing(0)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	c := WriteSolve(context.Background(), &b, pz, 0, pk, Options{}, 2)
	out := b.String()
	if c.Err != nil || c.Status != search.Solved || c.Assemblies != 3 || c.Solutions != 3 {
		t.Fatalf("counts %+v", c)
	}
	if strings.Count(out, "assembly ") != 2 || !strings.Contains(out, ": level 2.2.2, ") || !strings.Contains(out, ": level 3.1.2, ") ||
		!strings.HasSuffix(out, "3 assemblies and 3 solutions\nlevels: 1 at level 1.1.2, 1 at level 2.2.2, 1 at level 3.1.2\n") {
		t.Errorf("text:\n%s", out)
	}
	b.Reset()
	c = WriteSolve(context.Background(), &b, pz, 0, pk, Options{Limits: search.Limits{MaxNodes: 1}}, 0)
	if !errors.Is(c.Err, search.ErrNodeLimit) || c.Status != search.NodeLimit || !strings.HasPrefix(b.String(), "stopped (") || strings.Contains(b.String(), "levels:") {
		t.Errorf("stopped: %v\n%s", c.Err, b.String())
	}
}

func TestWriteFile(t *testing.T) {
	file := filepath.Join("..", "testdata", "burr", "caged8.xmpuzzle")
	pz, err := polyform.OpenBurr(file)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := pz.Packing(0)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteFile(context.Background(), &b, file, 0, pk, Options{}, 0); err != nil || !strings.HasPrefix(b.String(), "3 assemblies and 3 solutions\n") {
		t.Errorf("%v:\n%s", err, b.String())
	}
	if err := WriteFile(context.Background(), &b, "board.txt", 0, pk, Options{}, 0); !opterr.Is(err) {
		t.Errorf("a board file: %v", err)
	}
}
