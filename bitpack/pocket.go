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
	var sc linkScratch
	k.linkAt = make([]int32, len(k.mask)+1)
	k.seedWin = make([]uint64, len(k.mask))
	k.anchorOf = make([]int32, len(k.mask))
	for i, m := range k.mask {
		a := m.first()
		k.anchorOf[i] = int32(a)
		before := below(a) // filled at a node whose first empty cell is a
		closedBy := m.or(before)
		seen := sc.pockets[:0]
		add := func(cells Set) {
			var open Set
			cells.forEach(func(c int) { open = open.or(k.adj[c]) })
			open = open.andNot(closedBy).andNot(cells)
			sw, ok1 := windowWord(cells, a)
			tw, ok2 := windowWord(cells.or(open), a)
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
		sc.pockets = seen
		k.pocketAt[i+1] = int32(len(k.pockets))
		k.buildLinks(i, a, seeds, &sc)
		k.linkAt[i+1] = int32(len(k.links))
	}
}

// below returns the cells before c.
func below(c int) Set {
	var s Set
	for w := range s {
		switch lo := w * 64; {
		case c >= lo+64:
			s[w] = ^uint64(0)
		case c > lo:
			s[w] = 1<<(c-lo) - 1
		}
	}
	return s
}

// link joins two cells next to a placement, x and y, by a short path
// around it: ends has the bits of x and y, t those of x, y and the path,
// in the window from the placement's anchor. When every cell of t is
// empty, x and y are in one region.
type link struct{ ends, t uint64 }

// linkMax is the most cells a link's path has between its ends.
const linkMax = 3

// windowWord returns the cells of t as bits of the 64-cell window that
// starts at cell a (bit c-a for cell c), and whether all of them lie in it.
func windowWord(t Set, a int) (uint64, bool) {
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

// buildLinks lists the links of placement i (anchored at a, with the
// cells next to it from a on, seeds): for every seed x, a shortest path
// to every other seed that the path reaches without passing a third one,
// through at most linkMax cells that are from a on, outside the
// placement and within the window. A placement with a seed past the
// window gets no links and none of its seeds' bits (seedWin).
func (k *Kernel) buildLinks(i, a int, seeds Set, sc *linkScratch) {
	m := k.mask[i]
	win, inWindow := windowWord(seeds, a)
	if !inWindow {
		return
	}
	k.seedWin[i] = win
	seeds.forEach(func(x int) {
		// A breadth-first search from x that stops at seeds, on the
		// cells from a on, in the window and outside the placement.
		reached := sc.reached[:0]
		sc.parent[x] = -1
		sc.seen.add(x)
		reached = append(reached, x)
		lo := 0
		for dist := 0; dist <= linkMax && lo < len(reached); dist++ {
			hi := len(reached)
			for _, c := range reached[lo:hi] {
				nb := k.adj[c].andNot(sc.seen).andNot(m)
				nb.forEach(func(d int) {
					if d < a || d-a >= 64 {
						return
					}
					sc.parent[d] = int16(c)
					sc.seen.add(d)
					if !seeds.has(d) {
						reached = append(reached, d)
						return
					}
					if d > x { // a path goes no further than a seed
						l := link{ends: 1<<(x-a) | 1<<(d-a)}
						for e := d; e >= 0; e = int(sc.parent[e]) {
							l.t |= 1 << (e - a)
						}
						k.links = append(k.links, l)
					}
				})
			}
			lo = hi
		}
		sc.seen = Set{}
		sc.reached = reached
	})
}

// linkScratch is buildLinks' scratch space.
type linkScratch struct {
	pockets []uint64 // buildPockets': the pockets of the placement so far
	parent  [MaxCells]int16
	seen    Set
	reached []int
}

// seedsJoined reports whether the placement's seeds that are empty (win:
// the window of the node's empty cells from its anchor) are all in one
// region by its links; false when the links do not show it.
func (s *Search) seedsJoined(i int32, win uint64) bool {
	k := s.k
	ls := k.links[k.linkAt[i]:k.linkAt[i+1]]
	seeds := win & k.seedWin[i]
	reach := seeds & -seeds
	for {
		before := reach
		for _, l := range ls {
			if reach&l.ends != 0 && win&l.t == l.t {
				reach |= l.ends
			}
		}
		if seeds&^reach == 0 {
			return true
		}
		if reach == before {
			return false
		}
	}
}

// pocketClosed reports whether placement i, at the current node whose
// first empty cell is its anchor, closes off one of its pockets.
func (s *Search) pocketClosed(i int32, win uint64) bool {
	k := s.k
	ps := k.pockets[k.pocketAt[i]:k.pocketAt[i+1]]
	for _, p := range ps {
		if win&p.t == p.s {
			return true
		}
	}
	return false
}
