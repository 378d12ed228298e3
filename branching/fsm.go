package branching

import (
	"fmt"

	"github.com/branchwise/branchwise/search"
)

// FSM is a pruning automaton for the sliding-tile puzzles (Taylor and Korf
// 1993): an Aho-Corasick automaton over the blank's moves (search.Move 0..3
// = up, left, right, down) that rejects every move sequence containing one
// of its forbidden strings. It implements search.Automaton.
type FSM struct {
	// next[4*s+m] is the state after move m from state s, or -1 when the
	// move completes a forbidden string.
	next []int32
	// Forbidden are the duplicate move strings learned, over "ULRD".
	Forbidden []string
}

// States returns the number of states of the automaton.
func (f *FSM) States() int { return len(f.next) / 4 }

// Step implements search.Automaton.
func (f *FSM) Step(s int32, m search.Move) int32 { return f.next[4*int(s)+int(m)] }

// moveDelta is the blank's displacement (row, column) by move U, L, R, D.
var moveDelta = [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}}

// LearnFSM learns duplicate move sequences of the sliding-tile puzzles up to
// length maxLen and compiles them into an FSM. Move strings are explored
// breadth-first, in the order U, L, R, D, each extending a string that no
// forbidden string ends; a string is forbidden when an earlier string has
// the same effect — the same final blank position and the same arrangement
// of the tiles it moves, on an unbounded board — and stays within the same
// bounding box of blank positions, so that it is legal wherever the later
// one is, on any board. Every path that contains a forbidden string can then
// be replaced by one that is no longer and contains it not, so depth-first
// searches pruned by the FSM stay complete and IDA* optimal.
func LearnFSM(maxLen int) (*FSM, error) {
	if maxLen < 1 || maxLen > 24 {
		return nil, fmt.Errorf("FSM learning length %d: want 1 to 24", maxLen)
	}
	type box struct{ r0, c0, r1, c1 int }
	// seen maps an effect to the bounding box of the first string that had it.
	seen := map[string]box{}
	sim := newSlideSim(maxLen)
	key, b := sim.effect(nil)
	seen[string(key)] = box{b[0], b[1], b[2], b[3]}
	forbidden := map[string]bool{}
	var order []string
	level := [][]byte{{}}
	for l := 1; l <= maxLen; l++ {
		var next [][]byte
		for _, s := range level {
			for m := byte(0); m < 4; m++ {
				t := append(append([]byte(nil), s...), m)
				if endsForbidden(t, forbidden) {
					continue
				}
				key, bb := sim.effect(t)
				nb := box{bb[0], bb[1], bb[2], bb[3]}
				if old, ok := seen[string(key)]; ok {
					if old.r0 >= nb.r0 && old.c0 >= nb.c0 && old.r1 <= nb.r1 && old.c1 <= nb.c1 {
						str := string(t)
						forbidden[str] = true
						order = append(order, str)
						continue
					}
				} else {
					seen[string(key)] = nb
				}
				next = append(next, t)
			}
		}
		level = next
	}
	return compileFSM(order), nil
}

// endsForbidden reports whether a suffix of t is forbidden (every other
// substring was checked when t's prefixes were accepted).
func endsForbidden(t []byte, forbidden map[string]bool) bool {
	for i := 0; i < len(t); i++ {
		if forbidden[string(t[i:])] {
			return true
		}
	}
	return false
}

// slideSim plays move strings on an unbounded board: a (2L+1)^2 window
// around the blank's start, tiles labelled by their start cell.
type slideSim struct {
	side  int
	cells []int32
	key   []byte
}

func newSlideSim(maxLen int) *slideSim {
	side := 2*maxLen + 1
	s := &slideSim{side: side, cells: make([]int32, side*side)}
	for i := range s.cells {
		s.cells[i] = int32(i)
	}
	return s
}

