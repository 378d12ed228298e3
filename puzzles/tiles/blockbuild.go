package tiles

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/search"
)

// Build implements pdb.Builder: the pattern's table by a breadth-first
// search over blocks of states rather than states one at a time.
//
// A placement of the k pattern tiles is split into its mask (which cells
// they cover, one of C(n, k)) and its order (which tile is on each of those
// cells, one of k!). Every placement with the same mask has the same free
// cells, so the same regions of the blank, and a region is a state of the
// 0-1 search (its cells are a class under the free moves): a block is a
// (mask, region) pair, and its states are a bitmap over the k! orders. A
// move of a pattern tile from cell a into cell b of the region leads, for
// every order of the block, to one block (mask with a and b swapped, the
// region there that holds a), and changes the order only when other
// pattern tiles lie between a and b in cell order (a vertical move): the
// tile's position among the covered cells moves and the tiles in between
// shift by one. So a layer is, per block, an OR of its neighbour blocks'
// frontier bitmaps, word by word where the order is kept and through a
// precomputed table of k! orders where it is not. Each worker owns the
// blocks of the masks it takes from a shared counter and pulls from the
// neighbours' frontiers, which nobody writes during the layer: no atomic
// operation, no lock, no per-state map.
//
// The depth at which each (mask, order) is first reached goes in a byte
// (a bitmap over the entries tells the first time); a last pass over the
// table in its own rank order looks each entry's depth up and stores it
// relative to the Manhattan distance, as Expand's search does. Memory: 3
// bits per (region, order), a byte per entry, the table, and the move
// lists (BlockMemory). A pattern with more masks than the block build
// indexes (8 tiles of boards of more than about 40 cells) is built by the
// generic pdb.Build.
func (p *Pattern) Build(ctx context.Context, o pdb.Options) (*pdb.Table, error) {
	workers := search.Workers(o.Workers)
	need, err := p.BlockMemory()
	if errors.Is(err, errTooManyMasks) {
		return pdb.Build(ctx, p, o)
	}
	if err != nil {
		return nil, err
	}
	if o.MaxMem > 0 && need > o.MaxMem {
		return nil, fmt.Errorf("%w: %s needs %d MB, the budget is %d MB", pdb.ErrMemory, p.ID(), need>>20, o.MaxMem>>20)
	}
	if need > collectAbove {
		runtime.GC() // an earlier build's arrays may still be garbage
	}
	start := time.Now()
	ctx, cancel := o.Limits.Context(ctx)
	defer cancel()
	bs := newBlockSpace(p)
	if err := bs.moves(ctx, workers); err != nil {
		return nil, fmt.Errorf("tiles: pdb: %s: %w", p.ID(), err)
	}
	b := bs.newBFS()
	var filled uint64
	var reached int64
	for depth := 0; ; depth++ {
		if o.Progress != nil {
			o.Progress(pdb.Layer{Depth: depth, States: b.layerStates, Entries: b.layerEntries, Filled: filled + uint64(b.layerEntries),
				Size: p.Size(), Elapsed: time.Since(start)})
		}
		filled += uint64(b.layerEntries)
		reached += b.layerStates
		if depth+1 > maxDepth {
			return nil, fmt.Errorf("tiles: pdb: %s: depth %d exceeds the build's %d", p.ID(), depth+1, maxDepth)
		}
		more, err := b.layer(ctx, depth, workers)
		if err != nil {
			return nil, fmt.Errorf("tiles: pdb: %s: %w", p.ID(), err)
		}
		if !more {
			break
		}
		if o.MaxNodes > 0 && reached >= o.MaxNodes {
			return nil, fmt.Errorf("tiles: pdb: %s: %w after %d states", p.ID(), search.ErrNodeLimit, reached)
		}
	}
	if filled != p.Size() {
		return nil, fmt.Errorf("tiles: pdb: %s: %d of %d entries unreachable from the goals", p.ID(), p.Size()-filled, p.Size())
	}
	b.cur, b.next, b.reached = nil, nil, nil // the pass below needs only the depths
	if need > collectAbove {
		runtime.GC() // so that the table takes the bitmaps' place
	}
	t := pdb.NewTable(p.ID(), p.Size())
	if err := b.store(ctx, t.Words(), workers); err != nil {
		return nil, fmt.Errorf("tiles: pdb: %s: %w", p.ID(), err)
	}
	return t, nil
}

