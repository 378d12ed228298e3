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
	if pk.Ranges != nil {
		return errors.New("polyform: copies and ranges of pieces need dancing links with multiplicities (--engine xcover)")
	}
	if pk.Board.Optional != nil {
		return errors.New("polyform: cells that may stay empty need dancing links with secondary items (--engine xcover)")
	}
	if n := len(pk.Board.Cells); n > bitpack.MaxCells {
		return fmt.Errorf("polyform: the board has %d cells, more than the bitboard kernel's %d", n, bitpack.MaxCells)
	}
	if n := len(pk.Pieces); n > bitpack.MaxPieces {
		return fmt.Errorf("polyform: %d pieces, more than the bitboard kernel's %d", n, bitpack.MaxPieces)
	}
	return nil
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
	np := len(pk.Pieces)
	p := bitpack.Problem{Cells: len(pk.Board.Cells), DeadRegions: pk.DeadRegions, LargestRegionOnly: pk.LargestRegionOnly, PieceCut: pk.PieceCut}
	for _, pc := range pk.Pieces {
		p.Sizes = append(p.Sizes, len(pc.Shape))
	}
	var placement []int
	for k, pl := range pk.Placements {
		if keep == nil || keep(k) {
			p.Placements = append(p.Placements, bitpack.Placement{Piece: pl.Piece, Cells: pl.Cells})
			placement = append(placement, k)
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
		p.Order = pk.scanOrder(p.Placements)
		if reverse {
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
func (pk *Packing) scanOrder(pls []bitpack.Placement) []int {
	np := len(pk.Pieces)
	count := make([]int, np)
	for _, pl := range pls {
		count[pl.Piece]++
	}
	lead := 0
	for p := range count {
		if count[p] < count[lead] {
			lead = p
		}
	}
	order := []int{lead}
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
