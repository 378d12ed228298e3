package polyform

import (
	"context"
	"strings"
	"testing"

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
			c := pk.CountUnique(context.Background(), xcover.Fewest, 2)
			if c.All != tc.all || c.Unique != tc.unique {
				t.Errorf("restricted: %d solutions, %d unique; want %d, %d", c.All, c.Unique, tc.all, tc.unique)
			}
		})
	}
}