// collectAbove is the build memory above which Build first runs the
// garbage collector, so that the tables of a partition, built back to
// back, do not each add their arrays to the last one's garbage.
const collectAbove = 64 << 20

// maxDepth is the largest depth a byte holds.
const maxDepth = 255

// maxMasks bounds the masks of a build: block indexes are 32-bit, and a
// mask has at most a few blocks.
const maxMasks = 1 << 28

var errTooManyMasks = errors.New("tiles: too many masks for the block build")

// BuildMemory implements pdb.BuildMemorer: BlockMemory, or pdb's
// generic build's memory for a pattern the block build does not index.
func (p *Pattern) BuildMemory(workers int) int64 {
	if need, err := p.BlockMemory(); err == nil {
		return need
	}
	return pdb.BuildMemory(p, workers)
}

// BlockMemory returns the bytes Build takes: three bitmaps over the
// blocks' orders, a byte an entry, the table and the move lists, counted
// exactly by a pass over the masks.
func (p *Pattern) BlockMemory() (int64, error) {
	k := len(p.tiles)
	nmasks := binomial(p.n, k)
	if nmasks > maxMasks {
		return 0, fmt.Errorf("%w: %s: %d masks of %d cells in %d, at most %d", errTooManyMasks, p.ID(), nmasks, k, p.n, maxMasks)
	}
	var blocks, moves uint64
	m := uint64(1)<<uint(k) - 1
	for range nmasks {
		free := p.all &^ m
		for f := free; f != 0; blocks++ {
			f &^= p.region(bits.TrailingZeros64(f), free)
		}
		moves += uint64(bits.OnesCount64(m<<1&p.notFirstCol&free) + bits.OnesCount64(m>>1&p.notLastCol&free) +
			bits.OnesCount64(m<<uint(p.cols)&free) + bits.OnesCount64(m>>uint(p.cols)&free))
		m = nextMask(m)
	}
	nperm := factorial(k)
	wpb := (nperm + 63) / 64
	return int64(3*blocks*wpb*8 + nmasks*wpb*(64+8) + (nmasks*nperm+15)/16*8 + moves*8 + blocks*12), nil
}

// nextMask returns the next mask of as many cells after m in increasing
// order, which is colexicographic order (Gosper's hack).
func nextMask(m uint64) uint64 {
	c := m & -m
	r := m + c
	return ((r^m)>>2)/c | r
}

func binomial(n, k int) uint64 {
	if k < 0 || k > n {
		return 0
	}
	c := uint64(1)
	for i := 0; i < k; i++ {
		c = c * uint64(n-i) / uint64(i+1)
	}
	return c
}

func factorial(k int) uint64 {
	f := uint64(1)
	for i := 2; i <= k; i++ {
		f *= uint64(i)
	}
	return f
}

// blockSpace holds what a block build derives from the pattern: the masks
// in colexicographic order (the rank of a mask is its index), the blocks
// of each mask, and the moves into each block.
type blockSpace struct {
	p     *Pattern
	k, n  int
	nperm int // k!
	wpb   int // words per block bitmap
	masks []uint64
	// binom[c][j] is C(c, j): a mask's rank is the sum of
	// binom[c_j][j+1] over its cells c_0 < c_1 < ..., in colex order.
	binom [MaxCells + 1][MaxPatternTiles + 2]uint64
	// Mask m's blocks are first[m] .. first[m+1]-1, one per region of its
	// free cells in the order of their lowest cells; size is a block's
	// number of cells.
	first []uint32
	size  []uint8
	// The moves into block t are in[inAt[t]:inAt[t+1]].
	inAt []uint32
	in   []blockMove
	// trans[q*k+p][order] is the order after the tile at position q (in
	// cell order) moves to position p; nil where no move needs it.
	trans [][]uint16
	order pdb.Placements // orders: tile i's position among the covered cells
}

// blockMove is a move into a block: from block src, through trans[tr]
// (identity if tr is noTrans).
type blockMove struct {
	src uint32
	tr  uint16
}

