package polyform

import "slices"

// packingSymmetries returns the symmetries of the packing: the board's
// symmetries (of the grid's rotations and reflections, those that map the
// board onto itself) that also map the piece set onto itself, each as a
// permutation of the board's cells and a relabelling of the pieces
// (relabel[g][p] is the piece that the image of piece p is; nil where
// every piece is its own image). The identity is first.
//
// A reflection maps a chiral solid piece to its mirror image: for the
// Soma pieces it swaps the two screws A and B, so a reflected solution is
// a solution with A and B exchanged and counts as the same one; for the
// Tetris cube, whose chiral pieces have no mirror partner, reflections
// are no symmetries of the packing.
func (pk *Packing) packingSymmetries() (syms, relabel [][]int) {
	b := pk.Board
	g := b.Grid
	reflect := func(p Piece) bool { return !p.OneSided && g < Cubic }
	forms := make([]string, len(pk.Pieces)) // each piece's class under its allowed orientations
	for i, p := range pk.Pieces {
		forms[i] = g.canonicalAllowed(p.Shape, reflect(p)).key()
	}
	mirrored := make([]string, len(pk.Pieces)) // their mirror images' classes, when first needed
	img := make([]Cell, len(b.Cells))
	for k := 0; k < g.Symmetries(); k++ {
		perm, ok := b.symmetry(k, img)
		if !ok {
			continue
		}
		labels, ok := pk.relabelling(k, forms, mirrored, reflect)
		if !ok {
			continue
		}
		syms = append(syms, perm)
		relabel = append(relabel, labels)
	}
	return syms, relabel
}

// relabelling returns the piece each piece becomes under grid symmetry
// k (nil if each stays itself), or false if some image is no piece.
// mirrored caches the classes of the pieces' images under the mirrors:
// on every grid but the sphere grid the rotations (the first half of the
// symmetries) are a group that maps every shape onto the grid, and the
// mirrors its other coset, so a piece's image has the piece's own class
// under a rotation and one class under all the mirrors (on the rhombic
// grid, 48 symmetries of 8 pieces each took 24 orientations otherwise).
func (pk *Packing) relabelling(k int, forms, mirrored []string, reflect func(Piece) bool) ([]int, bool) {
	g := pk.Board.Grid
	labels := make([]int, len(pk.Pieces))
	used := make([]bool, len(pk.Pieces))
	identity := true
	for i, p := range pk.Pieces {
		var form string
		switch {
		case g != Sphere && k < g.Symmetries()/2:
			form = forms[i]
		case g != Sphere && mirrored[i] != "":
			form = mirrored[i]
		default:
			shape := make([]Cell, len(p.Shape))
			if !g.image(p.Shape, k, shape) {
				return nil, false
			}
			form = g.canonicalAllowed(g.normalize(shape), reflect(p)).key()
			if g != Sphere {
				mirrored[i] = form
			}
		}
		q := -1
		if form == forms[i] && !used[i] {
			q = i
		} else {
			for j := range pk.Pieces {
				if !used[j] && forms[j] == form && reflect(pk.Pieces[j]) == reflect(p) {
					q = j
					break
				}
			}
		}
		if q < 0 {
			return nil, false
		}
		used[q], labels[i] = true, q
		identity = identity && q == i
	}
	if identity {
		return nil, true
	}
	return labels, true
}

// canonicalAllowed is the smallest image of s under the orientations a
// piece may take: rotations, and reflections too if reflect.
func (g Grid) canonicalAllowed(s Shape, reflect bool) Shape { return g.canonical(s, reflect) }

// imageOf writes into img the image of the solution assign (a piece per
// cell) under packing symmetry gi.
func (pk *Packing) imageOf(img, assign []int, gi int) {
	perm, labels := pk.syms[gi], pk.relabel[gi]
	for i, j := range perm {
		if labels == nil || assign[i] >= len(labels) { // no piece, or itself
			img[j] = assign[i]
		} else {
			img[j] = labels[assign[i]]
		}
	}
}

// IsCanonical reports whether the solution assign (the piece of every
// cell) is no larger than any of its images under the packing's
// symmetries, pieces relabelled where a symmetry maps one piece onto
// another.
func (pk *Packing) IsCanonical(assign []int) bool {
	img := make([]int, len(assign))
	for gi := 1; gi < len(pk.syms); gi++ {
		pk.imageOf(img, assign, gi)
		if slices.Compare(img, assign) < 0 {
			return false
		}
	}
	return true
}

// fixedBy counts the packing's symmetries that map the solution assign
// onto itself (the identity included); img is scratch space.
func (pk *Packing) fixedBy(assign, img []int) int {
	fixed := 1
	for gi := 1; gi < len(pk.syms); gi++ {
		pk.imageOf(img, assign, gi)
		if slices.Equal(img, assign) {
			fixed++
		}
	}
	return fixed
}

// fixedPiece reports whether every symmetry of the packing maps piece p
// onto itself.
func (pk *Packing) fixedPiece(p int) bool {
	for _, labels := range pk.relabel {
		if labels != nil && labels[p] != p {
			return false
		}
	}
	return true
}

// PieceMaps returns, for every symmetry of Symmetries, the piece that
// each piece becomes under it (nil where every piece stays itself), for
// engines that compare a solution with its images.
func (pk *Packing) PieceMaps() [][]int { return pk.relabel }
