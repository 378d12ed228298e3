package bitpack

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
)

// copiesProblem is a random problem with copies and ranges: a box of
// cells (2D when d == 1) with some cells taken out, and piece types from
// shapes, type t used between lo[t] and hi[t] times (hi copies in a row,
// the last hi-lo optional). It returns the problem and each piece's type.
func copiesProblem(rng *rand.Rand, w, h, d int, shapes [][][3]int) (Problem, []int, []int, []int) {
	var cellAt = map[[3]int]int{}
	var coords [][3]int
	for z := range d {
		for y := range h {
			for x := range w {
				if rng.IntN(8) == 0 {
					continue // a hole
				}
				cellAt[[3]int{x, y, z}] = len(coords)
				coords = append(coords, [3]int{x, y, z})
			}
		}
	}
	p := Problem{Cells: len(coords)}
	for _, c := range coords {
		var nb []int
		for _, dv := range [][3]int{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}} {
			if n, ok := cellAt[[3]int{c[0] + dv[0], c[1] + dv[1], c[2] + dv[2]}]; ok {
				nb = append(nb, n)
			}
		}
		p.Adjacency = append(p.Adjacency, nb)
	}
	var lo, hi, typ []int
	for t, s := range shapes {
		l := rng.IntN(3)
		lo = append(lo, l)
		hi = append(hi, l+rng.IntN(3)+max(0, 1-l))
		pls := placements3(s, cellAt)
		for j := range hi[t] {
			pc := len(p.Sizes)
			p.Sizes = append(p.Sizes, len(s))
			p.Copies = append(p.Copies, j > 0)
			p.Optional = append(p.Optional, j >= lo[t])
			typ = append(typ, t)
			for _, cells := range pls {
				p.Placements = append(p.Placements, Placement{Piece: pc, Cells: cells})
			}
		}
	}
	return p, typ, lo, hi
}

// placements3 lists the placements of shape s (x, y, z cells) in the
// cells of cellAt under all 48 rotations and reflections, each set of
// cells once.
func placements3(s [][3]int, cellAt map[[3]int]int) [][]int {
	var out [][]int
	seen := map[string]bool{}
	for perm := range 6 {
		axes := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}[perm]
		for sign := range 8 {
			o := make([][3]int, len(s))
			for i, c := range s {
				for a := range 3 {
					o[i][a] = c[axes[a]]
					if sign>>a&1 != 0 {
						o[i][a] = -o[i][a]
					}
				}
			}
			for at := range cellAt {
				var cells []int
				for _, c := range o {
					n, ok := cellAt[[3]int{at[0] + c[0] - o[0][0], at[1] + c[1] - o[0][1], at[2] + c[2] - o[0][2]}]
					if !ok {
						cells = nil
						break
					}
					cells = append(cells, n)
				}
				if cells == nil {
					continue
				}
				key := slices.Clone(cells)
				slices.Sort(key)
				if !seen[fmt.Sprint(key)] {
					seen[fmt.Sprint(key)] = true
					out = append(out, cells)
				}
			}
		}
	}
	slices.SortFunc(out, slices.Compare)
	return out
}

// bruteCopies counts the packings of p's types by a search of its own:
// the first empty cell is covered by every placement of a type still
// below its most copies, and a full board counts when every type has its
// fewest copies. Types, not copies: each set of placements once.
func bruteCopies(p Problem, typ, lo, hi []int) int64 {
	var byCell = make([][]Placement, p.Cells)
	firstCopy := map[int]bool{}
	for i, t := range typ {
		if i == 0 || typ[i-1] != t {
			firstCopy[i] = true
		}
	}
	for _, pl := range p.Placements {
		if firstCopy[pl.Piece] {
			m := slices.Min(pl.Cells)
			byCell[m] = append(byCell[m], Placement{Piece: typ[pl.Piece], Cells: pl.Cells})
		}
	}
	used := make([]int, len(lo))
	full := make([]bool, p.Cells)
	var rec func(c int) int64
	rec = func(c int) int64 {
		for c < p.Cells && full[c] {
			c++
		}
		if c == p.Cells {
			for t := range used {
				if used[t] < lo[t] {
					return 0
				}
			}
			return 1
		}
		n := int64(0)
		for _, pl := range byCell[c] {
			if used[pl.Piece] == hi[pl.Piece] || slices.ContainsFunc(pl.Cells, func(x int) bool { return full[x] }) {
				continue
			}
			for _, x := range pl.Cells {
				full[x] = true
			}
			used[pl.Piece]++
			n += rec(c + 1)
			used[pl.Piece]--
			for _, x := range pl.Cells {
				full[x] = false
			}
		}
		return n
	}
	return rec(0)
}