const noTrans = ^uint16(0)

func newBlockSpace(p *Pattern) *blockSpace {
	k := len(p.tiles)
	bs := &blockSpace{p: p, k: k, n: p.n, nperm: int(factorial(k)), order: pdb.Placements{N: k, K: k}}
	bs.wpb = (bs.nperm + 63) / 64
	for c := 0; c <= MaxCells; c++ {
		for j := 0; j < MaxPatternTiles+2; j++ {
			bs.binom[c][j] = binomial(c, j)
		}
	}
	nm := binomial(p.n, k)
	bs.masks = make([]uint64, 0, nm)
	// Gosper's hack: the k-subsets in increasing order, which is colex
	// order.
	m := uint64(1)<<uint(k) - 1
	for range nm {
		bs.masks = append(bs.masks, m)
		m = nextMask(m)
	}
	bs.first = make([]uint32, nm+1)
	for i, m := range bs.masks {
		free := p.all &^ m
		n := 0
		for free != 0 {
			free &^= p.region(bits.TrailingZeros64(free), p.all&^m)
			n++
		}
		bs.first[i+1] = bs.first[i] + uint32(n)
	}
	bs.size = make([]uint8, bs.first[nm])
	for i, m := range bs.masks {
		free := p.all &^ m
		for t := bs.first[i]; free != 0; t++ {
			reg := p.region(bits.TrailingZeros64(free), p.all&^m)
			free &^= reg
			bs.size[t] = uint8(bits.OnesCount64(reg))
		}
	}
	bs.trans = make([][]uint16, k*k)
	return bs
}

// rank returns the index of mask m.
func (bs *blockSpace) rank(m uint64) uint64 {
	var r uint64
	for j := 1; m != 0; j++ {
		r += bs.binom[bits.TrailingZeros64(m)][j]
		m &= m - 1
	}
	return r
}

// block returns the block of mask m whose region holds the free cell c.
func (bs *blockSpace) block(m uint64, c int) uint32 {
	t := bs.first[bs.rank(m)]
	free := bs.p.all &^ m
	for {
		reg := bs.p.region(bits.TrailingZeros64(free), bs.p.all&^m)
		if reg>>uint(c)&1 == 1 {
			return t
		}
		free &^= reg
		t++
	}
}

