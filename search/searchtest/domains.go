package searchtest

import (
	"math/rand/v2"

	"github.com/branchwise/branchwise/search"
)

// Grid is a four-connected grid with walls. Entering a cell costs its
// weight (1 for every cell when the grid is unweighted); the heuristic is the
// Manhattan distance to the goal, admissible because every weight is >= 1.
// Moves 0..3 are up, left, right, down.
type Grid struct {
	W, H       int
	Wall       []bool
	Weight     []int
	Start, End int
	cur        int
}

var gridDelta = [4][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}

// NewGrid makes a w x h grid from seed with about the given fraction of
// walls; weighted grids have cell weights 1..5. Start is the top-left cell and
// the goal the bottom-right one, both free.
func NewGrid(w, h int, walls float64, weighted bool, seed uint64) *Grid {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	g := &Grid{W: w, H: h, Wall: make([]bool, w*h), Weight: make([]int, w*h), End: w*h - 1}
	for i := range g.Wall {
		g.Wall[i] = r.Float64() < walls
		g.Weight[i] = 1
		if weighted {
			g.Weight[i] = 1 + r.IntN(5)
		}
	}
	g.Wall[g.Start], g.Wall[g.End] = false, false
	return g
}

// Reset makes the start cell current.
func (g *Grid) Reset() { g.cur = g.Start }

func (g *Grid) step(c int, m search.Move) (int, bool) {
	x, y := c%g.W+gridDelta[m][0], c/g.W+gridDelta[m][1]
	if x < 0 || y < 0 || x >= g.W || y >= g.H || g.Wall[y*g.W+x] {
		return 0, false
	}
	return y*g.W + x, true
}

// Moves implements search.Domain.
func (g *Grid) Moves(buf []search.Move) []search.Move {
	for m := search.Move(0); m < 4; m++ {
		if _, ok := g.step(g.cur, m); ok {
			buf = append(buf, m)
		}
	}
	return buf
}

// Apply implements search.Domain.
func (g *Grid) Apply(m search.Move) int {
	g.cur, _ = g.step(g.cur, m)
	return g.Weight[g.cur]
}

// Undo implements search.Domain.
func (g *Grid) Undo(m search.Move) { g.cur, _ = g.step(g.cur, 3-m) }

// Inverse implements search.Inverter.
func (g *Grid) Inverse(m search.Move) search.Move { return 3 - m }

// Heuristic implements search.Domain.
func (g *Grid) Heuristic() int {
	return abs(g.cur%g.W-g.End%g.W) + abs(g.cur/g.W-g.End/g.W)
}

// IsGoal implements search.Domain.
func (g *Grid) IsGoal() bool { return g.cur == g.End }

// AppendKey implements search.Domain.
func (g *Grid) AppendKey(dst []byte) []byte {
	return append(dst, byte(g.cur), byte(g.cur>>8), byte(g.cur>>16))
}

// SetKey implements search.Domain.
func (g *Grid) SetKey(k []byte) { g.cur = int(k[0]) | int(k[1])<<8 | int(k[2])<<16 }

// Distances returns the cheapest cost from the start to every cell (-1 when
// unreachable) by Dijkstra's algorithm on a plain array, independently of
// the search package: the oracle of the suite.
func (g *Grid) Distances() []int {
	dist := make([]int, g.W*g.H)
	done := make([]bool, g.W*g.H)
	for i := range dist {
		dist[i] = -1
	}
	dist[g.Start] = 0
	for {
		best := -1
		for c, d := range dist {
			if d >= 0 && !done[c] && (best < 0 || d < dist[best]) {
				best = c
			}
		}
		if best < 0 {
			return dist
		}
		done[best] = true
		for m := search.Move(0); m < 4; m++ {
			if n, ok := g.step(best, m); ok && (dist[n] < 0 || dist[best]+g.Weight[n] < dist[n]) {
				dist[n] = dist[best] + g.Weight[n]
			}
		}
	}
}

// SymmetricGrid is a square Grid symmetric about its main diagonal (walls
// and weights), with the start and the goal on the diagonal: a cell and its
// mirror image are equally far from both, so the canonical key of a cell is
// the smaller of the two. SetKey of a canonical key makes that cell current,
// which may be the mirror image of the cell reached: its moves are then the
// mirrored moves, and a search with Options.Canonical must replay its path.
type SymmetricGrid struct {
	Grid
}

// NewSymmetricGrid makes an n x n grid from seed as NewGrid does and mirrors
// its lower triangle onto the upper one.
func NewSymmetricGrid(n int, walls float64, weighted bool, seed uint64) *SymmetricGrid {
	g := &SymmetricGrid{*NewGrid(n, n, walls, weighted, seed)}
	for y := range n {
		for x := y + 1; x < n; x++ {
			g.Wall[y*n+x], g.Weight[y*n+x] = g.Wall[x*n+y], g.Weight[x*n+y]
		}
	}
	return g
}

