package tiles

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/pdb"
)

// directPatternDistances computes, by a 0-1 breadth-first search over the
// full puzzle (every board, moves of pattern tiles costing 1), the least
// distance of each placement of the pattern tiles: an independent
// derivation of what the pattern database must hold.
func directPatternDistances(t *testing.T, goal Board, pat []uint8) map[string]int {
	t.Helper()
	inPat := map[uint8]bool{}
	for _, x := range pat {
		inPat[x] = true
	}
	key := func(b []uint8) string { return string(b) }
	proj := func(b []uint8) string {
		pos := make([]byte, len(pat))
		for c, x := range b {
			for i, y := range pat {
				if x == y {
					pos[i] = byte(c)
				}
			}
		}
		return string(pos)
	}
	nb := neighbours(goal.Rows, goal.Cols)
	dist := map[string]int{key(goal.Tiles): 0}
	// 0-1 breadth-first search by layers: 0-cost moves extend the layer
	// being read, 1-cost moves the next.
	layer := [][]uint8{append([]uint8(nil), goal.Tiles...)}
	best := map[string]int{}
	for d := 0; len(layer) > 0; d++ {
		var next [][]uint8
		for i := 0; i < len(layer); i++ {
			b := layer[i]
			if dist[key(b)] != d {
				continue // reached again more cheaply
			}
			if v, ok := best[proj(b)]; !ok || d < v {
				best[proj(b)] = d
			}
			blank := 0
			for c, x := range b {
				if x == 0 {
					blank = c
				}
			}
			for _, to := range nb[blank] {
				if to < 0 {
					continue
				}
				c := append([]uint8(nil), b...)
				c[blank], c[to] = c[to], 0
				w := 0
				if inPat[b[to]] {
					w = 1
				}
				if old, ok := dist[key(c)]; ok && old <= d+w {
					continue
				}
				dist[key(c)] = d + w
				if w == 0 {
					layer = append(layer, c)
				} else {
					next = append(next, c)
				}
			}
		}
		layer = next
	}
	return best
}

func TestPatternMatchesDirectSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("full 8-puzzle search")
	}
	goal := Goal(3, 3)
	for _, pat := range [][]uint8{{1, 2, 3}, {4, 5, 6, 7}, {8}, {1, 3, 5, 7, 8}} {
		p, err := NewPattern(goal, pat)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := pdb.Build(context.Background(), p, pdb.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		want := directPatternDistances(t, goal, pat)
		if uint64(len(want)) != p.Size() {
			t.Fatalf("pattern %v: direct search reached %d placements, table has %d", pat, len(want), p.Size())
		}
		var cells [MaxPatternTiles]int8
		for i := uint64(0); i < p.Size(); i++ {
			p.pl.Unrank(i, cells[:])
			key := make([]byte, len(pat))
			for j := range pat {
				key[j] = byte(cells[j])
			}
			got := p.Base(i) + 2*tab.Get(i)
			if got != want[string(key)] {
				t.Fatalf("pattern %v placement %v: table %d, direct %d", pat, cells[:len(pat)], got, want[string(key)])
			}
		}
	}
}

// TestExpandMatchesRanking checks Pattern.Expand, which decodes a rank by
// reciprocal multiplication and ranks successors incrementally, against
// the plain Placements.Unrank and Rank on random entries and sub-state
// masks of 15- and 24-puzzle patterns.
func TestExpandMatchesRanking(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 2))
	for _, tc := range []struct {
		rows, cols int
		tiles      []uint8
	}{{4, 4, []uint8{8, 9, 10, 11, 12, 13, 14, 15}}, {4, 4, []uint8{1, 2, 3, 6, 7}}, {5, 5, []uint8{1, 2, 5, 6, 7, 12}},
		{5, 5, []uint8{17, 18, 19, 22, 23, 24}}, {3, 3, []uint8{1, 2, 3}}} {
		p, err := NewPattern(Goal(tc.rows, tc.cols), tc.tiles)
		if err != nil {
			t.Fatal(err)
		}
		k, n := len(tc.tiles), tc.rows*tc.cols
		nb := neighbours(tc.rows, tc.cols)
		for range 20000 {
			index := rng.Uint64N(p.Size())
			subs := rng.Uint64N(1<<p.Subs()-1) + 1
			cells := make([]int8, k)
			used := p.pl.Unrank(index, cells)
			var free []int
			for c := 0; c < n; c++ {
				if used>>c&1 == 0 {
					free = append(free, c)
				}
			}
			subOf := func(c int, free []int) uint32 {
				for j, f := range free {
					if f == c {
						return uint32(j)
					}
				}
				t.Fatalf("cell %d not free", c)
				return 0
			}
			// The blank's regions by a plain flood fill over the free cells.
			var class uint64
			var want []pdb.State
			for j := range free {
				if subs>>j&1 == 0 || class>>j&1 == 1 {
					continue
				}
				reg := map[int]bool{free[j]: true}
				stack := []int{free[j]}
				for len(stack) > 0 {
					c := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					for _, to := range nb[c] {
						if to >= 0 && used>>to&1 == 0 && !reg[int(to)] {
							reg[int(to)] = true
							stack = append(stack, int(to))
						}
					}
				}
				for c := range reg {
					class |= 1 << subOf(c, free)
				}
				for i, a := range cells {
					for _, b := range nb[a] {
						if b < 0 || !reg[int(b)] {
							continue
						}
						moved := append([]int8(nil), cells...)
						moved[i] = b
						var nfree []int
						for c := 0; c < n; c++ {
							if c == int(a) || (used>>c&1 == 0 && c != int(b)) {
								nfree = append(nfree, c)
							}
						}
						want = append(want, pdb.State{Index: p.pl.Rank(moved), Sub: subOf(int(a), nfree)})
					}
				}
			}
			gotClass, base, got := p.Expand(index, subs, nil)
			key := func(s []pdb.State) []pdb.State {
				s = append([]pdb.State(nil), s...)
				slices.SortFunc(s, func(x, y pdb.State) int { return cmp.Or(cmp.Compare(x.Index, y.Index), cmp.Compare(x.Sub, y.Sub)) })
				return s
			}
			if gotClass != class || base != p.manhattan(cells) || !slices.Equal(key(got), key(want)) {
				t.Fatalf("%v entry %d subs %b: class %b base %d next %v; want %b %d %v", tc.tiles, index, subs, gotClass, base, key(got), class, p.manhattan(cells), key(want))
			}
		}
	}
}
