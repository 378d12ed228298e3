package polyform

import (
	"context"
	"fmt"
	mathbits "math/bits"
	"slices"

	"github.com/branchwise/branchwise/bitpack"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// Packing is the exact cover problem of placing every piece once on a
// board, covering every cell once. Its primary items are the pieces
// (1..len(Pieces)) and the cells (then, in the board's order); an option
// is a placement: a piece in one orientation and position, with the cells
// it covers.
type Packing struct {
	Board  *Board
	Pieces []Piece
	// Placements[k] is option k: its piece and its board cells (sorted).
	Placements []Placement
	// CellsOnly makes the search branch on cells only, never on pieces,
	// as Korekawa et al. does; by default it branches on whichever item, cell or
	// piece, has the fewest options.
	CellsOnly bool
	// DeadRegions cuts every node where the empty cells fall into a
	// connected region whose size no subset of the remaining pieces adds
	// up to (Korekawa et al.: a region whose size is not a multiple of 7).
	DeadRegions bool
	// LargestRegionOnly makes the dead-region test look at the largest
	// empty region only. Korekawa et al.'s program evidently does so: with it the
	// exhaustive counts of its tree are exactly its Table b (345,032 nodes
	// at depth 4, where testing every region gives 344,922).
	LargestRegionOnly bool
	// ColourCut adds the colour test to the dead-region test on the
	// bitboard kernel (bitpack.Problem.Colours): a region is also cut when
	// its cells of one colour (a triangle's orientation; a square's or a
	// cube's checkerboard colour) cannot be matched by the pieces left.
	// Only with DeadRegions, pieces of one size, and grids with a
	// two-colouring (not the hexagon grid).
	ColourCut bool
	// PieceCut ends a cells-only path (CellsOnly, strategy fewest, on the
	// bitboard kernel) at a node where a piece left has no placement left
	// (bitpack.Problem.PieceCut).
	PieceCut bool
	// Progress, if set, is given the nodes searched as the search goes
	// (see xcover.Problem.SetProgress).
	Progress func(nodes int64)
	// Engine is the search engine: Auto (the default) runs on the
	// bitboard kernel of package bitpack wherever it applies.
	Engine Engine
	// FirstEmpty makes the bitboard kernel branch on the first empty
	// cell, scanning along the board's shorter side, once the piece with
	// the fewest placements is placed: the classic rule of dedicated
	// packing programs, a tree of its own (the strategy and CellsOnly are
	// then ignored; dancing links do not have it).
	FirstEmpty bool

	// Ranges[p], if Ranges is not nil, is how many copies of piece p a
	// solution uses (see NewPackingRanges).
	Ranges []Range

	syms    [][]int
	relabel [][]int // per symmetry, the piece each piece becomes (nil: itself)
	// tracker, if set, follows the share of a kernel count's tree
	// searched (countAuto's race: bitpack.Tracker).
	tracker *bitpack.Tracker
}

// Placement is one piece in one orientation and position.
type Placement struct {
	Piece int
	Cells []int
}

// NewPacking builds the packing of pieces on b (turned and flipped, or
// only turned if one-sided; on the cubic grid solid pieces are only
// turned, by the 24 rotations, which flip flat pieces too). The pieces
// must be of b's grid and cover its area exactly.
func NewPacking(b *Board, pieces []Piece) (*Packing, error) { return newPacking(b, pieces, nil) }

func newPacking(b *Board, pieces []Piece, ranges []Range) (*Packing, error) {
	area := 0
	names := map[string]bool{}
	for _, p := range pieces {
		if names[p.Name] {
			return nil, fmt.Errorf("polyform: two pieces are called %s", p.Name)
		}
		names[p.Name] = true
		area += len(p.Shape)
		for _, c := range p.Shape {
			if !b.Grid.valid(c) {
				return nil, fmt.Errorf("polyform: piece %s is not a piece of the %v grid", p.Name, b.Grid)
			}
		}
	}
	if ranges == nil && b.Optional != nil && (area < b.Required() || area > len(b.Cells)) {
		return nil, fmt.Errorf("polyform: the pieces cover %d cells but the board has %d, %d of which may stay empty: no packing can fill it", area, len(b.Cells), len(b.Cells)-b.Required())
	}
	if ranges == nil && b.Optional == nil && area != len(b.Cells) {
		return nil, fmt.Errorf("polyform: the pieces cover %d cells but the board has %d: no packing can fill it", area, len(b.Cells))
	}
	if err := checkRanges(b, pieces, ranges); err != nil {
		return nil, err
	}
	pk := &Packing{Board: b, Pieces: pieces, Ranges: ranges}
	g := b.Grid
	for pi, p := range pieces {
		for _, o := range g.Orientations(p.Shape, !p.OneSided && g < Cubic) { // solid pieces are only turned
			// Anchor the orientation's first cell on every board cell; the
			// translation must be one of the grid's.
			for _, bc := range b.Cells {
				dx, dy, dz := bc.X-o[0].X, bc.Y-o[0].Y, bc.Z-o[0].Z
				if !g.isTranslation(Cell{dx, dy, dz}) {
					continue
				}
				cells := make([]int, 0, len(o))
				for _, c := range o {
					j, ok := b.index[Cell{c.X + dx, c.Y + dy, c.Z + dz}]
					if !ok {
						break
					}
					cells = append(cells, j)
				}
				if len(cells) == len(o) {
					if len(pk.Placements) == MaxPlacements {
						return nil, fmt.Errorf("polyform: more than %d placements of the pieces on the board: too large a problem", MaxPlacements)
					}
					slices.Sort(cells)
					pk.Placements = append(pk.Placements, Placement{pi, cells})
				}
			}
		}
	}
	pk.syms, pk.relabel = pk.packingSymmetries()
	return pk, nil
}

// problem builds the exact cover problem of the placements that keep
// accepts (all if nil) and returns it with the placement of each option.
func (pk *Packing) problem(keep func(k int) bool) (*xcover.Problem, []int) {
	var prim []string
	for _, p := range pk.Pieces {
		prim = append(prim, p.Name)
	}
	// Cells that may stay empty are secondary items, after the primary ones.
	var sec []string
	np := len(pk.Pieces)
	cellItem := make([]int, len(pk.Board.Cells))
	for i := range pk.Board.Cells {
		if pk.Board.Optional != nil && pk.Board.Optional[i] {
			sec = append(sec, pk.Board.CellName(i))
			cellItem[i] = -len(sec)
		} else {
			prim = append(prim, pk.Board.CellName(i))
			cellItem[i] = len(prim)
		}
	}
	for i, it := range cellItem {
		if it < 0 {
			cellItem[i] = len(prim) - it
		}
	}
	prob, err := xcover.NewProblem(prim, sec)
	if err != nil {
		panic(err) // names are distinct by construction
	}
	pk.setBounds(prob)
	if pk.CellsOnly {
		for i := 1; i <= np; i++ {
			prob.NoBranch(i)
		}
	}
	var placement []int
	items := make([]int, 0, 16)
	for k, pl := range pk.Placements {
		if keep != nil && !keep(k) {
			continue
		}
		items = append(items[:0], pl.Piece+1)
		for _, j := range pl.Cells {
			items = append(items, cellItem[j])
		}
		prob.AddOptionItems(items)
		placement = append(placement, k)
	}
	if pk.Progress != nil {
		prob.SetProgress(pk.Progress)
	}
	if pk.DeadRegions && pk.Ranges == nil && pk.Board.Optional == nil { // the test counts pieces, not copies, on cells all covered
		prob.SetPruner(pk.newDeadRegionPruner)
		prob.SetOptionFilter(func() xcover.OptionFilter { return pk.newRegionFilter(placement) })
	}
	return prob, placement
}

// Problem returns the packing's exact cover problem; option k is
// Placements[k].
func (pk *Packing) Problem() *xcover.Problem {
	p, _ := pk.problem(nil)
	return p
}

// Compile returns a solver of the packing's exact cover problem, whose
// options are numbered as Placements; its Walker serves the estimators.
func (pk *Packing) Compile(s xcover.Strategy) *xcover.Solver { return pk.Problem().Compile(s) }

// Symmetries returns the packing's symmetries as permutations of the
// board's cells: the board's symmetries that map the piece set onto
// itself (see packingSymmetries); all of the board's for flat pieces that
// may be flipped.
func (pk *Packing) Symmetries() [][]int { return pk.syms }

// Counts are the numbers of solutions of a packing.
type Counts struct {
	All, Unique int64
	Stats       xcover.Stats
	// Status is how the count ended (xcover.Result.Status): search.Solved
	// when the counts are exact, else the limit or cancellation that
	// stopped it, with Err its error.
	Status search.Status
	Err    error
}

// Solve enumerates solutions on one worker, in the order of the tree,
// calling visit with each as the piece index of every board cell; the
// slice is reused. visit returns false to stop. lim bounds the search
// (as xcover.Solver.Solve's): MaxSolutions > 0 stops it after that many
// solutions.
func (pk *Packing) Solve(ctx context.Context, s xcover.Strategy, lim search.Limits, visit func(assign []int) bool) xcover.Result {
	assign := make([]int, len(pk.Board.Cells))
	return pk.run(ctx, s, nil, 1, lim, func(_ int, pls []int) bool {
		pk.fillPlacements(assign, pls)
		return visit(assign)
	})
}

// IsCanonical reports whether the solution assign is no larger than any of
// its images under the board's symmetries syms (from Symmetries), pieces
// keeping their names: Packing.IsCanonical also relabels the pieces that
// a symmetry exchanges (the Soma screws).
func IsCanonical(assign []int, syms [][]int) bool {
	img := make([]int, len(assign))
	for _, perm := range syms[1:] {
		for i, j := range perm {
			img[j] = assign[i]
		}
		if slices.Compare(img, assign) < 0 {
			return false
		}
	}
	return true
}

// SolveParallel enumerates the solutions with workers goroutines (see
// xcover.Problem.SolveParallel), calling visit with the worker's number and
// the solution as in Solve, concurrently from different workers. lim
// bounds it as it bounds Solve, shared by the workers (MaxSolutions
// exactly, MaxNodes within 4,096 nodes a worker).
func (pk *Packing) SolveParallel(ctx context.Context, s xcover.Strategy, workers int, lim search.Limits, visit func(worker int, assign []int) bool) xcover.Result {
	workers = search.Workers(workers) // 0: every CPU
	bufs := make([][]int, workers)
	for i := range bufs {
		bufs[i] = make([]int, len(pk.Board.Cells))
	}
	return pk.run(ctx, s, nil, workers, lim, func(w int, pls []int) bool {
		pk.fillPlacements(bufs[w], pls)
		return visit(w, bufs[w])
	})
}

// Count counts all solutions and the unique ones (those that are the
// smallest of their images under the board's symmetries, so symmetric
// solutions count once too) by a search of the whole tree, with workers
// goroutines. CountUnique gives the same counts faster on a symmetric
// board; Count is for boards without symmetries, cross-checks and the
// whole tree's statistics (see the package documentation). lim bounds it
// as it bounds SolveParallel (MaxSolutions counts All; MaxMem is not read:
// the search holds only its tree); a count stopped early has the counts so
// far and the limit's Status and Err.
func (pk *Packing) Count(ctx context.Context, s xcover.Strategy, workers int, lim search.Limits) Counts {
	workers = search.Workers(workers) // 0: every CPU
	if pk.Ranges != nil {
		return pk.countRanges(ctx, s, lim)
	}
	unique := make([]int64, workers)
	r := pk.SolveParallel(ctx, s, workers, lim, func(w int, assign []int) bool {
		if pk.IsCanonical(assign) {
			unique[w]++
		}
		return true
	})
	c := Counts{All: r.Solutions, Stats: r.Stats, Status: r.Status, Err: r.Err}
	for _, u := range unique {
		c.Unique += u
	}
	return c
}

// newDeadRegionPruner returns a pruner for the packing's problem: it finds
// the connected regions of empty cells and cuts the node if one has a size
// that no subset of the remaining pieces covers. Costs O(cells + pieces x
// area/64) per node; nothing is allocated.
func (pk *Packing) newDeadRegionPruner() xcover.Pruner {
	b := pk.Board
	np := len(pk.Pieces)
	adj := b.Adjacency()
	uniform := true
	for _, p := range pk.Pieces {
		uniform = uniform && len(p.Shape) == len(pk.Pieces[0].Shape)
	}
	size0 := len(pk.Pieces[0].Shape)
	mark := make([]uint32, len(b.Cells))
	stack := make([]int32, 0, len(b.Cells))
	sums := make([]uint64, len(b.Cells)/64+1)
	var epoch uint32
	largestOnly := pk.LargestRegionOnly
	return func(s *xcover.Solver) bool {
		epoch++
		largest := 0
		if !uniform {
			// sums: bit a set when some subset of the remaining pieces
			// has area a.
			clear(sums)
			sums[0] = 1
			for p := 0; p < np; p++ {
				if s.IsActive(p + 1) {
					shiftOr(sums, len(pk.Pieces[p].Shape))
				}
			}
		}
		for i := range b.Cells {
			if mark[i] == epoch || !s.IsActive(np+i+1) {
				continue
			}
			mark[i] = epoch
			stack = append(stack[:0], int32(i))
			size := 0
			for len(stack) > 0 {
				c := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				size++
				for _, d := range adj[c] {
					if mark[d] != epoch && s.IsActive(np+int(d)+1) {
						mark[d] = epoch
						stack = append(stack, d)
					}
				}
			}
			if largestOnly {
				largest = max(largest, size)
				continue
			}
			if uniform && size%size0 != 0 || !uniform && sums[size/64]&(1<<(size%64)) == 0 {
				return true
			}
		}
		if largest > 0 {
			return uniform && largest%size0 != 0 || !uniform && sums[largest/64]&(1<<(largest%64)) == 0
		}
		return false
	}
}

// shiftOr sets sums |= sums << n, a bitset over 0..64*len(sums)-1.
func shiftOr(sums []uint64, n int) {
	words, bitsN := n/64, uint(n%64)
	for i := len(sums) - 1; i >= words; i-- {
		v := sums[i-words] << bitsN
		if bitsN != 0 && i-words-1 >= 0 {
			v |= sums[i-words-1] >> (64 - bitsN)
		}
		sums[i] |= v
	}
}

// regionFilter is the dead-region test of a child node made from the
// parent's empty cells and the option's cells, without applying the option
// to the dancing links (which on PP-24 costs thousands of link updates):
// a flood fill over a bitset of the empty cells, a few microseconds.
type regionFilter struct {
	pk        *Packing
	placement []int // option number -> placement
	adj       [][]int32
	uniform   bool
	empty     []uint64 // the node's empty cells
	pieces    []bool   // the node's unplaced pieces
	cur, seen []uint64
	stack     []int32
	sums      []uint64
}

func (pk *Packing) newRegionFilter(placement []int) xcover.OptionFilter {
	n := len(pk.Board.Cells)
	words := n/64 + 1
	f := &regionFilter{pk: pk, placement: placement, adj: pk.Board.Adjacency(), uniform: true,
		empty: make([]uint64, words), cur: make([]uint64, words), seen: make([]uint64, words),
		pieces: make([]bool, len(pk.Pieces)), stack: make([]int32, 0, n), sums: make([]uint64, n/64+1)}
	for _, p := range pk.Pieces {
		f.uniform = f.uniform && len(p.Shape) == len(pk.Pieces[0].Shape)
	}
	return f
}

func (f *regionFilter) Begin(s *xcover.Solver) {
	np := len(f.pk.Pieces)
	clear(f.empty)
	for i := range f.pk.Board.Cells {
		if s.IsActive(np + i + 1) {
			f.empty[i/64] |= 1 << (i % 64)
		}
	}
	for p := range f.pieces {
		f.pieces[p] = s.IsActive(p + 1)
	}
}

func (f *regionFilter) Keep(_ *xcover.Solver, o int) bool {
	pl := f.pk.Placements[f.placement[o]]
	copy(f.cur, f.empty)
	for _, c := range pl.Cells {
		f.cur[c/64] &^= 1 << (c % 64)
	}
	size0 := len(f.pk.Pieces[0].Shape)
	if !f.uniform {
		clear(f.sums)
		f.sums[0] = 1
		for p, active := range f.pieces {
			if active && p != pl.Piece {
				shiftOr(f.sums, len(f.pk.Pieces[p].Shape))
			}
		}
	}
	clear(f.seen)
	largest := 0
	for w, bits := range f.cur {
		for bits != 0 {
			i := w*64 + mathbits.TrailingZeros64(bits)
			bits &= bits - 1
			if f.seen[i/64]>>(i%64)&1 == 1 {
				continue
			}
			f.seen[i/64] |= 1 << (i % 64)
			f.stack = append(f.stack[:0], int32(i))
			size := 0
			for len(f.stack) > 0 {
				c := f.stack[len(f.stack)-1]
				f.stack = f.stack[:len(f.stack)-1]
				size++
				for _, d := range f.adj[c] {
					if f.cur[d/64]>>(d%64)&1 == 1 && f.seen[d/64]>>(d%64)&1 == 0 {
						f.seen[d/64] |= 1 << (d % 64)
						f.stack = append(f.stack, d)
					}
				}
			}
			if f.pk.LargestRegionOnly {
				largest = max(largest, size)
				continue
			}
			if f.uniform && size%size0 != 0 || !f.uniform && f.sums[size/64]&(1<<(size%64)) == 0 {
				return false
			}
		}
	}
	if largest > 0 {
		return !(f.uniform && largest%size0 != 0 || !f.uniform && f.sums[largest/64]&(1<<(largest%64)) == 0)
	}
	return true
}
