package polyform

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// TestCountAllAndList: the 3x20 pentomino rectangle has 8 solutions, 2
// unique (Haselgrove); List finds them, all or one per class.
func TestCountAllAndList(t *testing.T) {
	pk, err := Load("pentomino-3x20", "")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var found int64
	rep := pk.CountAll(ctx, RunOptions{Name: "p", StrategyName: "fewest", Strategy: xcover.Fewest, Workers: 2, Stats: true,
		Found: func(all, _ int64) { found = all }})
	if rep.Solutions != 8 || *rep.Unique != 2 || found != 8 || rep.Workers != 2 || len(rep.ByDepth) == 0 || rep.Symmetries != 4 || rep.Status != search.Solved {
		t.Fatalf("CountAll: %+v", rep)
	}
	var out bytes.Buffer
	rep.WriteTable(&out)
	if !strings.HasPrefix(out.String(), "p: 8 solutions, 2 unique (all solutions searched; strategy fewest, ") || !strings.Contains(out.String(), "mean min bf") {
		t.Errorf("count text:\n%s", out.String())
	}
	// The table's nodes add up to the count's and the root (issue 36, D14).
	for _, o := range []RunOptions{{Strategy: xcover.Fewest, Workers: 2}, {Strategy: xcover.Fewest, Workers: 1, Unique: true}} {
		o.Stats = true
		r := pk.CountAll(ctx, o)
		var sum int64
		for _, d := range r.ByDepth {
			sum += d.Nodes
		}
		out.Reset()
		r.WriteTable(&out)
		if want := fmt.Sprintf("\n  all %14s  (the root and the %s nodes below it)\n", numfmt.Count(r.Nodes+1), numfmt.Count(r.Nodes)); sum != r.Nodes+1 || !strings.Contains(out.String(), want) {
			t.Errorf("unique %t: the table's nodes sum to %d, the count is %d:\n%s", o.Unique, sum, r.Nodes, out.String())
		}
	}
	uniq := pk.CountAll(ctx, RunOptions{Strategy: xcover.Fewest, Workers: 1, Unique: true})
	if uniq.Solutions != 8 || *uniq.Unique != 2 {
		t.Errorf("CountAll unique: %+v", uniq)
	}
	for _, tc := range []struct {
		all, unique bool
		shown       int
		summary     string
		status      search.Status
	}{
		{false, false, 1, "", search.SolutionLimit}, // the first solution, as asked
		{true, false, 8, "\np: 8 solutions, 2 unique (", search.Solved},
		{true, true, 2, "\np: 2 unique solutions shown, 8 in all (", search.Solved},
	} {
		shown := 0
		rep := pk.List(ctx, RunOptions{Name: "p", Strategy: xcover.Fewest, Workers: 2, All: tc.all, Unique: tc.unique, KeepShown: true,
			Show: func(labels []string) {
				if len(labels) != 60 {
					t.Errorf("%d labels", len(labels))
				}
				shown++
			}})
		out.Reset()
		rep.WriteTable(&out)
		if shown != tc.shown || len(rep.Shown) != tc.shown || len(rep.Shown[0]) != 3 || !strings.HasPrefix(out.String(), tc.summary) || rep.Status != tc.status {
			t.Errorf("List all=%t unique=%t: %d shown, %v, %q", tc.all, tc.unique, shown, rep.Status, out.String())
		}
	}
	none, _ := Load("hexiamond-3x12", "")
	out.Reset()
	rep = none.List(ctx, RunOptions{Name: "h", Strategy: xcover.Fewest})
	rep.WriteTable(&out)
	if !strings.HasPrefix(out.String(), "h: no solution (") || rep.Status != search.Solved {
		t.Errorf("no solution: %q", out.String())
	}
	// Bounded by probes, not by the clock: 200 ms of wall time held no
	// finished probe on a loaded machine.
	if est := pk.estimateNodes(ctx, xcover.Fewest, 1, time.Minute, 64); est <= 0 {
		t.Errorf("estimateNodes = %v after 64 probes", est)
	}
}

func TestParseEngineStrategy(t *testing.T) {
	if e, s, fe, err := ParseEngineStrategy("auto", "first-empty"); err != nil || e != Auto || s != xcover.Fixed || !fe {
		t.Errorf("first-empty: %v %v %v %v", e, s, fe, err)
	}
	if _, _, _, err := ParseEngineStrategy("xcover", "first-empty"); err == nil || err.Error() != "--strategy first-empty needs --engine auto or bitboard" {
		t.Errorf("xcover first-empty: %v", err)
	}
	if e, s, fe, err := ParseEngineStrategy("xcover", "sorted"); err != nil || e != XCover || s != xcover.Sorted || fe {
		t.Errorf("sorted: %v %v %v %v", e, s, fe, err)
	}
	for _, bad := range [][2]string{{"gpu", "fewest"}, {"auto", "best"}} {
		if _, _, _, err := ParseEngineStrategy(bad[0], bad[1]); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// TestCountSpec: a spec survives JSON, a board file travels as its text,
// and the tree it builds counts the puzzle.
func TestCountSpec(t *testing.T) {
	board := filepath.Join(t.TempDir(), "b.txt")
	os.WriteFile(board, []byte("pieces: pentominoes\n....................\n....................\n....................\n"), 0o644)
	s := CountSpec{Puzzle: board, Strategy: "fewest", CellsOnly: true}
	if _, j, err := s.Prepare(); err != nil || s.BoardText == "" || j.SpecHash == "" {
		t.Fatal(err)
	}
	if got := s.Text(); got != "pack b.txt --strategy fewest --cells-only" {
		t.Errorf("Text = %q", got)
	}
	raw, _ := json.Marshal(s)
	os.Remove(board)
	newTree, hash, err := BuildCountSpec(raw)
	if err != nil || !strings.HasPrefix(hash, "sha256:") {
		t.Fatal(hash, err)
	}
	p, err := estimate.Exhaustive(context.Background(), newTree, 100, 1)
	if err != nil || p.Result().Solutions.Estimate != 8 {
		t.Errorf("the spec's tree: %v solutions, %v", p.Result().Solutions.Estimate, err)
	}
	named := CountSpec{Puzzle: "pentomino-3x20", Strategy: "fewest", CellsOnly: true}
	if _, j, _ := named.Prepare(); j.SpecHash != hash || named.BoardText != "" {
		t.Errorf("the same puzzle named: hash %s, want %s", j.SpecHash, hash)
	}
	if _, _, err := BuildCountSpec([]byte("[]")); err == nil || !strings.HasPrefix(err.Error(), "polyform: not a packing job") {
		t.Errorf("bad job: %v", err)
	}
}
