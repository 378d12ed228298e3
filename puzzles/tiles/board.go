package tiles

import (
	"errors"
	"fmt"
	"github.com/branchwise/branchwise/scan"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
)

// MaxCells is the largest board: 8 x 8.
const MaxCells = 64

// Board is an r x c sliding-tile configuration. Tiles[i] is the tile in
// cell i (row-major), 0 the blank.
type Board struct {
	Rows, Cols int
	Tiles      []uint8
}

// Goal returns Korf's goal for r x c: the blank top-left, tile t in cell t.
func Goal(rows, cols int) Board {
	b := Board{Rows: rows, Cols: cols, Tiles: make([]uint8, rows*cols)}
	for i := range b.Tiles {
		b.Tiles[i] = uint8(i)
	}
	return b
}

// Blank returns the blank's cell.
func (b Board) Blank() int {
	for i, t := range b.Tiles {
		if t == 0 {
			return i
		}
	}
	return -1
}

// String returns the tiles as one line of numbers.
func (b Board) String() string {
	var sb strings.Builder
	for i, t := range b.Tiles {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(int(t)))
	}
	return sb.String()
}

// Check returns an error unless b is a valid r x c board: 2 <= r, c, at most
// MaxCells cells, each of 0 .. r*c-1 exactly once.
func (b Board) Check() error {
	n := b.Rows * b.Cols
	if b.Rows < 2 || b.Cols < 2 || n > MaxCells {
		return fmt.Errorf("tiles: board size %dx%d: want 2x2 up to 64 cells (8x8)", b.Rows, b.Cols)
	}
	if len(b.Tiles) != n {
		return fmt.Errorf("tiles: want %d tiles for a %dx%d board, found %d", n, b.Rows, b.Cols, len(b.Tiles))
	}
	seen := make([]bool, n)
	for _, t := range b.Tiles {
		if int(t) >= n {
			return fmt.Errorf("tiles: tile %d out of range 0..%d", t, n-1)
		}
		if seen[t] {
			return fmt.Errorf("tiles: tile %d appears twice", t)
		}
		seen[t] = true
	}
	return nil
}

// Solvable reports whether goal can be reached from b. The blank's moves
// are transpositions, so a board is reachable exactly when the parity of the
// permutation taking it to goal (blank included) equals the parity of the
// blank's Manhattan distance between the two.
func (b Board) Solvable(goal Board) bool {
	n := len(b.Tiles)
	where := make([]int, n)
	for i, t := range goal.Tiles {
		where[t] = i
	}
	perm := make([]int, n)
	for i, t := range b.Tiles {
		perm[i] = where[t]
	}
	parity := 0
	seen := make([]bool, n)
	for i := range perm {
		if seen[i] {
			continue
		}
		l := 0
		for j := i; !seen[j]; j = perm[j] {
			seen[j] = true
			l++
		}
		parity += l - 1
	}
	bb, gb := b.Blank(), goal.Blank()
	dist := abs(bb/b.Cols-gb/b.Cols) + abs(bb%b.Cols-gb%b.Cols)
	return parity%2 == dist%2
}

// Random returns a board drawn uniformly from those that reach goal,
// reproducibly from seed.
func Random(goal Board, seed uint64) Board {
	r := rand.New(rand.NewPCG(seed, 0x7111e5))
	b := Board{Rows: goal.Rows, Cols: goal.Cols, Tiles: make([]uint8, len(goal.Tiles))}
	for i, p := range r.Perm(len(b.Tiles)) {
		b.Tiles[i] = goal.Tiles[p]
	}
	if !b.Solvable(goal) {
		// Swapping two tiles (not the blank) flips the parity.
		i, j := 0, 1
		if b.Tiles[i] == 0 {
			i = 2
		} else if b.Tiles[j] == 0 {
			j = 2
		}
		b.Tiles[i], b.Tiles[j] = b.Tiles[j], b.Tiles[i]
	}
	return b
}

// RandomWalk returns the board reached from start by n random blank moves,
// never undoing the previous one, reproducibly from seed.
func RandomWalk(start Board, n int, seed uint64) Board {
	r := rand.New(rand.NewPCG(seed, 0x3a1c))
	b := Board{Rows: start.Rows, Cols: start.Cols, Tiles: append([]uint8(nil), start.Tiles...)}
	blank, last := b.Blank(), -1
	nb := neighbours(b.Rows, b.Cols)
	for k := 0; k < n; k++ {
		var dirs []int
		for d := 0; d < 4; d++ {
			if nb[blank][d] >= 0 && d != 3-last {
				dirs = append(dirs, d)
			}
		}
		d := dirs[r.IntN(len(dirs))]
		to := int(nb[blank][d])
		b.Tiles[blank], b.Tiles[to] = b.Tiles[to], 0
		blank, last = to, d
	}
	return b
}

