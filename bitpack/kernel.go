package bitpack

import (
	"errors"
	"fmt"
	"math/bits"
)

// MaxCells is the largest board: four 64-bit words of cells, enough for
// Korekawa et al.'s PP-24 frame (168 triangles) and every built-in board.
const MaxCells = 4 * 64

// MaxPieces is the largest piece set: the unplaced pieces are one 64-bit
// word.
const MaxPieces = 64

// Set is a set of cells, bit i%64 of word i/64 for cell i.
type Set [4]uint64

func (s *Set) add(c int)       { s[c>>6] |= 1 << (c & 63) }
func (s *Set) has(c int) bool  { return s[c>>6]>>(c&63)&1 != 0 }
func (s Set) and(t Set) Set    { return Set{s[0] & t[0], s[1] & t[1], s[2] & t[2], s[3] & t[3]} }
func (s Set) andNot(t Set) Set { return Set{s[0] &^ t[0], s[1] &^ t[1], s[2] &^ t[2], s[3] &^ t[3]} }
func (s Set) or(t Set) Set     { return Set{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3]} }
func (s Set) isEmpty() bool    { return s[0]|s[1]|s[2]|s[3] == 0 }
func (s Set) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}
func (s Set) subsetOf(t Set) bool { return s.andNot(t).isEmpty() }

// window returns the cells c..c+63 of s as the bits of a word, cell c as
// bit 0.
func (s Set) window(c int) uint64 {
	w, sh := c>>6, uint(c&63)
	x := s[w&3] >> sh
	if sh != 0 && w < 3 {
		x |= s[w+1] << (64 - sh)
	}
	return x
}

// first returns the smallest cell of s, or -1 if s is empty.
func (s Set) first() int {
	for w, x := range s {
		if x != 0 {
			return w<<6 + bits.TrailingZeros64(x)
		}
	}
	return -1
}

// Rule is the branching rule: which cell or piece a node branches on.
type Rule int

const (
	// FirstEmpty branches on the first empty cell in the cells' order; the
	// children are the placements whose smallest cell it is (the classic
	// rule of dedicated packing programs). It is xcover's Fixed strategy
	// with the pieces never chosen (Packing.CellsOnly).
	FirstEmpty Rule = iota
	// Fewest branches on the piece or empty cell with the fewest
	// placements left, pieces first and then cells in order on ties: the
	// tree of xcover's Fewest strategy.
	Fewest
	// FewestCells branches on the empty cell with the fewest placements
	// left, never on a piece: Korekawa et al.'s rule, and xcover's Fewest
	// with Packing.CellsOnly.
	FewestCells
	// Ordered branches on the first piece or empty cell in Problem.Order:
	// xcover's Fixed and Sorted strategies.
	Ordered
)

var ruleNames = [...]string{"first-empty", "fewest", "fewest-cells", "ordered"}

func (r Rule) String() string {
	if r < 0 || int(r) >= len(ruleNames) {
		return fmt.Sprintf("Rule(%d)", int(r))
	}
	return ruleNames[r]
}

// Placement is one piece in one position: the piece's number and its
// cells.
type Placement struct {
	Piece int
	Cells []int
}

// Problem is a packing problem as flat data: cells 0..Cells-1, pieces
// 0..len(Sizes)-1 of the given sizes, the placements, and, for the
// dead-region test, the cells' neighbours. Every piece is placed once and
// every cell covered once.
type Problem struct {
	Cells      int
	Sizes      []int
	Placements []Placement
	// Adjacency[c] lists the neighbours of cell c; needed by DeadRegions
	// (and by Search.State for its region profile).
	Adjacency [][]int
	Rule      Rule
	// Order is the items of rule Ordered: piece p as p, cell c as
	// len(Sizes)+c. Items not listed are never branched on.
	//
	// For rule FirstEmpty it is optional: pieces to branch on first, while
	// unplaced, then every cell once, the order in which empty cells are
	// scanned (without cells: the cells' own order).
	Order []int
	// DeadRegions cuts every child whose empty cells fall into a connected
	// region whose size no subset of the unplaced pieces' sizes adds up
	// to (Korekawa et al.'s test).
	DeadRegions bool
	// LargestRegionOnly makes the dead-region test look at the largest
	// empty region only, as Korekawa et al.'s program does.
	LargestRegionOnly bool
	// PieceCut makes rule FewestCells end a path where an unplaced piece
	// has no placement left: such a node has no children, where the
	// cells-only rule would go on placing the other pieces until some
	// cell ran out of options. (Rule Fewest branches on that piece, with
	// no children, by itself; the other rules keep no counts and ignore
	// it.) It costs a count per dying placement and a look at the
	// unplaced pieces' counts per node.
	PieceCut bool
	// Colours, if set, two-colours the cells (true: the second colour),
	// and the dead-region test then also cuts a region whose cells of the
	// second colour no choice of unplaced pieces can match (colourOK).
	// Only for pieces of one size; the colouring is the puzzle's (a
	// triangle's orientation, a checkerboard), the kernel knows no grid.
	Colours []bool
	// Copies[i], if set, makes piece i the next copy of piece i-1: the
	// same size and the same placements in the same order (a piece used
	// k times is k pieces in a row). Copies are placed in their order, a
	// copy only once the one before it is on the board, and never
	// branched on as pieces, so a packing that uses a piece k times is
	// found once, not k! times (copies.go).
	Copies []bool
	// Optional[i], if set, lets piece i stay off the board: a piece used
	// lo to hi times is hi copies, the last hi-lo of them optional, after
	// the required ones.
	Optional []bool
}

