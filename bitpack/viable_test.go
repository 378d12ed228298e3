package bitpack

import (
	"context"
	"math"
	"testing"

	"github.com/branchwise/branchwise/estimate"
)

// TestViable: at every node of a small packing's tree under each rule, a
// node Viable calls doomed has no solution below it, and on the first
// empty cell's tree some nodes are doomed (the test tests something); an
// importance draw among the viable children estimates the tree without
// bias.
func TestViable(t *testing.T) {
	p := rectangle(5, 4, [][][2]int{square, lTetro, lTetro, tromino, lTromino, domino})
	for _, rule := range []Rule{FirstEmpty, Fewest, FewestCells} {
		p.Rule, p.DeadRegions = rule, rule != FewestCells
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := k.NewSearch()
		doomed, nodes := 0, 0
		var rec func() int // the solutions below the current node
		rec = func() int {
			nodes++
			viable := s.Viable()
			n, sol := s.Branches()
			sols := 0
			if sol {
				sols++
			}
			for i := range n {
				s.Down(i)
				sols += rec()
				s.Up()
			}
			if !viable {
				doomed++
				if sols > 0 {
					t.Fatalf("%v: a node with %d solutions below called doomed (path %v)", rule, sols, s.Path())
				}
			}
			return sols
		}
		truthSols := rec()
		t.Logf("%v: %d of %d nodes doomed, %d solutions", rule, doomed, nodes, truthSols)
		if rule == FirstEmpty && doomed == 0 {
			t.Errorf("%v: no node doomed: the test tests little", rule)
		}
		newTree := func() estimate.Tree { return k.NewSearch() }
		r := estimate.Knuth(context.Background(), newTree,
			estimate.Options{Seed: 3, Samples: 3000, Workers: 1, Lookahead: true, Importance: true, Viable: true})
		for _, c := range []struct {
			name  string
			iv    estimate.Interval
			truth float64
		}{{"nodes", r.Nodes, float64(nodes)}, {"solutions", r.Solutions, float64(truthSols)}} {
			// 4 standard errors: a failure is a bug, not bad luck.
			if math.Abs(c.iv.Estimate-c.truth) > 4*c.iv.StdErr+1e-9*c.truth {
				t.Errorf("%v: %s %.2f +- %.2f, truth %v", rule, c.name, c.iv.Estimate, c.iv.StdErr, c.truth)
			}
		}
	}
}

// BenchmarkViable: the cost of one look at a node's viability, on the
// first empty cell's tree of a small packing, against Branches.
func BenchmarkViable(b *testing.B) {
	p := rectangle(5, 4, [][][2]int{square, lTetro, lTetro, tromino, lTromino, domino})
	p.Rule, p.DeadRegions = FirstEmpty, true
	k, err := Compile(p)
	if err != nil {
		b.Fatal(err)
	}
	s := k.NewSearch()
	s.Branches()
	s.Down(0)
	b.ReportAllocs()
	for b.Loop() {
		s.Viable()
	}
}
