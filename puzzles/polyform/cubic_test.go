package polyform

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

func TestCubeSymmetries(t *testing.T) {
	if len(cubeSymmetries) != 48 {
		t.Fatalf("%d symmetries, want 48", len(cubeSymmetries))
	}
	seen := map[Cell]bool{}
	probe := Cell{1, 2, 3}
	for k := range 48 {
		img := Cubic.Transform(probe, k)
		if seen[img] {
			t.Fatalf("symmetry %d repeats an image", k)
		}
		seen[img] = true
		// Rotations first: a rotation keeps the handedness of the axes.
		x, y, z := Cubic.Transform(Cell{1, 0, 0}, k), Cubic.Transform(Cell{0, 1, 0}, k), Cubic.Transform(Cell{0, 0, 1}, k)
		cross := Cell{x.Y*y.Z - x.Z*y.Y, x.Z*y.X - x.X*y.Z, x.X*y.Y - x.Y*y.X}
		if (cross == z) != (k < 24) {
			t.Errorf("symmetry %d: rotation %v, want %v", k, cross == z, k < 24)
		}
	}
	if Cubic.Transform(probe, 0) != probe {
		t.Error("symmetry 0 is not the identity")
	}
}

// TestPolycubeCounts checks the enumeration against OEIS A000162 (up to
// rotation) and A038119 (up to rotation and reflection).
func TestPolycubeCounts(t *testing.T) {
	oneSided := []int{1, 1, 2, 8, 29, 166, 1023}
	free := []int{1, 1, 2, 7, 23, 112, 607}
	top := 7
	if testing.Short() {
		top = 6
	}
	for n := 1; n <= top; n++ {
		if got := len(Polyforms(Cubic, n, false)); got != oneSided[n-1] {
			t.Errorf("one-sided polycubes of %d cells: %d, want %d", n, got, oneSided[n-1])
		}
		if got := len(Polyforms(Cubic, n, true)); got != free[n-1] {
			t.Errorf("free polycubes of %d cells: %d, want %d", n, got, free[n-1])
		}
	}
}

func TestSomaPieces(t *testing.T) {
	var names []string
	for _, p := range SomaPieces() {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, ""); got != "VLTZABP" {
		t.Fatalf("Soma pieces %s, want VLTZABP", got)
	}
}

func TestCubicBoxCounts(t *testing.T) {
	tests := []struct {
		name        string
		all, unique int64
		short       bool
	}{
		{"soma", 11520, 240, true},
		{"pentomino-2x3x10", 12 * 8, 12, true},
		{"pentomino-2x5x6", 264 * 8, 264, false},
	}
	for _, tc := range tests {
		if testing.Short() && !tc.short {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			b, ps, ok := Named(tc.name)
			if !ok {
				t.Fatalf("no puzzle %s", tc.name)
			}
			pk, err := NewPacking(b, ps)
			if err != nil {
				t.Fatal(err)
			}
			c := pk.CountUnique(context.Background(), xcover.Fewest, 2, search.Limits{})
			if c.All != tc.all || c.Unique != tc.unique {
				t.Errorf("restricted: %d solutions, %d unique; want %d, %d", c.All, c.Unique, tc.all, tc.unique)
			}
		})
	}
}

func TestBedlamTetrisPieces(t *testing.T) {
	for name, want := range map[string]string{"bedlam": "4 5 5 5 5 5 5 5 5 5 5 5 5", "tetris-cube": "5 5 5 5 5 5 5 5 6 6 6 6"} {
		_, ps, err := PieceSet(name)
		if err != nil {
			t.Fatal(err)
		}
		var sizes []int
		for _, p := range ps {
			sizes = append(sizes, len(p.Shape))
		}
		slices.Sort(sizes)
		if got := strings.Trim(fmt.Sprint(sizes), "[]"); got != want {
			t.Errorf("%s: piece sizes %s, want %s", name, got, want)
		}
	}
}