// Kernel is a compiled problem: read-only tables shared by any number of
// searches (NewSearch), one per goroutine.
type Kernel struct {
	n, np    int
	rule     Rule
	order    []int32
	lead     []int32 // FirstEmpty: pieces to branch on first
	mask     []Set   // cells of each placement
	piece    []int32 // piece of each placement
	cells    [][]int32
	byItem   [][]int32 // placements of each item: pieces, then cells
	anchored [][]int32 // placements by their smallest cell
	// anchorRuns[c] splits the placements anchored at c into runs of one
	// piece, so that FirstEmpty skips a placed piece's run with one test;
	// a run is anchorPl[lo:hi], the placements, and anchorRel[lo:hi],
	// their cells as bits of the 64 cells from c (bit 0 is c), so that
	// FirstEmpty tests a placement against one word of the empty cells, in
	// arrays read in order. A placement that reaches c+64 or beyond is
	// ^i in anchorPl, and its whole mask is tested too.
	anchorRuns [][]anchorRun
	anchorPl   []int32
	anchorRel  []uint64
	adj        []Set // neighbours of each cell
	border     []Set // the cells next to each placement
	sizes      []int
	uniform    int // the pieces' common size, 0 if they differ
	full       Set // every cell
	allFree    uint64
	// copyOf has bit i when piece i is a copy of piece i-1 (Problem.Copies),
	// required the pieces a solution places, branch the pieces a node may
	// branch on: required, and used once.
	copyOf, required, branch uint64
	scanFirst                int // FirstEmpty with a scan order: the cell it scans first (-1: none)
	dead                     bool
	largest                  bool
	pieceSet                 []uint64 // 1<<piece
	progress                 func(nodes int64)
	small                    *small // the one-word FirstEmpty tables, if they apply

	// The colour test (Problem.Colours): the cells of the second colour,
	// each piece's fewest and most such cells over its placements, and
	// the pieces in increasing order of the fewest and decreasing order
	// of the most.
	pieceCut bool // Problem.PieceCut, for rule FewestCells

	colour               Set
	colourMin, colourMax []int32
	byColourMin          []int32
	byColourMax          []int32

	// The fewest rules' bit sets (fewest.go): item it's at
	// bitOff[it]..bitOff[it+1] words; placement q's items and bit
	// positions packed at entry[q*stride:][:nentry[q]].
	bitOff    []int32
	entry     []uint32
	nentry    []uint16
	stride    int
	segStart  []int32 // the segments of live word w: segs[segStart[w]:segStart[w+1]]
	segs      []pieceSeg
	copyState bool     // the fewest rules copy their sets per depth (maxCopyState)
	cellEnt   []uint64 // placement q's kill row at cellEnt[q*entStride:]: bit | live word<<6 | count index<<32
	entStride int      // the entries of a kill row
	maxSize   int
	cellB     []uint8  // placement q's cells at cellB[q*maxSize:], a byte each
	firstAt   []uint64 // the bits of a cell's set whose placements have their first cell there
	listMax   int      // the fewest rules switch to list mode at this many live placements (sparse.go)

	// The pockets of each placement (pocket.go): placement i's are
	// pockets[pocketAt[i]:pocketAt[i+1]], as bits from its anchor,
	// anchorOf[i]; none without the tables.
	pocketAt []int32
	pockets  []pocket
	anchorOf []int32
	// The links of each placement (pocket.go): placement i's are
	// links[linkAt[i]:linkAt[i+1]], and seedWin[i] the cells next to it
	// from its anchor on, as bits from the anchor (0 without links).
	linkAt  []int32
	links   []link
	seedWin []uint64

	tracker *Tracker // SetTracker
}

