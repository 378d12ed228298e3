package bitpack

import "slices"

// The colour test. Two-colour the cells (a triangle pointing up or down;
// a square's or a cube's checkerboard colour). A piece covers, in each
// placement, some number of cells of the second colour, between its
// fewest and its most over its placements: a heptiamond 3 or 4 of its 7
// triangles, or 2 and 5 for the ones with a large triangle in them; the
// X pentomino 1 or 4 of its 5 squares. An empty region of n cells, with
// pieces of one size u, is filled by m = n/u of the unplaced pieces, so
// its c cells of the second colour must lie between the sum of the m
// smallest fewest counts and the sum of the m largest most counts among
// the unplaced pieces. A region outside those bounds is dead even when
// its size is a multiple of u: the test cuts what the size test lets
// through, and never a node with a solution below it. It costs two
// popcounts and a pass over the pieces for every region the dead-region
// test closes.

// compileColours builds the colour test's tables; inner renumbers the
// cells as Compile does.
func (k *Kernel) compileColours(colours []bool, inner func(int) int) {
	for c, second := range colours {
		if second {
			k.colour.add(inner(c))
		}
	}
	k.colourMin = make([]int32, k.np)
	k.colourMax = make([]int32, k.np)
	for p := range k.colourMin {
		k.colourMin[p] = int32(k.sizes[p]) + 1
		k.colourMax[p] = -1
	}
	for i, m := range k.mask {
		p := k.piece[i]
		c := int32(m.and(k.colour).count())
		k.colourMin[p] = min(k.colourMin[p], c)
		k.colourMax[p] = max(k.colourMax[p], c)
	}
	for p := range k.colourMin {
		if k.colourMax[p] < 0 { // no placement: the piece never fits, and bounds nothing
			k.colourMin[p], k.colourMax[p] = 0, int32(k.sizes[p])
		}
		k.byColourMin = append(k.byColourMin, int32(p))
		k.byColourMax = append(k.byColourMax, int32(p))
	}
	slices.SortStableFunc(k.byColourMin, func(a, b int32) int { return int(k.colourMin[a] - k.colourMin[b]) })
	slices.SortStableFunc(k.byColourMax, func(a, b int32) int { return int(k.colourMax[b] - k.colourMax[a]) })
}

// colourOK reports whether the region can be filled by unplaced pieces
// (free) as far as colours go; true when there is no colour test. The
// region's size must be a multiple of the pieces' size.
func (s *Search) colourOK(region Set, free uint64) bool {
	k := s.k
	if k.colourMin == nil {
		return true
	}
	m := region.count() / k.uniform
	c := int32(region.and(k.colour).count())
	lo, hi := int32(0), int32(0)
	taken := 0
	for _, p := range k.byColourMin {
		if taken == m {
			break
		}
		if free>>p&1 != 0 {
			lo += k.colourMin[p]
			taken++
		}
	}
	if taken < m || c < lo {
		return false
	}
	taken = 0
	for _, p := range k.byColourMax {
		if taken == m {
			break
		}
		if free>>p&1 != 0 {
			hi += k.colourMax[p]
			taken++
		}
	}
	return c <= hi
}