// effect returns a key of what t does (the blank's end cell, then every
// cell whose tile moved, row by row, with the tile now in it) and the
// bounding box of the blank's path, relative to the blank's start. The
// moved tiles all lie in the box, so scanning it gives every key in one
// canonical order. The key aliases s.
func (s *slideSim) effect(t []byte) ([]byte, [4]int) {
	c := s.side / 2
	r, col := c, c
	box := [4]int{0, 0, 0, 0}
	for _, m := range t {
		nr, nc := r+moveDelta[m][0], col+moveDelta[m][1]
		a, b := r*s.side+col, nr*s.side+nc
		s.cells[a], s.cells[b] = s.cells[b], s.cells[a]
		r, col = nr, nc
		box = [4]int{min(box[0], r-c), min(box[1], col-c), max(box[2], r-c), max(box[3], col-c)}
	}
	blank := r*s.side + col
	k := append(s.key[:0], byte(r-c+64), byte(col-c+64))
	for y := c + box[0]; y <= c+box[2]; y++ {
		for x := c + box[1]; x <= c+box[3]; x++ {
			p := y*s.side + x
			if v := s.cells[p]; int(v) != p && p != blank {
				k = append(k, byte(p), byte(p>>8), byte(v), byte(v>>8))
			}
			s.cells[p] = int32(p) // restore the window
		}
	}
	s.key = k
	return k, box
}

// compileFSM builds the Aho-Corasick automaton of the forbidden strings:
// trie states, failure links by breadth-first search, and a full transition
// table in which moves that complete a forbidden string (at a state or any
// of its suffixes) lead to -1 and states inside forbidden strings are
// dropped.
func compileFSM(forbidden []string) *FSM {
	type node struct {
		child [4]int32
		fail  int32
		bad   bool
	}
	nodes := []node{{child: [4]int32{-1, -1, -1, -1}}}
	for _, f := range forbidden {
		s := int32(0)
		for i := 0; i < len(f); i++ {
			m := f[i]
			if nodes[s].child[m] < 0 {
				nodes = append(nodes, node{child: [4]int32{-1, -1, -1, -1}})
				nodes[s].child[m] = int32(len(nodes) - 1)
			}
			s = nodes[s].child[m]
		}
		nodes[s].bad = true
	}
	// Failure links and full transitions, breadth-first.
	queue := []int32{}
	for m := 0; m < 4; m++ {
		if c := nodes[0].child[m]; c >= 0 {
			nodes[c].fail = 0
			queue = append(queue, c)
		} else {
			nodes[0].child[m] = 0
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if nodes[nodes[s].fail].bad {
			nodes[s].bad = true
		}
		for m := 0; m < 4; m++ {
			c := nodes[s].child[m]
			f := nodes[nodes[s].fail].child[m]
			if c >= 0 {
				nodes[c].fail = f
				queue = append(queue, c)
			} else {
				nodes[s].child[m] = f
			}
		}
	}
	// Renumber the good states, the start first.
	id := make([]int32, len(nodes))
	n := int32(0)
	for i := range nodes {
		id[i] = -1
		if !nodes[i].bad {
			id[i] = n
			n++
		}
	}
	fsm := &FSM{next: make([]int32, 4*n), Forbidden: forbidden}
	for i, nd := range nodes {
		if nd.bad {
			continue
		}
		for m := 0; m < 4; m++ {
			fsm.next[4*id[i]+int32(m)] = id[nd.child[m]]
		}
	}
	return fsm
}

// fsmType is a node type of a board pruned by an FSM: the blank's cell and
// the automaton's state.
type fsmType struct {
	cell  int
	state int32
}

// TilesFSM returns the type graph of the r x c puzzle searched with fsm as
// its move filter, the blank starting in cell start.
func TilesFSM(rows, cols, start int, fsm *FSM) (*Graph, error) {
	if rows < 2 || cols < 2 {
		return nil, fmt.Errorf("board %dx%d: want at least 2x2", rows, cols)
	}
	children := func(t fsmType) []fsmType {
		var out []fsmType
		r, c := t.cell/cols, t.cell%cols
		for m, d := range moveDelta {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nc < 0 || nr >= rows || nc >= cols {
				continue
			}
			if s := fsm.Step(t.state, search.Move(m)); s >= 0 {
				out = append(out, fsmType{nr*cols + nc, s})
			}
		}
		return out
	}
	name := func(t fsmType) string { return fmt.Sprintf("%d,%d/%d", t.cell/cols, t.cell%cols, t.state) }
	return Explore(fsmType{start, 0}, children, name), nil
}
