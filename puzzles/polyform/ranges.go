package polyform

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// Range is how many copies of a piece a solution uses: from Min to Max.
type Range struct{ Min, Max int }

// MaxCopies bounds the copies of one piece in a piece list: more would
// only make unsolvable problems slowly, and it keeps the area sums small.
const MaxCopies = 1000

// NewPackingRanges builds the packing of pieces on b where piece p is used
// between ranges[p].Min and ranges[p].Max times ("L*2,T,I*0-1"). Copies
// of a piece are identical: the piece is one primary item of the exact
// cover problem with multiplicity [Min, Max] (Knuth's DLX3, solved by
// xcover's Algorithm M), so that a solution is a set of placements,
// counted once, never once per permutation of its copies. Some choice of
// copies must cover b's area exactly.
func NewPackingRanges(b *Board, pieces []Piece, ranges []Range) (*Packing, error) {
	if len(ranges) != len(pieces) {
		return nil, fmt.Errorf("polyform: %d ranges for %d pieces", len(ranges), len(pieces))
	}
	return newPacking(b, pieces, slices.Clone(ranges))
}

// checkRanges checks that the ranges are sound and that some numbers of
// copies within them cover the board's area exactly.
func checkRanges(b *Board, pieces []Piece, ranges []Range) error {
	if ranges == nil {
		return nil
	}
	area := len(b.Cells)
	reach := make([]bool, area+1) // reach[a]: some choice of copies covers a cells
	reach[0] = true
	lo, hi := 0, 0
	for p, r := range ranges {
		if r.Min < 0 || r.Max < 1 || r.Min > r.Max || r.Max > MaxCopies {
			return fmt.Errorf("polyform: piece %s: %d to %d copies (want 0 <= min <= max, 1 <= max <= %d)", pieces[p].Name, r.Min, r.Max, MaxCopies)
		}
		size := len(pieces[p].Shape)
		lo, hi = lo+r.Min*size, hi+r.Max*size
		next := make([]bool, area+1)
		for a, ok := range reach {
			for k := r.Min; ok && k <= r.Max && a+k*size <= area; k++ {
				next[a+k*size] = true
			}
		}
		reach = next
	}
	if slices.Contains(reach[b.Required():], true) {
		return nil
	}
	if b.Optional != nil {
		return fmt.Errorf("polyform: the pieces cover %d to %d cells, but no choice of copies covers from %d to %d, the board's cells less those that may stay empty, to all", lo, hi, b.Required(), area)
	}
	return fmt.Errorf("polyform: the pieces cover %d to %d cells, but no choice of copies covers the board's %d exactly", lo, hi, area)
}

// setBounds gives the problem's piece items their multiplicities.
func (pk *Packing) setBounds(prob *xcover.Problem) {
	for p, r := range pk.Ranges {
		if err := prob.SetBounds(p+1, r.Min, r.Max); err != nil {
			panic(err) // checked by checkRanges
		}
	}
}

// countRanges counts the solutions of a packing with ranges, and the
// unique ones: those whose key (see solutionKey) is no larger than the
// key of any of their images under the packing's symmetries. One worker:
// Algorithm M does not split its tree. lim bounds it as Count's.
func (pk *Packing) countRanges(ctx context.Context, s xcover.Strategy, lim search.Limits) Counts {
	return pk.eachRanges(ctx, s, lim, false, nil)
}

// eachRanges is countRanges, calling visit (if not nil) with the
// placements of every unique solution and the size of its class (the
// distinct solutions among its images); visit returns false to stop.
//
// With restrict, a piece used exactly once that every symmetry maps onto
// itself (Restrict) is kept to one placement of each orbit: each class of
// solutions then meets the search where that piece lies on its
// representative, and of those solutions (the images under the
// representative's stabilizer) the one with the smallest key is kept.
// All is then the sum of the classes' sizes, and lim's MaxSolutions
// counts the unique solutions (status search.SolutionLimit), as
// CountUnique's. Without such a piece every solution is searched.
func (pk *Packing) eachRanges(ctx context.Context, s xcover.Strategy, lim search.Limits, restrict bool, visit func(placements []int, class int) bool) Counts {
	var keep func(k int) bool
	syms := make([]int, 0, len(pk.syms))
	for gi := 1; gi < len(pk.syms); gi++ {
		syms = append(syms, gi)
	}
	var stab map[int][]int // the symmetries to compare with, by the restricted piece's placement
	restricted := -1
	if restrict {
		if r := pk.Restrict(); r.Kept != nil {
			kept := map[int]bool{}
			for _, k := range r.Kept {
				kept[k] = true
			}
			keep = func(k int) bool { return pk.Placements[k].Piece != r.Piece || kept[k] }
			stab, restricted = r.Stabilizer, r.Piece
		}
	}
	maxClasses := int64(0)
	if restrict {
		maxClasses, lim.MaxSolutions = lim.MaxSolutions, 0
	}
	n := len(pk.Board.Cells)
	piece, block := make([]int, n), make([]int, n)
	key, imgKey := make([]int, n), make([]int, n)
	imgPiece, imgBlock := make([]int, n), make([]int, n)
	first := make([]int, 0, n)
	var blocks int
	// image writes the key of the solution's image under symmetry gi
	// into imgKey.
	image := func(gi int) {
		labels := pk.relabel[gi]
		for i, j := range pk.syms[gi] {
			imgPiece[j], imgBlock[j] = piece[i], block[i]
			if labels != nil && piece[i] < len(labels) {
				imgPiece[j] = labels[piece[i]]
			}
		}
		first = solutionKey(imgKey, imgPiece, imgBlock, first, blocks)
	}
	var c Counts
	var classSum int64
	// On one worker, in the tree's order: the buffers below are shared.
	r := pk.run(ctx, s, keep, 1, lim, func(_ int, opts []int) bool {
		blocks = len(opts)
		if pk.Board.Optional != nil { // empty cells: no piece, a block of their own
			blocks++
			for i := range piece {
				piece[i], block[i] = len(pk.Pieces), len(opts)
			}
		}
		gs := syms
		for k, o := range opts {
			pl := pk.Placements[o]
			for _, cell := range pl.Cells {
				piece[cell], block[cell] = pl.Piece, k
			}
			if pl.Piece == restricted {
				gs = stab[o]
			}
		}
		first = solutionKey(key, piece, block, first, blocks)
		for _, gi := range gs {
			if image(gi); slices.Compare(imgKey, key) < 0 {
				return true // not canonical
			}
		}
		c.Unique++
		if !restrict && visit == nil {
			return true
		}
		// The class has |G| / |the symmetries that fix the solution| members.
		fixed := 1
		for _, gi := range syms {
			if image(gi); slices.Equal(imgKey, key) {
				fixed++
			}
		}
		class := len(pk.syms) / fixed
		classSum += int64(class)
		if visit != nil && !visit(slices.Clone(opts), class) {
			return false
		}
		return maxClasses == 0 || c.Unique < maxClasses
	})
	c.All, c.Stats, c.Status, c.Err = r.Solutions, r.Stats, r.Status, r.Err
	if restrict {
		c.All = classSum
		if maxClasses > 0 && c.Unique >= maxClasses && c.Status == search.VisitorStop {
			c.Status, c.Err = search.SolutionLimit, nil
		}
	}
	return c
}

