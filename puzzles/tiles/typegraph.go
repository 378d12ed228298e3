package tiles

// The sliding-tile puzzles for package branching: their node-type graphs
// (Edelkamp and Korf 1998) and their duplicate move strings (Taylor and Korf
// 1993), learned into a branching.Automaton that serves as the move filter
// of the depth-first searches (search.Options.Filter, IDAOptions.Filter).

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/search"
)

// blankDelta is the blank's displacement (row, column) by move U, L, R, D.
var blankDelta = [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}}

// tileType is a sliding-tile node type: the blank's cell and the cell it
// came from (-1 at the root, or always when the parent is kept as a child).
type tileType struct{ cell, from int }

func checkTypeBoard(rows, cols, start int) error {
	if rows < 2 || cols < 2 {
		return fmt.Errorf("tiles: board %dx%d: want at least 2x2", rows, cols)
	}
	if start < 0 || start >= rows*cols {
		return fmt.Errorf("tiles: start cell %d outside the %dx%d board", start, rows, cols)
	}
	return nil
}

// TypeGraph returns the type graph of the r x c sliding-tile puzzle with the
// blank starting in cell start (row-major). With keepParent every move of
// the blank is a child; without it the move back to the parent is not
// (predecessor elimination). Types are named by the blank's row and column,
// "r,c", after "<" the cell it came from.
func TypeGraph(rows, cols, start int, keepParent bool) (*branching.Graph, error) {
	if err := checkTypeBoard(rows, cols, start); err != nil {
		return nil, err
	}
	cellName := func(c int) string { return fmt.Sprintf("%d,%d", c/cols, c%cols) }
	children := func(t tileType) []tileType {
		var out []tileType
		r, c := t.cell/cols, t.cell%cols
		for _, d := range blankDelta {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nc < 0 || nr >= rows || nc >= cols {
				continue
			}
			n := nr*cols + nc
			if n == t.from {
				continue
			}
			from := t.cell
			if keepParent {
				from = -1
			}
			out = append(out, tileType{n, from})
		}
		return out
	}
	name := func(t tileType) string {
		if t.from < 0 {
			return cellName(t.cell)
		}
		return cellName(t.cell) + "<" + cellName(t.from)
	}
	return branching.Explore(tileType{start, -1}, children, name), nil
}

// fsmType is a node type of a board pruned by an automaton: the blank's
// cell and the automaton's state.
type fsmType struct {
	cell  int
	state int32
}

// TypeGraphFSM returns the type graph of the r x c puzzle searched with a
// as its move filter, the blank starting in cell start, within the limits
// of lim and ctx (a large automaton times a large board makes millions of
// types; see branching.ExploreContext).
func TypeGraphFSM(ctx context.Context, rows, cols, start int, a *branching.Automaton, lim search.Limits) (*branching.Graph, error) {
	if err := checkTypeBoard(rows, cols, start); err != nil {
		return nil, err
	}
	if a.Alphabet() != 4 {
		return nil, fmt.Errorf("tiles: an automaton over %d moves, want 4 (U, L, R, D)", a.Alphabet())
	}
	children := func(t fsmType) []fsmType {
		var out []fsmType
		r, c := t.cell/cols, t.cell%cols
		for m, d := range blankDelta {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nc < 0 || nr >= rows || nc >= cols {
				continue
			}
			if s := a.Step(t.state, search.Move(m)); s >= 0 {
				out = append(out, fsmType{nr*cols + nc, s})
			}
		}
		return out
	}
	name := func(t fsmType) string { return fmt.Sprintf("%d,%d/%d", t.cell/cols, t.cell%cols, t.state) }
	return branching.ExploreContext(ctx, lim, fsmType{start, 0}, children, name)
}

// LearnFSM learns the duplicate move strings of the sliding-tile puzzles up
// to length maxLen (at most branching.MaxLearnLen) and compiles them into an
// automaton over the blank's moves U, L, R, D. Two strings have the same
// effect when they leave the blank at the same place and the tiles they move
// in the same arrangement, on an unbounded board; a later string is
// forbidden when an earlier one has its effect and stays within the same
// bounding box of blank positions, so that it is legal wherever the later
// one is, on any board. A limit of lim or ctx stops the learning with the
// automaton of the strings learned so far, valid but smaller, and the
// limit's error (see branching.LearnAutomaton).
func LearnFSM(ctx context.Context, maxLen int, lim search.Limits) (*branching.Automaton, error) {
	if maxLen < 1 || maxLen > branching.MaxLearnLen {
		return nil, fmt.Errorf("tiles: FSM learning length %d: want 1 to %d", maxLen, branching.MaxLearnLen)
	}
	sim := newSlideSim(maxLen)
	return branching.LearnAutomaton(ctx, branching.Learner{
		Alphabet: 4,
		MaxLen:   maxLen,
		Effect: func(dst, seq []byte) []byte {
			k, _ := sim.effect(dst, seq)
			return k
		},
		Covers: func(old string, seq []byte) bool {
			ob, nb := blankBox(old), blankBox(seq)
			return ob[0] >= nb[0] && ob[1] >= nb[1] && ob[2] <= nb[2] && ob[3] <= nb[3]
		},
	}, lim)
}

// blankBox returns the bounding box (top, left, bottom, right) of the
// blank's path under the moves of t, relative to its start.
func blankBox[S string | []byte](t S) [4]int {
	var r, c int
	var box [4]int
	for i := 0; i < len(t); i++ {
		r, c = r+blankDelta[t[i]][0], c+blankDelta[t[i]][1]
		box = [4]int{min(box[0], r), min(box[1], c), max(box[2], r), max(box[3], c)}
	}
	return box
}

// slideSim plays move strings on an unbounded board: a (2L+1)^2 window
// around the blank's start, tiles labelled by their start cell.
type slideSim struct {
	side  int
	cells []int32
}

func newSlideSim(maxLen int) *slideSim {
	side := 2*maxLen + 1
	s := &slideSim{side: side, cells: make([]int32, side*side)}
	for i := range s.cells {
		s.cells[i] = int32(i)
	}
	return s
}

// effect appends to dst a key of what t does (the blank's end cell, then
// every cell whose tile moved, row by row, with the tile now in it) and
// returns it with the bounding box of the blank's path, relative to the
// blank's start. The moved tiles all lie in the box, so scanning it gives
// every key in one canonical order.
func (s *slideSim) effect(dst, t []byte) ([]byte, [4]int) {
	c := s.side / 2
	r, col := c, c
	box := [4]int{0, 0, 0, 0}
	for _, m := range t {
		nr, nc := r+blankDelta[m][0], col+blankDelta[m][1]
		a, b := r*s.side+col, nr*s.side+nc
		s.cells[a], s.cells[b] = s.cells[b], s.cells[a]
		r, col = nr, nc
		box = [4]int{min(box[0], r-c), min(box[1], col-c), max(box[2], r-c), max(box[3], col-c)}
	}
	blank := r*s.side + col
	k := append(dst, byte(r-c+64), byte(col-c+64))
	for y := c + box[0]; y <= c+box[2]; y++ {
		for x := c + box[1]; x <= c+box[3]; x++ {
			p := y*s.side + x
			if v := s.cells[p]; int(v) != p && p != blank {
				k = append(k, byte(p), byte(p>>8), byte(v), byte(v>>8))
			}
			s.cells[p] = int32(p) // restore the window
		}
	}
	return k, box
}
