package polyform

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/branchwise/branchwise/bitpack"
	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// Engine is the search engine a packing runs on.
type Engine int

const (
	// Auto runs on the bitboard kernel wherever it applies (a board of at
	// most bitpack.MaxCells cells, at most bitpack.MaxPieces pieces), else
	// on dancing links.
	Auto Engine = iota
	// Bitboard runs on the kernel of package bitpack, and fails when the
	// packing is beyond its limits.
	Bitboard
	// XCover runs on dancing links (package xcover).
	XCover
)

var engineNames = [...]string{"auto", "bitboard", "xcover"}

func (e Engine) String() string {
	if e < 0 || int(e) >= len(engineNames) {
		return fmt.Sprintf("Engine(%d)", int(e))
	}
	return engineNames[e]
}

// ParseEngine returns the engine named auto, bitboard or xcover.
func ParseEngine(s string) (Engine, error) {
	for i, n := range engineNames {
		if n == s {
			return Engine(i), nil
		}
	}
	return 0, opterr.Errorf("--engine", "unknown engine %q (want auto, bitboard or xcover)", s)
}

// kernelFits reports why the packing cannot run on the bitboard kernel,
// or nil when it can.
func (pk *Packing) kernelFits() error {
	if pk.Board.Optional != nil {
		return errors.New("polyform: cells that may stay empty need dancing links with secondary items (--engine xcover)")
	}
	if n := len(pk.Board.Cells); n > bitpack.MaxCells {
		return fmt.Errorf("polyform: the board has %d cells, more than the bitboard kernel's %d", n, bitpack.MaxCells)
	}
	if n := len(pk.Pieces); n > bitpack.MaxPieces {
		return fmt.Errorf("polyform: %d pieces, more than the bitboard kernel's %d", n, bitpack.MaxPieces)
	}
	if n := pk.kernelCopies(); n > bitpack.MaxPieces {
		return fmt.Errorf("polyform: %d copies of pieces that can fit on the board, more than the bitboard kernel's %d pieces (--engine xcover)", n, bitpack.MaxPieces)
	}
	return nil
}

// copiesOf returns how many copies of piece p the bitboard kernel makes:
// its range's most, or as many as fit in the board's area if fewer (1
// without ranges).
func (pk *Packing) copiesOf(p int) int {
	if pk.Ranges == nil {
		return 1
	}
	return max(1, min(pk.Ranges[p].Max, len(pk.Board.Cells)/len(pk.Pieces[p].Shape)))
}

// kernelCopies is the number of the bitboard kernel's pieces: every copy
// of every piece.
func (pk *Packing) kernelCopies() int {
	n := 0
	for p := range pk.Pieces {
		n += pk.copiesOf(p)
	}
	return n
}

// engineName names the engine the packing runs on: bitboard or xcover.
func (pk *Packing) engineName() string {
	if on, err := pk.onKernel(); err == nil && on {
		return Bitboard.String()
	}
	return XCover.String()
}

// onKernel reports whether the packing runs on the bitboard kernel, or an
// error when the Bitboard engine was asked for and cannot be used.
func (pk *Packing) onKernel() (bool, error) {
	switch pk.Engine {
	case XCover:
		if pk.FirstEmpty {
			return false, errors.New("polyform: the first-empty rule needs the bitboard engine")
		}
		return false, nil
	case Bitboard:
		if err := pk.kernelFits(); err != nil {
			return false, err
		}
		return true, nil
	}
	return pk.kernelFits() == nil, nil
}

// CheckEngine reports an error when the packing cannot run on its engine:
// the Bitboard engine (or the FirstEmpty rule) on a packing beyond the
// kernel's limits, or the FirstEmpty rule on dancing links.
func (pk *Packing) CheckEngine() error {
	on, err := pk.onKernel()
	if err == nil && pk.FirstEmpty && !on {
		err = pk.kernelFits()
	}
	return err
}

// Kernel compiles the packing, with the placements that keep accepts (all
// if keep is nil), for the bitboard kernel with the rule that gives
// xcover's tree for strategy s; it returns the kernel and the placement
// number of each of its placements.
func (pk *Packing) Kernel(s xcover.Strategy, keep func(k int) bool) (*bitpack.Kernel, []int, error) {
	return pk.kernel(s, keep, false)
}

