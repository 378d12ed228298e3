package polyform

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/cputime"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// Load returns the packing of a built-in puzzle (see NamedPuzzles) or of a
// board file (ReadBoardSet), with pieces, if not empty, naming a piece set
// (SetNames) or picking pieces of the puzzle's set by letter. A board file
// without a "pieces:" header takes the pentominoes on the square grid and
// needs pieces on the others.
//
// A piece list with copies or ranges ("L*2,T,I*0-1", see ParsePieces),
// in pieces or on the "pieces:" line, optionally after a set name
// ("tetracubes A*2,B"), gives a packing with Ranges.
func Load(nameOrFile, pieces string) (*Packing, error) {
	if board, set, ok := Named(nameOrFile); ok {
		return withPieces(board, set, nil, pieces, nameOrFile)
	}
	file, err := os.Open(nameOrFile)
	if err != nil {
		return nil, fmt.Errorf("%s: not a built-in puzzle (%s) nor a readable board file: %v", nameOrFile, strings.Join(NamedPuzzles(), ", "), err)
	}
	defer file.Close()
	return LoadBoard(file, nameOrFile, pieces)
}

// LoadBoard is Load of a board file's text, read from r; file names it in
// errors.
func LoadBoard(r io.Reader, file, pieces string) (*Packing, error) {
	board, setName, err := ReadBoardSet(r, file)
	if err != nil {
		return nil, err
	}
	var set []Piece
	var ranges []Range
	switch {
	case IsPieceList(setName):
		var base []Piece
		if board.Grid == Square {
			base = Pentominoes()
		}
		if set, ranges, err = parsePieceList(base, setName); err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
	case setName != "":
		if _, set, err = PieceSet(setName); err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
	case board.Grid == Square:
		set = Pentominoes()
	case pieces == "":
		return nil, fmt.Errorf("%s: name the pieces, with a 'pieces:' header or --pieces (%s)", file, strings.Join(SetNames(), ", "))
	}
	return withPieces(board, set, ranges, pieces, file)
}

// withPieces is the packing of board with the puzzle's set (and ranges,
// from its "pieces:" line), or the pieces named (a set, letters of the
// set, or a list with copies and ranges) instead.
func withPieces(board *Board, set []Piece, ranges []Range, pieces, name string) (*Packing, error) {
	ps := set
	if IsPieceList(pieces) {
		var err error
		if ps, ranges, err = parsePieceList(set, pieces); err != nil {
			return nil, err
		}
	} else if pieces != "" {
		ranges = nil
		if g, named, serr := PieceSet(pieces); serr == nil {
			if g != board.Grid {
				return nil, fmt.Errorf("polyform: pieces %s are of the %s grid, the board of the %s grid", pieces, g, board.Grid)
			}
			ps = named
		} else if isSetName(pieces) {
			return nil, serr // a set's name with a size out of range
		} else {
			var err error
			if ps, err = SelectPieces(set, pieces); err != nil {
				return nil, err
			}
		}
	}
	var pk *Packing
	var err error
	if ranges != nil {
		pk, err = NewPackingRanges(board, ps, ranges)
	} else {
		pk, err = NewPacking(board, ps)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return pk, nil
}

// Tree returns a maker of walkers over the packing's search tree with
// strategy s, for the estimators of package estimate: each call makes a
// walker of its own, so that each goroutine walks a tree of its own. With
// DeadRegions set, the placements the dead-region test cuts are not
// children (Korekawa et al.'s tree). The walkers are the engine's (see
// Trees); when the engine cannot serve (CheckEngine reports why), they
// are dancing links', whose tree is the same for every strategy.
func (pk *Packing) Tree(s xcover.Strategy) func() estimate.Tree {
	if trees, err := pk.Trees(s); err == nil {
		return trees
	}
	return func() estimate.Tree {
		w := pk.Compile(s).Walker()
		w.SkipPruned = pk.DeadRegions
		return w
	}
}

// NodeRate measures the exhaustive search's speed with strategy s on one
// goroutine: nodes per second of CPU over about d of the process's CPU
// time (wall time where the system has no CPU clock), from the root of
// the search in the order of its tree. The kernel (or exact-cover
// problem) is built before the clock starts: PP-24's first-empty kernel
// takes about 0.1 s of CPU to build, which on a loaded machine was more
// than d of wall time, and a rate timed with it was that of the root's
// children alone (377 nodes a second, against 3e6 of the search). CPU
// time makes the rate a core's, whatever else the machine runs.
func (pk *Packing) NodeRate(ctx context.Context, s xcover.Strategy, d time.Duration) float64 {
	on, err := pk.onKernel()
	if err != nil {
		return 0
	}
	var solve func(ctx context.Context) int64
	if on {
		k, _, err := pk.Kernel(s, nil)
		if err != nil {
			return 0
		}
		solve = func(ctx context.Context) int64 { return k.NewSearch().Solve(ctx, search.Limits{}, nil).Stats.Nodes }
	} else {
		prob, _ := pk.problem(nil)
		solve = func(ctx context.Context) int64 {
			return prob.SolveParallel(ctx, s, 1, search.Limits{}, nil).Stats.Nodes
		}
	}
	// The wall clock bounds the CPU budget: a process given almost no CPU
	// still answers, from what it searched.
	ctx, cancel := context.WithTimeout(ctx, nodeRateWallFactor*d)
	defer cancel()
	b := cputime.WithBudget(ctx, d)
	defer b.Stop()
	spent := cputime.Clock()
	nodes := solve(b)
	return float64(nodes) / max(spent().Seconds(), 1e-9)
}

// nodeRateWallFactor bounds NodeRate's wall time at this many times its
// CPU budget: on 2 cores shared with 20 other jobs a process gets about a
// tenth of a core, and the rate is still measured on that tenth.
const nodeRateWallFactor = 20
