package bitpack

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestIncrementalAgreesWithRecount walks random paths up and down the
// fewest rules' trees with the dead-region test (Branches, Down, Up, as
// the estimators do) and checks, at every node, what the search keeps
// incrementally against a recount from the node's empty cells and
// unplaced pieces alone: whether the empty cells are one region, when
// the parent's test passed it on (Search.conn); on the bit sets, every
// unplaced piece's count and every empty cell's live bits and counts per
// piece (fewest.go's kills, undone by copy or by trail); and in list mode every
// empty cell's and unplaced piece's set and count and the set of all
// live placements, whether made or left to be made from the parent's
// (lLazy, rowOf), through lists made again more compactly (compact).
func TestIncrementalAgreesWithRecount(t *testing.T) {
	if testing.Short() {
		t.Skip("sequential: the main test run checks it")
	}
	sets := [][][][2]int{
		{square, lTetro, lTetro, lTetro, domino, domino},
		{tromino, lTromino, lTromino, tromino, domino, square},
		{lTetro, lTetro, lTetro, lTetro, lTetro, lTetro, lTetro, lTetro}, // 800 placements: lists of 13 words, made again
	}
	rng := rand.New(rand.NewPCG(29, 7))
	passed, listed, lazy, compacted, bitsChecked := 0, 0, 0, 0, 0
	for trial := 0; trial < 36; trial++ {
		p := setRectangle(sets[trial%len(sets)])
		p.Rule = []Rule{Fewest, FewestCells}[trial/3%2]
		p.DeadRegions = true
		p.LargestRegionOnly = trial/6%2 == 1
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		k.listMax = []int{7, len(k.mask) / 2, sparseMax}[trial/12]
		k.copyState = trial%2 == 0 // else kills undone from the trail
		s := k.NewSearch()
		var scratch [sparseWords]uint64
		for step := 0; step < 1500; step++ {
			d := s.depth
			if c := s.conn[d]; c != connUnknown {
				passed++
				if want := s.connected(); (c == connYes) != want {
					t.Fatalf("trial %d, path %v: one region passed on as %v, a flood says %v", trial, s.Path(), c == connYes, want)
				}
			}
			if s.listed(d) {
				listed++
				if s.lLazy[d] {
					lazy++
				}
				if d > s.listFrom && s.lBase[d] != s.lBase[d-1] {
					compacted++
				}
				checkList(t, s, scratch[:])
			} else {
				bitsChecked++
				checkBits(t, s)
			}
			n, _ := s.Branches()
			switch {
			case n > 0 && (d == 0 || rng.IntN(5) != 0):
				s.Down(rng.IntN(n))
			case d > 0:
				s.Up()
			}
		}
	}
	if passed == 0 || listed == 0 || lazy == 0 || compacted == 0 || bitsChecked == 0 {
		t.Errorf("nodes checked: %d with their region passed on, %d in list mode (%d with sets unmade, %d below a list made again), %d on the bit sets", passed, listed, lazy, compacted, bitsChecked)
	}
}

// checkList compares the current node's list-mode sets with the live
// placements recounted: those of unplaced pieces on empty cells only.
func checkList(t *testing.T, s *Search, scratch []uint64) {
	t.Helper()
	k, d := s.k, s.depth
	list := s.list[s.lBase[d]:][:s.lLen[d]]
	members := func(row []uint64) []int32 {
		var qs []int32
		for j, x := range row {
			for ; x != 0; x &= x - 1 {
				qs = append(qs, list[j<<6+bits.TrailingZeros64(x)].q)
			}
		}
		slices.Sort(qs)
		return qs
	}
	live := func(keep func(q int32) bool) []int32 {
		var qs []int32
		for q := range k.mask {
			if s.fits(int32(q)) && keep(int32(q)) {
				qs = append(qs, int32(q))
			}
		}
		return qs
	}
	cnt := s.lCnt[d*(k.n+k.np):][:k.n+k.np]
	w := int(s.lWords[d])
	if got, want := members(s.setsOf(d)[(k.n+k.np)*w:][:w]), live(func(int32) bool { return true }); !slices.Equal(got, want) || int(s.lLive[d]) != len(want) {
		t.Fatalf("path %v: live placements %v (%d counted), recounted %v", s.Path(), got, s.lLive[d], want)
	}
	for c := range k.n {
		if !s.empty.has(c) {
			continue
		}
		want := live(func(q int32) bool { return k.mask[q].has(c) })
		if got := members(s.rowOf(d, c, scratch)); !slices.Equal(got, want) || int(cnt[c]) != len(want) {
			t.Fatalf("path %v, cell %d: set %v (count %d), recounted %v", s.Path(), c, got, cnt[c], want)
		}
	}
	for f := s.free; f != 0; f &= f - 1 {
		p := bits.TrailingZeros64(f)
		want := live(func(q int32) bool { return int(k.piece[q]) == p })
		if got := members(s.rowOf(d, k.n+p, scratch)); !slices.Equal(got, want) || int(cnt[k.n+p]) != len(want) {
			t.Fatalf("path %v, piece %d: set %v (count %d), recounted %v", s.Path(), p, got, cnt[k.n+p], want)
		}
	}
}

// checkBits compares the current node's bit sets (fewest.go) with the
// live placements recounted: a placement of an unplaced piece is live
// when it lies on empty cells. A placed piece's bits are frozen and not
// looked at.
func checkBits(t *testing.T, s *Search) {
	t.Helper()
	k := s.k
	fits := func(q int32) bool { return s.free&k.pieceSet[q] != 0 && k.mask[q].subsetOf(s.empty) }
	for f := s.free; f != 0; f &= f - 1 {
		p := bits.TrailingZeros64(f)
		want := int32(0)
		for _, q := range k.byItem[p] {
			if fits(q) {
				want++
			}
		}
		if s.cnt[p] != want {
			t.Fatalf("path %v, piece %d: count %d, recounted %d", s.Path(), p, s.cnt[p], want)
		}
	}
	for c := range k.n {
		if !s.empty.has(c) {
			continue
		}
		it := k.np + c
		row := s.live[k.bitOff[it]:k.bitOff[it+1]]
		perPiece := make([]int32, k.np)
		for b, q := range k.byItem[it] {
			if s.free&k.pieceSet[q] == 0 {
				continue
			}
			if got, want := row[b>>6]>>(b&63)&1 != 0, fits(q); got != want {
				t.Fatalf("path %v, cell %d: placement %d live %v, recounted %v", s.Path(), c, q, got, want)
			}
			if fits(q) {
				perPiece[k.piece[q]]++
			}
		}
		for f := s.free; f != 0; f &= f - 1 {
			p := bits.TrailingZeros64(f)
			if got := s.cellPiece[c*k.np+p]; got != perPiece[p] {
				t.Fatalf("path %v, cell %d, piece %d: count %d, recounted %d", s.Path(), c, p, got, perPiece[p])
			}
		}
	}
}
