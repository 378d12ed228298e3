package polyform

import (
	"context"
	"fmt"
	"io"
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
			pk, ps, rs := pentominoRanges(t, tc.board, tc.spec)
			got := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{})
			want, set, subsets := bruteRanges(t, tc.board, ps, rs, pk.syms)
			classes := int64(len(set))
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

// pentominoRanges is the packing of the pentominoes of spec (ParsePieces)
// on b, with its pieces and ranges.
func pentominoRanges(t *testing.T, b *Board, spec string) (*Packing, []Piece, []Range) {
	t.Helper()
	ps, rs, err := ParsePieces(Pentominoes(), spec)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := NewPackingRanges(b, ps, rs)
	if err != nil {
		t.Fatal(err)
	}
	return pk, ps, rs
}

// bruteRanges returns the solutions over every choice of copies, and
// their classes under syms (classOf).
func bruteRanges(t *testing.T, b *Board, ps []Piece, rs []Range, syms [][]int) (int64, map[string]bool, int) {
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
				var names []string
				var cells [][]int
				for _, o := range opts {
					pl := pk.Placements[o]
					names, cells = append(names, list[pl.Piece].Name[:1]), append(cells, pl.Cells)
				}
				classes[classOf(syms, names, cells)] = true
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
	return total, classes, subsets
}

// classOf names the class of a solution under syms: the solution, its
// placements' piece names and cells, written as name[cells] in order, the
// least of its images.
func classOf(syms [][]int, names []string, cells [][]int) string {
	least := ""
	for _, perm := range syms {
		var parts []string
		for k, pl := range cells {
			var img []int
			for _, c := range pl {
				img = append(img, perm[c])
			}
			slices.Sort(img)
			parts = append(parts, fmt.Sprint(names[k], img))
		}
		slices.Sort(parts)
		if img := strings.Join(parts, " "); least == "" || img < least {
			least = img
		}
	}
	return least
}

// TestRangesUniqueBruteForce: with copies and ranges, the unique search
// (eachRanges restricted, CountUnique, List with Unique: pack --unique)
// shows one solution of every class of TestRangesBruteForce's brute
// force, each class once, on the kernel and on Algorithm M, and the
// classes' sizes add up to all its solutions; the restricted problem
// that pack --dlx --unique writes meets every class.
func TestRangesUniqueBruteForce(t *testing.T) {
	tests := []struct {
		board *Board
		spec  string
	}{
		{Rectangle(5, 4), "F*0-1,I*0-1,L*0-1,N*0-1,P*0-1,T*0-1,U*0-1,V*0-1"}, // no piece used once: the whole search
		{Rectangle(5, 4), "U,L*0-2,P*0-3"},
		{Rectangle(5, 4), "Y,L*0-2,P*0-3"},
		{Rectangle(6, 5), "L*2,P*1-3,N*0-2,V,U*0-1"},
		// X's placement at the centre has symmetries of its own.
		{Rectangle(5, 5), "X,P*0-4,U*0-2"},
		{Rectangle(5, 5), "X,L*0-2,P*0-2,U*0-2,Y*0-2"},
		{Box(2, 3, 5), "L*1-2,P*0-3,Y*0-2,N"},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			pk, ps, rs := pentominoRanges(t, tc.board, tc.spec)
			want, classes, _ := bruteRanges(t, tc.board, ps, rs, pk.syms)
			if want == 0 {
				t.Fatal("a test without solutions tests little")
			}
			r := pk.Restrict()
			t.Logf("%d solutions, %d unique; restricted piece used once: %v", want, len(classes), r.Kept != nil)
			for _, engine := range []Engine{Bitboard, XCover} {
				pk.Engine = engine
				seen := map[string]bool{}
				var sum int64
				c := pk.eachRanges(ctx, xcover.Fewest, search.Limits{}, true, func(pls []int, class int) bool {
					var names []string
					var cells [][]int
					for _, o := range pls {
						pl := pk.Placements[o]
						names, cells = append(names, ps[pl.Piece].Name), append(cells, pl.Cells)
					}
					k := classOf(pk.syms, names, cells)
					if seen[k] || !classes[k] {
						t.Errorf("%v: class %s shown twice, or not the brute force's", engine, k)
					}
					seen[k] = true
					sum += int64(class)
					return true
				})
				if c.Err != nil || len(seen) != len(classes) || c.Unique != int64(len(classes)) || sum != want || c.All != want {
					t.Errorf("%v: %d classes shown (%d counted), sizes summing to %d (%d counted), %v; brute force %d classes, %d solutions",
						engine, len(seen), c.Unique, sum, c.All, c.Err, len(classes), want)
				}
				if u := pk.CountUnique(ctx, xcover.Fewest, 1, search.Limits{}); u.Unique != int64(len(classes)) || u.All != want {
					t.Errorf("%v: CountUnique %d unique, %d in all; brute force %d, %d", engine, u.Unique, u.All, len(classes), want)
				}
				if u := pk.CountUnique(ctx, xcover.Fewest, 1, search.Limits{MaxSolutions: 2}); u.Unique != 2 || u.Status != search.SolutionLimit {
					t.Errorf("%v: CountUnique bounded to 2: %d unique, status %v", engine, u.Unique, u.Status)
				}
				rep := pk.List(ctx, RunOptions{Strategy: xcover.Fewest, All: true, Unique: true})
				if rep.shown != len(classes) || rep.Solutions != want || rep.Unique == nil || *rep.Unique != int64(len(classes)) {
					t.Errorf("%v: pack --all --unique shows %d, %d in all; brute force %d classes, %d solutions", engine, rep.shown, rep.Solutions, len(classes), want)
				}
				rep = pk.List(ctx, RunOptions{Strategy: xcover.Fewest, Unique: true})
				if rep.shown != 1 || rep.Status != search.SolutionLimit {
					t.Errorf("%v: pack --unique shows %d, status %v; want the first", engine, rep.shown, rep.Status)
				}
				rep = pk.CountAll(ctx, RunOptions{Strategy: xcover.Fewest, Unique: true, Workers: 1})
				if rep.Solutions != want || *rep.Unique != int64(len(classes)) {
					t.Errorf("%v: pack --count --unique: %d, %d unique; brute force %d, %d", engine, rep.Solutions, *rep.Unique, want, len(classes))
				}
			}
			// pack --dlx --unique: the restricted problem's solutions meet
			// every class, and no other; refused without a piece to restrict.
			if err := pk.WriteDLX(io.Discard, true); (err != nil) != (r.Kept == nil) {
				t.Fatalf("--dlx --unique: %v, with a piece to restrict: %v", err, r.Kept != nil)
			}
			if r.Kept == nil {
				return
			}
			prob, placement := pk.restricted(r)
			met := map[string]bool{}
			prob.Compile(xcover.Fewest).Solve(ctx, search.Limits{}, func(opts []int) bool {
				var names []string
				var cells [][]int
				for _, o := range opts {
					pl := pk.Placements[placement[o]]
					names, cells = append(names, ps[pl.Piece].Name), append(cells, pl.Cells)
				}
				k := classOf(pk.syms, names, cells)
				if !classes[k] {
					t.Errorf("--dlx --unique: the solution %s is not the brute force's", k)
				}
				met[k] = true
				return true
			})
			if len(met) != len(classes) {
				t.Errorf("--dlx --unique: its solutions meet %d classes of %d", len(met), len(classes))
			}
		})
	}
}
