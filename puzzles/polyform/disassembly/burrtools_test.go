package disassembly

import (
	"bytes"
	"context"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/search"
)

// burrFiles is the environment variable naming directories (separated
// by ':') that hold public BurrTools puzzle files: BurrTools' examples
// and puzzlecad's designs (searched for by name, in subdirectories too),
// which are not ours to commit. Without it the
// comparison is skipped.
const burrFiles = "BURR_FILES"

// findBurr finds a file by name under the directories of BURR_FILES.
func findBurr(t *testing.T, name string) string {
	t.Helper()
	for _, dir := range strings.Split(os.Getenv(burrFiles), ":") {
		var found string
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && d.Name() == name {
				found = path
				return fs.SkipAll
			}
			return nil
		})
		if found != "" {
			return found
		}
	}
	return ""
}

// openBurr reads problem k of the file found by findBurr, or reports it
// missing and returns nil.
func openBurr(t *testing.T, file string, k int) (*polyform.BurrPuzzle, *polyform.Packing) {
	t.Helper()
	path := findBurr(t, file)
	if path == "" {
		t.Errorf("%s: not found under %s", file, burrFiles)
		return nil, nil
	}
	pz, err := polyform.OpenBurr(path)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := pz.Packing(k)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return pz, pk
}

// TestBurrTools compares assemblies, solutions and levels with BurrTools'
// burrTxt -d (built from BurrTools' public repository and run on the
// same files, 2026-11-27).
func TestBurrTools(t *testing.T) {
	if os.Getenv(burrFiles) == "" {
		t.Skip(burrFiles + " not set: no BurrTools files to compare with")
	}
	tests := []struct {
		file                  string
		problem               int
		assemblies, solutions int64
		levels                map[string]int64 // solutions per level text
		long                  bool
	}{
		{"AlPackino.xmpuzzle", 0, 1, 1, map[string]int64{"1.1.1.1.1.2.1.3.1.2.1.2": 1}, false},
		{"CubeInCage.xmpuzzle", 0, 96, 1, map[string]int64{"4.9.3": 1}, false},
		{"DemoMirrorParadox.xmpuzzle", 0, 1, 1, map[string]int64{"1": 1}, false},
		{"DemoMirrorParadox.xmpuzzle", 1, 1, 1, map[string]int64{"1": 1}, false},
		{"DemoPieceGenerator.xmpuzzle", 0, 928, 927, map[string]int64{"1": 927}, false},
		{"DraculasDentalDesaster.xmpuzzle", 0, 84, 1, map[string]int64{"3.5.16.6.4": 1}, false},
		// burrTxt: 98.2.4.2. The part of three pieces left after the
		// second removal lets two pieces out after four moves; which comes
		// first depends on the order of the directions, so on how the
		// assembly is turned: in 12 of its 48 orientations this disassembler
		// says 98.2.4.2 too, BurrTools' assembly being one of those.
		{"PelikanBurr.xmpuzzle", 0, 12, 1, map[string]int64{"98.2.4": 1}, false},
		{"SolidSixPieceBurrs.xmpuzzle", 0, 588, 179, map[string]int64{"1": 148, "1.2": 31}, true},
		// puzzlecad's designs (Alfons Eyckmans, Christoph Lohe): variable
		// voxels, colours, copies.
		{"eyckmans.gargamel.xmpuzzle", 0, 7680, 1, map[string]int64{"62.3.2.2.3.2.3": 1}, true},
		{"eyckmans.rhinoceros.xmpuzzle", 0, 72, 1, map[string]int64{"31.6.3.1.3": 1}, false},
		{"lohe.key-trap.xmpuzzle", 0, 68, 1, map[string]int64{"26.4.5.1.2": 1}, false},
		{"lohe.misused-key.xmpuzzle", 0, 66, 2, map[string]int64{"26.8.2.6.2": 2}, false},
		{"lohe.misused-key.xmpuzzle", 1, 470, 8, map[string]int64{"6.22.7.2.5.2": 4, "7.21.8.2.5.2": 4}, false},
		{"lohe.misused-key.xmpuzzle", 2, 376, 6, map[string]int64{"6.21.8.2.5.2": 4, "5.22.7.2.5.2": 2}, false},
		// The triangular prism grid.
		{"Bermuda.xmpuzzle", 0, 1, 1, map[string]int64{"1": 1}, false},
		{"Prisgon.xmpuzzle", 0, 1, 1, map[string]int64{"9.6.4.2.2.2.1.2": 1}, false},
		{"Prisgon.xmpuzzle", 1, 1, 1, map[string]int64{"9.5.1.1.2.2.2": 1}, false},
	}
	for _, tc := range tests {
		if tc.long && testing.Short() {
			continue
		}
		pz, pk := openBurr(t, tc.file, tc.problem)
		if pk == nil {
			continue
		}
		groups, weights := BurrOptions(pz, tc.problem)
		c := Solve(context.Background(), pk, Options{Groups: groups, Weights: weights}, func(kinds []int, pieces [][]polyform.Cell, sep *Separation) bool {
			if sep != nil {
				if err := Replay(pk.Board.Grid, pieces, perPiece(groups, kinds), sep); err != nil {
					t.Errorf("%s: replay: %v", tc.file, err)
				}
			}
			return true
		})
		if c.Err != nil {
			t.Fatal(c.Err)
		}
		if c.Assemblies != tc.assemblies || c.Solutions != tc.solutions || !maps.Equal(c.Levels, tc.levels) {
			t.Errorf("%s problem %d: %d assemblies, %d solutions, levels %v; want %d, %d, %v",
				tc.file, tc.problem+1, c.Assemblies, c.Solutions, c.Levels, tc.assemblies, tc.solutions, tc.levels)
		}
	}
}

