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

// Options are Solve's settings.
type Options struct {
	// Strategy is the exact cover search's.
	Strategy xcover.Strategy
	// MaxNodes bounds the positions of each breadth-first search (0: no
	// bound; see Disassembler.MaxNodes).
	MaxNodes int
	// Groups[p], if Groups is not nil, is the group of the packing's piece
	// p (0: none; see Disassembler.Groups).
	Groups []int
}

// Solve enumerates the assemblies of a packing of solid pieces (one per
// class of symmetric ones, as polyform.Packing.EachUnique) and tries to
// take each apart, as BurrTools' solver does. visit, if not nil, is given
// every assembly (its pieces' kinds and voxels) and its separation (nil if
// it does not come apart); it returns false to stop.
func Solve(ctx context.Context, pk *polyform.Packing, o Options, visit func(kinds []int, pieces [][]polyform.Cell, sep *Separation) bool) Counts {
	c := Counts{Levels: map[string]int64{}}
	res := pk.EachUnique(ctx, o.Strategy, func(kinds []int, pieces [][]polyform.Cell) bool {
		c.Assemblies++
		d, err := New(pieces)
		if err != nil {
			c.Err = err
			return false
		}
		d.MaxNodes = o.MaxNodes
		if o.Groups != nil {
			d.Groups = make([]int, len(kinds))
			for i, k := range kinds {
				d.Groups[i] = o.Groups[k]
			}
		}
		sep, err := d.Disassemble(ctx)
		if err != nil {
			c.Err = err
			return false
		}
		if sep != nil {
			c.Solutions++
			c.Levels[sep.LevelText()]++
		}
		return visit == nil || visit(kinds, pieces, sep)
	})
	if c.Err == nil {
		c.Err = res.Err
	}
	return c
}
