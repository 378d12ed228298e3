package disassembly

import (
	"testing"

	"github.com/branchwise/branchwise/puzzles/polyform"
)

func TestDirVector(t *testing.T) {
	for _, tc := range []struct {
		d    Dir
		want polyform.Cell
	}{
		{PlusX, polyform.Cell{X: 1}},
		{MinusX, polyform.Cell{X: -1}},
		{PlusY, polyform.Cell{Y: 1}},
		{MinusY, polyform.Cell{Y: -1}},
		{PlusZ, polyform.Cell{Z: 1}},
		{MinusZ, polyform.Cell{Z: -1}},
		{PrismUp, polyform.Cell{Z: 1}},
		{PrismPlusX, polyform.Cell{X: 3}},
		{PrismMinusY, polyform.Cell{Y: -3}},
		{PrismMinusXPlusY, polyform.Cell{X: -3, Y: 3}},
		{PrismPlusXMinusY, polyform.Cell{X: 3, Y: -3}},
	} {
		if got := tc.d.Vector(); got != tc.want {
			t.Errorf("%v (Dir %d): %v, want %v", tc.d, int(tc.d), got, tc.want)
		}
	}
}
