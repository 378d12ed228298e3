package tiles

import (
	"context"
	"fmt"
	"io"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/internal/opterr"
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
		return fmt.Errorf("tiles: board %dx%d: want at least 2x2 and at most %d cells", b.Rows, b.Cols, MaxTypeBoardCells)
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

// Setup readies the tiles commands' searches beyond SolveOptions: the
// heuristic by name, the filter of the learned FSM, the pattern databases
// and the workers of the parallel IDA* on each instance.
type Setup struct {
	// Heuristic is md (or manhattan), lc, or a partition (Partitions).
	Heuristic string
	// FSMLen, if positive, prunes with the automaton of duplicate move
	// strings up to this length (LearnFSM), at most branching.MaxLearnLen.
	FSMLen int
	// Load are the partition's tables' cache, reflection and builds.
	Load LoadOptions
	// Workers run the parallel IDA* on each instance (search.Workers: 0
	// is every CPU).
	Workers int
	// Learn, if set, wraps the learner (a command keeps the heap within
	// its memory limit while the learner's tables are all it holds).
	Learn func(branching.LearnFunc) branching.LearnFunc
	// Note, if set, is told what a limit left of the learning.
	Note func(string)
	// Built and Notes are LoadHeuristic's: called when the tables are
	// ready, and told where they came from.
	Built func()
	Notes io.Writer
}

// Check checks o and the setup, names the heuristic as HeuristicName
// does and returns o with its LinearConflicts. Its errors name the
// commands' flags.
func (s *Setup) Check(o SolveOptions) (SolveOptions, error) {
	if err := o.Check(); err != nil {
		return o, err
	}
	h, err := HeuristicName(s.Heuristic)
	if err != nil {
		return o, err
	}
	s.Heuristic, o.LinearConflicts = h, h == "lc"
	if s.Workers < 0 {
		return o, opterr.Errorf("--workers", "--workers %d: must not be negative (0: every CPU)", s.Workers)
	}
	return o, branching.CheckLearnLen(s.FSMLen)
}

// Apply readies o within ctx: the FSM learned into o.Filter within
// o.MaxMem only (o.MaxNodes counts the search's nodes, not the strings
// learned; a limit leaves the automaton learned so far, which Note hears
// of), the tables loaded into o.PDB, and o.Workers.
func (s Setup) Apply(ctx context.Context, o *SolveOptions) error {
	if s.FSMLen > 0 {
		learn := branching.LearnFunc(LearnFSM)
		if s.Learn != nil {
			learn = s.Learn(learn)
		}
		fsm, note, _ := branching.LearnWithNote(ctx, learn, s.FSMLen, search.Limits{MaxMem: o.MaxMem})
		if note != "" && s.Note != nil {
			s.Note(note)
		}
		if fsm != nil {
			o.Filter = fsm
		}
	}
	h, err := LoadHeuristic(ctx, s.Heuristic, s.Load, s.Built, s.Notes)
	if err != nil {
		return err
	}
	o.PDB, o.Workers = h, s.Workers
	return nil
}

// ReadSized reads the instances of the solve command's arguments
// (ReadArgs) on boards of size ("RxC"; "": square, from the tile count).
func ReadSized(args []string, size string) ([]Instance, error) {
	rows, cols, err := ParseSize(size)
	if err != nil {
		return nil, err
	}
	return ReadArgs(args, rows, cols)
}

// WriteRandom writes count random boards of size ("RxC") that reach
// Korf's goal (RandomBoards, by seed; walk > 0: random walks of that many
// moves), one a line as ReadArgs reads a file, numbered in a comment that
// the shell drops when a line is pasted after "tiles solve".
func WriteRandom(w io.Writer, size string, count, walk int, seed int64) error {
	rows, cols, err := ParseSize(size)
	if err != nil {
		return err
	}
	boards, err := RandomBoards(Goal(rows, cols), count, walk, seed)
	for i, b := range boards {
		fmt.Fprintf(w, "%s  # %d\n", b, i+1)
	}
	return err
}
