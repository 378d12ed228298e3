// Package disassembly finds how an assembly of solid pieces on the cube
// or the triangular prism grid comes apart, as BurrTools defines it: a
// move slides one piece or a group of pieces any number of units along
// one of the grid's directions (on the cube grid the six axis
// directions; on the prism grid up and down a layer and the six
// directions of the triangle lattice in a layer, by whole lattice units,
// see Dir) without passing through the others; a group that can slide
// away for good is removed, which splits the assembly in two, and each
// part is taken apart in turn. The level of an assembly is the number of
// moves, the removal included, before its first part comes free: the
// length of the shortest such sequence, found by breadth-first search
// over the positions of the pieces. BurrTools writes the levels of the
// whole tree as "5.2.2" (see Separation.LevelText).
//
// The search follows BurrTools' disassembler (Röver's BurrTools, the
// movement analysis of Cutler's six-piece burr study) where its choices
// decide the answer: at each position single pieces are tried for removal
// first, then groups of at most half the pieces; of the positions at the
// smallest depth the first in breadth-first order that lets a piece or
// group out is taken, and if either part then cannot be taken apart the
// assembly does not come apart (no other separation is tried). Moves are
// generated as BurrTools does: for each direction and piece the smallest
// group that must move with the piece by 1, 2, ... units (at most half
// the pieces), then every union of such groups moved by the same amount.
package disassembly

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/search"
)

// Move is one move of a disassembly: the pieces (indices into the
// assembly) that slide Amount units in direction Dir, or out of the
// assembly for good when Away is set (the last move of a Separation).
type Move struct {
	Pieces []int
	Dir    Dir
	Amount int
	Away   bool
}

func (m Move) String() string {
	amount := strconv.Itoa(m.Amount)
	if m.Away {
		amount = "away"
	}
	return fmt.Sprintf("%v %v %s", m.Pieces, m.Dir, amount)
}

// Separation is how a set of pieces comes apart: the moves from their
// starting positions up to the removal of a group (the last move), then
// the separations of the pieces that stay and of those removed, each
// from the positions the pieces had just before the removal (nil when the
// part is a single piece).
type Separation struct {
	Pieces        []int
	Moves         []Move
	Stay, Removed *Separation
}

// Level is the number of moves before the first part comes free, the
// removal included.
func (s *Separation) Level() int { return len(s.Moves) }

// TotalMoves counts the moves of the whole disassembly.
func (s *Separation) TotalMoves() int {
	if s == nil {
		return 0
	}
	return len(s.Moves) + s.Stay.TotalMoves() + s.Removed.TotalMoves()
}

// multiMoves reports whether some separation of the tree takes more than
// the removal alone.
func (s *Separation) multiMoves() bool {
	return s != nil && (len(s.Moves) > 1 || s.Stay.multiMoves() || s.Removed.multiMoves())
}

// LevelText writes the levels as BurrTools does: this separation's, then
// (after a dot) the text of the part that stays and then of the part
// removed, each only when some separation in it needs more than the
// removal alone. "5.2.2": five moves free the first group, the two parts
// then need two moves each.
func (s *Separation) LevelText() string {
	var b strings.Builder
	s.levelText(&b)
	return b.String()
}

func (s *Separation) levelText(b *strings.Builder) {
	b.WriteString(strconv.Itoa(len(s.Moves)))
	for _, part := range []*Separation{s.Stay, s.Removed} {
		if part.multiMoves() {
			b.WriteByte('.')
			part.levelText(b)
		}
	}
}

// MaxPieces bounds the pieces of an assembly: groups are 64-bit sets.
const MaxPieces = 64

// infinite is the distance of a piece that meets nothing on its way.
const infinite = math.MaxInt32

// Disassembler takes apart one assembly. It keeps the distances it has
// worked out between pairs of pieces, which the positions of a search
// share.
type Disassembler struct {
	pieces      [][]polyform.Cell
	first, last Dir       // the grid's directions
	axes        []axis    // theirs
	lines       [][]lines // per piece and axis
	cache       map[pairKey][maxAxes]int32
	// Limits: MaxNodes, if positive, bounds the positions one
	// breadth-first search may visit: beyond it Disassemble fails with
	// search.ErrNodeLimit. The other limits bound nothing here.
	search.Limits
	// Groups[i], if Groups is not nil, is piece i's group (0: none): a
	// part whose pieces all belong to one group need not come apart
	// (BurrTools' piece groups).
	Groups []int
	// Weights[i], if Weights is not nil, is piece i's weight (BurrTools'):
	// when the heaviest piece of a moving group outweighs every piece that
	// stays, the others move the opposite way instead; for a removal, they
	// are the part removed.
	Weights []int
	nodes   int
}

