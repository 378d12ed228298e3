package tiles

import (
	"context"
	"fmt"
	"strings"
	"testing"
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
