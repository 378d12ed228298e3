package polyform

import (
	"fmt"
	"slices"
	"strings"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/xcover"
)

// The restricted tree of SymmetricTrees keeps one piece p to one
// placement of each orbit under the packing's symmetry group G. A class of
// solutions then meets the tree once for each solution with p on the
// orbit's representative r: once when r has no symmetry of its own, but
// up to |H| times when the subgroup H of G fixes r, since H maps those
// solutions onto each other. A tree cannot look at its solutions to
// throw the extra ones away (SolveUnique does), so the restriction goes
// on as a chain:
//
//   - a part of the tree pins some placements (p on r, ...) and keeps the
//     group K of the symmetries that fix every pin (H for p on r);
//   - within it, another piece q that K maps onto itself is restricted to
//     one placement of each K-orbit (among those that miss the pins);
//   - the representatives that no symmetry of K fixes form the part's
//     tree, whose solutions each stand for a class once;
//   - each representative s fixed by a subgroup K' of K starts a part of
//     its own one level down: s pinned too, the group K'.
//
// Every class whose solutions have no symmetry of their own lands in
// exactly one part's tree exactly once (by the orbit argument above, level
// by level), so the union of the parts' trees counts those classes, and
// |G| times that counts their solutions. A solution x with a symmetry g
// of its own has g fixing every piece's placement, so g stays in every
// level's group and x's class goes down the chain until every piece is
// pinned: the pins are then a member of the class, the one member on the
// representatives, and the group left is x's stabilizer S. Such classes
// are kept outside the trees (a tree whose solutions all weigh |G|
// cannot hold a class of |G|/|S| members): the chain lists them, each
// with its |G|/|S| solutions, and the counts add them (Restricted).

// maxSymmetricParts bounds the number of parts of the chain: each part is
// a search of its own in every worker's tree, and the boards of this
// program need a few (the Soma cube 2, the 3x4x5 box 28).
const maxSymmetricParts = 256

// symmetricClass is a class of solutions that some symmetries map onto
// themselves: one member (a placement per piece) and the class's size,
// |G| over the member's stabilizer.
type symmetricClass struct {
	member    []int
	solutions int64
}

// symmetricPart is a part of the restricted tree: the pinned placements,
// the restricted piece and its kept placements (none of them fixed by
// a symmetry that fixes the pins).
type symmetricPart struct {
	pins  []int
	piece int
	kept  []int
}

// keep is the part's filter of placements.
func (sp symmetricPart) keep(pk *Packing) func(int) bool {
	only := map[int]int{} // piece -> its one placement
	for _, k := range sp.pins {
		only[pk.Placements[k].Piece] = k
	}
	kept := map[int]bool{}
	for _, k := range sp.kept {
		kept[k] = true
	}
	return func(k int) bool {
		piece := pk.Placements[k].Piece
		if at, ok := only[piece]; ok {
			return k == at
		}
		return piece != sp.piece || kept[k]
	}
}

