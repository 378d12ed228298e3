package disassembly

import (
	"context"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/xcover"
)

// Counts are what Solve found: assemblies (the packings, one per class of
// symmetric ones) and solutions (the assemblies that come apart), with the
// number of solutions at each level text.
type Counts struct {
	Assemblies, Solutions int64
	Levels                map[string]int64
	Err                   error
}

// Solve enumerates the assemblies of a packing of solid pieces (one per
// class of symmetric ones, as polyform.Packing.EachUnique) and tries to
// take each apart, as BurrTools' solver does. visit, if not nil, is given
// every assembly, its pieces' voxels and its separation (nil if it does
// not come apart); it returns false to stop. maxNodes bounds the positions
// of each breadth-first search (0: no bound).
func Solve(ctx context.Context, pk *polyform.Packing, s xcover.Strategy, maxNodes int, visit func(pieces [][]polyform.Cell, sep *Separation) bool) Counts {
	c := Counts{Levels: map[string]int64{}}
	res := pk.EachUnique(ctx, s, func(pieces [][]polyform.Cell) bool {
		c.Assemblies++
		d, err := New(pieces)
		if err != nil {
			c.Err = err
			return false
		}
		d.MaxNodes = maxNodes
		sep, err := d.Disassemble(ctx)
		if err != nil {
			c.Err = err
			return false
		}
		if sep != nil {
			c.Solutions++
			c.Levels[sep.LevelText()]++
		}
		return visit == nil || visit(pieces, sep)
	})
	if c.Err == nil {
		c.Err = res.Err
	}
	return c
}
