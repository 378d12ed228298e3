package polyform

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/xcover"
)

// TestCountSpecHash checks that the shard hash (Build) holds every field
// of CountSpec that changes the tree: changing any of them changes the
// hash, and a field added to CountSpec fails the test until it is
// listed here (with a change that must move the hash, or as one that
// does not shape the tree).
func TestCountSpecHash(t *testing.T) {
	base := CountSpec{Puzzle: "pentomino-3x20", Strategy: "fewest"}
	changes := map[string]func(s *CountSpec){
		"Puzzle":        func(s *CountSpec) { s.Puzzle = "pentomino-4x15" },
		"Pieces":        func(s *CountSpec) { s.Pieces = "ZYXWVUTPNLIF" }, // the same pieces in another order: other items
		"Strategy":      func(s *CountSpec) { s.Strategy = "fixed" },
		"CellsOnly":     func(s *CountSpec) { s.CellsOnly = true },
		"DeadRegions":   func(s *CountSpec) { s.DeadRegions = true },
		"LargestRegion": func(s *CountSpec) { s.LargestRegion = true },
		"ColourCut":     func(s *CountSpec) { s.ColourCut = true },
		"PieceCut":      func(s *CountSpec) { s.PieceCut = true },
		"Symmetry":      func(s *CountSpec) { s.Symmetry = true },
		"Subtree":       func(s *CountSpec) { s.Subtree = "0" },
	}
	// The cuts that refine another option are compared with it set.
	pre := map[string]func(s *CountSpec){
		"ColourCut": func(s *CountSpec) { s.DeadRegions = true },
		"PieceCut":  func(s *CountSpec) { s.CellsOnly = true },
	}
	// BoardText is the file Puzzle names, carried to a queue's workers:
	// the hash is that of the problem it makes, checked by TestCountSpec.
	notShaping := map[string]bool{"BoardText": true}
	ty := reflect.TypeFor[CountSpec]()
	for i := range ty.NumField() {
		f := ty.Field(i).Name
		if changes[f] == nil && !notShaping[f] {
			t.Errorf("CountSpec.%s: not known to the hash test; list it with a change that must move the hash", f)
		}
	}
	for name, change := range changes {
		from := base
		if pre[name] != nil {
			pre[name](&from)
		}
		_, job, err := from.Build()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		s := from
		change(&s)
		_, j, err := s.Build()
		if err != nil || j.SpecHash == job.SpecHash {
			t.Errorf("%s: hash %s, %v: unchanged", name, j.SpecHash, err)
		}
	}
	// The kernel's first-empty rule walks the tree of strategy fixed's
	// order on its own engine: another tree, another hash.
	fixed, first := base, base
	fixed.Strategy, first.Strategy = "fixed", FirstEmpty
	_, a, err1 := fixed.Build()
	_, b, err2 := first.Build()
	if err1 != nil || err2 != nil || a.SpecHash == b.SpecHash {
		t.Errorf("first-empty and fixed: hashes %s, %s (%v, %v)", a.SpecHash, b.SpecHash, err1, err2)
	}
}

// TestSymmetricShards: a count restricted by symmetry (CountSpec.Symmetry),
// cut into shards and merged, gives the unique solutions, and times the
// symmetries all of them: the same as the unrestricted shards and as
// CountUnique; shard files of the two counts refuse to merge.
func TestSymmetricShards(t *testing.T) {
	dir := t.TempDir()
	count := func(s CountSpec) (*shard.Total, []string) {
		total, names, _ := countInShards(t, s, dir)
		return total, names
	}
	base := CountSpec{Puzzle: "hexiamond-4x9", Strategy: "fewest", CellsOnly: true, DeadRegions: true}
	whole, wholeFiles := count(base)
	base.Symmetry = true
	restricted, restrictedFiles := count(base)
	bd, ps, _ := Named("hexiamond-4x9")
	pk, _ := NewPacking(bd, ps)
	c := pk.CountUnique(context.Background(), xcover.Fewest, 1, search.Limits{})
	if restricted.AllSolutions.Int64() != c.Unique || restricted.Unrestricted == nil || restricted.Unrestricted.Int64() != c.All ||
		whole.AllSolutions.Int64() != c.All || whole.Unrestricted != nil || restricted.Symmetries != 2 {
		t.Errorf("restricted %v unique, %v all (%d symmetries); whole %v; CountUnique %d unique, %d all",
			restricted.AllSolutions, restricted.Unrestricted, restricted.Symmetries, whole.AllSolutions, c.Unique, c.All)
	}
	if restricted.AllNodes.Cmp(whole.AllNodes) >= 0 {
		t.Errorf("restricted tree %v nodes, whole %v: not smaller", restricted.AllNodes, whole.AllNodes)
	}
	var b strings.Builder
	restricted.WriteTable(&b)
	if !strings.Contains(b.String(), "under 2 symmetries: 148 solutions in all") {
		t.Errorf("table:\n%s", b.String())
	}
	if _, err := shard.MergeFiles(append(wholeFiles[:1], restrictedFiles[1:]...)); err == nil {
		t.Error("shards of the whole and the restricted count merged")
	}
}

