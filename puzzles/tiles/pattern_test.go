package tiles

import (
	"context"
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
