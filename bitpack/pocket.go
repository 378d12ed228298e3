package bitpack

// Pockets: a placement at the first empty cell c that leaves a small
// region closed off beside it dies at once (on PP-24's first-empty tree
// with the dead-region test, two thirds of the placements that fit, half
// of those by a single cell). Under FirstEmpty every cell before c is
// filled, so whether a cell x next to the placement is closed off
// alone depends only on x and its neighbours from c on that the
// placement leaves open; the same for two cells x, y side by side. Both
// are tested on the 64 cells from c (Set.window), which expand's listing
// reads as well: a pocket is the bits S of its cells and T of its cells
// and their open neighbours, and it is closed when win&T == S. A closed
// pocket of a size that is not a multiple of the pieces' size is a dead
// region next to the placement, which growOK would find (the pocket is
// a region of its seeds, and when it is the region growOK leaves
// unchecked, another region is dead too, as the parent passed the
// test): the test gives growOK's answer, earlier, and the tree is the
// same. Pockets whose cells reach past c+63 are left to growOK.

// pocket is a small region that a placement may close off: its cells S
// and S with its open neighbours T, as bits of the window from the
// placement's anchor.
type pocket struct{ s, t uint64 }

// buildPockets lists, for every placement, the pockets of one and two
// cells it can close off at a FirstEmpty node, for the dead-region test
// without LargestRegionOnly (which keeps small regions) on pieces of one
// size above 2.
func (k *Kernel) buildPockets() {
	k.pocketAt, k.pockets = nil, nil
	if k.rule != FirstEmpty || k.largest || k.uniform <= 1 || k.colourMin != nil || len(k.adj) != k.n {
		return
	}
	k.pocketAt = make([]int32, len(k.mask)+1)
	k.anchorOf = make([]int32, len(k.mask))
	for i, m := range k.mask {
		a := m.first()
		k.anchorOf[i] = int32(a)
		var before Set // the cells before the anchor: filled
		for c := 0; c < a; c++ {
			before.add(c)
		}
		closedBy := m.or(before)
		rel := func(t Set) (uint64, bool) {
			var w uint64
			ok := true
			t.forEach(func(c int) {
				if c-a >= 64 {
					ok = false
					return
				}
				w |= 1 << (c - a)
			})
			return w, ok
		}
		var seen []uint64
		add := func(cells Set) {
			var open Set
			cells.forEach(func(c int) { open = open.or(k.adj[c]) })
			open = open.andNot(closedBy).andNot(cells)
			sw, ok1 := rel(cells)
			tw, ok2 := rel(cells.or(open))
			if !ok1 || !ok2 {
				return
			}
			for _, x := range seen {
				if x == sw {
					return
				}
			}
			seen = append(seen, sw)
			k.pockets = append(k.pockets, pocket{s: sw, t: tw})
		}
		seeds := k.border[i].andNot(before)
		seeds.forEach(func(x int) {
			var one Set
			one.add(x)
			add(one)
		})
		if k.uniform > 2 {
			seeds.forEach(func(x int) {
				k.adj[x].andNot(closedBy).forEach(func(y int) {
					var two Set
					two.add(x)
					two.add(y)
					add(two)
				})
			})
		}
		k.pocketAt[i+1] = int32(len(k.pockets))
	}
}

// pocketClosed reports whether placement i, at the current node whose
// first empty cell is its anchor, closes off one of its pockets.
func (s *Search) pocketClosed(i int32) bool {
	k := s.k
	ps := k.pockets[k.pocketAt[i]:k.pocketAt[i+1]]
	if len(ps) == 0 {
		return false
	}
	win := s.empty.window(int(k.anchorOf[i]))
	for _, p := range ps {
		if win&p.t == p.s {
			return true
		}
	}
	return false
}
