package tiles

import (
	"context"
	"fmt"
	"io"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/search"
)

// LoadHeuristic loads the pattern databases of the heuristic name when it
// is a partition (LoadPartition) and writes where its tables came from to
// notes (WriteSources), after calling built, if set (a command clears its
// progress line there); nil for md and lc, which need no tables.
func LoadHeuristic(ctx context.Context, name string, o LoadOptions, built func(), notes io.Writer) (*PDBHeuristic, error) {
	if _, ok := Partitions[name]; !ok {
		return nil, nil
	}
	h, srcs, err := LoadPartition(ctx, name, o)
	if built != nil {
		built()
	}
	if err != nil {
		return nil, err
	}
	h.WriteSources(notes, srcs)
	return h, nil
}

// MaxTypeBoardCells bounds the boards of the bf tiles command: 20x20,
// whose graph of (cell, last move) types is still quick to analyse.
const MaxTypeBoardCells = 400

// TypeBoard is the board whose branching factors the bf tiles command
// measures: its size, the blank's starting cell and whether the move back
// to the parent is generated.
type TypeBoard struct {
	Rows, Cols, Start int
	KeepParent        bool
}

// Check reports a board smaller than 2x2 or larger than
// MaxTypeBoardCells.
func (b TypeBoard) Check() error {
	if b.Rows < 2 || b.Cols < 2 || b.Rows*b.Cols > MaxTypeBoardCells {
		return fmt.Errorf("board %dx%d: want at least 2x2 and at most %d cells", b.Rows, b.Cols, MaxTypeBoardCells)
	}
	return nil
}

// Name describes the board, ending with ", " for the pruning's words.
func (b TypeBoard) Name() string {
	return fmt.Sprintf("%dx%d sliding-tile puzzle, blank starting in cell %d, ", b.Rows, b.Cols, b.Start)
}

// TypeGraph returns the board's type graph (TypeGraph) and its pruning in
// words: "parent generated" or "predecessor elimination".
func (b TypeBoard) TypeGraph() (*branching.Graph, string, error) {
	g, err := TypeGraph(b.Rows, b.Cols, b.Start, b.KeepParent)
	if b.KeepParent {
		return g, "parent generated", err
	}
	return g, "predecessor elimination", err
}

// Explore is TypeGraphFSM on the board (a branching.ExploreFunc).
func (b TypeBoard) Explore(ctx context.Context, a *branching.Automaton, lim search.Limits) (*branching.Graph, error) {
	return TypeGraphFSM(ctx, b.Rows, b.Cols, b.Start, a, lim)
}
