package rubik

import (
	"context"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// TestGroup checks the turn tables: each quarter turn has order 4, turns of
// opposite faces commute, every turn keeps the cube legal, and the sexy
// move (R U R' U') has order 6.
func TestGroup(t *testing.T) {
	s := Solved()
	for f := 0; f < 6; f++ {
		c := s
		for k := 0; k < 4; k++ {
			c = c.Turn(3 * f)
			if err := c.Check(); err != nil {
				t.Fatalf("%s: %v", MoveName(3*f), err)
			}
			if (c == s) != (k == 3) {
				t.Fatalf("%s has not order 4", MoveName(3*f))
			}
		}
		if s.Turn(3*f).Turn(3*f+2) != s {
			t.Errorf("%s %s is not the identity", MoveName(3*f), MoveName(3*f+2))
		}
		if s.Turn(3*f).Turn(3*((f+3)%6)) != s.Turn(3*((f+3)%6)).Turn(3*f) {
			t.Errorf("%s and its opposite do not commute", MoveName(3*f))
		}
	}
	c := s
	for k := 1; k <= 6; k++ {
		c = c.Turn(3).Turn(0).Turn(5).Turn(2) // R U R' U'
		if (c == s) != (k == 6) {
			t.Fatalf("(R U R' U')^%d solved: %v", k, c == s)
		}
	}
}

// TestDistinctPositions counts the distinct positions at each depth by
// breadth-first search: 1, 18, 243, 3240, 43239 (and 574908 at depth 5 in
// long mode), the published numbers of positions at quarter-and-half-turn
// distance d.
func TestDistinctPositions(t *testing.T) {
	want := []int64{1, 18, 243, 3240, 43239, 574908}
	depth := 4
	if !testing.Short() {
		depth = 5
	}
	seen := map[Cube]bool{Solved(): true}
	frontier := []Cube{Solved()}
	for d := 1; d <= depth; d++ {
		var next []Cube
		for _, c := range frontier {
			for m := 0; m < 18; m++ {
				n := c.Turn(m)
				if !seen[n] {
					seen[n] = true
					next = append(next, n)
				}
			}
		}
		if int64(len(next)) != want[d] {
			t.Fatalf("depth %d: %d positions, want %d", d, len(next), want[d])
		}
		frontier = next
	}
}

// TestDomain: the generic breadth-first search proves the distances of a
// few scrambles through the Domain interface.
func TestDomain(t *testing.T) {
	c := Solved().Turn(3).Turn(1).Turn(8) // R U2 F'
	d := NewDomain(c)
	r := search.BreadthFirst(context.Background(), d, search.Options{})
	if r.Status != search.Solved || r.Cost != 3 {
		t.Fatalf("R U2 F': %v in %d", r.Status, r.Cost)
	}
	r = search.IDAStar(context.Background(), NewDomain(c), search.Options{})
	if r.Status != search.Solved || r.Cost != 3 {
		t.Fatalf("IDA*: %v in %d", r.Status, r.Cost)
	}
}