// symmetricParts builds the chain's parts and lists the classes of
// solutions with symmetries of their own (see above); the first part is
// the restriction of restrict(nil, true) when no kept placement of it has
// a symmetry.
func (pk *Packing) symmetricParts() ([]symmetricPart, []symmetricClass, error) {
	index := map[string]int{}
	key := func(piece int, cells []int) string { return fmt.Sprint(piece, cells) }
	for k, pl := range pk.Placements {
		index[key(pl.Piece, pl.Cells)] = k
	}
	img := make([]int, 0, 16)
	image := func(k, gi int) int { // placement k under symmetry gi, its piece fixed
		pl := pk.Placements[k]
		img = img[:0]
		for _, c := range pl.Cells {
			img = append(img, pk.syms[gi][c])
		}
		slices.Sort(img)
		j, ok := index[key(pl.Piece, img)]
		if !ok {
			return -1
		}
		return j
	}
	fixes := func(group []int, piece int) bool {
		for _, gi := range group {
			if l := pk.relabel[gi]; l != nil && l[piece] != piece {
				return false
			}
		}
		return true
	}
	var parts []symmetricPart
	var classes []symmetricClass
	var level func(pins, group []int) error
	level = func(pins, group []int) error {
		if len(parts) > maxSymmetricParts {
			return fmt.Errorf("%w (more than %d parts in the chain)", ErrStabilizer, maxSymmetricParts)
		}
		used := make([]bool, len(pk.Board.Cells))
		pinned := make([]bool, len(pk.Pieces))
		for _, k := range pins {
			pinned[pk.Placements[k].Piece] = true
			for _, c := range pk.Placements[k].Cells {
				used[c] = true
			}
		}
		if !slices.Contains(pinned, false) {
			for c := range used {
				if !used[c] && (pk.Board.Optional == nil || !pk.Board.Optional[c]) {
					return nil // the pins leave a cell uncovered: no solution
				}
			}
			classes = append(classes, symmetricClass{member: pins, solutions: int64(len(pk.syms) / len(group))})
			return nil
		}
		type choice struct {
			piece int
			reps  []int
			stab  map[int][]int // rep -> the symmetries of group fixing it (the identity first)
			free  int
		}
		var best *choice
		for q := range pk.Pieces {
			if pinned[q] || !fixes(group, q) {
				continue
			}
			c := &choice{piece: q, stab: map[int][]int{}}
			seen := map[int]bool{}
			for k, pl := range pk.Placements {
				if pl.Piece != q || seen[k] || slices.ContainsFunc(pl.Cells, func(cell int) bool { return used[cell] }) {
					continue
				}
				c.reps = append(c.reps, k)
				for _, gi := range group {
					j := image(k, gi)
					seen[j] = true
					if j == k {
						c.stab[k] = append(c.stab[k], gi)
					}
				}
				if len(c.stab[k]) == 1 {
					c.free++
				}
			}
			symmetric := len(c.reps) - c.free
			if best == nil || symmetric < len(best.reps)-best.free || symmetric == len(best.reps)-best.free && len(c.reps) < len(best.reps) {
				best = c
			}
		}
		if best == nil {
			return ErrStabilizer // no piece that the symmetries left map onto itself
		}
		part := symmetricPart{pins: pins, piece: best.piece}
		var down []int
		for _, k := range best.reps {
			if len(best.stab[k]) == 1 {
				part.kept = append(part.kept, k)
			} else {
				down = append(down, k)
			}
		}
		if len(part.kept) > 0 {
			parts = append(parts, part)
		}
		for _, k := range down {
			if err := level(append(slices.Clone(pins), k), best.stab[k]); err != nil {
				return err
			}
		}
		return nil
	}
	all := make([]int, len(pk.syms))
	for gi := range all {
		all[gi] = gi
	}
	if err := level(nil, all); err != nil {
		return nil, nil, err
	}
	return parts, classes, nil
}

// describeParts is the chain in words, for the hash of a count's spec
// (empty for the single part of a tree without stabilizers or symmetric
// classes, whose specs were hashed before the chain existed).
func describeParts(parts []symmetricPart, classes []symmetricClass) string {
	if len(parts) == 1 && len(parts[0].pins) == 0 && len(classes) == 0 {
		return ""
	}
	var b strings.Builder
	for _, p := range parts {
		fmt.Fprintf(&b, "part pins=%v piece=%d kept=%v\n", p.pins, p.piece, p.kept)
	}
	for _, c := range classes {
		fmt.Fprintf(&b, "symmetric class member=%v solutions=%d\n", c.member, c.solutions)
	}
	return b.String()
}

// partTrees makes the trees of the parts, joined at their roots when
// there are several (estimate.JoinRoots).
func (pk *Packing) partTrees(s xcover.Strategy, parts []symmetricPart) (func() estimate.Tree, error) {
	on, err := pk.onKernel()
	if err != nil {
		return nil, err
	}
	makers := make([]func() estimate.Tree, len(parts))
	for i, part := range parts {
		keep := part.keep(pk)
		if on {
			k, _, err := pk.Kernel(s, keep)
			if err != nil {
				return nil, err
			}
			makers[i] = func() estimate.Tree { return k.NewSearch() }
			continue
		}
		prob, _ := pk.problem(keep)
		makers[i] = func() estimate.Tree {
			w := prob.Compile(s).Walker()
			w.SkipPruned = pk.DeadRegions
			return w
		}
	}
	if len(makers) == 1 {
		return makers[0], nil // as before the chain: no stabilizer
	}
	return func() estimate.Tree {
		trees := make([]estimate.Tree, len(makers))
		for i, m := range makers {
			trees[i] = m()
		}
		return estimate.JoinRoots(trees)
	}, nil
}
