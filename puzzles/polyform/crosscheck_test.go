package polyform

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// randomPacking glues the pieces of a random subset of a random set of
// grid g into a board, each piece once, so that the packing has at least
// one solution.
func randomPacking(rng *rand.Rand, g Grid) (*Packing, error) {
	sizes := map[Grid][]int{Square: {3, 4, 5}, Triangle: {4, 5, 6}, Hexagon: {3, 4}}[g]
	set, err := pieceSet(g, sizes[rng.IntN(len(sizes))], true)
	if err != nil {
		return nil, err
	}
	rng.Shuffle(len(set), func(i, j int) { set[i], set[j] = set[j], set[i] })
	pieces := set[:2+rng.IntN(min(len(set), 6)-1)]
	cells := map[Cell]bool{}
	var order []Cell
	for _, p := range pieces {
		os := g.Orientations(p.Shape, true)
		for try := 0; ; try++ {
			if try > 1000 {
				return nil, fmt.Errorf("no room for piece %s", p.Name)
			}
			o := os[rng.IntN(len(os))]
			var at Cell
			if len(order) > 0 {
				var nb []Cell
				nb = g.neighbours(order[rng.IntN(len(order))], nb)
				at = nb[rng.IntN(len(nb))]
			} else {
				at = o[0]
			}
			c0 := o[rng.IntN(len(o))]
			dx, dy := at.X-c0.X, at.Y-c0.Y
			if g == Triangle && (mod(dx, 3) != 0 || mod(dy, 3) != 0) {
				continue
			}
			ok := true
			for _, c := range o {
				if cells[Cell{X: c.X + dx, Y: c.Y + dy}] {
					ok = false
				}
			}
			if !ok {
				continue
			}
			for _, c := range o {
				cells[Cell{X: c.X + dx, Y: c.Y + dy}] = true
				order = append(order, Cell{X: c.X + dx, Y: c.Y + dy})
			}
			break
		}
	}
	b, err := NewBoard(g, order)
	if err != nil {
		return nil, err
	}
	return NewPacking(b, slices.Clone(pieces))
}

// TestKernelAgreesWithXCover: on random boards and piece subsets of the
// three grids, the bitboard kernel and dancing links search the same tree
// for every rule they share: the same solutions in the same order, the
// same statistics depth by depth (nodes, branching factors, histogram,
// pruned nodes), the same exhaustive profile for the estimators, and the
// same counts on two workers.
func TestKernelAgreesWithXCover(t *testing.T) {
	trials := 1200
	if testing.Short() {
		trials = 300
	}
	rng := rand.New(rand.NewPCG(13, 1))
	solved := 0
	for trial := 0; trial < trials; trial++ {
		g := Grid(trial % 3)
		pk, err := randomPacking(rng, g)
		if err != nil {
			continue
		}
		strat := xcover.Strategy(rng.IntN(3))
		pk.CellsOnly = rng.IntN(2) == 0
		pk.DeadRegions = rng.IntN(2) == 0
		pk.LargestRegionOnly = pk.DeadRegions && rng.IntN(2) == 0
		what := fmt.Sprintf("trial %d: %v grid, %d cells, %d pieces, %v, cells only %v, dead regions %v, largest %v",
			trial, g, len(pk.Board.Cells), len(pk.Pieces), strat, pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly)
		var sols [2][]string
		var res [2]xcover.Result
		var prof [2]estimate.Profile
		for i, e := range []Engine{XCover, Bitboard} {
			pk.Engine = e
			res[i] = pk.Solve(context.Background(), strat, search.Limits{}, func(assign []int) bool {
				sols[i] = append(sols[i], fmt.Sprint(assign))
				return true
			})
			trees, err := pk.Trees(strat)
			if err != nil {
				t.Fatal(err)
			}
			if prof[i], err = estimate.Exhaustive(context.Background(), trees, len(pk.Pieces)+1, 1); err != nil {
				t.Fatal(err)
			}
		}
		if len(sols[0]) == 0 {
			t.Fatalf("%s: no solution, but the board was made of the pieces", what)
		}
		solved++
		if !slices.Equal(sols[0], sols[1]) {
			t.Fatalf("%s: solutions differ: xcover %d, kernel %d", what, len(sols[0]), len(sols[1]))
		}
		a, b := res[0].Stats, res[1].Stats
		a.Updates = 0
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: statistics differ:\nxcover %+v\nkernel %+v", what, a, b)
		}
		if !reflect.DeepEqual(prof[0], prof[1]) {
			t.Fatalf("%s: profiles differ:\nxcover %+v\nkernel %+v", what, prof[0], prof[1])
		}
		if trial%10 == 0 {
			pk.Engine = Bitboard
			c := pk.Count(context.Background(), strat, 2, search.Limits{})
			u := pk.CountUnique(context.Background(), strat, 2, search.Limits{})
			pk.Engine = XCover
			cx := pk.CountUnique(context.Background(), strat, 1, search.Limits{})
			if c.All != int64(len(sols[0])) || c.Stats.Nodes != a.Nodes || u.All != c.All || u.Unique != c.Unique || cx.Unique != c.Unique {
				t.Fatalf("%s: two workers %d solutions (%d unique) in %d nodes, restricted %d (%d), xcover restricted %d unique; one worker %d in %d",
					what, c.All, c.Unique, c.Stats.Nodes, u.All, u.Unique, cx.Unique, len(sols[0]), a.Nodes)
			}
		}
	}
	if solved < trials*9/10 {
		t.Errorf("only %d of %d random packings were built", solved, trials)
	}
}