var (
	cubeDomino = [][3]int{{0, 0, 0}, {1, 0, 0}}
	cubeI3     = [][3]int{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}
	cubeL3     = [][3]int{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}
	cubeL4     = [][3]int{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}}
	cubeSq     = [][3]int{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}
	cubeTwist  = [][3]int{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	cubeMono   = [][3]int{{0, 0, 0}}
)

// TestCopiesAgreeWithBruteForce: on random boards (rectangles and boxes
// with holes) and random ranges of copies, every rule, with and without
// the dead-region tests, the bit sets by copies or a trail and list mode,
// counts each packing once: the brute force's count, exactly.
func TestCopiesAgreeWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 4))
	kits := [][][][3]int{
		{cubeDomino, cubeL3, cubeI3, cubeMono},
		{cubeL4, cubeSq, cubeDomino, cubeL3, cubeMono},
		{cubeTwist, cubeL3, cubeDomino, cubeMono},
		{cubeDomino, cubeI3, cubeMono},
	}
	// 20 random problems by default, 60 with -tags long (20 s of CPU), 6
	// with -short: the race detector's run needs the two-worker searches
	// of a few, the main test run checks the 20.
	problems := 20
	switch {
	case !longtest.Short():
		problems = 60
	case testing.Short():
		problems = 6
	}
	nonzero, trials := 0, 0
	for trial := range problems {
		kit := kits[trial%len(kits)]
		w, h, d := 3+rng.IntN(2), 2+rng.IntN(3), 1
		if trial%2 == 1 {
			w, h, d = 2+rng.IntN(2), 2, 2+rng.IntN(2)
		}
		p, typ, lo, hi := copiesProblem(rng, w, h, d, kit)
		if len(p.Sizes) > MaxPieces || p.Cells == 0 {
			continue
		}
		want := bruteCopies(p, typ, lo, hi)
		trials++
		if want > 0 {
			nonzero++
		}
		for _, rule := range []Rule{FirstEmpty, Fewest, FewestCells, Ordered} {
			for _, dead := range []bool{false, true} {
				q := p
				q.Rule, q.DeadRegions = rule, dead
				q.PieceCut = rule == FewestCells && trial%3 == 0
				q.LargestRegionOnly = dead && trial%5 == 0
				if rule == Ordered {
					q.Order = nil
					for it := len(p.Sizes) + p.Cells - 1; it >= 0; it-- {
						q.Order = append(q.Order, it)
					}
				}
				k, err := Compile(q)
				if err != nil {
					t.Fatalf("trial %d: %v", trial, err)
				}
				for _, mode := range []int{0, 1, 2} {
					if (mode > 0) != (rule == Fewest || rule == FewestCells) && mode > 0 {
						continue
					}
					switch mode {
					case 1:
						k.copyState = false
					case 2:
						k.listMax = 7
					}
					r := k.NewSearch().Solve(context.Background(), search.Limits{}, nil)
					if r.Solutions != want {
						t.Fatalf("trial %d (%dx%dx%d, lo %v hi %v): %v dead %v mode %d: %d solutions, brute force %d", trial, w, h, d, lo, hi, rule, dead, mode, r.Solutions, want)
					}
					if mode > 0 {
						continue
					}
					if rp := k.SolveParallel(context.Background(), 2, search.Limits{}, nil); rp.Solutions != want {
						t.Fatalf("trial %d: %v dead %v, two workers: %d solutions, brute force %d", trial, rule, dead, rp.Solutions, want)
					}
				}
			}
		}
	}
	if nonzero < trials/4 {
		t.Errorf("only %d of %d trials have a packing", nonzero, trials)
	}
}

