package bitpack

import "math/bits"

// Viable implements estimate.Viable: false when an empty cell has no
// placement left that fits, or a piece left has none (a solution covers
// every cell and places every piece). The fewest-options rules branch on
// such an item at once and end there; the first empty cell's rule meets
// the cell only when it is the first empty one, and searches the doomed
// subtree above it meanwhile. With estimate.Options.Viable the
// estimators' importance draw goes less into those subtrees. It scans
// each item's placements up to the first that fits, and allocates
// nothing.
func (s *Search) Viable() bool {
	k := s.k
	for f := k.avail(s.free) & k.required; f != 0; f &= f - 1 {
		if !s.anyFits(k.byItem[bits.TrailingZeros64(f)]) {
			return false
		}
	}
	for w, x := range s.empty {
		for ; x != 0; x &= x - 1 {
			if !s.anyFits(k.byItem[k.np+w<<6+bits.TrailingZeros64(x)]) {
				return false
			}
		}
	}
	return true
}

// anyFits reports whether one of the placements fits on the board now.
func (s *Search) anyFits(placements []int32) bool {
	for _, i := range placements {
		if s.fits(i) {
			return true
		}
	}
	return false
}