// countInShards counts spec s in three shards split at depth 2, files in
// dir, and merges them; it returns the total, the files and the job.
func countInShards(t *testing.T, s CountSpec, dir string) (*shard.Total, []string, shard.Job) {
	t.Helper()
	newTree, job, err := s.Build()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for i := range 3 {
		cj := shard.CountJob{Spec: job.Spec, SpecHash: job.SpecHash, Symmetry: job.Symmetry, SplitDepth: "2",
			Shard: fmt.Sprintf("%d/3", i), MaxDepth: shard.NoDepthLimit, Workers: 2,
			Out: filepath.Join(dir, fmt.Sprintf("%s-%t-%d.json", filepath.Base(s.Puzzle), s.Symmetry, i))}
		res, err := cj.Run(context.Background(), newTree, nil)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, res.Out)
	}
	total, err := shard.MergeFiles(names)
	if err != nil {
		t.Fatal(err)
	}
	return total, names, job
}

// TestSymmetricTreesBuiltIn: on every built-in puzzle small enough to
// count here, the restricted tree (SymmetricTrees, as shards and the
// queue count it) has the unique solutions of SolveUnique's count, and
// times the symmetries all of them. On Soma, whose every choice of piece
// keeps a symmetric placement, and the 3x4x5 box, where every flat piece
// has placements in the middle layer that the reflection through it
// leaves in place, the tree is a chain of parts.
func TestSymmetricTreesBuiltIn(t *testing.T) {
	for _, name := range []string{"pentomino-6x10", "pentomino-5x12", "pentomino-4x15", "pentomino-3x20", "pentomino-8x8",
		"hexiamond-6x6", "hexiamond-4x9", "hexiamond-3x12", "soma", "pentomino-2x3x10", "pentomino-2x5x6", "pentomino-3x4x5"} {
		t.Run(name, func(t *testing.T) {
			if (longtest.Short() || raceEnabled) && !slices.Contains([]string{"pentomino-3x20", "pentomino-8x8", "hexiamond-4x9", "soma"}, name) {
				t.Skip("short")
			}
			pk, err := Load(name, "")
			if err != nil {
				t.Fatal(err)
			}
			pk.DeadRegions = true
			rt, err := pk.SymmetricTrees(xcover.Fewest)
			if err != nil {
				t.Fatal(err)
			}
			p, err := estimate.Exhaustive(context.Background(), rt.New, len(pk.Pieces)+1, 2)
			if err != nil {
				t.Fatal(err)
			}
			var sols int64
			for _, n := range p.Solutions {
				sols += n
			}
			if name == "pentomino-3x4x5" {
				// Against its published 3,940 classes (Bouwkamp, quoted by
				// Knuth 2000), not a second count: the box's restricted tree
				// is a chain of parts, and CountUnique would double the
				// test's minute of CPU.
				if rt.Unique(sols) != 3940 || rt.Symmetries != 8 || rt.SymmetricClasses != 0 {
					t.Errorf("restricted tree: %d solutions x %d symmetries, %d symmetric classes; want 3,940 x 8", sols, rt.Symmetries, rt.SymmetricClasses)
				}
				return
			}
			c := pk.CountUnique(context.Background(), xcover.Fewest, 2, search.Limits{})
			if rt.Unique(sols) != c.Unique || rt.All(sols) != c.All {
				t.Errorf("restricted tree: %d solutions x %d symmetries, %d symmetric classes of %d; SolveUnique: %d unique, %d all", sols, rt.Symmetries, rt.SymmetricClasses, rt.SymmetricSolutions, c.Unique, c.All)
			}
		})
	}
}