// TestCopiesErrors: copies must match the piece before them, and a
// required copy cannot follow an optional one.
func TestCopiesErrors(t *testing.T) {
	base := rectangle(3, 2, [][][2]int{tromino, tromino})
	cases := []struct {
		name         string
		copies, opts []bool
		sizes        []int
	}{
		{"piece 0 a copy", []bool{true, false}, nil, nil},
		{"sizes differ", []bool{false, true}, nil, []int{3, 2}},
		{"required after optional", []bool{false, true}, []bool{true, false}, nil},
		{"flags", []bool{false}, nil, nil},
	}
	for _, c := range cases {
		p := base
		p.Copies, p.Optional = c.copies, c.opts
		if c.sizes != nil {
			p.Sizes = c.sizes
			p.Placements = p.Placements[:0:0]
		}
		if _, err := Compile(p); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	other := rectangle(3, 2, [][][2]int{tromino, lTromino})
	other.Copies = []bool{false, true}
	other.Sizes = []int{3, 3}
	if _, err := Compile(other); err == nil {
		t.Error("copies with other placements: no error")
	}
}

// TestCopiesNoAllocationPerNode: with copies and ranges a search still
// allocates only what it did before its first node.
func TestCopiesNoAllocationPerNode(t *testing.T) {
	p, _, _, _ := copiesProblem(rand.New(rand.NewPCG(7, 7)), 4, 4, 1, [][][3]int{cubeDomino, cubeL3, cubeMono})
	for _, rule := range []Rule{FirstEmpty, Fewest, FewestCells} {
		p.Rule, p.DeadRegions = rule, true
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := k.NewSearch()
		nodes := int64(0)
		allocs := testing.AllocsPerRun(5, func() {
			nodes = s.Solve(context.Background(), search.Limits{}, nil).Stats.Nodes
		})
		if allocs > 40 || nodes < 1000 {
			t.Errorf("%v: %.0f allocations for %d nodes", rule, allocs, nodes)
		}
	}
}

// BenchmarkCopies counts a 5 x 4 rectangle packed with dominoes (0 to 10
// of them), L trominoes (0 to 2) and monominoes (0 to 4) on the fewest
// rule: -benchmem shows the allocations per search, none per node.
func BenchmarkCopies(b *testing.B) {
	shapes := [][][3]int{cubeDomino, cubeL3, cubeMono}
	cellAt := map[[3]int]int{}
	p := Problem{Rule: Fewest}
	for y := range 4 {
		for x := range 5 {
			cellAt[[3]int{x, y, 0}] = y*5 + x
		}
	}
	p.Cells = 20
	for t, s := range shapes {
		hi := []int{10, 2, 4}[t]
		pls := placements3(s, cellAt)
		for j := range hi {
			pc := len(p.Sizes)
			p.Sizes = append(p.Sizes, len(s))
			p.Copies, p.Optional = append(p.Copies, j > 0), append(p.Optional, true)
			for _, cells := range pls {
				p.Placements = append(p.Placements, Placement{Piece: pc, Cells: cells})
			}
		}
	}
	k, err := Compile(p)
	if err != nil {
		b.Fatal(err)
	}
	s := k.NewSearch()
	var r Result
	for b.Loop() {
		r = s.Solve(context.Background(), search.Limits{}, nil)
	}
	b.ReportMetric(float64(r.Stats.Nodes), "nodes")
	b.ReportMetric(float64(r.Solutions), "solutions")
}
