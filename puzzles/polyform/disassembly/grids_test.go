package disassembly

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// TestOtherGridsRefused: moves are unit steps along the cube's axes, so
// an assembly of the prism, sphere, rhombic or tetrahedron-octahedron
// grid is not taken apart (it would be moved off its grid): Solve says so
// instead of counting.
func TestOtherGridsRefused(t *testing.T) {
	for _, name := range []string{"prism.xmpuzzle", "sphere.xmpuzzle", "rhombic.xmpuzzle", "tetra-octa.xmpuzzle"} {
		pz, err := polyform.OpenBurr("../testdata/burr/" + name)
		if err != nil {
			t.Fatal(err)
		}
		pk, err := pz.Packing(0)
		if err != nil {
			t.Fatal(err)
		}
		c := Solve(context.Background(), pk, Options{}, func([]int, [][]polyform.Cell, *Separation) bool { return true })
		if c.Err == nil || !strings.Contains(c.Err.Error(), "takes apart assemblies of the cube grid only") || c.Assemblies != 0 {
			t.Errorf("%s: %d assemblies, error %v; want the grid refused", name, c.Assemblies, c.Err)
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