// TestCaged counts puzzles written for branchwise (testdata/burr: pieces
// of a 3 x 3 x 3 box cut at random, in a box with half a lid, made by
// TestRandomAssemblies' generator; on the prism grid by
// TestWritePrismCages) as burrTxt -d does on the same files (2026-11-27;
// burrTxt agreed on all 40 files TestWritePrismCages writes):
// caged2-plain.xml is plain XML under another name.
func TestCaged(t *testing.T) {
	tests := []struct {
		file                  string
		assemblies, solutions int64
		levels                map[string]int64
	}{
		{"caged2-plain.xml", 4, 4, map[string]int64{"2.2.2": 4}},
		{"caged3.xmpuzzle", 1, 1, map[string]int64{"3.2.2": 1}},
		{"caged7.xmpuzzle", 60, 60, map[string]int64{"1.2.2.2": 12, "2.1.2.2": 2, "2.2.2.2": 46}},
		{"caged8.xmpuzzle", 3, 3, map[string]int64{"1.1.2": 1, "2.2.2": 1, "3.1.2": 1}},
		// The prism grid (TestWritePrismCages).
		{"prism-caged0.xmpuzzle", 1, 0, map[string]int64{}},
		{"prism-caged10.xmpuzzle", 2, 2, map[string]int64{"1.1.1.2": 1, "1.1.2.2": 1}},
		{"prism-caged13.xmpuzzle", 4, 4, map[string]int64{"1.1.2.2": 1, "1.2.2.2": 1, "2.2.2.2": 2}},
		{"prism-caged23.xmpuzzle", 4, 4, map[string]int64{"1.2.1.2": 1, "1.2.2": 2, "1.2.2.2": 1}},
	}
	for _, tc := range tests {
		path := filepath.Join("..", "testdata", "burr", tc.file)
		if !polyform.IsBurrFile(path) {
			t.Errorf("%s: not taken for a BurrTools file", tc.file)
		}
		pz, err := polyform.OpenBurr(path)
		if err != nil {
			t.Fatal(err)
		}
		pk, err := pz.Packing(0)
		if err != nil {
			t.Fatal(err)
		}
		c := Solve(context.Background(), pk, Options{}, func(_ []int, pieces [][]polyform.Cell, sep *Separation) bool {
			if sep != nil {
				if err := Replay(pk.Board.Grid, pieces, nil, sep); err != nil {
					t.Errorf("%s: replay: %v", tc.file, err)
				}
			}
			return true
		})
		if c.Err != nil || c.Assemblies != tc.assemblies || c.Solutions != tc.solutions || !maps.Equal(c.Levels, tc.levels) {
			t.Errorf("%s: %d assemblies, %d solutions, levels %v (%v); want %d, %d, %v",
				tc.file, c.Assemblies, c.Solutions, c.Levels, c.Err, tc.assemblies, tc.solutions, tc.levels)
		}
	}
}

// FuzzDisassembleBurr reads BurrTools files and takes apart the
// assemblies of their small problems: every separation found must replay.
func FuzzDisassembleBurr(f *testing.F) {
	for _, name := range []string{"caged3.xmpuzzle", "caged8.xmpuzzle", "ranges.xmpuzzle", "colours.xmpuzzle", "prism-caged13.xmpuzzle"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "burr", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		pz, err := polyform.ReadBurr(bytes.NewReader(data), "f")
		if err != nil {
			return
		}
		for k := range pz.Problems {
			pk, err := pz.Packing(k)
			if err != nil || len(pk.Board.Cells) > 40 {
				continue
			}
			groups, weights := BurrOptions(pz, k)
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			Solve(ctx, pk, Options{Groups: groups, Weights: weights, Limits: search.Limits{MaxNodes: 10000}}, func(kinds []int, pieces [][]polyform.Cell, sep *Separation) bool {
				if sep != nil {
					if err := Replay(pk.Board.Grid, pieces, perPiece(groups, kinds), sep); err != nil {
						t.Fatalf("problem %d: replay: %v", k+1, err)
					}
				}
				return true
			})
			cancel()
		}
	})
}