// lines are a piece's cells on the lines of one axis (see axis.key),
// as positions along the line in half steps: own holds the piece's
// cells (even positions), block the positions at which a moving cell
// meets the piece: its cells, and (odd) the half steps at which a cell
// moving by one step crosses one of them.
type lines struct {
	own, block map[polyform.Cell][]int32
}

type pairKey struct {
	i, j int8
	rel  [3]int16
}

// New returns a disassembler for the assembly on grid g (the cube or
// the triangular prism grid) whose pieces have the given voxels (in
// their assembled positions). Pieces must not overlap.
func New(g polyform.Grid, pieces [][]polyform.Cell) (*Disassembler, error) {
	first, last, err := dirs(g)
	if err != nil {
		return nil, err
	}
	if len(pieces) > MaxPieces {
		return nil, fmt.Errorf("disassembly: %d pieces, at most %d", len(pieces), MaxPieces)
	}
	d := &Disassembler{pieces: pieces, first: first, last: last, axes: axes[first>>1 : last>>1], cache: map[pairKey][maxAxes]int32{}}
	seen := map[polyform.Cell]int{}
	for i, p := range pieces {
		if len(p) == 0 {
			return nil, fmt.Errorf("disassembly: piece %d has no voxel", i)
		}
		for _, c := range p {
			if j, ok := seen[c]; ok {
				return nil, fmt.Errorf("disassembly: pieces %d and %d overlap at %v", j, i, c)
			}
			seen[c] = i
			if abs(c.X) > limit || abs(c.Y) > limit || abs(c.Z) > limit {
				return nil, fmt.Errorf("disassembly: voxel %v of piece %d is too far out (at most %d)", c, i, limit)
			}
			if !onGrid(g, c) {
				return nil, fmt.Errorf("disassembly: voxel %v of piece %d is not a cell of the %v grid", c, i, g)
			}
		}
		ls := make([]lines, len(d.axes))
		for a := range d.axes {
			ls[a] = d.axes[a].lines(p)
		}
		d.lines = append(d.lines, ls)
	}
	return d, nil
}

// lines returns the lines of piece p along axis a.
func (a *axis) lines(p []polyform.Cell) lines {
	l := lines{own: map[polyform.Cell][]int32{}, block: map[polyform.Cell][]int32{}}
	for _, c := range p {
		k, h := a.key(c), int32(2*a.param(c))
		l.own[k] = insertSorted(l.own[k], h)
		l.block[k] = insertSorted(l.block[k], h)
		if a.hasMid {
			// The cell of the other kind whose step crosses c.
			from := add(c, scale(a.mid[1-down(c)], -1))
			k, h := a.key(from), int32(2*a.param(from)+1)
			l.block[k] = insertSorted(l.block[k], h)
		}
	}
	return l
}

// limit bounds coordinates so that offsets fit in int16 with room for the
// moves of a search.
const limit = 1 << 12

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func insertSorted(s []int32, v int32) []int32 {
	i := len(s)
	s = append(s, v)
	for i > 0 && s[i-1] > v {
		s[i] = s[i-1]
		i--
	}
	s[i] = v
	return s
}

// dist returns, for each axis, how many steps piece i can move in the
// positive direction before it meets piece j, when j lies at offset rel
// from i (infinite if never).
func (d *Disassembler) dist(i, j int, rel [3]int16) [maxAxes]int32 {
	key := pairKey{int8(i), int8(j), rel}
	if v, ok := d.cache[key]; ok {
		return v
	}
	var out [maxAxes]int32
	t := polyform.Cell{X: int(rel[0]), Y: int(rel[1]), Z: int(rel[2])}
	for a := range d.axes {
		ax := &d.axes[a]
		best := int32(infinite)
		kt, shift := ax.key(t), int32(2*ax.param(t))
		for line, xs := range d.lines[i][a].own {
			ys := d.lines[j][a].block[add(line, scale(kt, -1))]
			if len(ys) == 0 {
				continue
			}
			// The nearest blocking position beyond each cell of i: a
			// cell at 2k, or a crossing at 2k-1, allows k-1 steps.
			k := 0
			for _, x := range xs {
				for k < len(ys) && ys[k]+shift <= x {
					k++
				}
				if k == len(ys) {
					break
				}
				if g := (ys[k] + shift - x - 1) / 2; g < best {
					best = g
				}
			}
		}
		out[a] = best
	}
	d.cache[key] = out
	return out
}

