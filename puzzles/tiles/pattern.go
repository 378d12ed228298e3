package tiles

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/branchwise/branchwise/pdb"
)

// MaxPatternTiles is the most tiles a pattern may have: 8 tiles in 16
// cells is 518,918,400 entries (259 MB at 4 bits); more would not fit
// this project's machines.
const MaxPatternTiles = 8

// Pattern is the abstraction of a sliding-tile puzzle onto some of its
// tiles, for an additive (disjoint) pattern database: a state is where the
// pattern tiles are and where the blank is, and only moves of pattern tiles
// cost 1; the blank's moves among the other cells cost 0. The table keeps,
// per placement of the pattern tiles, the least over the blank's cells of
// the moves of pattern tiles needed to bring them home. It implements
// pdb.Space: Index is the placement's rank, Sub the blank's cell counted
// among the free cells. The table stores (distance - the pattern tiles'
// Manhattan distance) / 2: every pattern move changes that Manhattan
// distance by one, so the difference is even, and small.
type Pattern struct {
	rows, cols, n int
	tiles         []uint8
	goal          Board
	goalCell      [MaxCells]int8
	md            [MaxCells * MaxCells]uint8
	pl            pdb.Placements
	nbMask        [MaxCells]uint64
	all           uint64
	notFirstCol   uint64
	notLastCol    uint64
}

// NewPattern returns the pattern of tiles (each in 1..r*c-1, distinct) for
// the puzzle with goal goal.
func NewPattern(goal Board, tiles []uint8) (*Pattern, error) {
	if err := goal.Check(); err != nil {
		return nil, err
	}
	n := len(goal.Tiles)
	if len(tiles) < 1 || len(tiles) > MaxPatternTiles || len(tiles) >= n-1 {
		return nil, fmt.Errorf("pattern of %d tiles: want 1..%d and fewer than %d", len(tiles), MaxPatternTiles, n-2)
	}
	p := &Pattern{rows: goal.Rows, cols: goal.Cols, n: n, goal: goal, tiles: append([]uint8(nil), tiles...),
		pl: pdb.Placements{N: n, K: len(tiles)}}
	seen := map[uint8]bool{}
	for _, t := range tiles {
		if t == 0 || int(t) >= n || seen[t] {
			return nil, fmt.Errorf("pattern tile %d: want distinct tiles 1..%d", t, n-1)
		}
		seen[t] = true
	}
	for i, t := range goal.Tiles {
		p.goalCell[t] = int8(i)
	}
	for t := 1; t < n; t++ {
		g := int(p.goalCell[t])
		for c := 0; c < n; c++ {
			p.md[t*MaxCells+c] = uint8(abs(c/p.cols-g/p.cols) + abs(c%p.cols-g%p.cols))
		}
	}
	for c, nb := range neighbours(p.rows, p.cols) {
		for _, to := range nb {
			if to >= 0 {
				p.nbMask[c] |= 1 << uint(to)
			}
		}
	}
	p.all = uint64(1)<<uint(n) - 1
	if n == 64 {
		p.all = ^uint64(0)
	}
	for c := 0; c < n; c++ {
		if c%p.cols != 0 {
			p.notFirstCol |= 1 << uint(c)
		}
		if c%p.cols != p.cols-1 {
			p.notLastCol |= 1 << uint(c)
		}
	}
	return p, nil
}

// Tiles returns the pattern's tiles.
func (p *Pattern) Tiles() []uint8 { return p.tiles }

// ID implements pdb.Space.
func (p *Pattern) ID() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "tiles%dx%d-goal", p.rows, p.cols)
	for _, t := range p.goal.Tiles {
		sb.WriteString("." + strconv.Itoa(int(t)))
	}
	sb.WriteString("-pattern")
	for _, t := range p.tiles {
		sb.WriteString("." + strconv.Itoa(int(t)))
	}
	return sb.String()
}

// Size implements pdb.Space: n!/(n-k)! placements.
func (p *Pattern) Size() uint64 { return p.pl.Count() }

// Subs implements pdb.Space: the blank's possible cells.
func (p *Pattern) Subs() int { return p.n - len(p.tiles) }

// Scale implements pdb.Space.
func (p *Pattern) Scale() int { return 2 }

// Base implements pdb.Space: the pattern tiles' Manhattan distance.
func (p *Pattern) Base(i uint64) int {
	var cells [MaxPatternTiles]int8
	p.pl.Unrank(i, cells[:])
	return p.manhattan(cells[:len(p.tiles)])
}

func (p *Pattern) manhattan(cells []int8) int {
	h := 0
	for i, c := range cells {
		h += int(p.md[int(p.tiles[i])*MaxCells+int(c)])
	}
	return h
}

// Goals implements pdb.Space.
func (p *Pattern) Goals(buf []pdb.State) []pdb.State {
	var cells [MaxPatternTiles]int8
	for i, t := range p.tiles {
		cells[i] = p.goalCell[t]
	}
	var used uint64
	for _, c := range cells[:len(p.tiles)] {
		used |= 1 << uint(c)
	}
	blank := uint(p.goalCell[0])
	sub := bits.OnesCount64(^used & (1<<blank - 1))
	return append(buf, pdb.State{Index: p.pl.Rank(cells[:]), Sub: uint32(sub)})
}

// region returns the cells the blank reaches from blank through free.
func (p *Pattern) region(blank int, free uint64) uint64 {
	r := uint64(1) << uint(blank)
	for {
		g := r | (r<<1)&p.notFirstCol | (r>>1)&p.notLastCol | r<<uint(p.cols) | r>>uint(p.cols)
		g &= free
		if g == r {
			return r
		}
		r = g
	}
}

// Expand implements pdb.Space.
func (p *Pattern) Expand(s pdb.State, next []pdb.State) (uint64, []pdb.State) {
	var cells [MaxPatternTiles]int8
	used := p.pl.Unrank(s.Index, cells[:])
	free := p.all &^ used
	blank := pdb.SelectFree(used, int(s.Sub))
	reg := p.region(blank, free)
	var class uint64
	for m := reg; m != 0; m &= m - 1 {
		c := uint(bits.TrailingZeros64(m))
		class |= 1 << uint(bits.OnesCount64(free&(1<<c-1)))
	}
	k := len(p.tiles)
	for i := 0; i < k; i++ {
		from := cells[i]
		for m := p.nbMask[from] & reg; m != 0; m &= m - 1 {
			to := int8(bits.TrailingZeros64(m))
			cells[i] = to
			nfree := free ^ (1 << uint(to)) ^ (1 << uint(from))
			sub := bits.OnesCount64(nfree & (1<<uint(from) - 1))
			next = append(next, pdb.State{Index: p.pl.Rank(cells[:k]), Sub: uint32(sub)})
		}
		cells[i] = from
	}
	return class, next
}
