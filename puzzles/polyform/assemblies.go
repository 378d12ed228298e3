package polyform

import (
	"context"
	"slices"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// EachUnique enumerates one solution of every class of solutions under
// the packing's symmetries (those CountUnique counts as Unique), on one
// worker, calling visit with its pieces: the piece (index into Pieces)
// and the board cells of every placement, ordered by piece (copies of a
// piece by their first cell). visit
// returns false to stop. The counts are CountUnique's.
func (pk *Packing) EachUnique(ctx context.Context, s xcover.Strategy, visit func(kinds []int, pieces [][]Cell) bool) Counts {
	cells := func(pls []int) ([]int, [][]Cell) {
		pls = slices.Clone(pls)
		slices.SortFunc(pls, func(a, b int) int {
			pa, pb := pk.Placements[a], pk.Placements[b]
			if pa.Piece != pb.Piece {
				return pa.Piece - pb.Piece
			}
			return pa.Cells[0] - pb.Cells[0]
		})
		kinds, out := make([]int, len(pls)), make([][]Cell, len(pls))
		for i, k := range pls {
			kinds[i] = pk.Placements[k].Piece
			for _, c := range pk.Placements[k].Cells {
				out[i] = append(out[i], pk.Board.Cells[c])
			}
		}
		return kinds, out
	}
	if pk.Ranges != nil {
		return pk.eachRanges(ctx, s, search.Limits{}, true, func(pls []int, _ int) bool { return visit(cells(pls)) })
	}
	r := pk.Restrict()
	if r.Kept == nil {
		// No piece to restrict: every solution, keeping the canonical ones.
		var c Counts
		img := make([]int, len(pk.Board.Cells))
		assign := make([]int, len(pk.Board.Cells))
		res := pk.run(ctx, s, nil, 1, search.Limits{}, func(_ int, pls []int) bool {
			pk.fillPlacements(assign, pls)
			c.All++
			for gi := 1; gi < len(pk.syms); gi++ {
				pk.imageOf(img, assign, gi)
				if slices.Compare(img, assign) < 0 {
					return true
				}
			}
			c.Unique++
			return visit(cells(pls))
		})
		c.Stats, c.Err = res.Stats, res.Err
		return c
	}
	var c Counts
	res := pk.solveUnique(ctx, s, 1, search.Limits{}, r, func(_ int, _, pls []int, class int) bool {
		c.All += int64(class)
		return visit(cells(pls))
	})
	c.Unique, c.Stats, c.Err = res.Solutions, res.Stats, res.Err
	return c
}