// AppendCanonicalKey implements search.Canonicalizer.
func (g *SymmetricGrid) AppendCanonicalKey(dst []byte) []byte {
	c := g.cur
	if m := c%g.W*g.W + c/g.W; m < c {
		c = m
	}
	return append(dst, byte(c), byte(c>>8), byte(c>>16))
}

var _ search.Canonicalizer = (*SymmetricGrid)(nil)

// Pancakes is the pancake-sorting puzzle on n pancakes: move k reverses the
// top k+2 pancakes. The gap heuristic (adjacent pancakes that are not
// neighbours in size, counting the plate) is admissible: one flip closes at
// most one gap.
type Pancakes struct {
	stack []byte
}

// NewPancakes returns a stack of n pancakes shuffled from seed.
func NewPancakes(n int, seed uint64) *Pancakes {
	r := rand.New(rand.NewPCG(seed, 7))
	p := &Pancakes{stack: make([]byte, n)}
	for i, v := range r.Perm(n) {
		p.stack[i] = byte(v)
	}
	return p
}

func (p *Pancakes) flip(m search.Move) {
	s := p.stack[:m+2]
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// Moves implements search.Domain.
func (p *Pancakes) Moves(buf []search.Move) []search.Move {
	for k := 2; k <= len(p.stack); k++ {
		buf = append(buf, search.Move(k-2))
	}
	return buf
}

// Apply implements search.Domain.
func (p *Pancakes) Apply(m search.Move) int { p.flip(m); return 1 }

// Undo implements search.Domain.
func (p *Pancakes) Undo(m search.Move) { p.flip(m) }

// Inverse implements search.Inverter: a flip is its own inverse.
func (p *Pancakes) Inverse(m search.Move) search.Move { return m }

// Heuristic implements search.Domain.
func (p *Pancakes) Heuristic() int {
	gaps := 0
	for i := range p.stack {
		next := len(p.stack) // the plate
		if i+1 < len(p.stack) {
			next = int(p.stack[i+1])
		}
		if abs(int(p.stack[i])-next) != 1 {
			gaps++
		}
	}
	return gaps
}

// IsGoal implements search.Domain.
func (p *Pancakes) IsGoal() bool {
	for i, v := range p.stack {
		if int(v) != i {
			return false
		}
	}
	return true
}

// AppendKey implements search.Domain.
func (p *Pancakes) AppendKey(dst []byte) []byte { return append(dst, p.stack...) }

// SetKey implements search.Domain.
func (p *Pancakes) SetKey(k []byte) { copy(p.stack, k) }

// Distance returns the fewest flips that sort the stack, by breadth-first
// search over all permutations from the sorted stack backwards (flips are
// their own inverses), independently of the search package.
func (p *Pancakes) Distance() int {
	n := len(p.stack)
	start := make([]byte, n)
	for i := range start {
		start[i] = byte(i)
	}
	dist := map[string]int{string(start): 0}
	frontier := [][]byte{start}
	for len(frontier) > 0 {
		var next [][]byte
		for _, s := range frontier {
			if string(s) == string(p.stack) {
				return dist[string(s)]
			}
			for k := 2; k <= n; k++ {
				c := append([]byte(nil), s...)
				for i, j := 0, k-1; i < j; i, j = i+1, j-1 {
					c[i], c[j] = c[j], c[i]
				}
				if _, ok := dist[string(c)]; !ok {
					dist[string(c)] = dist[string(s)] + 1
					next = append(next, c)
				}
			}
		}
		frontier = next
	}
	return -1
}

// BinaryTree is the complete binary tree of depth Depth with no goal: a
// domain whose node counts are known in closed form (2^d nodes at depth d).
type BinaryTree struct {
	Depth int
	path  []search.Move
}

// Moves implements search.Domain.
func (b *BinaryTree) Moves(buf []search.Move) []search.Move {
	if len(b.path) >= b.Depth {
		return buf
	}
	return append(buf, 0, 1)
}

// Apply implements search.Domain.
func (b *BinaryTree) Apply(m search.Move) int { b.path = append(b.path, m); return 1 }

// Undo implements search.Domain.
func (b *BinaryTree) Undo(search.Move) { b.path = b.path[:len(b.path)-1] }

// Heuristic implements search.Domain.
func (b *BinaryTree) Heuristic() int { return 0 }

// IsGoal implements search.Domain.
func (b *BinaryTree) IsGoal() bool { return false }

// AppendKey implements search.Domain.
func (b *BinaryTree) AppendKey(dst []byte) []byte {
	dst = append(dst, byte(len(b.path)))
	for _, m := range b.path {
		dst = append(dst, byte(m))
	}
	return dst
}

// SetKey implements search.Domain.
func (b *BinaryTree) SetKey(k []byte) {
	b.path = b.path[:0]
	for _, m := range k[1:] {
		b.path = append(b.path, search.Move(m))
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