// node is a position of a search: the offsets of its pieces from their
// assembled positions, relative to the first piece (so positions that
// differ by a shift of everything are one).
type node struct {
	key    string // the offsets, 3 int16 per piece after the first
	parent *node
	move   move
}

type move struct {
	group  uint64
	dir    Dir
	amount int
}

func encode(off [][3]int16) string {
	b := make([]byte, 0, 6*len(off))
	o := off[0]
	for _, v := range off[1:] {
		for a := range 3 {
			x := uint16(v[a] - o[a])
			b = append(b, byte(x), byte(x>>8))
		}
	}
	return string(b)
}

func decode(key string, off [][3]int16) {
	off[0] = [3]int16{}
	for i := 1; i < len(off); i++ {
		for a := range 3 {
			k := 6*(i-1) + 2*a
			off[i][a] = int16(uint16(key[k]) | uint16(key[k+1])<<8)
		}
	}
}

// Disassemble finds how the whole assembly comes apart; nil if it does
// not (with a nil error), as for a single piece, which BurrTools does not
// count as a solution either. The error is the context's or
// search.ErrNodeLimit.
func (d *Disassembler) Disassemble(ctx context.Context) (*Separation, error) {
	n := len(d.pieces)
	if n < 2 {
		return nil, nil
	}
	pcs := make([]int, n)
	for i := range pcs {
		pcs[i] = i
	}
	return d.separate(ctx, pcs, make([][3]int16, n))
}

// separate takes apart the pieces pcs starting at offsets off.
func (d *Disassembler) separate(ctx context.Context, pcs []int, off [][3]int16) (*Separation, error) {
	k := len(pcs)
	g := newGen(d, pcs)
	start := &node{key: encode(off)}
	fronts := [3]map[string]bool{{}, {start.key: true}, {}} // old, current, new
	open, next := []*node{start}, []*node(nil)
	cur := make([][3]int16, k)
	d.nodes = 0
	for len(open) > 0 {
		for _, nd := range open {
			if d.nodes++; d.nodes&1023 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			if d.MaxNodes > 0 && int64(d.nodes) > d.MaxNodes {
				return nil, search.ErrNodeLimit
			}
			decode(nd.key, cur)
			g.prepare(cur)
			if grp, dir, ok := g.removal(); ok {
				return d.split(ctx, pcs, nd, cur, d.heavier(pcs, move{grp, dir, 0}))
			}
			g.moves(func(m move) {
				to := make([][3]int16, k)
				copy(to, cur)
				v := m.dir.step(polyform.Cell{}, m.amount)
				for i := range k {
					if m.group&(1<<i) != 0 {
						to[i][0] += int16(v.X)
						to[i][1] += int16(v.Y)
						to[i][2] += int16(v.Z)
					}
				}
				key := encode(to)
				if fronts[0][key] || fronts[1][key] || fronts[2][key] {
					return
				}
				fronts[2][key] = true
				next = append(next, &node{key, nd, d.heavier(pcs, m)})
			})
		}
		open, next = next, open[:0]
		fronts = [3]map[string]bool{fronts[1], fronts[2], {}}
	}
	return nil, nil
}

// split builds the separation found at nd by removing group r, after
// taking apart both parts (the one that stays first); nil if either does
// not come apart.
func (d *Disassembler) split(ctx context.Context, pcs []int, nd *node, at [][3]int16, last move) (*Separation, error) {
	s := &Separation{Pieces: pcs}
	var path []move
	for p := nd; p.parent != nil; p = p.parent {
		path = append(path, p.move)
	}
	for i := len(path) - 1; i >= 0; i-- {
		s.Moves = append(s.Moves, Move{Pieces: members(pcs, path[i].group), Dir: path[i].dir, Amount: path[i].amount})
	}
	s.Moves = append(s.Moves, Move{Pieces: members(pcs, last.group), Dir: last.dir, Away: true})
	for _, removed := range []bool{false, true} {
		var sub []int
		var off [][3]int16
		for i, p := range pcs {
			if (last.group&(1<<i) != 0) == removed {
				sub = append(sub, p)
				off = append(off, at[i])
			}
		}
		if len(sub) == 1 || d.oneGroup(sub) {
			continue
		}
		part, err := d.separate(ctx, sub, off)
		if part == nil || err != nil {
			return nil, err
		}
		if removed {
			s.Removed = part
		} else {
			s.Stay = part
		}
	}
	return s, nil
}

