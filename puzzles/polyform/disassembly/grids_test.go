package disassembly

import (
	"context"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// TestOtherGridsRefused: BurrTools defines no moves on its sphere,
// rhombic and tetrahedron-octahedron grids (burrTxt -d aborts there), so
// an assembly of them is not taken apart: Solve says so instead of
// counting.
func TestOtherGridsRefused(t *testing.T) {
	for _, name := range []string{"sphere.xmpuzzle", "rhombic.xmpuzzle", "tetra-octa.xmpuzzle"} {
		pz, err := polyform.OpenBurr("../testdata/burr/" + name)
		if err != nil {
			t.Fatal(err)
		}
		pk, err := pz.Packing(0)
		if err != nil {
			t.Fatal(err)
		}
		c := Solve(context.Background(), pk, Options{}, func([]int, [][]polyform.Cell, *Separation) bool { return true })
		if c.Err == nil || !strings.Contains(c.Err.Error(), "BurrTools defines no moves there") || c.Assemblies != 0 {
			t.Errorf("%s: %d assemblies, error %v; want the grid refused", name, c.Assemblies, c.Err)
		}
		if _, err := New(pk.Board.Grid, [][]polyform.Cell{{{}}}); err == nil {
			t.Errorf("%s: New accepted the %v grid", name, pk.Board.Grid)
		}
	}
}

// TestBurrToolsOtherGrids counts BurrTools' examples of the prism,
// sphere, rhombic and tetrahedron-octahedron grids (BURR_FILES, see
// TestBurrTools) as burrTxt does (2026-11-27): its assemblies are the
// unique packings (BrokenSticks' second problem has none: burrTxt says its
// piece 2 fits nowhere).
func TestBurrToolsOtherGrids(t *testing.T) {
	if os.Getenv(burrFiles) == "" {
		t.Skip(burrFiles + " not set: no BurrTools files to compare with")
	}
	tests := []struct {
		file       string
		problem    int
		assemblies int64
	}{
		{"Bermuda.xmpuzzle", 0, 1},
		{"Prisgon.xmpuzzle", 0, 1},
		{"Prisgon.xmpuzzle", 1, 1},
		{"BallRoom.xmpuzzle", 0, 2},
		{"BallRoom.xmpuzzle", 1, 1},
		{"BallRoom.xmpuzzle", 2, 3},
		{"12PieceSeparation.xmpuzzle", 0, 1},
		{"AugmentedSecondStellation.xmpuzzle", 0, 2},
		{"BrokenSticks.xmpuzzle", 0, 2},
		{"BrokenSticks.xmpuzzle", 1, 0},
		{"DiagonalCube.xmpuzzle", 0, 2},
		{"HexSticks.xmpuzzle", 0, 33},
		{"PermutatedThirdStellation.xmpuzzle", 0, 2},
		{"PiecesOfEight.xmpuzzle", 0, 6},
		{"PiecesOfEight.xmpuzzle", 1, 4},
		{"PiecesOfEight.xmpuzzle", 2, 43},
		{"PiecesOfEight.xmpuzzle", 3, 12},
		{"PiecesOfEight.xmpuzzle", 4, 20},
		{"PiecesOfEight.xmpuzzle", 5, 12},
		{"FourPieceTetrahedron.xmpuzzle", 0, 1},
	}
	for _, tc := range tests {
		_, pk := openBurr(t, tc.file, tc.problem)
		if pk == nil {
			continue
		}
		if c := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{}); c.Unique != tc.assemblies {
			t.Errorf("%s problem %d: %d unique, want %d", tc.file, tc.problem+1, c.Unique, tc.assemblies)
		}
	}
}

// TestPrismCrossings checks the search's table of the triangles a prism
// crosses (axis.mid, axis.lines) against the triangles' corners: the
// crossed triangle shares an edge with the start and with the end, and
// replay's point location (crossed) finds the same one, both ways.
func TestPrismCrossings(t *testing.T) {
	corners := func(c polyform.Cell) map[[2]int]bool {
		out := map[[2]int]bool{}
		for _, p := range polyform.Triangle.Polygon(polyform.Cell{X: c.X, Y: c.Y}) {
			out[[2]int{int(math.Round(2 * p[0])), int(math.Round(1e6 * p[1]))}] = true
		}
		return out
	}
	shared := func(a, b polyform.Cell) int {
		n := 0
		ca := corners(a)
		for p := range corners(b) {
			if ca[p] {
				n++
			}
		}
		return n
	}
	for d := PrismPlusX; d < numDirs; d += 2 {
		ax := d.axis()
		for o, c := range []polyform.Cell{{X: 4, Y: 7, Z: 1}, {X: 5, Y: 8, Z: 1}} {
			end := d.step(c, 1)
			mid := add(c, ax.mid[o])
			if down(mid) == o || shared(c, mid) != 2 || shared(mid, end) != 2 || shared(c, end) != 1 {
				t.Errorf("%v from %v: crosses %v, which does not lie between it and %v", d, c, mid, end)
			}
			if x, ok := crossed(polyform.Prism, c, d); !ok || x != mid {
				t.Errorf("%v from %v: located %v, want %v", d, c, x, mid)
			}
			if x, ok := crossed(polyform.Prism, end, d^1); !ok || x != mid {
				t.Errorf("%v from %v: located %v, want %v", d^1, end, x, mid)
			}
		}
	}
	if _, ok := crossed(polyform.Prism, polyform.Cell{X: 1, Y: 1}, PrismUp); ok {
		t.Error("a move between layers crosses a cell")
	}
}