// solutionKey writes into key a form of a solution that tells copies of a
// piece apart: for every cell, its piece and the first cell of its
// placement (blocks numbered 0..blocks-1). Two solutions are the same
// set of placements exactly when their keys are equal. first is scratch.
func solutionKey(key, piece, block, first []int, blocks int) []int {
	first = first[:0]
	for range blocks {
		first = append(first, -1)
	}
	for i, b := range block {
		if first[b] < 0 {
			first[b] = i
		}
		key[i] = piece[i]*len(key) + first[b]
	}
	return first
}

// ParsePieces reads a piece list such as "L*2,T,I*0-1": pieces of set by
// name, each once, or *N times, or *A-B times (between A and B copies).
// A name is one or more letters of set, matched as SelectPieces matches
// them ("LNP*2" is two of each), or a set name (PieceSet) that stands for
// all its pieces. It returns the pieces, each
// once, and their ranges.
func ParsePieces(set []Piece, spec string) ([]Piece, []Range, error) {
	var pieces []Piece
	var ranges []Range
	seen := map[string]bool{}
	for k, elem := range strings.Split(spec, ",") {
		elem = strings.TrimSpace(elem)
		name, count, hasCount := strings.Cut(elem, "*")
		r := Range{1, 1}
		if hasCount {
			var err error
			if r, err = parseRange(count); err != nil {
				return nil, nil, fmt.Errorf("polyform: piece list %q, item %d (%q): %s", spec, k+1, elem, strings.TrimPrefix(err.Error(), "polyform: "))
			}
		}
		if name == "" {
			return nil, nil, fmt.Errorf("polyform: piece list %q, item %d (%q): no piece named (want NAME, NAME*N or NAME*A-B)", spec, k+1, elem)
		}
		named, err := SelectPieces(set, name)
		if err != nil {
			_, ps, serr := PieceSet(name)
			if serr != nil && isSetName(name) {
				err = serr
			}
			if serr != nil {
				return nil, nil, fmt.Errorf("polyform: piece list %q, item %d (%q): %s", spec, k+1, elem, strings.TrimPrefix(err.Error(), "polyform: "))
			}
			named = ps
		}
		for _, p := range named {
			if seen[p.Name] {
				return nil, nil, fmt.Errorf("polyform: piece list %q, item %d (%q): piece %s named twice", spec, k+1, elem, p.Name)
			}
			seen[p.Name] = true
			pieces = append(pieces, p)
			ranges = append(ranges, r)
		}
	}
	return pieces, ranges, nil
}

// parseRange reads "N" or "A-B".
func parseRange(s string) (Range, error) {
	a, b, isRange := strings.Cut(s, "-")
	lo, err := strconv.Atoi(a)
	hi := lo
	if err == nil && isRange {
		hi, err = strconv.Atoi(b)
	}
	if err != nil || lo < 0 || hi < 1 || lo > hi || hi > MaxCopies {
		return Range{}, fmt.Errorf("polyform: bad number of copies %q (want N or A-B, 0 <= A <= B, 1 <= B <= %d)", s, MaxCopies)
	}
	return Range{lo, hi}, nil
}

// isSetName reports whether s can only be a piece set's name, not piece
// letters: no piece is named with a '-' ("polyomino-13"), so PieceSet's
// error is the one to give, not the letters' (issue 36, D16).
func isSetName(s string) bool { return strings.Contains(s, "-") }

// IsPieceList reports whether s is a piece list with copies or ranges
// ("L*2,T"), rather than a set name or letters.
func IsPieceList(s string) bool { return strings.ContainsAny(s, ",*") }

// parsePieceList is ParsePieces on set, or on the set named first
// ("tetracubes A*2,B").
func parsePieceList(set []Piece, spec string) ([]Piece, []Range, error) {
	if name, rest, ok := strings.Cut(strings.TrimSpace(spec), " "); ok {
		_, named, err := PieceSet(name)
		switch {
		case err == nil:
			set, spec = named, rest
		case isSetName(name):
			return nil, nil, err
		}
	}
	return ParsePieces(set, spec)
}