// moves fills the move lists: into block t of mask mt, the pattern tile
// on each covered cell a next to t's region moves back out of each cell b
// of the region next to it, from the block of mask mt-a+b that holds a.
func (bs *blockSpace) moves(ctx context.Context, workers int) error {
	p := bs.p
	nb := int(bs.first[len(bs.masks)])
	counts := make([]uint32, nb+1)
	// Two passes over the masks, one to count and one to fill, each split
	// among the workers by ranges of masks.
	each := func(f func(mi int)) error {
		return eachChunk(ctx, workers, len(bs.masks), 256, func(_, lo, hi int) error {
			for mi := lo; mi < hi; mi++ {
				f(mi)
			}
			return nil
		})
	}
	visit := func(mi int, f func(t uint32, mv blockMove)) {
		m := bs.masks[mi]
		free := p.all &^ m
		for t := bs.first[mi]; free != 0; t++ {
			reg := p.region(bits.TrailingZeros64(free), free)
			free &^= reg
			next4 := (reg<<1&p.notFirstCol | reg>>1&p.notLastCol | reg<<uint(p.cols) | reg>>uint(p.cols)) & m
			for ; next4 != 0; next4 &= next4 - 1 {
				a := bits.TrailingZeros64(next4)
				for to := p.nbMask[a] & reg; to != 0; to &= to - 1 {
					b := bits.TrailingZeros64(to)
					ms := m ^ 1<<uint(a) ^ 1<<uint(b)
					q := bits.OnesCount64(ms & (1<<uint(b) - 1)) // the tile's position in the source
					pp := bits.OnesCount64(m & (1<<uint(a) - 1)) // and in t
					tr := noTrans
					if q != pp {
						tr = uint16(q*bs.k + pp)
					}
					f(t, blockMove{src: bs.block(ms, a), tr: tr})
				}
			}
		}
	}
	if err := each(func(mi int) {
		visit(mi, func(t uint32, _ blockMove) { counts[t+1]++ })
	}); err != nil {
		return err
	}
	for t := 1; t <= nb; t++ {
		counts[t] += counts[t-1]
	}
	bs.inAt = counts
	bs.in = make([]blockMove, counts[nb])
	fill := make([]uint32, nb)
	used := make([]bool, bs.k*bs.k)
	var mu sync.Mutex
	if err := each(func(mi int) {
		var mine []uint16
		visit(mi, func(t uint32, mv blockMove) {
			bs.in[bs.inAt[t]+fill[t]] = mv
			fill[t]++
			if mv.tr != noTrans {
				mine = append(mine, mv.tr)
			}
		})
		// The moves that keep the order first: their word-wide ORs fill
		// the target before the moves through tables, which then skip
		// what is already there when they pull.
		for t := bs.first[mi]; t < bs.first[mi+1]; t++ {
			slices.SortStableFunc(bs.in[bs.inAt[t]:bs.inAt[t+1]], func(x, y blockMove) int {
				return cmp.Compare(y.tr, x.tr) // noTrans, the largest, first
			})
		}
		if len(mine) > 0 {
			mu.Lock()
			for _, tr := range mine {
				used[tr] = true
				used[int(tr)%bs.k*bs.k+int(tr)/bs.k] = true // its inverse, for pulling
			}
			mu.Unlock()
		}
	}); err != nil {
		return err
	}
	var cells, moved [MaxPatternTiles]int8
	for tr, u := range used {
		if !u {
			continue
		}
		q, pp := tr/bs.k, tr%bs.k
		tab := make([]uint16, bs.nperm)
		for o := range tab {
			bs.order.Unrank(uint64(o), cells[:])
			for i, c := range cells[:bs.k] {
				switch {
				case int(c) == q:
					moved[i] = int8(pp)
				case q < pp && int(c) > q && int(c) <= pp:
					moved[i] = c - 1
				case pp < q && int(c) >= pp && int(c) < q:
					moved[i] = c + 1
				default:
					moved[i] = c
				}
			}
			tab[o] = uint16(bs.order.Rank(moved[:]))
		}
		bs.trans[tr] = tab
	}
	return nil
}

// bfs is the state of a block search: the frontier (states first reached
// at the current depth), the next layer and the reached states, each a
// bitmap of wpb words per block; how many states of each block are in the
// frontier (curN, nextN) and reached; and each entry's depth, entry (mask
// m, order o) at m*wpb*64+o, set the first time its bit in entries is.
type bfs struct {
	bs                  *blockSpace
	cur, next, reached  []uint64
	curN, nextN         []uint32
	count               []uint32
	done                []bool // per mask: all its blocks full
	depth               []uint8
	entries             []uint64
	layerStates         int64
	layerEntries        int64
	nextStates, nextEnt atomic.Int64
}

func (bs *blockSpace) newBFS() *bfs {
	nb := len(bs.size)
	b := &bfs{bs: bs, cur: make([]uint64, nb*bs.wpb), next: make([]uint64, nb*bs.wpb), reached: make([]uint64, nb*bs.wpb),
		curN: make([]uint32, nb), nextN: make([]uint32, nb), count: make([]uint32, nb), done: make([]bool, len(bs.masks)),
		depth: make([]uint8, len(bs.masks)*bs.wpb*64), entries: make([]uint64, len(bs.masks)*bs.wpb)}
	for _, m := range [][]uint64{b.cur, b.next, b.reached, b.entries, unsafe.Slice((*uint64)(unsafe.Pointer(&b.depth[0])), len(b.depth)/8)} {
		pdb.AdviseHuge(m) // read at random: with 4 KB pages nearly every access would miss the TLB too
	}
	p := bs.p
	var goal uint64
	var pos [MaxPatternTiles]int8
	for _, t := range p.tiles {
		goal |= 1 << uint(p.goalCell[t])
	}
	for i, t := range p.tiles {
		pos[i] = int8(bits.OnesCount64(goal & (1<<uint(p.goalCell[t]) - 1)))
	}
	t := bs.block(goal, int(p.goalCell[0]))
	o := bs.order.Rank(pos[:])
	b.cur[int(t)*bs.wpb+int(o>>6)] |= 1 << (o & 63)
	b.reached[int(t)*bs.wpb+int(o>>6)] |= 1 << (o & 63)
	b.curN[t] = 1
	b.count[t] = 1
	b.entries[bs.rank(goal)*uint64(bs.wpb)+o>>6] |= 1 << (o & 63)
	b.layerStates, b.layerEntries = int64(bs.size[t]), 1
	return b
}

