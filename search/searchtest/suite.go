package searchtest

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/search"
)

// Algorithm is a search under test and what it promises.
type Algorithm struct {
	Name string
	Func search.Func
	// Options are passed to every run (Store is set by Run).
	Options search.Options
	// Optimal algorithms return a cheapest solution.
	Optimal bool
	// UnitOptimal algorithms return a shortest solution when all costs are 1.
	UnitOptimal bool
	// CostFactor, if positive, bounds a solution's cost by this factor of the
	// optimum.
	CostFactor float64
}

// Run checks a on random grids (plain and weighted, some with no path), on
// pancake stacks, and on the node and cancellation limits, with a new store
// from newStore for every search.
func Run(t *testing.T, a Algorithm, newStore func() dedup.Store) {
	t.Helper()
	opts := func() search.Options {
		o := a.Options
		o.Store = newStore()
		return o
	}
	t.Run("grids", func(t *testing.T) {
		for seed := uint64(0); seed < 40; seed++ {
			g := NewGrid(9, 8, 0.3, false, seed)
			checkGrid(t, a, g, true, opts(), g)
		}
	})
	t.Run("weighted-grids", func(t *testing.T) {
		for seed := uint64(100); seed < 130; seed++ {
			g := NewGrid(8, 7, 0.25, true, seed)
			checkGrid(t, a, g, false, opts(), g)
		}
	})
	t.Run("pancakes", func(t *testing.T) {
		for seed := uint64(0); seed < 15; seed++ {
			p := NewPancakes(7, seed)
			want := p.Distance()
			start := slices.Clone(p.stack)
			r := a.Func(context.Background(), p, opts())
			p.SetKey(start)
			checkSolved(t, a, p, r, want, true, func() { p.SetKey(start) })
		}
	})
	t.Run("symmetric-grids", func(t *testing.T) {
		// Duplicate detection on canonical keys: a state and its mirror
		// image are stored once, and the path is still one of legal moves.
		for seed := uint64(200); seed < 230; seed++ {
			g := NewSymmetricGrid(8, 0.3, seed%2 == 1, seed)
			o := opts()
			o.Canonical = true
			checkGrid(t, a, &g.Grid, seed%2 == 0, o, g)
		}
	})
	t.Run("prune", func(t *testing.T) {
		// A prune hook that cuts some cells is a grid with those cells as
		// walls; the oracle is Dijkstra's algorithm on that grid.
		for seed := uint64(300); seed < 330; seed++ {
			g := NewGrid(9, 8, 0.15, seed%2 == 1, seed)
			cut := NewGrid(9, 8, 0.15, false, seed+1000).Wall
			cut[g.Start], cut[g.End] = false, false
			walled := *g
			walled.Wall = slices.Clone(g.Wall)
			for c, w := range cut {
				walled.Wall[c] = walled.Wall[c] || w
			}
			o := opts()
			o.Prune = func(search.Domain) bool { return cut[g.cur] }
			want := walled.Distances()[g.End]
			g.Reset()
			r := a.Func(context.Background(), g, o)
			if want < 0 {
				if r.Status != search.NoSolution {
					t.Errorf("%s pruned to no path: status %v (err %v), want no solution", a.Name, r.Status, r.Err)
				}
				continue
			}
			walled.Reset()
			checkSolved(t, a, &walled, r, want, seed%2 == 0, walled.Reset)
		}
	})
	t.Run("node-limit", func(t *testing.T) {
		g := NewGrid(40, 40, 0, false, 1)
		o := opts()
		o.MaxNodes = 25
		g.Reset()
		r := a.Func(context.Background(), g, o)
		if r.Status != search.NodeLimit || !errors.Is(r.Err, search.ErrNodeLimit) || !r.Status.Early() {
			t.Fatalf("%s with MaxNodes 25: status %v, err %v; want stopped on the node limit", a.Name, r.Status, r.Err)
		}
		if r.Stats.Generated != 25 {
			t.Errorf("%s with MaxNodes 25 generated %d nodes", a.Name, r.Stats.Generated)
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		g := NewGrid(300, 300, 0, false, 1)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		g.Reset()
		r := a.Func(ctx, g, opts())
		if r.Status != search.Interrupted || !errors.Is(r.Err, context.Canceled) || !r.Status.Early() {
			t.Fatalf("%s cancelled: status %v, err %v", a.Name, r.Status, r.Err)
		}
	})
}

// checkGrid runs a on d, which is g or a domain built on it, and checks the
// result against Dijkstra's algorithm on g.
func checkGrid(t *testing.T, a Algorithm, g *Grid, unit bool, o search.Options, d search.Domain) {
	t.Helper()
	want := g.Distances()[g.End]
	g.Reset()
	r := a.Func(context.Background(), d, o)
	if want < 0 {
		if r.Status != search.NoSolution {
			t.Errorf("%s on a grid with no path: status %v (err %v), want no solution", a.Name, r.Status, r.Err)
		}
		return
	}
	g.Reset()
	checkSolved(t, a, g, r, want, unit, g.Reset)
}

// checkSolved checks that r solves d, whose cheapest solution costs optimum
// and whose moves all cost 1 if unit; reset makes d's start current.
func checkSolved(t *testing.T, a Algorithm, d search.Domain, r search.Result, optimum int, unit bool, reset func()) {
	t.Helper()
	if r.Status != search.Solved {
		t.Errorf("%s: status %v (err %v), want solved (optimum %d)", a.Name, r.Status, r.Err, optimum)
		return
	}
	reset()
	cost := 0
	var buf []search.Move
	for i, m := range r.Path {
		buf = d.Moves(buf[:0])
		if !slices.Contains(buf, m) {
			t.Errorf("%s: move %d of the path (%d) is not legal", a.Name, i, m)
			return
		}
		cost += d.Apply(m)
	}
	if !d.IsGoal() {
		t.Errorf("%s: the path does not end at a goal", a.Name)
	}
	if cost != r.Cost {
		t.Errorf("%s: Result.Cost %d, the path costs %d", a.Name, r.Cost, cost)
	}
	if cost < optimum {
		t.Errorf("%s: cost %d below the optimum %d: the oracle or the path is wrong", a.Name, cost, optimum)
	}
	if (a.Optimal || a.UnitOptimal && unit) && cost != optimum {
		t.Errorf("%s: cost %d, optimum %d", a.Name, cost, optimum)
	}
	if a.CostFactor > 0 && float64(cost) > a.CostFactor*float64(optimum)+1e-9 {
		t.Errorf("%s: cost %d exceeds %.2f times the optimum %d", a.Name, cost, a.CostFactor, optimum)
	}
}
