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
	radix, weight [MaxPatternTiles]uint64
	recip         [MaxPatternTiles]uint64 // 2^64/radix rounded up
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
		return nil, fmt.Errorf("tiles: pattern of %d tiles: want 1..%d and fewer than %d", len(tiles), MaxPatternTiles, n-2)
	}
	p := &Pattern{rows: goal.Rows, cols: goal.Cols, n: n, goal: goal, tiles: append([]uint8(nil), tiles...),
		pl: pdb.Placements{N: n, K: len(tiles)}}
	w := uint64(1)
	for i := len(tiles) - 1; i >= 0; i-- {
		p.radix[i] = uint64(n - i)
		p.recip[i] = ^uint64(0)/p.radix[i] + 1
		p.weight[i] = w
		w *= p.radix[i]
	}
	seen := map[uint8]bool{}
	for _, t := range tiles {
		if t == 0 || int(t) >= n || seen[t] {
			return nil, fmt.Errorf("tiles: pattern tile %d: want distinct tiles 1..%d", t, n-1)
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

// decode writes the cells of placement index into cells and the tile on
// each cell into tileAt (tiles counted from 1, 0 for none) and returns the
// mask of the cells used: the digits of the mixed-radix rank, each the
// tile's cell among those the earlier tiles left free.
func (p *Pattern) decode(index uint64, cells *[MaxPatternTiles]int8, tileAt *[MaxCells]int8) uint64 {
	k := len(p.tiles)
	var digit [MaxPatternTiles]int
	for i := k - 1; i >= 0; i-- {
		// index / radix as a multiplication by the reciprocal, exact for
		// indexes below 2^58 (ranks of up to 8 tiles in 64 cells are below
		// 2^48).
		q, _ := bits.Mul64(index, p.recip[i])
		digit[i] = int(index - q*p.radix[i])
		index = q
	}
	var used uint64
	for i := 0; i < k; i++ {
		c := selectBit(p.all&^used, digit[i])
		cells[i] = int8(c)
		tileAt[c] = int8(i + 1)
		used |= 1 << uint(c)
	}
	return used
}

// selectBit returns the position of the j-th (from 0) set bit of x, which
// has more than j, a byte at a time.
func selectBit(x uint64, j int) int {
	base := 0
	for {
		c := bits.OnesCount8(uint8(x))
		if j < c {
			return base + int(selectInByte[uint8(x)][j])
		}
		j -= c
		x >>= 8
		base += 8
	}
}

// selectInByte[b][j] is the position of the j-th set bit of b.
var selectInByte = func() (t [256][8]uint8) {
	for b := range 256 {
		j := 0
		for i := range 8 {
			if b>>i&1 == 1 {
				t[b][j] = uint8(i)
				j++
			}
		}
	}
	return t
}()

// Expand implements pdb.Space: it decodes the placement once and follows
// each of the blank's regions that holds one of the sub-states subs. The
// rank of a successor is the entry's rank changed by the moved tile's
// digit and, for a vertical move, the digits of the later tiles on the
// cells between the tile's two cells: a move changes no other digit.
func (p *Pattern) Expand(index, subs uint64, next []pdb.State) (uint64, int, []pdb.State) {
	var cells [MaxPatternTiles]int8
	var tileAt [MaxCells]int8
	k := len(p.tiles)
	used := p.decode(index, &cells, &tileAt)
	free := p.all &^ used
	var blanks uint64 // the sub-states as cells: sub j is the j-th free cell
	for m := subs; m != 0; m &= m - 1 {
		blanks |= 1 << uint(selectBit(free, bits.TrailingZeros64(m)))
	}
	var class uint64
	for blanks != 0 {
		reg := p.region(bits.TrailingZeros64(blanks), free)
		blanks &^= reg
		for m := reg; m != 0; m &= m - 1 {
			c := uint(bits.TrailingZeros64(m))
			class |= 1 << uint(bits.OnesCount64(free&(1<<c-1)))
		}
		// The pattern tiles next to the region, each moving into it.
		next4 := (reg<<1&p.notFirstCol | reg>>1&p.notLastCol | reg<<uint(p.cols) | reg>>uint(p.cols)) & used
		for ; next4 != 0; next4 &= next4 - 1 {
			a := bits.TrailingZeros64(next4)
			i := int(tileAt[a]) - 1
			for m := p.nbMask[a] & reg; m != 0; m &= m - 1 {
				b := bits.TrailingZeros64(m)
				var delta uint64 // |change of the rank|
				if b == a+1 || b == a-1 {
					delta = p.weight[i]
				} else {
					lo, hi := min(a, b), max(a, b)
					digit := uint64(p.cols)
					for btw := used & (1<<uint(hi) - 1) &^ (1<<uint(lo+1) - 1); btw != 0; btw &= btw - 1 {
						if j := int(tileAt[bits.TrailingZeros64(btw)]) - 1; j < i {
							digit--
						} else {
							delta += p.weight[j]
						}
					}
					delta += digit * p.weight[i]
				}
				r := index + delta
				if b < a {
					r = index - delta
				}
				nfree := free ^ (1 << uint(b)) ^ (1 << uint(a))
				next = append(next, pdb.State{Index: r, Sub: uint32(bits.OnesCount64(nfree & (1<<uint(a) - 1)))})
			}
		}
	}
	return class, p.manhattan(cells[:k]), next
}
