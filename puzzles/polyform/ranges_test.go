package polyform

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

func TestParsePieces(t *testing.T) {
	set := Pentominoes()
	ps, rs, err := ParsePieces(set, "L*2, T,I*0-1,UV*1-2")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for k, p := range ps {
		got = append(got, fmt.Sprintf("%s%d-%d", p.Name, rs[k].Min, rs[k].Max))
	}
	if s := strings.Join(got, " "); s != "L2-2 T1-1 I0-1 U1-2 V1-2" {
		t.Errorf("got %s", s)
	}
	for _, bad := range []string{"L*", "L*x", "L*3-1", "L*0", "Q", "L,L", ",", "L*-1"} {
		if _, _, err := ParsePieces(set, bad); err == nil || !strings.Contains(err.Error(), "item") {
			t.Errorf("%q: error %v, want one naming the item", bad, err)
		}
	}
}

// TestRangesBruteForce counts packings with copies and ranges by Algorithm
// M and checks them against Algorithm C over every choice of copies, each
// copy a piece of its own, the count divided by the permutations of
// identical copies.
func TestRangesBruteForce(t *testing.T) {
	tests := []struct {
		board *Board
		spec  string
	}{
		{Rectangle(5, 4), "F*0-1,I*0-1,L*0-1,N*0-1,P*0-1,T*0-1,U*0-1,V*0-1"}, // any 4 of 8 pentominoes
		{Rectangle(5, 4), "L*0-2,P*0-2,Y*0-2,U*0-1"},
		{Rectangle(5, 4), "L*2,P*1-2,U*0-1"}, // ExampleParsePieces
		{Rectangle(6, 5), "L*2,P*1-3,N*0-2,V,U*0-1"},
		{Box(2, 3, 5), "L*1-2,P*0-3,Y*0-2,N*0-1"},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			ps, rs, err := ParsePieces(Pentominoes(), tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			pk, err := NewPackingRanges(tc.board, ps, rs)
			if err != nil {
				t.Fatal(err)
			}
			got := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{})
			want, classes, subsets := bruteRanges(t, tc.board, ps, rs, pk.syms)
			t.Logf("%d solutions, %d unique; %d choices of copies", got.All, got.Unique, subsets)
			if got.All != want || got.Unique != classes {
				t.Errorf("Algorithm M: %d solutions, %d unique; brute force over the choices of copies: %d, %d", got.All, got.Unique, want, classes)
			}
			if got.All == 0 {
				t.Error("a test without solutions tests little")
			}
		})
	}
}

// bruteRanges returns the solutions over every choice of copies, and the
// number of their classes under syms (each solution a set of placements
// written as piece:cells, its class the least of its images).
func bruteRanges(t *testing.T, b *Board, ps []Piece, rs []Range, syms [][]int) (int64, int64, int) {
	var total int64
	classes := map[string]bool{}
	subsets := 0
	counts := make([]int, len(ps))
	var rec func(p, area int)
	rec = func(p, area int) {
		if p == len(ps) {
			if area != len(b.Cells) {
				return
			}
			subsets++
			var list []Piece
			perms := int64(1)
			for q, n := range counts {
				for k := 0; k < n; k++ {
					list = append(list, Piece{Name: fmt.Sprintf("%s%d", ps[q].Name, k), Shape: ps[q].Shape})
					perms *= int64(k + 1)
				}
			}
			pk, err := NewPacking(b, list)
			if err != nil {
				t.Fatal(err)
			}
			prob := pk.Problem()
			n := prob.Compile(xcover.Fewest).Solve(context.Background(), search.Limits{}, func(opts []int) bool {
				least := ""
				for _, perm := range syms {
					var parts []string
					for _, o := range opts {
						pl := pk.Placements[o]
						var cells []int
						for _, c := range pl.Cells {
							cells = append(cells, perm[c])
						}
						slices.Sort(cells)
						parts = append(parts, fmt.Sprint(list[pl.Piece].Name[:1], cells))
					}
					slices.Sort(parts)
					if img := strings.Join(parts, " "); least == "" || img < least {
						least = img
					}
				}
				classes[least] = true
				return true
			}).Solutions
			if n%perms != 0 {
				t.Fatalf("%d solutions with %d permutations of copies", n, perms)
			}
			total += n / perms
			return
		}
		for k := rs[p].Min; k <= rs[p].Max; k++ {
			counts[p] = k
			rec(p+1, area+k*len(ps[p].Shape))
		}
	}
	rec(0, 0)
	return total, int64(len(classes)), subsets
}