// TestCubicSlow checks the published counts that take minutes: the
// pentominoes in 3 x 4 x 5, the Bedlam cube and the Tetris cube. Run with
// go test -run CubicSlow -timeout 2h; skipped under -short and unless
// BRANCHWISE_SLOW is set, so that the default test run stays fast.
func TestCubicSlow(t *testing.T) {
	if testing.Short() || os.Getenv("BRANCHWISE_SLOW") == "" {
		t.Skip("slow: set BRANCHWISE_SLOW=1")
	}
	tests := []struct {
		name        string
		all, unique int64
	}{
		{"pentomino-3x4x5", 3940 * 8, 3940},
		{"tetris-cube", 9839 * 24, 9839},
		{"bedlam", 19186 * 24, 19186},
	}
	only := os.Getenv("BRANCHWISE_SLOW")
	for _, tc := range tests {
		if only != "1" && only != tc.name {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			b, ps, _ := Named(tc.name)
			pk, err := NewPacking(b, ps)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			c := pk.CountUnique(context.Background(), xcover.Fewest, runtime.GOMAXPROCS(0), search.Limits{})
			t.Logf("%s: %d solutions, %d unique, %d nodes, %v", tc.name, c.All, c.Unique, c.Stats.Nodes, time.Since(start))
			if c.All != tc.all || c.Unique != tc.unique {
				t.Errorf("%d solutions, %d unique; want %d, %d", c.All, c.Unique, tc.all, tc.unique)
			}
		})
	}
}

func TestReadCubicBoard(t *testing.T) {
	blank := "grid: cubic\npieces: soma\n...\n...\n...\n\n...\n...\n...\n\n...\n...\n...\n"
	headers := "layer: 1\n...\n...\n...\nlayer: 2\n...\n...\n...\nlayer: 3\n...\n...\n...\n"
	for _, in := range []string{blank, headers} {
		b, set, err := ReadBoardSet(strings.NewReader(in), "cube.txt")
		if err != nil {
			t.Fatal(err)
		}
		if b.Grid != Cubic || len(b.Cells) != 27 || len(b.Symmetries()) != 48 {
			t.Errorf("%q: grid %v, %d cells, %d symmetries; want cubic, 27, 48", in, b.Grid, len(b.Cells), len(b.Symmetries()))
		}
		if in == blank && set != "soma" {
			t.Errorf("set %q", set)
		}
		labels := slices.Repeat([]string{"x"}, 27)
		if got := strings.Join(b.Rows(labels), "/"); got != "xxx/xxx/xxx//xxx/xxx/xxx//xxx/xxx/xxx" {
			t.Errorf("rows %s", got)
		}
	}
	// A 2 x 2 x 2 box less a corner: 6 symmetries.
	b, err := ReadBoard(strings.NewReader("grid: cubic\n..\n..\n\n..\n.#\n"), "c.txt")
	if err != nil || len(b.Cells) != 7 || len(b.Symmetries()) != 6 {
		t.Errorf("cube less a corner: %v, %d symmetries", err, len(b.Symmetries()))
	}
	for _, tc := range []struct{ in, want string }{
		{"grid: cubic\n...\n...\n\n...\n", "r.txt:5: layer 2 has 1 rows but layer 1 has 2: every layer must have the same number of rows"},
		{"layer: a\n..\nlayer: b\n..\n..\n..\n", "r.txt:4: layer 2 has 3 rows but layer 1 has 1"},
		{"grid: cubic\n..\n.x\n", "r.txt:3:2: unknown character 'x'"},
		{"grid: cubic\n\n\n", "r.txt: the board has no cells"},
	} {
		_, err := ReadBoard(strings.NewReader(tc.in), "r.txt")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %s", tc.in, err, tc.want)
		}
	}
}

// TestTetracubes2x4x4 packs the eight one-sided tetracubes into a 2 x 4 x
// 4 box. David Goodger's Polyform Puzzler gives 1390 solutions up to the
// box's 8 rotations, 11,120 in all; with reflections (which exchange the
// two screws) the 11,120 fall into 695 classes.
func TestTetracubes2x4x4(t *testing.T) {
	_, ps, err := PieceSet("one-sided-tetracubes")
	if err != nil {
		t.Fatal(err)
	}
	pk, err := NewPacking(Box(4, 4, 2), ps)
	if err != nil {
		t.Fatal(err)
	}
	c := pk.CountUnique(context.Background(), xcover.Fewest, 1, search.Limits{})
	if c.All != 11120 || c.Unique != 695 || len(pk.Symmetries()) != 16 {
		t.Errorf("%d solutions, %d unique, %d symmetries; want 11120 = 1390 x 8, 695, 16", c.All, c.Unique, len(pk.Symmetries()))
	}
}
