package polyform

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// symmetricBoard is a board with many symmetries, where restricted pieces
// keep placements with symmetries of their own: squares, hexagons of
// triangles or of hexagons, and boxes.
func symmetricBoard(rng *rand.Rand) (g Grid, cells []Cell, piece int) {
	switch rng.IntN(4) {
	case 0:
		n := 4 + rng.IntN(2) // 4x4, 5x5: 4 tetrominoes, 5 pentominoes
		for x := 0; x < n; x++ {
			for y := 0; y < n; y++ {
				cells = append(cells, Cell{x, y, 0})
			}
		}
		return Square, cells, n
	case 1:
		side := 2 + rng.IntN(2) // 4 or 9 hexiamonds
		for x := -3 * side; x <= 3*side; x++ {
			for y := -3 * side; y <= 3*side; y++ {
				if c := (Cell{x, y, 0}); Triangle.valid(c) && abs(x) < 3*side && abs(y) < 3*side && abs(x+y) < 3*side {
					cells = append(cells, c)
				}
			}
		}
		return Triangle, cells, 6
	case 2:
		r := 2 + rng.IntN(2) // a hexagon of side 3 or 4 less its centre: 6 trihexes or 9 tetrahexes
		for x := -r; x <= r; x++ {
			for y := -r; y <= r; y++ {
				if abs(x+y) <= r && (x != 0 || y != 0) {
					cells = append(cells, Cell{x, y, 0})
				}
			}
		}
		return Hexagon, cells, r + 1
	}
	boxes := [][4]int{{2, 2, 2, 2}, {2, 2, 3, 4}, {2, 2, 4, 4}, {2, 3, 3, 3}}
	b := boxes[rng.IntN(len(boxes))]
	for x := 0; x < b[0]; x++ {
		for y := 0; y < b[1]; y++ {
			for z := 0; z < b[2]; z++ {
				cells = append(cells, Cell{x, y, z})
			}
		}
	}
	return Cubic, cells, b[3]
}

// bigStaticCells is the largest board on which TestSymmetricChainExact
// checks the static rules (fixed and sorted) by default: their restricted
// trees on the 36-cell hexagon boards and the 54-cell triangle board take
// 2 to 33 s of CPU a trial, two thirds of the test's time.
const bigStaticCells = 30

// TestSymmetricChainExact checks the restricted tree (a chain of parts
// where kept placements have symmetries) against the whole count on
// random boards with many symmetries and random pieces, copies allowed: the
// tree's solutions and the symmetric classes outside it are the unique
// ones, and |G| times the first with the classes' members all of them;
// the symmetric classes are checked against a listing of the solutions.
//
// Without -tags long the trials of the static rules on boards of more
// than bigStaticCells cells are left out (after every random draw, so that the
// other trials are those of the long run).
func TestSymmetricChainExact(t *testing.T) {
	trials := 120
	switch {
	case raceEnabled:
		// The race detector's share (the searches start goroutines):
		// trial 4, a 54-cell triangle board on dancing links with the
		// fixed rule, takes 15 s alone and about 6 minutes under it.
		trials = 4
	case longtest.Short():
		trials = 30 // 120 with -tags long
	}
	rng := rand.New(rand.NewPCG(47, 3))
	checked, chained, symmetric, left := 0, 0, 0, 0
	for trial := 0; trial < trials; trial++ {
		start := time.Now()
		g, cells, size := symmetricBoard(rng)
		set, err := pieceSet(g, size, true)
		if err != nil {
			t.Fatal(err)
		}
		b, err := NewBoard(g, cells)
		if err != nil {
			t.Fatal(err)
		}
		k := len(cells) / size
		var pk *Packing
		for try := 0; try < 50; try++ {
			pieces := make([]Piece, k)
			for i := range pieces {
				pieces[i] = set[rng.IntN(len(set))]
				pieces[i].Name = fmt.Sprint(i) // copies are pieces of their own
			}
			if pk, err = NewPacking(b, pieces); err != nil {
				t.Fatal(err)
			}
			if pk.Solve(context.Background(), xcover.Fewest, search.Limits{MaxSolutions: 1}, func([]int) bool { return true }).Solutions > 0 {
				break
			}
		}
		pk.Engine = []Engine{Bitboard, XCover}[rng.IntN(2)]
		pk.FirstEmpty = pk.Engine == Bitboard && rng.IntN(2) == 0
		pk.DeadRegions = rng.IntN(2) == 0
		strat := xcover.Strategy(rng.IntN(3))
		if longtest.Short() && strat != xcover.Fewest && len(cells) > bigStaticCells {
			// The fixed rule's restricted tree on the 54-cell triangle
			// board takes 8 to 33 s of CPU a trial (trials 4 and 27), the
			// sorted rule's on the 36-cell hexagon boards 5 and 15 s
			// (trials 14 and 20): they are counted with -tags long, the
			// other trials by default.
			left++
			continue
		}
		r, err := pk.SymmetricTrees(strat)
		name := fmt.Sprintf("trial %d (%v grid, %d cells, %d symmetries, engine %v, first empty %v, %v)", trial, g, len(cells), len(pk.Symmetries()), pk.Engine, pk.FirstEmpty, strat)
		c := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{})
		switch {
		case err != nil && len(pk.Symmetries()) < 2:
			continue
		case err != nil:
			t.Fatalf("%s: %v", name, err)
		}
		if parts, _, _ := pk.symmetricParts(); len(parts) != 1 || len(parts[0].pins) > 0 {
			chained++
		}
		// The symmetric classes by brute force: the solutions with a
		// symmetry of their own, each weighing its stabilizer's share
		// of a class (|S|/|G| per member: a class of |G|/|S| members sums
		// to 1).
		// (Only where the chain found some: the counts below check
		// that none was missed.)
		if r.SymmetricClasses > 0 {
			var classes, members float64
			img := make([]int, len(cells))
			pk.Solve(context.Background(), xcover.Fewest, search.Limits{}, func(assign []int) bool {
				if s := pk.fixedBy(assign, img); s > 1 {
					classes += float64(s) / float64(len(pk.Symmetries()))
					members++
				}
				return true
			})
			if int64(math.Round(classes)) != r.SymmetricClasses || int64(members) != r.SymmetricSolutions {
				t.Fatalf("%s: %d symmetric classes of %d solutions; listed %.3f classes of %.0f", name, r.SymmetricClasses, r.SymmetricSolutions, classes, members)
			}
			symmetric++
		}
		prof, err := estimate.Exhaustive(context.Background(), r.New, len(pk.Pieces)+1, 2)
		if err != nil {
			t.Fatal(err)
		}
		var sols int64
		for _, n := range prof.Solutions {
			sols += n
		}
		if r.Unique(sols) != c.Unique || r.All(sols) != c.All {
			t.Fatalf("%s: restricted tree %d solutions x %d symmetries, %d symmetric classes of %d; count %d, %d unique", name, sols, r.Symmetries, r.SymmetricClasses, r.SymmetricSolutions, c.All, c.Unique)
		}
		checked++
		if testing.Verbose() {
			t.Logf("%s: %d unique, %d all, %v", name, c.Unique, c.All, time.Since(start).Round(time.Millisecond))
		}
	}
	if checked >= 20 && chained < checked/8 {
		t.Errorf("%d checked, only %d by a chain", checked, chained)
	}
	t.Logf("%d checked (%d by a chain of parts, %d with symmetric classes), %d left to -tags long", checked, chained, symmetric, left)
}

