package tiles

import (
	"fmt"

	"github.com/branchwise/branchwise/search"
)

// Puzzle is a sliding-tile puzzle as a search.Domain: the current board,
// its Manhattan distance kept up to date move by move, and optionally the
// linear-conflict correction. Moves are the blank's directions Up, Left,
// Right, Down; every move costs 1.
type Puzzle struct {
	rows, cols int
	n          int
	tiles      [MaxCells]uint8
	blank      int
	nb         [][4]int8
	goalCell   [MaxCells]int8 // goal cell of each tile
	md         [MaxCells * MaxCells]uint8
	h          int // Manhattan distance

	lc      bool
	lcLine  [16]int // conflicts to resolve in rows 0..7 and columns 8..15
	lcTotal int
}

// NewPuzzle returns a puzzle at start with goal goal; linearConflicts adds
// the linear-conflict correction to the Manhattan distance. It fails on
// invalid boards, boards of different sizes and unsolvable starts.
func NewPuzzle(start, goal Board, linearConflicts bool) (*Puzzle, error) {
	if err := start.Check(); err != nil {
		return nil, err
	}
	if err := goal.Check(); err != nil {
		return nil, fmt.Errorf("%w (the goal)", err)
	}
	if start.Rows != goal.Rows || start.Cols != goal.Cols {
		return nil, fmt.Errorf("tiles: start is %dx%d but goal is %dx%d", start.Rows, start.Cols, goal.Rows, goal.Cols)
	}
	if !start.Solvable(goal) {
		return nil, fmt.Errorf("tiles: unsolvable: the goal cannot be reached from %v (wrong permutation parity)", start)
	}
	p := &Puzzle{rows: start.Rows, cols: start.Cols, n: len(start.Tiles), nb: neighbours(start.Rows, start.Cols), lc: linearConflicts}
	for i, t := range goal.Tiles {
		p.goalCell[t] = int8(i)
	}
	for t := 1; t < p.n; t++ {
		g := int(p.goalCell[t])
		for c := 0; c < p.n; c++ {
			p.md[t*MaxCells+c] = uint8(abs(c/p.cols-g/p.cols) + abs(c%p.cols-g%p.cols))
		}
	}
	p.set(start.Tiles)
	return p, nil
}

// set makes tiles current and recomputes the heuristic from scratch.
func (p *Puzzle) set(tiles []uint8) {
	copy(p.tiles[:], tiles)
	p.h = 0
	for c := 0; c < p.n; c++ {
		t := int(p.tiles[c])
		if t == 0 {
			p.blank = c
			continue
		}
		p.h += int(p.md[t*MaxCells+c])
	}
	if p.lc {
		p.lcTotal = 0
		for r := 0; r < p.rows; r++ {
			p.lcLine[r] = p.lineConflicts(r, true)
			p.lcTotal += p.lcLine[r]
		}
		for c := 0; c < p.cols; c++ {
			p.lcLine[8+c] = p.lineConflicts(c, false)
			p.lcTotal += p.lcLine[8+c]
		}
	}
}

// lineConflicts returns how many tiles of row (or column) i must leave it
// so that the tiles whose goal is in it are in goal order: their number less
// the longest run in increasing goal order. Each such tile costs two moves
// beyond its Manhattan distance, so 2 * the sum over all lines keeps the
// heuristic admissible (Hansson, Mayer and Yung 1992).
func (p *Puzzle) lineConflicts(i int, row bool) int {
	var goals [8]int
	k := 0
	n, step, start := p.cols, 1, i*p.cols
	if !row {
		n, step, start = p.rows, p.cols, i
	}
	for j, c := 0, start; j < n; j, c = j+1, c+step {
		t := p.tiles[c]
		if t == 0 {
			continue
		}
		g := int(p.goalCell[t])
		if row && g/p.cols == i {
			goals[k], k = g%p.cols, k+1
		} else if !row && g%p.cols == i {
			goals[k], k = g/p.cols, k+1
		}
	}
	var lis [8]int
	best := 0
	for a := 0; a < k; a++ {
		lis[a] = 1
		for b := 0; b < a; b++ {
			if goals[b] < goals[a] && lis[b]+1 > lis[a] {
				lis[a] = lis[b] + 1
			}
		}
		best = max(best, lis[a])
	}
	return k - best
}

func (p *Puzzle) updateLC(a, b int) {
	lines := [3]int{a / p.cols, 8 + a%p.cols, -1}
	if a/p.cols == b/p.cols {
		lines[2] = 8 + b%p.cols
	} else {
		lines[2] = b / p.cols
	}
	for _, l := range lines {
		v := 0
		if l < 8 {
			v = p.lineConflicts(l, true)
		} else {
			v = p.lineConflicts(l-8, false)
		}
		p.lcTotal += v - p.lcLine[l]
		p.lcLine[l] = v
	}
}

// Board returns the current board.
func (p *Puzzle) Board() Board {
	return Board{Rows: p.rows, Cols: p.cols, Tiles: append([]uint8(nil), p.tiles[:p.n]...)}
}

// Moves implements search.Domain: the blank's legal directions.
func (p *Puzzle) Moves(buf []search.Move) []search.Move {
	for d, to := range p.nb[p.blank] {
		if to >= 0 {
			buf = append(buf, search.Move(d))
		}
	}
	return buf
}

// Apply implements search.Domain.
func (p *Puzzle) Apply(m search.Move) int {
	from, to := p.blank, int(p.nb[p.blank][m])
	t := int(p.tiles[to])
	p.h += int(p.md[t*MaxCells+from]) - int(p.md[t*MaxCells+to])
	p.tiles[from], p.tiles[to] = uint8(t), 0
	p.blank = to
	if p.lc {
		p.updateLC(from, to)
	}
	return 1
}

// Undo implements search.Domain.
func (p *Puzzle) Undo(m search.Move) { p.Apply(3 - m) }

// Inverse implements search.Inverter.
func (p *Puzzle) Inverse(m search.Move) search.Move { return 3 - m }

// Heuristic implements search.Domain: Manhattan distance, plus twice the
// linear conflicts when enabled.
func (p *Puzzle) Heuristic() int { return p.h + 2*p.lcTotal }

// Manhattan returns the current Manhattan distance.
func (p *Puzzle) Manhattan() int { return p.h }

// IsGoal implements search.Domain: every tile home, which is Manhattan
// distance 0.
func (p *Puzzle) IsGoal() bool { return p.h == 0 }

// AppendKey implements search.Domain: two tiles a byte up to 16 cells, one
// tile a byte beyond.
func (p *Puzzle) AppendKey(dst []byte) []byte {
	if p.n <= 16 {
		for i := 0; i < p.n; i += 2 {
			dst = append(dst, p.tiles[i]|p.tiles[i+1]<<4)
		}
		return dst
	}
	return append(dst, p.tiles[:p.n]...)
}

// SetKey implements search.Domain.
func (p *Puzzle) SetKey(key []byte) {
	var tiles [MaxCells]uint8
	if p.n <= 16 {
		for i := 0; i < p.n; i += 2 {
			tiles[i], tiles[i+1] = key[i/2]&15, key[i/2]>>4
		}
	} else {
		copy(tiles[:], key)
	}
	p.set(tiles[:p.n])
}