// SetProgress makes Solve and SolveParallel report the nodes searched to
// f, as the number since the last call, every checkEvery nodes of each
// search and at its end; f must be safe for concurrent use.
func (k *Kernel) SetProgress(f func(nodes int64)) { k.progress = f }

// Compile checks p and builds its tables.
func Compile(p Problem) (*Kernel, error) {
	if p.Cells <= 0 {
		return nil, errors.New("bitpack: the board has no cells")
	}
	if p.Cells > MaxCells {
		return nil, fmt.Errorf("bitpack: the board has %d cells, more than the kernel's limit of %d", p.Cells, MaxCells)
	}
	np := len(p.Sizes)
	if np == 0 {
		return nil, errors.New("bitpack: no pieces")
	}
	if np > MaxPieces {
		return nil, fmt.Errorf("bitpack: %d pieces, more than the kernel's limit of %d", np, MaxPieces)
	}
	for i, s := range p.Sizes {
		if s <= 0 {
			return nil, fmt.Errorf("bitpack: piece %d has size %d", i, s)
		}
		if s > p.Cells {
			return nil, fmt.Errorf("bitpack: piece %d has %d cells, more than the board's %d", i, s, p.Cells)
		}
	}
	if p.Rule < FirstEmpty || p.Rule > Ordered {
		return nil, fmt.Errorf("bitpack: unknown rule %d", int(p.Rule))
	}
	// With a scan order for FirstEmpty, the cells are renumbered so that
	// the first empty cell is the lowest bit of the empty set.
	inner := func(c int) int { return c }
	var lead []int32
	scanFirst := -1
	if p.Rule == FirstEmpty && len(p.Order) > 0 {
		rank := make([]int, p.Cells)
		for c := range rank {
			rank[c] = -1
		}
		next := 0
		for _, it := range p.Order {
			switch {
			case it >= 0 && it < np && next == 0:
				lead = append(lead, int32(it))
			case it >= np && it < np+p.Cells && rank[it-np] < 0:
				if next == 0 {
					scanFirst = it - np
				}
				rank[it-np] = next
				next++
			default:
				return nil, fmt.Errorf("bitpack: item %d of the scan order is not a piece before the cells nor a new cell", it)
			}
		}
		if next > 0 && next != p.Cells {
			return nil, fmt.Errorf("bitpack: the scan order lists %d of the %d cells", next, p.Cells)
		}
		if next > 0 {
			inner = func(c int) int { return rank[c] }
		}
	}
	k := &Kernel{n: p.Cells, lead: lead, scanFirst: scanFirst, np: np, rule: p.Rule, sizes: append([]int(nil), p.Sizes...), pieceCut: p.PieceCut && p.Rule == FewestCells,
		dead: p.DeadRegions, largest: p.LargestRegionOnly, allFree: ^uint64(0) >> (64 - np)}
	for c := 0; c < p.Cells; c++ {
		k.full.add(c)
	}
	if err := k.compileCopies(p); err != nil {
		return nil, err
	}
	k.uniform = p.Sizes[0]
	for _, s := range p.Sizes {
		if s != k.uniform {
			k.uniform = 0
		}
	}
	k.byItem = make([][]int32, np+p.Cells)
	k.anchored = make([][]int32, p.Cells)
	for i, pl := range p.Placements {
		if pl.Piece < 0 || pl.Piece >= np {
			return nil, fmt.Errorf("bitpack: placement %d has piece %d, not one of 0..%d", i, pl.Piece, np-1)
		}
		if len(pl.Cells) != p.Sizes[pl.Piece] {
			return nil, fmt.Errorf("bitpack: placement %d has %d cells but piece %d has %d", i, len(pl.Cells), pl.Piece, p.Sizes[pl.Piece])
		}
		var m Set
		cs := make([]int32, 0, len(pl.Cells))
		for _, c := range pl.Cells {
			if c < 0 || c >= p.Cells {
				return nil, fmt.Errorf("bitpack: placement %d covers cell %d, not one of 0..%d", i, c, p.Cells-1)
			}
			if m.has(inner(c)) {
				return nil, fmt.Errorf("bitpack: placement %d covers cell %d twice", i, c)
			}
			c = inner(c)
			m.add(c)
			cs = append(cs, int32(c))
		}
		k.mask = append(k.mask, m)
		k.piece = append(k.piece, int32(pl.Piece))
		k.cells = append(k.cells, cs)
		k.byItem[pl.Piece] = append(k.byItem[pl.Piece], int32(i))
		m.forEach(func(c int) { k.byItem[np+c] = append(k.byItem[np+c], int32(i)) })
		a := m.first()
		k.anchored[a] = append(k.anchored[a], int32(i))
	}
	k.anchorRuns = make([][]anchorRun, p.Cells)
	for c, l := range k.anchored {
		for _, i := range l {
			j := int32(len(k.anchorPl))
			if rs := k.anchorRuns[c]; len(rs) == 0 || rs[len(rs)-1].piece != k.piece[i] {
				k.anchorRuns[c] = append(k.anchorRuns[c], anchorRun{piece: k.piece[i], lo: j})
			}
			k.anchorRuns[c][len(k.anchorRuns[c])-1].hi = j + 1
			rel, far := uint64(0), false
			for _, d := range k.cells[i] {
				if off := int(d) - c; off < 64 {
					rel |= 1 << off
				} else {
					far = true
				}
			}
			if far {
				i = ^i
			}
			k.anchorPl = append(k.anchorPl, i)
			k.anchorRel = append(k.anchorRel, rel)
		}
	}
	if p.Rule == Ordered {
		for _, it := range p.Order {
			if it < 0 || it >= np+p.Cells {
				return nil, fmt.Errorf("bitpack: item %d of the order is not a piece or a cell", it)
			}
			k.order = append(k.order, int32(it))
		}
	}
	if p.DeadRegions && len(p.Adjacency) != p.Cells {
		return nil, fmt.Errorf("bitpack: the dead-region test needs the neighbours of all %d cells, got %d", p.Cells, len(p.Adjacency))
	}
	if len(p.Adjacency) == p.Cells {
		// For the dead-region test, and for Search.State's regions.
		k.adj = make([]Set, p.Cells)
		for c, nb := range p.Adjacency {
			for _, d := range nb {
				if d < 0 || d >= p.Cells {
					return nil, fmt.Errorf("bitpack: cell %d has neighbour %d, not a cell", c, d)
				}
				k.adj[inner(c)].add(inner(d))
			}
		}
	}
	if k.dead {
		k.border = k.borders()
	}
	k.pieceSet = make([]uint64, len(k.piece))
	for i, pc := range k.piece {
		k.pieceSet[i] = 1 << pc
	}
	if len(p.Colours) > 0 && p.DeadRegions && k.uniform != 0 {
		if len(p.Colours) != p.Cells {
			return nil, fmt.Errorf("bitpack: %d colours for %d cells", len(p.Colours), p.Cells)
		}
		k.compileColours(p.Colours, inner)
	}
	if k.dead {
		k.buildPockets()
	}
	k.small = k.newSmall()
	for _, s := range k.sizes {
		k.maxSize = max(k.maxSize, s)
	}
	if k.rule == Fewest || k.rule == FewestCells {
		if !fewestFits(k.byItem) {
			return nil, fmt.Errorf("bitpack: more than %d placements of one item, or %d (placement, cell) pairs", entryMask, 64<<26)
		}
		k.buildFewest()
		k.listMax = sparseMax
		state := 8*int(k.bitOff[len(k.byItem)]) + 4*(len(k.byItem)+k.n*k.np)
		k.copyState = state*(k.np+3) <= maxCopyState
	}
	return k, nil
}

// anchorRun is the placements anchorPl[lo:hi], all of one piece.
type anchorRun struct{ piece, lo, hi int32 }

// forEach calls f with every cell of s in order.
func (s Set) forEach(f func(c int)) {
	for w, x := range s {
		for x != 0 {
			f(w<<6 + bits.TrailingZeros64(x))
			x &= x - 1
		}
	}
}

// Placements returns the number of placements.
func (k *Kernel) Placements() int { return len(k.mask) }

// Rule returns the kernel's branching rule.
func (k *Kernel) Rule() Rule { return k.rule }

// Piece returns the piece of placement i.
func (k *Kernel) Piece(i int) int { return int(k.piece[i]) }

// borders returns the cells next to each placement (the dead-region
// test's childOK grows the regions from them).
func (k *Kernel) borders() []Set {
	border := make([]Set, len(k.mask))
	for i, m := range k.mask {
		m.forEach(func(c int) { border[i] = border[i].or(k.adj[c]) })
		border[i] = border[i].andNot(m)
	}
	return border
}