// heavier returns m, or the same change of position made by the other
// pieces moving the opposite way when the heaviest moving piece
// outweighs every piece that stays (BurrTools' rule).
func (d *Disassembler) heavier(pcs []int, m move) move {
	if d.Weights == nil {
		return m
	}
	moving, still := 0, 0
	for i, p := range pcs {
		if m.group&(1<<i) != 0 {
			moving = max(moving, d.Weights[p])
		} else {
			still = max(still, d.Weights[p])
		}
	}
	if still < moving {
		m.group = (uint64(1)<<len(pcs) - 1) &^ m.group
		m.dir ^= 1
	}
	return m
}

// oneGroup reports whether the pieces all belong to one group.
func (d *Disassembler) oneGroup(pcs []int) bool {
	if d.Groups == nil {
		return false
	}
	g := d.Groups[pcs[0]]
	for _, p := range pcs {
		if d.Groups[p] != g {
			return false
		}
	}
	return g != 0
}

func members(pcs []int, group uint64) []int {
	var out []int
	for i, p := range pcs {
		if group&(1<<i) != 0 {
			out = append(out, p)
		}
	}
	return out
}

// gen generates the moves of one position: blocked[d][i][j] is how far
// piece i can slide in the grid's direction d (from the first) while
// piece j stays (infinite if it never meets it).
type gen struct {
	d       *Disassembler
	pcs     []int
	blocked [2 * maxAxes][][]int32
	found   []move // the moves of the current direction, for unions
	seen    map[move]bool
}

func newGen(d *Disassembler, pcs []int) *gen {
	g := &gen{d: d, pcs: pcs, seen: map[move]bool{}}
	k := len(pcs)
	for dir := range 2 * len(d.axes) {
		g.blocked[dir] = make([][]int32, k)
		for i := range k {
			g.blocked[dir][i] = make([]int32, k)
		}
	}
	return g
}

func (g *gen) prepare(off [][3]int16) {
	k := len(g.pcs)
	for i := range k {
		for j := range k {
			if i == j {
				continue
			}
			rel := [3]int16{off[j][0] - off[i][0], off[j][1] - off[i][1], off[j][2] - off[i][2]}
			dst := g.d.dist(g.pcs[i], g.pcs[j], rel)
			for a := range g.d.axes {
				g.blocked[2*a][i][j] = dst[a]   // i moves +a toward j
				g.blocked[2*a+1][j][i] = dst[a] // j moves -a toward i: the same gap
			}
		}
	}
}

// closure is the smallest group holding piece p that can slide amount
// units in direction dir, or ok false if it has more than most pieces.
func (g *gen) closure(p int, dir Dir, amount int32, most int) (uint64, bool) {
	group := uint64(1) << p
	todo := group
	size := 1
	b := g.blocked[dir-g.d.first]
	for todo != 0 {
		i := bits.TrailingZeros64(todo)
		todo &^= 1 << i
		for j, gap := range b[i] {
			if gap < amount && group&(1<<j) == 0 {
				if size++; size > most {
					return 0, false
				}
				group |= 1 << j
				todo |= 1 << j
			}
		}
	}
	return group, true
}

// removal finds a piece, else a group of at most half the pieces, that
// can slide away for good, in BurrTools' order.
func (g *gen) removal() (uint64, Dir, bool) {
	for _, most := range []int{1, len(g.pcs) / 2} {
		for dir := g.d.first; dir < g.d.last; dir++ {
			for p := range g.pcs {
				if grp, ok := g.closure(p, dir, infinite, most); ok {
					return grp, dir, true
				}
			}
		}
	}
	return 0, 0, false
}

// moves calls emit with every move of the position that does not take a
// group away: for each direction and piece the smallest group moving the
// piece by 1, 2, ... units, of at most half the pieces, and every union
// of those moved by the same amount (but not all the pieces).
func (g *gen) moves(emit func(move)) {
	k := len(g.pcs)
	all := uint64(1)<<k - 1
	for dir := g.d.first; dir < g.d.last; dir++ {
		g.found = g.found[:0]
		clear(g.seen)
		for p := range k {
			for amount := 1; ; amount++ {
				grp, ok := g.closure(p, dir, int32(amount), k/2)
				if !ok {
					break
				}
				m := move{grp, dir, amount}
				if g.seen[m] {
					continue
				}
				before := len(g.found)
				g.add(m, emit)
				for _, f := range g.found[:before] {
					if f.amount != amount {
						continue
					}
					if u := f.group | grp; u != all && u != f.group && u != grp {
						if um := (move{u, dir, amount}); !g.seen[um] {
							g.add(um, emit)
						}
					}
				}
			}
		}
	}
}

func (g *gen) add(m move, emit func(move)) {
	g.seen[m] = true
	g.found = append(g.found, m)
	emit(m)
}