// kernel is Kernel, with the FirstEmpty rule's cells scanned backwards
// when reverse is set.
func (pk *Packing) kernel(s xcover.Strategy, keep func(k int) bool, reverse bool) (*bitpack.Kernel, []int, error) {
	if err := pk.kernelFits(); err != nil {
		return nil, nil, err
	}
	p := bitpack.Problem{Cells: len(pk.Board.Cells), DeadRegions: pk.DeadRegions, LargestRegionOnly: pk.LargestRegionOnly, PieceCut: pk.PieceCut}
	// A piece with copies or a range is copiesOf(p) kernel pieces in a
	// row, each with all its placements, the last Max-Min optional
	// (bitpack.Problem.Copies).
	first := make([]int, len(pk.Pieces)) // the kernel piece of each piece's first copy
	for pc, piece := range pk.Pieces {
		first[pc] = len(p.Sizes)
		for j := range pk.copiesOf(pc) {
			p.Sizes = append(p.Sizes, len(piece.Shape))
			if pk.Ranges != nil {
				p.Copies = append(p.Copies, j > 0)
				p.Optional = append(p.Optional, j >= pk.Ranges[pc].Min)
			}
		}
	}
	np := len(p.Sizes)
	var placement []int
	for k, pl := range pk.Placements {
		if keep == nil || keep(k) {
			p.Placements = append(p.Placements, bitpack.Placement{Piece: first[pl.Piece], Cells: pl.Cells})
			placement = append(placement, k)
		}
	}
	if pk.Ranges != nil {
		// The copies' placements: those of the first copy, in order.
		one := len(p.Placements)
		for pc := range pk.Pieces {
			for j := 1; j < pk.copiesOf(pc); j++ {
				for i, pl := range p.Placements[:one] {
					if pl.Piece == first[pc] {
						p.Placements = append(p.Placements, bitpack.Placement{Piece: first[pc] + j, Cells: pl.Cells})
						placement = append(placement, placement[i])
					}
				}
			}
		}
	}
	if pk.DeadRegions && pk.ColourCut {
		p.Colours = pk.Board.Colours()
	}
	// The neighbours, for the dead-region test and for the region
	// profile of bitpack.Search.State.
	for _, nb := range pk.Board.Adjacency() {
		cells := make([]int, len(nb))
		for i, c := range nb {
			cells[i] = int(c)
		}
		p.Adjacency = append(p.Adjacency, cells)
	}
	switch {
	case pk.FirstEmpty:
		p.Rule = bitpack.FirstEmpty
		p.Order = pk.scanOrder(p)
		if reverse {
			// From the other end; without a lead piece the first cell
			// stays first, the root's item for both (bitpack.SolveSplit).
			slices.Reverse(p.Order[1:])
		}
	case s == xcover.Fewest && pk.CellsOnly:
		p.Rule = bitpack.FewestCells
	case s == xcover.Fewest:
		p.Rule = bitpack.Fewest
	case s == xcover.Fixed && pk.CellsOnly:
		p.Rule = bitpack.FirstEmpty
	default:
		// xcover's Fixed and Sorted: the branching items (pieces unless
		// CellsOnly, then cells) in order, for Sorted stably sorted by
		// their option counts.
		p.Rule = bitpack.Ordered
		count := make([]int, np+p.Cells)
		for _, pl := range p.Placements {
			count[pl.Piece]++
			for _, c := range pl.Cells {
				count[np+c]++
			}
		}
		for it := range count {
			if it >= np || !pk.CellsOnly {
				p.Order = append(p.Order, it)
			}
		}
		if s == xcover.Sorted {
			slices.SortStableFunc(p.Order, func(a, b int) int { return count[a] - count[b] })
		}
	}
	k, err := bitpack.Compile(p)
	return k, placement, err
}

// scanOrder is the FirstEmpty rule's order: the piece with the fewest
// placements, then the cells by rows, or by columns when the board is
// wider than it is high.
func (pk *Packing) scanOrder(prob bitpack.Problem) []int {
	np := len(prob.Sizes)
	count := make([]int, np)
	for _, pl := range prob.Placements {
		count[pl.Piece]++
	}
	lead := -1
	for p := range count {
		once := len(prob.Copies) == 0 || !prob.Copies[p] && (p+1 == np || !prob.Copies[p+1]) && !prob.Optional[p]
		if once && (lead < 0 || count[p] < count[lead]) {
			lead = p
		}
	}
	var order []int
	if lead >= 0 { // a piece with copies or a range is never branched on
		order = append(order, lead)
	}
	r0, c0, r1, c1 := pk.Board.bounds()
	cells := make([]int, len(pk.Board.Cells))
	for i := range cells {
		cells[i] = i
	}
	if c1-c0 > r1-r0 {
		g := pk.Board.Grid
		slices.SortStableFunc(cells, func(a, b int) int {
			ra, ca := g.Pos(pk.Board.Cells[a])
			rb, cb := g.Pos(pk.Board.Cells[b])
			return cmp.Or(cmp.Compare(ca, cb), cmp.Compare(ra, rb))
		})
	}
	for _, c := range cells {
		order = append(order, np+c)
	}
	return order
}

