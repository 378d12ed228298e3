package bitpack

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/estimate"
)

// regionSizes finds the sizes of the empty regions by breadth-first
// search over the problem's adjacency lists (not the kernel's bit sets),
// sorted.
func regionSizes(p Problem, empty Set) []int {
	seen := make([]bool, p.Cells)
	var sizes []int
	for c := range p.Cells {
		if !empty.has(c) || seen[c] {
			continue
		}
		queue, n := []int{c}, 0
		seen[c] = true
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			n++
			for _, y := range p.Adjacency[x] {
				if empty.has(y) && !seen[y] {
					seen[y] = true
					queue = append(queue, y)
				}
			}
		}
		sizes = append(sizes, n)
	}
	slices.Sort(sizes)
	return sizes
}

// TestState: at every node of a small packing's tree, State's keys are
// equal exactly when the region profiles (and, at StrataPieces, the
// pieces left) are, the profiles found by a search of their own; and a
// stratified sample on those strata estimates the tree without bias.
func TestState(t *testing.T) {
	p := rectangle(5, 4, [][][2]int{square, lTetro, lTetro, tromino, lTromino, domino})
	for _, rule := range []Rule{FirstEmpty, Fewest} {
		p.Rule, p.DeadRegions = rule, true
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		byKey := map[[2]uint64]string{} // detail, key -> state
		byState := map[string]uint64{}  // detail and state -> key
		nodes := 0
		s := k.NewSearch()
		var rec func()
		rec = func() {
			nodes++
			profile := fmt.Sprint(regionSizes(p, s.empty))
			for detail, state := range map[int]string{estimate.StrataRegions: profile, estimate.StrataPieces: fmt.Sprint(profile, s.free)} {
				key := s.State(detail)
				id := fmt.Sprint(detail, state)
				if old, ok := byState[id]; ok && old != key {
					t.Fatalf("%v: detail %d, state %s: keys %x and %x", rule, detail, state, old, key)
				}
				byState[id] = key
				if old, ok := byKey[[2]uint64{uint64(detail), key}]; ok && old != state {
					t.Fatalf("%v: detail %d: key %x for states %s and %s", rule, detail, key, old, state)
				}
				byKey[[2]uint64{uint64(detail), key}] = state
			}
			n, _ := s.Branches()
			for i := range n {
				s.Down(i)
				rec()
				s.Up()
			}
		}
		rec()
		t.Logf("%v: %d states in %d nodes", rule, len(byState), nodes)
		if len(byState) < 20 {
			t.Errorf("%v: %d states in %d nodes: the test tests little", rule, len(byState), nodes)
		}
		var exact estimate.Profile
		k.NewSearch().CountSubtree(&exact, 100, func() bool { return false })
		var truthNodes, truthSols float64
		for d := range exact.Nodes {
			truthNodes += float64(exact.Nodes[d])
			truthSols += float64(exact.Solutions[d])
		}
		for _, strata := range []int{estimate.StrataRegions, estimate.StrataPieces} {
			r := estimate.Stratified(context.Background(), func() estimate.Tree { return k.NewSearch() },
				estimate.Options{Seed: 5, Samples: 200, Workers: 1, Strata: strata})
			for _, c := range []struct {
				name  string
				iv    estimate.Interval
				truth float64
			}{{"nodes", r.Nodes, truthNodes}, {"solutions", r.Solutions, truthSols}} {
				// 4 standard errors: a failure is a bug, not bad luck.
				if math.Abs(c.iv.Estimate-c.truth) > 4*c.iv.StdErr+1e-9*c.truth {
					t.Errorf("%v, strata %d: %s %.2f +- %.2f, truth %v", rule, strata, c.name, c.iv.Estimate, c.iv.StdErr, c.truth)
				}
			}
		}
	}
}
