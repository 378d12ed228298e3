package logicgrid

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// quintDir is the quint-t data set: $BRANCHWISE_LOGICGRID/quint-t or
// ../../../shared/data/logicgrid/quint-t. It has no licence, so it is read
// in place, never copied.
func quintDir(t testing.TB) string {
	dir := os.Getenv("BRANCHWISE_LOGICGRID")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "data", "logicgrid")
	}
	dir = filepath.Join(dir, "quint-t")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("quint-t data absent: %v", err)
	}
	return dir
}

func loadQuint(t testing.TB) []QuintPuzzle {
	dir := quintDir(t)
	var files []string
	for _, sub := range []string{"puzzles", "hard_puzzles"} {
		m, _ := filepath.Glob(filepath.Join(dir, sub, "*.txt"))
		files = append(files, m...)
	}
	var all []QuintPuzzle
	for _, f := range files {
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, f)
		qs, err := ReadQuint(r, rel)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, qs...)
	}
	return all
}

// All 2,050 puzzles of quint-t: exactly the published answer, unique, by
// the fewest strategy and, without -short, by exact cover too. (The fixed
// and sorted orders take over 10^7 nodes on a few: Igarashi et al.'s point;
// "branchwise logic import --check --strategy all" runs them.)
func TestQuintAll(t *testing.T) {
	qs := loadQuint(t)
	if len(qs) != 2050 {
		t.Fatalf("%d puzzles, want 2050", len(qs))
	}
	engines := []string{"fewest", "propagate"}
	if !testing.Short() {
		engines = append(engines, "xcover")
	}
	for _, s := range engines {
		var nodes []int64
		for _, q := range qs {
			r := Solve(context.Background(), q.Puzzle, Options{Strategy: xcover.Fewest, Keep: 2, Limits: search.Limits{MaxSolutions: 2}, Propagate: s == "propagate"})
			if s == "xcover" {
				var err error
				if r, err = SolveXCover(context.Background(), q.Puzzle, xcover.Fewest, 2, search.Limits{MaxSolutions: 2}); err != nil {
					t.Fatal(err)
				}
			}
			if !r.Unique() {
				t.Errorf("%s %s: %d solutions (%v)", q.Name, s, r.Solutions, r.Status)
				continue
			}
			if !slices.EqualFunc(r.Kept[0], q.Answer, slices.Equal) {
				t.Errorf("%s %s: solution\n%s, published\n%s", q.Name, s, q.Puzzle.Format(r.Kept[0]), q.Puzzle.Format(q.Answer))
			}
			nodes = append(nodes, r.Nodes)
		}
		sort.Slice(nodes, func(i, j int) bool { return nodes[i] < nodes[j] })
		t.Logf("%s: median %d nodes, worst %d", s, nodes[len(nodes)/2], nodes[len(nodes)-1])
	}
}

func TestQuintClue(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Food:pomegranate is on the far right", "Food:pomegranate.position = 5"},
		{"Nationality:french is in the middle", "Nationality:french.position = 3"},
		{"Pet:rat == Job:chef or Job:chef == Food:kiwi, but not both", "Pet:rat = Job:chef xor Job:chef = Food:kiwi"},
		{"Music-Genre:r&b is somewhere between Food:kiwi and Pet:rat", "(Food:kiwi.position < Music-Genre:r&b.position and Music-Genre:r&b.position < Pet:rat.position) or (Pet:rat.position < Music-Genre:r&b.position and Music-Genre:r&b.position < Food:kiwi.position)"},
	} {
		got, err := QuintClue(tc.in, 5)
		if err != nil || got != tc.want {
			t.Errorf("%q: %q %v, want %q", tc.in, got, err, tc.want)
		}
	}
	if _, err := QuintClue("Pet:rat is upside down", 5); err == nil || !strings.Contains(err.Error(), "unrecognised") {
		t.Errorf("no error for an unknown form: %v", err)
	}
}

// TestReadQuintFilesNone: a directory without puzzles is an error that
// names it.
func TestReadQuintFilesNone(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "SOURCE.txt"), []byte("not a puzzle\n"), 0o644)
	if _, err := ReadQuintFiles([]string{dir}); err == nil || err.Error() != dir+": no quint-t puzzles found" {
		t.Errorf("%v", err)
	}
	if _, err := ReadQuintFiles([]string{filepath.Join(dir, "none")}); err == nil {
		t.Error("a missing file read")
	}
}