// Trees returns a maker of trees for the estimators: searches of the
// bitboard kernel, or xcover walkers (with Korekawa et al.'s tree when
// DeadRegions is set), as the engine decides.
func (pk *Packing) Trees(s xcover.Strategy) (func() estimate.Tree, error) {
	on, err := pk.onKernel()
	if err != nil {
		return nil, err
	}
	if on {
		k, _, err := pk.Kernel(s, nil)
		if err != nil {
			return nil, err
		}
		return func() estimate.Tree { return k.NewSearch() }, nil
	}
	return func() estimate.Tree {
		w := pk.Compile(s).Walker()
		w.SkipPruned = pk.DeadRegions
		return w
	}, nil
}

// kernelResult is a kernel search's result as xcover's.
func kernelResult(r bitpack.Result) xcover.Result {
	st := r.Stats
	return xcover.Result{Solutions: r.Solutions, Err: r.Err, Status: r.Status, Stats: xcover.Stats{Nodes: st.Nodes,
		NodesByDepth: st.NodesByDepth, Branches: st.Branches, Branched: st.Branched,
		Histogram: st.Histogram, Pruned: st.Pruned}}
}

// run enumerates the solutions of the packing restricted to the
// placements keep accepts (all if nil), on the engine's choice, with
// workers goroutines (one: in the order of the tree), calling visit with
// the worker and the placements of each solution (numbers into
// Placements; the slice is reused). lim bounds the search whatever the
// number of workers (xcover's and bitpack's parallel searches share it
// among their workers: search.Budget).
func (pk *Packing) run(ctx context.Context, s xcover.Strategy, keep func(k int) bool, workers int, lim search.Limits,
	visit func(worker int, placements []int) bool) xcover.Result {
	workers = search.Workers(workers) // 0: every CPU
	on, err := pk.onKernel()
	if err != nil {
		return xcover.Result{Err: err}
	}
	bufs := make([][]int, workers)
	if !on {
		prob, placement := pk.problem(keep)
		conv := func(w int, opts []int) bool {
			b := bufs[w][:0]
			for _, o := range opts {
				b = append(b, placement[o])
			}
			bufs[w] = b
			return visit(w, b)
		}
		return prob.SolveParallel(ctx, s, workers, lim, conv)
	}
	k, placement, err := pk.Kernel(s, keep)
	if err != nil {
		return xcover.Result{Err: err}
	}
	if pk.Progress != nil {
		k.SetProgress(pk.Progress)
	}
	k.SetTracker(pk.tracker)
	conv := func(w int, p []int32) bool {
		b := bufs[w][:0]
		for _, i := range p {
			b = append(b, placement[i])
		}
		bufs[w] = b
		return visit(w, b)
	}
	if pk.FirstEmpty && (workers >= 2 || lim.MaxSolutions == 0 && lim.MaxNodes == 0) {
		// The whole tree (or a share of it on several workers): each
		// placement of the lead piece is completed scanning from the end
		// of the board nearer to it, which makes the smaller subtree
		// (bitpack.SolveSplit). One worker bounded by solutions or nodes
		// searches in the order of the tree instead.
		back, _, err := pk.kernel(s, keep, true)
		if err != nil {
			return xcover.Result{Err: err}
		}
		if pk.Progress != nil {
			back.SetProgress(pk.Progress)
		}
		back.SetTracker(pk.tracker)
		r, err := bitpack.SolveSplit(ctx, []*bitpack.Kernel{k, back}, workers, lim, conv)
		if err != nil {
			return xcover.Result{Err: err}
		}
		return kernelResult(r)
	}
	return kernelResult(k.SolveParallel(ctx, workers, lim, conv))
}

// fillPlacements writes the piece of every cell of the solution made of
// the given placements into assign.
func (pk *Packing) fillPlacements(assign, placements []int) {
	if pk.Board.Optional != nil {
		for i := range assign {
			assign[i] = len(pk.Pieces) // empty: no piece
		}
	}
	for _, k := range placements {
		pl := pk.Placements[k]
		for _, c := range pl.Cells {
			assign[c] = pl.Piece
		}
	}
}

// FirstEmpty is the strategy name of the bitboard kernel's own rule: the
// first empty cell along the short side, the scarcest piece first.
const FirstEmpty = "first-empty"

// ParseEngineStrategy reads an engine name (ParseEngine) and a strategy:
// a name of xcover.ParseStrategy, or FirstEmpty (firstEmpty set, for the
// bitboard kernel only; the strategy returned is then xcover.Fixed).
func ParseEngineStrategy(engine, strategy string) (Engine, xcover.Strategy, bool, error) {
	eng, err := ParseEngine(engine)
	if err != nil {
		return 0, 0, false, err
	}
	if strategy == FirstEmpty {
		if eng == XCover {
			return 0, 0, false, opterr.Errorf("--strategy", "--strategy first-empty needs --engine auto or bitboard")
		}
		return eng, xcover.Fixed, true, nil
	}
	strat, err := xcover.ParseStrategy(strategy)
	if err != nil {
		return 0, 0, false, err
	}
	return eng, strat, false, nil
}