// pullAbove is the size of a source's frontier above which pull counts
// the target's states still open, to choose the cheaper direction.
const pullAbove = 256

// open returns the number of states of a block that are neither reached
// nor in acc.
func (b *bfs) open(acc, r []uint64) int {
	n := 0
	for i, x := range acc {
		n += bits.OnesCount64(^(x | r[i]))
	}
	return n - (len(acc)*64 - b.bs.nperm)
}

// maskGrab is the number of masks a worker takes at a time.
const maskGrab = 32

// layer computes the states at depth+1 from those at depth and reports
// whether there were any.
func (b *bfs) layer(ctx context.Context, depth, workers int) (bool, error) {
	clear(b.nextN)
	b.nextStates.Store(0)
	b.nextEnt.Store(0)
	acc := make([][]uint64, workers)
	for w := range acc {
		acc[w] = make([]uint64, b.bs.wpb)
	}
	err := eachChunk(ctx, workers, len(b.bs.masks), maskGrab, func(w, lo, hi int) error {
		var states, entries int64
		for mi := lo; mi < hi; mi++ {
			s, e := b.pull(mi, uint8(depth+1), acc[w])
			states += s
			entries += e
		}
		b.nextStates.Add(states)
		b.nextEnt.Add(entries)
		return nil
	})
	if err != nil {
		return false, err
	}
	b.cur, b.next = b.next, b.cur
	b.curN, b.nextN = b.nextN, b.curN
	b.layerStates, b.layerEntries = b.nextStates.Load(), b.nextEnt.Load()
	return b.layerStates > 0, nil
}

// pull computes the next layer's states of mask mi's blocks from their
// neighbours' frontiers and records the depth d of the entries they reach
// first. It returns the states (counted per cell of the blank, as the
// generic build does) and the entries. A move through an order table
// costs a lookup per frontier state of the source, or, where fewer states
// of the target are unreached, per such state through the inverse table
// (direction-optimizing, as Beamer, Asanovic and Patterson 2012).
func (b *bfs) pull(mi int, d uint8, acc []uint64) (states, entries int64) {
	if b.done[mi] {
		return 0, 0
	}
	bs := b.bs
	wpb := bs.wpb
	full := true
	pad := ^uint64(0) << (bs.nperm & 63) // the last word's bits past nperm
	if bs.nperm&63 == 0 {
		pad = 0
	}
	for t := bs.first[mi]; t < bs.first[mi+1]; t++ {
		if int(b.count[t]) == bs.nperm {
			continue
		}
		full = false
		any := false
		r := b.reached[int(t)*wpb : int(t)*wpb+wpb]
		for _, mv := range bs.in[bs.inAt[t]:bs.inAt[t+1]] {
			if b.curN[mv.src] == 0 {
				continue
			}
			if !any {
				clear(acc)
				any = true
			}
			src := b.cur[int(mv.src)*wpb : int(mv.src)*wpb+wpb]
			switch {
			case mv.tr == noTrans:
				for i, x := range src {
					acc[i] |= x
				}
			case b.curN[mv.src] > pullAbove && b.open(acc, r) < int(b.curN[mv.src]):
				inv := bs.trans[mv.tr%uint16(bs.k)*uint16(bs.k)+mv.tr/uint16(bs.k)]
				for i := range acc {
					x := ^(r[i] | acc[i])
					if i == wpb-1 {
						x &^= pad
					}
					for y := x; y != 0; y &= y - 1 {
						o := inv[i<<6|bits.TrailingZeros64(y)]
						acc[i] |= (src[o>>6] >> (o & 63) & 1) << bits.TrailingZeros64(y)
					}
				}
			default:
				tab := bs.trans[mv.tr]
				for i, x := range src {
					for ; x != 0; x &= x - 1 {
						o := tab[i<<6|bits.TrailingZeros64(x)]
						acc[o>>6] |= 1 << (o & 63)
					}
				}
			}
		}
		if !any {
			continue
		}
		nx := b.next[int(t)*wpb : int(t)*wpb+wpb]
		n := 0
		for i, x := range acc {
			x &^= r[i]
			nx[i] = x
			r[i] |= x
			n += bits.OnesCount64(x)
		}
		if n == 0 {
			continue
		}
		b.nextN[t] = uint32(n)
		b.count[t] += uint32(n)
		states += int64(n) * int64(bs.size[t])
		dep := b.depth[mi*wpb*64 : (mi+1)*wpb*64]
		ent := b.entries[mi*wpb : (mi+1)*wpb]
		for i, x := range nx {
			x &^= ent[i]
			ent[i] |= x
			entries += int64(bits.OnesCount64(x))
			for ; x != 0; x &= x - 1 {
				dep[i<<6|bits.TrailingZeros64(x)] = d
			}
		}
	}
	if full {
		b.done[mi] = true
	}
	return states, entries
}