// TestSymmetricShardsChain counts the Soma cube, whose restriction needs
// a chain of parts (every piece's kept placements include some that a
// symmetry fixes), in three shards of its restricted tree: the published
// 240 classes and 11,520 solutions (Conway and Guy).
func TestSymmetricShardsChain(t *testing.T) {
	total, _, job := countInShards(t, CountSpec{Puzzle: "soma", Strategy: "fewest", Symmetry: true}, t.TempDir())
	if total.AllSolutions.Int64() != 240 || total.Unrestricted == nil || total.Unrestricted.Int64() != 11520 {
		t.Errorf("soma in shards: %v unique, %v all; want 240 and 11,520", total.AllSolutions, total.Unrestricted)
	}
	_, whole, err := CountSpec{Puzzle: "soma", Strategy: "fewest"}.Build()
	if err != nil {
		t.Fatal(err)
	}
	if job.SpecHash == whole.SpecHash {
		t.Error("the restricted and the whole tree have one spec hash")
	}
}

// TestSymmetricClassesOutside counts a board whose only class of
// solutions has a symmetry of its own: the 2 x 2 x 2 box less a corner
// with the Soma pieces V and P (docs/pack.md), 3 solutions, 1 class,
// each solution fixed by one reflection of the box's 6 symmetries. The
// restricted tree holds none of them; the class is counted outside it,
// by the chain, the shards and the estimators alike.
func TestSymmetricClassesOutside(t *testing.T) {
	dir := t.TempDir()
	box := filepath.Join(dir, "box.txt")
	if err := os.WriteFile(box, []byte("grid: cubic\npieces: soma\nlayer: bottom\n..\n..\nlayer: top\n..\n.#\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pk, err := Load(box, "VP")
	if err != nil {
		t.Fatal(err)
	}
	if c := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{}); c.All != 3 || c.Unique != 1 {
		t.Fatalf("count: %d solutions, %d unique; want 3 and 1", c.All, c.Unique)
	}
	r, err := pk.SymmetricTrees(xcover.Fewest)
	if err != nil {
		t.Fatal(err)
	}
	if r.Symmetries != 6 || r.SymmetricClasses != 1 || r.SymmetricSolutions != 3 {
		t.Errorf("restricted: %d symmetries, %d symmetric classes of %d solutions; want 6, 1 of 3", r.Symmetries, r.SymmetricClasses, r.SymmetricSolutions)
	}
	spec := CountSpec{Puzzle: box, Pieces: "VP", Strategy: "fewest", Symmetry: true}
	total, _, _ := countInShards(t, spec, dir)
	if total.AllSolutions.Int64() != 0 || total.Unique.Int64() != 1 || total.Unrestricted.Int64() != 3 {
		t.Errorf("shards: tree %v, unique %v, all %v; want 0, 1, 3", total.AllSolutions, total.Unique, total.Unrestricted)
	}
	job := estimate.Job{Name: "box", Method: "exact", Options: estimate.Options{Workers: 1, ExactDepth: 10}}
	newTree, err := spec.Estimator(&job, "auto", nil, true)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := job.Run(context.Background(), newTree)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Unique.Estimate != 1 || rep.Solutions.Estimate != 3 {
		t.Errorf("estimate: %v unique, %v solutions; want 1 and 3", rep.Unique.Estimate, rep.Solutions.Estimate)
	}
}