// ParseBoard reads one instance: rows*cols numbers separated by spaces or
// commas. With rows = cols = 0 the board is square and its size is inferred
// from the count.
func ParseBoard(s string, rows, cols int) (Board, error) {
	nums, err := parseNumbers(s)
	if err != nil {
		return Board{}, err
	}
	return boardOf(nums, rows, cols)
}

func boardOf(nums []int, rows, cols int) (Board, error) {
	if rows == 0 {
		side := isqrt(len(nums))
		if side*side != len(nums) {
			return Board{}, fmt.Errorf("tiles: %d tiles do not make a square board; give the size (e.g. --size 3x4)", len(nums))
		}
		rows, cols = side, side
	}
	if rows*cols > MaxCells || len(nums) > MaxCells {
		return Board{}, fmt.Errorf("tiles: a %dx%d board has %d cells; the largest board has %d (8x8)", rows, cols, rows*cols, MaxCells)
	}
	b := Board{Rows: rows, Cols: cols, Tiles: make([]uint8, len(nums))}
	for i, v := range nums {
		if v < 0 || v >= len(nums) {
			return Board{}, fmt.Errorf("tiles: tile %d out of range 0..%d", v, len(nums)-1)
		}
		b.Tiles[i] = uint8(v)
	}
	if err := b.Check(); err != nil {
		return Board{}, err
	}
	return b, nil
}

func parseNumbers(s string) ([]int, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' || r == '\r' })
	nums := make([]int, 0, len(fields))
	for _, f := range fields {
		v, err := strconv.Atoi(f)
		if errors.Is(err, strconv.ErrRange) {
			return nil, fmt.Errorf("tiles: %s is past the largest tile number", f)
		}
		if err != nil {
			return nil, fmt.Errorf("tiles: %q is not a number", f)
		}
		nums = append(nums, v)
	}
	return nums, nil
}

// Instance is a board read from a file, with its name (the index of Korf's
// lines, else the line number) and its line.
type Instance struct {
	Name  string
	Line  int
	Board Board
	// Where names the instance in messages: "file:line", "korf:N" or
	// "instance" (ReadArgs).
	Where string
}

// ReadInstances reads one instance per non-empty line; '#' starts a comment.
// A line holds the tiles, or an index and then the tiles (Korf's format).
// rows = cols = 0 infers a square size from the first line. Errors name the
// file and line.
func ReadInstances(r io.Reader, file string, rows, cols int) ([]Instance, error) {
	var out []Instance
	sc := scan.NewLines(r, file)
	for sc.Scan() {
		line := sc.Line()
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		nums, err := parseNumbers(text)
		if err != nil {
			return nil, scan.Errorf(scan.Position{File: file, Line: line}, "%v", err)
		}
		name := strconv.Itoa(line)
		n := rows * cols
		if rows == 0 {
			if s := isqrt(len(nums) - 1); len(nums) > 1 && s*s == len(nums)-1 {
				n = len(nums) - 1
			} else {
				n = len(nums)
			}
		}
		if len(nums) == n+1 {
			name, nums = strconv.Itoa(nums[0]), nums[1:]
		}
		b, err := boardOf(nums, rows, cols)
		if err != nil {
			return nil, scan.Errorf(scan.Position{File: file, Line: line}, "%v", err)
		}
		if rows == 0 {
			rows, cols = b.Rows, b.Cols
		}
		out = append(out, Instance{Name: name, Line: line, Board: b, Where: fmt.Sprintf("%s:%d", file, line)})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, scan.Errorf(scan.Position{File: file}, "no instances")
	}
	return out, nil
}

// neighbours returns, for each cell, the cell the blank reaches by moving
// up, left, right, down (directions 0..3; 3-d is the inverse of d), or -1.
func neighbours(rows, cols int) [][4]int8 {
	nb := make([][4]int8, rows*cols)
	for i := range nb {
		r, c := i/cols, i%cols
		nb[i] = [4]int8{-1, -1, -1, -1}
		if r > 0 {
			nb[i][Up] = int8(i - cols)
		}
		if c > 0 {
			nb[i][Left] = int8(i - 1)
		}
		if c < cols-1 {
			nb[i][Right] = int8(i + 1)
		}
		if r < rows-1 {
			nb[i][Down] = int8(i + cols)
		}
	}
	return nb
}

// The blank's moves, in Korf's order of generation. Down is 3-Up and
// Right is 3-Left, so the inverse of d is 3-d.
const (
	Up = iota
	Left
	Right
	Down
)

// MoveLetters are the letters of the blank's moves in printed solutions.
const MoveLetters = "ULRD"

func isqrt(n int) int {
	if n < 0 {
		return -1
	}
	s := 0
	for (s+1)*(s+1) <= n {
		s++
	}
	return s
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
