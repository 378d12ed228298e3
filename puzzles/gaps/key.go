package gaps

// Packed keys: each cell in 6 bits (0 a hole, else suit*13 + rank, at most
// 51), four cells in three bytes, so a k-column position takes 3k bytes
// (39 for the full 4 x 13 game). The canonical key packs the rows in sorted
// order: the rules never look across rows except for an ace moving between
// left-edge holes, and the goal allows any suit in any row, so the 24 row
// permutations of a position are equivalent (same moves up to renaming,
// same verdict, same distance to a win). It serves duplicate detection in
// searches that keep their own path (the depth-first family and the
// decider); a best-first search that rebuilds positions from keys needs the
// exact key, because its stored moves name cells.

func cellCode(c Card) byte {
	if c == Hole {
		return 0
	}
	return byte(c.Suit()*13 + c.Rank())
}

func codeCard(b byte) Card {
	if b == 0 {
		return Hole
	}
	return NewCard(int(b-1)/13, int(b-1)%13+1)
}

// KeyLen returns the length of a key of a k-column position of the
// standard game or of fixed suits; with redeals a key has one more byte,
// the redeals used.
func KeyLen(k int) int { return 3 * k }

// AppendKey appends the packed key of the position to dst, and the
// redeals used when the deal has redeals.
func (g *Game) AppendKey(dst []byte) []byte {
	n := Rows * g.k
	for i := 0; i < n; i += 4 {
		dst = pack4(dst, &g.cells, i, i+1, i+2, i+3)
	}
	if g.redeals > 0 {
		dst = append(dst, byte(g.used))
	}
	return dst
}

func pack4(dst []byte, cells *[Rows * MaxCols]Card, a, b, c, d int) []byte {
	v := uint32(cellCode(cells[a]))<<18 | uint32(cellCode(cells[b]))<<12 |
		uint32(cellCode(cells[c]))<<6 | uint32(cellCode(cells[d]))
	return append(dst, byte(v>>16), byte(v>>8), byte(v))
}

// AppendCanonicalKey appends the key of the position with its rows sorted
// (by their cells' codes), the same for all 24 row permutations, and the
// redeals used when the deal has redeals. Under fixed suits the rows are
// labelled: it is the exact key.
func (g *Game) AppendCanonicalKey(dst []byte) []byte {
	if g.fixed {
		return g.AppendKey(dst)
	}
	var codes [Rows * MaxCols]byte
	for p := range Rows * g.k {
		codes[p] = cellCode(g.cells[p])
	}
	dst = appendSortedRows(dst, &codes, g.k)
	if g.redeals > 0 {
		dst = append(dst, byte(g.used))
	}
	return dst
}

// appendSortedRows packs the cell codes of four rows of k cells into dst,
// the rows in sorted order.
func appendSortedRows(dst []byte, codes *[Rows * MaxCols]byte, k int) []byte {
	order := [Rows]int{0, 1, 2, 3}
	less := func(a, b int) bool { return string(codes[a*k:a*k+k]) < string(codes[b*k:b*k+k]) }
	// Insertion sort of four rows: at most six comparisons.
	for i := 1; i < Rows; i++ {
		for j := i; j > 0 && less(order[j], order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	var v uint32
	nb := 0
	for _, r := range order {
		for p := r * k; p < r*k+k; p++ {
			v = v<<6 | uint32(codes[p])
			nb++
			if nb == 4 {
				dst = append(dst, byte(v>>16), byte(v>>8), byte(v))
				v, nb = 0, 0
			}
		}
	}
	return dst
}

// SetKey makes the position packed in key (from AppendKey or
// AppendCanonicalKey of a game with as many columns) the current one.
func (g *Game) SetKey(key []byte) {
	var cells [Rows * MaxCols]Card
	n := Rows * g.k
	for i := 0; i < n; i += 4 {
		v := uint32(key[i/4*3])<<16 | uint32(key[i/4*3+1])<<8 | uint32(key[i/4*3+2])
		cells[i] = codeCard(byte(v >> 18 & 63))
		cells[i+1] = codeCard(byte(v >> 12 & 63))
		cells[i+2] = codeCard(byte(v >> 6 & 63))
		cells[i+3] = codeCard(byte(v & 63))
	}
	g.set(g.k, cells[:n])
	if g.redeals > 0 {
		g.used = int(key[3*g.k])
	}
}

// Suit renaming is a symmetry of the game too: the rules compare suits
// only for equality, and the goal allows any suit in any row, so the 24
// renamings of the suits of a position are equivalent (same moves up to
// renaming, same verdict, same distance to a win). AppendSuitKey gives one
// key to the 576 images of a position under row permutations and suit
// renamings. It orders the suits by their signature, the columns of the
// suit's cards in rank order (a row permutation keeps the columns, a
// renaming permutes the signatures with the suits), renames them in that
// order, and takes AppendCanonicalKey's row sort of the result; when
// suits tie, the least key over the orders of the tied suits. It pays on
// small deals only: the unsolvable deals' proofs of TestDecideSuits store
// 33% fewer positions at 4 x 4 and 8% fewer at 4 x 5 and 4 x 6, the proof
// of 4 x 9 deal 28 0.02% fewer (1,528,707 of 1,529,074), and the first
// 475,139 positions of 4 x 13 deal 1003 none: two images of one position
// are rarely both reachable once most cards keep their dealt cells.

// AppendSuitKey appends the key of the position with its suits renamed
// and its rows sorted, the same for all its images under row permutations
// and suit renamings (see above).
func (g *Game) AppendSuitKey(dst []byte) []byte {
	order := [Rows]int{0, 1, 2, 3}
	for i := 1; i < Rows; i++ {
		for j := i; j > 0 && g.suitCmp(order[j], order[j-1]) < 0; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	tie := false
	for i := 1; i < Rows; i++ {
		tie = tie || g.suitCmp(order[i], order[i-1]) == 0
	}
	if !tie {
		return g.appendRenamedKey(dst, order)
	}
	// Every order of the suits that keeps the signatures sorted: the
	// permutations of order within runs of equal signatures.
	n := len(dst)
	var bestBuf [3 * MaxCols]byte
	best, found := bestBuf[:0], false
	for i := range perms {
		p := &perms[i]
		var o [Rows]int
		ok := true
		for j := range Rows {
			o[j] = order[p[j]]
			ok = ok && g.suitCmp(o[j], order[j]) == 0
		}
		if !ok {
			continue
		}
		dst = g.appendRenamedKey(dst[:n], o)
		if !found || string(dst[n:]) < string(best) {
			best, found = append(best[:0], dst[n:]...), true
		}
	}
	return append(dst[:n], best...)
}

// suitCmp compares the signatures of suits a and b: the columns of their
// cards in rank order.
func (g *Game) suitCmp(a, b int) int {
	k := int8(g.k)
	for r := 1; r < g.k; r++ {
		ca, cb := g.pos[NewCard(a, r)]%k, g.pos[NewCard(b, r)]%k
		if ca != cb {
			return int(ca) - int(cb)
		}
	}
	return 0
}

// appendRenamedKey appends the key of the position with suit order[i]
// renamed i and the rows sorted by their renamed cells' codes.
func (g *Game) appendRenamedKey(dst []byte, order [Rows]int) []byte {
	var to [Rows]int
	for i, s := range order {
		to[s] = i
	}
	k := g.k
	var codes [Rows * MaxCols]byte
	for p := range Rows * k {
		if c := g.cells[p]; c != Hole {
			codes[p] = cellCode(NewCard(to[c.Suit()], c.Rank()))
		}
	}
	return appendSortedRows(dst, &codes, k)
}
