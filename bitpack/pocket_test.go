package bitpack

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// pentominoes are the twelve pentominoes, for boards of more than 64
// cells (the general search, where the pocket tables apply).
var pentominoes = [][][2]int{
	{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}}, // I
	{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {0, 1}}, // L
	{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}}, // P
	{{0, 0}, {1, 0}, {2, 0}, {2, 1}, {3, 1}}, // N
	{{0, 0}, {1, 0}, {2, 0}, {1, 1}, {1, 2}}, // T
	{{0, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}}, // U
	{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {0, 2}}, // V
	{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {1, 1}}, // Y
	{{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 2}}, // Z
	{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}}, // W
	{{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}}, // F
	{{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}}, // X
}

// TestPocketsAgreeWithGrowth: on boards of more than 64 cells, at nodes
// of FirstEmpty's tree with the dead-region test reached by random
// descents, a placement at the first empty cell that closes a pocket
// (pocketClosed) fails growOK's test, and one whose seeds its links join
// (seedsJoined) passes it; and the subtrees below those nodes are the
// same, statistic by statistic, with and without the tables.
func TestPocketsAgreeWithGrowth(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 4))
	closed, joined, kids := 0, 0, 0
	for trial := range 9 {
		var p Problem
		if trial%3 == 2 {
			// Trominoes, whose pockets of 1 and 2 cells are both dead.
			p = rectangle(3, 23, repeat([][][2]int{tromino, lTromino}, 23, rng))
		} else {
			w := 5 + 2*(trial%2) // 5 x 14 and 7 x 10
			p = rectangle(w, 70/w, repeat(pentominoes, 14, rng))
		}
		p.Rule, p.DeadRegions = FirstEmpty, true
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		if k.small != nil || k.pocketAt == nil {
			t.Fatalf("trial %d: %d cells: want the general search with pockets", trial, p.Cells)
		}
		plain := *k
		plain.pocketAt = nil
		s, sp := k.NewSearch(), plain.NewSearch()
		for range 20 {
			s.Reset()
			for depth := 1 + rng.IntN(6); depth > 0; depth-- {
				n, _ := s.Branches()
				if n == 0 {
					break
				}
				s.Down(rng.IntN(n))
			}
			s.Branches()
			for _, i := range s.kids[s.depth] {
				kids++
				child := s.empty.andNot(k.mask[i])
				b := k.border[i].and(child)
				ok := b.isEmpty()
				if !ok {
					ok, _ = s.growOK(b, child)
				}
				win := s.empty.window(int(k.anchorOf[i]))
				if s.pocketClosed(i, win) {
					closed++
					if ok {
						t.Fatalf("trial %d at %v: placement %d closes a pocket but passes growOK", trial, s.Path(), i)
					}
				}
				if k.seedWin[i] != 0 && s.seedsJoined(i, win) {
					joined++
					if !ok {
						t.Fatalf("trial %d at %v: placement %d's seeds are joined but it fails growOK", trial, s.Path(), i)
					}
				}
			}
			sp.replay(s.Path())
			r := s.Solve(context.Background(), search.Limits{MaxNodes: 20000}, nil)
			rp := sp.Solve(context.Background(), search.Limits{MaxNodes: 20000}, nil)
			if !reflect.DeepEqual(r, rp) {
				t.Fatalf("trial %d below %v: with the tables %d solutions, %d nodes; without %d, %d", trial, s.Path(), r.Solutions, r.Stats.Nodes, rp.Solutions, rp.Stats.Nodes)
			}
		}
	}
	if closed == 0 || joined == 0 {
		t.Fatalf("of %d placements, %d closed a pocket and %d had their seeds joined: the test exercises too little", kids, closed, joined)
	}
	t.Logf("%d placements: %d closed a pocket, %d had their seeds joined", kids, closed, joined)
}

// repeat draws n shapes from shapes at random.
func repeat(shapes [][][2]int, n int, rng *rand.Rand) [][][2]int {
	out := make([][][2]int, n)
	for i := range out {
		out[i] = shapes[rng.IntN(len(shapes))]
	}
	return out
}
