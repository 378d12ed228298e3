package disassembly

import (
	"context"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/puzzles/polyform"
)

// TestOtherGridsRefused: moves are unit steps along the cube's axes, so
// an assembly of the prism or sphere grid is not taken apart (it would
// be moved off its grid): Solve says so instead of counting.
func TestOtherGridsRefused(t *testing.T) {
	for _, name := range []string{"prism.xmpuzzle", "sphere.xmpuzzle"} {
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