// storeGrab is the number of table words a worker takes at a time in the
// last pass.
const storeGrab = 4096

// store writes the table's entries in the pattern's rank order: each
// entry's depth, looked up by its mask and order, less the pattern tiles'
// Manhattan distance, halved.
func (b *bfs) store(ctx context.Context, words []uint64, workers int) error {
	size := b.bs.p.Size()
	return eachChunk(ctx, workers, len(words), storeGrab, func(_, lo, hi int) error {
		clear(words[lo:hi])
		if err := b.storeRange(uint64(lo)*16, min(uint64(hi)*16, size), words); err != nil {
			return err
		}
		if hi == len(words) && size%16 != 0 {
			words[hi-1] |= ^uint64(0) << (size % 16 * 4) // the last word's unused entries stay Unset
		}
		return nil
	})
}

// eachChunk runs f on the chunks lo..hi-1 of 0..n-1, grab at a time, on
// workers goroutines that take them from a shared counter (w is the
// goroutine's number), until all are done, f fails or ctx ends.
func eachChunk(ctx context.Context, workers, n, grab int, f func(w, lo, hi int) error) error {
	var at atomic.Int64
	var wg sync.WaitGroup
	var first atomic.Pointer[error]
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := int(at.Add(int64(grab))) - grab
				if lo >= n || ctx.Err() != nil || first.Load() != nil {
					return
				}
				if err := f(w, lo, min(lo+grab, n)); err != nil {
					first.CompareAndSwap(nil, &err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if e := first.Load(); e != nil {
		return *e
	}
	return search.ContextErr(ctx)
}

// storeRange stores entries lo..hi-1, whose words are zero. Ranks run
// through the last two tiles' cells fastest (a and c below): a group of
// ranks shares the other tiles' cells Q, and a rank's mask and order
// follow from how many cells of Q lie below a and c, through sums over Q
// computed once a group. Consecutive ranks look up nearby masks (Q with
// two more cells), so the lookups, at random over the depths, mostly hit
// the cache lines of the ranks just before.
func (b *bfs) storeRange(lo, hi uint64, words []uint64) error {
	bs := b.bs
	p, k := bs.p, bs.k
	if k < 2 {
		return b.storeOne(lo, hi, words)
	}
	r0 := uint64(p.n - k + 1) // the radix of the last tile's digit
	r1 := r0 + 1              // and of the one before
	tileA, tileC := int(p.tiles[k-2])*MaxCells, int(p.tiles[k-1])*MaxCells
	var cells [MaxPatternTiles]int8
	var tileAt [MaxCells]int8
	var free [MaxCells]int8 // the cells Q leaves free
	var below [MaxCells]int8
	// With j cells of Q below a cell: s[j][...] sums C(q_i, i+1+s) over
	// the cells q_0 < q_1 < ... of Q below index j, for s = 0, 1, 2; and
	// above[j] the order weights of the tiles of Q from index j up.
	var sum [3][MaxPatternTiles]uint64
	var above [MaxPatternTiles]uint64
	var weight [MaxPatternTiles]uint64 // of the order's digit i: (k-1-i)!
	for i := range k {
		weight[i] = factorial(k - 1 - i)
	}
	span := uint64(bs.wpb) * 64 // entries of a mask, padded to whole words
	nq := k - 2
	for r := lo; r < hi; {
		g := r - r%(r1*r0)
		p.decode(g, &cells, &tileAt)
		q := uint64(0)
		md := 0
		for i, c := range cells[:nq] {
			q |= 1 << uint(c)
			md += int(p.md[int(p.tiles[i])*MaxCells+int(c)])
		}
		for _, c := range cells[nq:k] {
			tileAt[c] = 0
		}
		nf := 0
		for f := p.all &^ q; f != 0; f &= f - 1 {
			free[nf] = int8(bits.TrailingZeros64(f))
			nf++
		}
		j := int8(0)
		for c := 0; c < p.n; c++ {
			below[c] = j
			if q>>uint(c)&1 == 1 {
				j++
			}
		}
		// The order's digit i (a tile of Q) is the number of later tiles
		// on lower cells: those of Q here, a and c below.
		var orderQ uint64
		for i, c := range cells[:nq] {
			n := uint64(0)
			for _, c2 := range cells[i+1 : nq] {
				if c2 < c {
					n++
				}
			}
			orderQ += n * weight[i]
		}
		var idx int
		for f := q; f != 0; f &= f - 1 {
			c := bits.TrailingZeros64(f)
			for s := range 3 {
				sum[s][idx+1] = sum[s][idx] + bs.binom[c][idx+1+s]
			}
			idx++
		}
		above[nq] = 0
		for f, i := q, 0; f != 0; f &= f - 1 {
			above[i] = weight[tileAt[bits.TrailingZeros64(f)]-1]
			i++
		}
		for i := nq - 1; i >= 0; i-- {
			above[i] += above[i+1]
		}
		for _, c := range cells[:nq] {
			tileAt[c] = 0
		}
		for x := r - g; x < r1*r0 && g+x < hi; x++ {
			xa, xc := x/r0, x%r0
			a := uint(free[xa])
			if xc >= xa {
				xc++
			}
			c := uint(free[xc])
			ja, jc := int(below[a]), int(below[c])
			low, jlow, high, jhigh := a, ja, c, jc
			if c < a {
				low, jlow, high, jhigh = c, jc, a, ja
			}
			mask := sum[0][jlow] + sum[1][jhigh] - sum[1][jlow] + sum[2][nq] - sum[2][jhigh] + bs.binom[low][jlow+1] + bs.binom[high][jhigh+2]
			order := orderQ + above[ja] + above[jc]
			if c < a {
				order++
			}
			e := mask*span + order
			base := md + int(p.md[tileA+int(a)]) + int(p.md[tileC+int(c)])
			if err := b.put(words, g+x, e, base); err != nil {
				return err
			}
		}
		r = g + r1*r0
	}
	return nil
}

// storeOne is storeRange for a pattern of one tile, whose rank is its
// cell, its mask's rank too.
func (b *bfs) storeOne(lo, hi uint64, words []uint64) error {
	span := uint64(b.bs.wpb) * 64
	tile := int(b.bs.p.tiles[0]) * MaxCells
	for r := lo; r < hi; r++ {
		if err := b.put(words, r, r*span, int(b.bs.p.md[tile+int(r)])); err != nil {
			return err
		}
	}
	return nil
}

// put stores the depth of entry e of the search in entry i of the table,
// relative to base. Every entry has a depth: Build has counted them.
func (b *bfs) put(words []uint64, i, e uint64, base int) error {
	d := int(b.depth[e])
	v := d - base
	if v < 0 || v%2 != 0 || v/2 > pdb.MaxEntry {
		return fmt.Errorf("tiles: entry %d at distance %d, base %d: not storable in %d bits with scale 2", i, d, base, pdb.EntryBits)
	}
	words[i>>4] |= uint64(v/2) << (i & 15 * 4)
	return nil
}
