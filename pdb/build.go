package pdb

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/branchwise/branchwise/search"
)

// Options control a build.
type Options struct {
	// Workers is the number of goroutines (search.Workers: 0 is every
	// CPU).
	Workers int
	// Limits bound the build. MaxMem is the most memory it may take, in
	// bytes: a build that would need more fails before it allocates
	// (ErrMemory). MaxNodes stops it after the layer in which it has
	// reached that many states, MaxTime and MaxCPU when its time is out.
	search.Limits
	// Progress, if set, is called after every layer of the search.
	Progress func(Layer)
}

// Layer reports one layer of the breadth-first search.
type Layer struct {
	// Depth is the distance of the layer's states from the goals.
	Depth int
	// States is the number of states (Index, Sub) first reached at Depth.
	States int64
	// Entries is the number of table entries first reached at Depth.
	Entries int64
	// Filled is the number of entries reached so far, of Size.
	Filled, Size uint64
	// Elapsed is the time since the build began.
	Elapsed time.Duration
}

// ErrMemory is returned when a build would exceed Options.MaxMem; it wraps
// search.ErrMemLimit.
var ErrMemory = fmt.Errorf("pdb: build exceeds the memory budget (%w)", search.ErrMemLimit)

// chunkEntries is the number of entries a worker takes at a time. It is a
// multiple of 64 entries times blockWords*64 bits, so that a chunk's
// states fill whole words and whole summary blocks, which no other worker
// writes but through the next layer's bits; and small enough (16,000
// chunks in a layer of the 8-tile fifteen-puzzle table) to balance the
// cores, large enough that the shared counter is not contended.
const chunkEntries = 1 << 15

// blockWords is the number of words of a layer's bitmap that one bit of
// its summary stands for (a 64-byte cache line): the scan of a layer skips
// the blocks that no state of the layer falls in, so that the sparse first
// and last layers cost little.
const blockWords = 8

// Successors are not marked in the next layer where they are found but
// gathered per group of groupWords words of the bitmaps (a few MB, which
// stay in cache while a group is updated) and written a batch at a time,
// under the group's lock, with plain stores: the random updates of the
// layer bitmap neither take an atomic operation each nor miss the cache
// each. minGroupWords keeps a group's summary words its own (a summary
// word stands for 512 words); maxGroups bounds the batches' memory.
const (
	minGroupWords = 64 * blockWords
	maxGroups     = 1024
	batchLen      = 256
)

// collectAbove is the build memory above which Build first runs the
// garbage collector, so that back-to-back builds (the four tables of a
// partition) do not each add their bitmaps to the last one's garbage.
const collectAbove = 64 << 20

// hugePage is the size of a transparent huge page on amd64 and arm64
// Linux; bitmaps smaller than a few of them are not worth the advice.
const hugePage = 2 << 20

// stride is the number of bitmaps, interleaved word by word so that the
// bits of one state in all three share a cache line: reached, and the
// layers of even and odd depth.
const stride = 3

// BuildMemory returns the bytes a build of sp on the given number of
// workers (0: GOMAXPROCS) takes: the table, three bitmaps over the states
// (reached, this layer, next layer), the layers' summaries, and each
// worker's batches of successors.
func BuildMemory(sp Space, workers int) int64 {
	workers = search.Workers(workers)
	nw := (sp.Size()*uint64(sp.Subs()) + 63) / 64
	nsum := int64((nw + blockWords*64 - 1) / (blockWords * 64))
	_, ngroups := groups(nw)
	return stride*int64(nw)*8 + 2*nsum*8 + int64((sp.Size()+15)/16*8) + int64(workers*ngroups)*(batchLen*8+2)
}

// groups returns log2 of the words in a group of the bitmaps and the
// number of groups, for nw words.
func groups(nw uint64) (shift uint, n int) {
	shift = uint(bits.Len64(minGroupWords - 1))
	for nw>>shift >= maxGroups {
		shift++
	}
	return shift, int(nw>>shift) + 1
}

// Build computes the database of sp: the distance of every entry from the
// goals, by a breadth-first search backwards from them in which moves of
// cost 0 are followed within the layer (a 0-1 breadth-first search). Each
// layer is a scan of the table in chunks that the workers take from a
// shared counter: a worker settles the layer's states of its chunk's
// entries, one Expand an entry, and marks their successors in the next
// layer's bitmap.
func Build(ctx context.Context, sp Space, o Options) (*Table, error) {
	subs := sp.Subs()
	if subs < 1 || subs > MaxSubs {
		return nil, fmt.Errorf("pdb: %s: %d sub-states, want 1..%d", sp.ID(), subs, MaxSubs)
	}
	if sp.Scale() < 1 {
		return nil, fmt.Errorf("pdb: %s: scale %d, want >= 1", sp.ID(), sp.Scale())
	}
	workers := search.Workers(o.Workers)
	if need := BuildMemory(sp, workers); o.MaxMem > 0 && need > o.MaxMem {
		return nil, fmt.Errorf("%w: %s needs %d MB, the budget is %d MB", ErrMemory, sp.ID(), need>>20, o.MaxMem>>20)
	}
	if need := BuildMemory(sp, workers); need > collectAbove {
		// The bitmaps of an earlier build are garbage the collector may
		// not have reclaimed yet (its goal is twice the live heap):
		// without this, builds in a row held about twice the memory.
		runtime.GC()
	}
	start := time.Now()
	nw := (sp.Size()*uint64(subs) + 63) / 64
	nsum := (nw + blockWords*64 - 1) / (blockWords * 64)
	b := &builder{sp: sp, subs: uint64(subs), scale: sp.Scale(), table: newTable(sp.ID(), sp.Size()),
		bits: make([]uint64, stride*nw), summary: [2][]uint64{make([]uint64, nsum), make([]uint64, nsum)}}
	AdviseHuge(b.bits)
	var ngroups int
	b.groupShift, ngroups = groups(nw)
	b.locks = make([]sync.Mutex, ngroups)
	qs := make([]*batches, workers)
	for w := range qs {
		qs[w] = &batches{fill: make([]uint16, ngroups), items: make([]uint64, ngroups*batchLen)}
	}
	b.nchunks = int64((sp.Size() + chunkEntries - 1) / chunkEntries)
	for _, g := range sp.Goals(nil) {
		if g.Index >= sp.Size() || g.Sub >= uint32(subs) {
			return nil, fmt.Errorf("pdb: %s: goal %+v out of range", sp.ID(), g)
		}
		b.markGoal(g.Index*b.subs + uint64(g.Sub))
	}
	ctx, cancel := o.Limits.Context(ctx)
	defer cancel()
	var filled uint64
	var reached int64
	for depth := 0; ; depth++ {
		if err := search.ContextErr(ctx); err != nil {
			return nil, fmt.Errorf("pdb: %s: %w", sp.ID(), err)
		}
		b.depth = depth
		b.chunk.Store(0)
		var wg sync.WaitGroup
		res := make([]workerResult, workers)
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(r *workerResult, q *batches) {
				defer wg.Done()
				b.work(ctx, r, q)
			}(&res[w], qs[w])
		}
		wg.Wait()
		var states, entries, pushed int64
		for _, r := range res {
			if r.err != nil {
				return nil, r.err
			}
			states += r.states
			entries += r.entries
			pushed += r.pushed
		}
		if err := search.ContextErr(ctx); err != nil {
			return nil, fmt.Errorf("pdb: %s: %w", sp.ID(), err)
		}
		if reached += states; o.MaxNodes > 0 && reached >= o.MaxNodes && pushed > 0 {
			return nil, fmt.Errorf("pdb: %s: %w after %d states", sp.ID(), search.ErrNodeLimit, reached)
		}
		clear(b.summary[depth&1])
		filled += uint64(entries)
		if o.Progress != nil && states > 0 {
			o.Progress(Layer{Depth: depth, States: states, Entries: entries, Filled: filled, Size: sp.Size(), Elapsed: time.Since(start)})
		}
		if pushed == 0 {
			break
		}
	}
	if filled != sp.Size() {
		return nil, fmt.Errorf("pdb: %s: %d of %d entries unreachable from the goals", sp.ID(), sp.Size()-filled, sp.Size())
	}
	return b.table, nil
}

// builder holds a build's state. Word w of bitmap k (0: reached, 1: even
// layers, 2: odd layers) is bits[stride*w+k]; state s is bit s%64 of word
// s/64, and entry i's states are bits i*subs .. i*subs+subs-1.
type builder struct {
	sp      Space
	subs    uint64
	scale   int
	table   *Table
	bits    []uint64
	summary [2][]uint64
	depth   int
	nchunks int64
	chunk   atomic.Int64
	// groupShift is log2 of the words in a group; locks are the groups'.
	groupShift uint
	locks      []sync.Mutex
}

// batches are a worker's successors not yet marked, per group.
type batches struct {
	fill  []uint16
	items []uint64
}

type workerResult struct {
	states, entries, pushed int64
	err                     error
}

// markGoal puts goal state s in the first layer.
func (b *builder) markGoal(s uint64) {
	w := s >> 6
	b.bits[stride*w+1] |= 1 << (s & 63)
	b.summary[0][w/blockWords>>6] |= 1 << (w / blockWords & 63)
}

// work processes chunks of the current layer until none is left.
func (b *builder) work(ctx context.Context, r *workerResult, q *batches) {
	defer b.flushAll(q, r)
	var next []State
	cur := 1 + b.depth&1
	sum := b.summary[b.depth&1]
	nw := uint64(len(b.bits) / stride)
	for {
		c := b.chunk.Add(1) - 1
		if c >= b.nchunks || r.err != nil || ctx.Err() != nil {
			return
		}
		lo := uint64(c) * chunkEntries * b.subs / 64
		hi := min(uint64(c+1)*chunkEntries*b.subs/64, nw)
		for blk := lo / blockWords; blk*blockWords < hi; blk++ {
			if sum[blk>>6]>>(blk&63)&1 == 0 {
				continue
			}
			for w := blk * blockWords; w < min(blk*blockWords+blockWords, hi); w++ {
				for {
					x := b.bits[stride*w+uint64(cur)]
					if x == 0 {
						break
					}
					e := (w<<6 | uint64(bits.TrailingZeros64(x))) / b.subs
					next = b.settle(e, cur, next, r, q)
					if r.err != nil {
						return
					}
				}
			}
		}
	}
}

// field returns bits off..off+width-1 of bitmap k, which lie in at most
// two words.
func (b *builder) field(k int, off, width uint64) uint64 {
	w, sh := off>>6, off&63
	x := b.bits[stride*w+uint64(k)] >> sh
	if sh+width > 64 {
		x |= b.bits[stride*(w+1)+uint64(k)] << (64 - sh)
	}
	return x & (1<<width - 1)
}

// settle takes entry e's states out of the current layer, settles those
// not reached before with their zero-cost classes at the current depth
// and marks their successors in the next layer.
func (b *builder) settle(e uint64, cur int, next []State, r *workerResult, q *batches) []State {
	off := e * b.subs
	in := b.field(cur, off, b.subs)
	w, sh := off>>6, off&63
	b.bits[stride*w+uint64(cur)] &^= in << sh
	if sh+b.subs > 64 {
		b.bits[stride*(w+1)+uint64(cur)] &^= in >> (64 - sh)
	}
	seen := b.field(0, off, b.subs)
	in &^= seen
	if in == 0 {
		return next
	}
	class, base, next := b.sp.Expand(e, in, next[:0])
	class &^= seen
	r.states += int64(bits.OnesCount64(class))
	// Other workers read the reached bits of this chunk's entries when they
	// mark successors: the writes are atomic.
	atomic.OrUint64(&b.bits[stride*w], class<<sh)
	if sh+b.subs > 64 {
		atomic.OrUint64(&b.bits[stride*(w+1)], class>>(64-sh))
	}
	if seen == 0 {
		if err := b.setEntry(e, base); err != nil {
			r.err = err
			return next
		}
		r.entries++
	}
	for _, t := range next {
		s := t.Index*b.subs + uint64(t.Sub)
		g := s >> 6 >> b.groupShift
		n := q.fill[g]
		q.items[int(g)*batchLen+int(n)] = s
		q.fill[g] = n + 1
		if n+1 == batchLen {
			b.flush(q, int(g), r)
		}
	}
	return next
}

// flush marks the successors batched for group g in the next layer, under
// the group's lock.
func (b *builder) flush(q *batches, g int, r *workerResult) {
	items := q.items[g*batchLen : g*batchLen+int(q.fill[g])]
	if len(items) == 0 {
		return
	}
	nk := uint64(2 - b.depth&1)
	sum := b.summary[1-b.depth&1]
	b.locks[g].Lock()
	for _, s := range items {
		w := s >> 6
		bit := uint64(1) << (s & 63)
		if atomic.LoadUint64(&b.bits[stride*w])&bit != 0 {
			continue
		}
		p := &b.bits[stride*w+nk]
		if *p&bit == 0 {
			*p |= bit
			r.pushed++
			sum[w/blockWords>>6] |= 1 << (w / blockWords & 63)
		}
	}
	b.locks[g].Unlock()
	q.fill[g] = 0
}

// flushAll flushes all of a worker's batches at the end of a layer.
func (b *builder) flushAll(q *batches, r *workerResult) {
	for g := range q.fill {
		b.flush(q, g, r)
	}
}

// setEntry stores the current depth in entry i, which no state reached
// before; only the worker that owns i's chunk writes i's word.
func (b *builder) setEntry(i uint64, base int) error {
	d := b.depth - base
	if d < 0 || d%b.scale != 0 || d/b.scale > MaxEntry {
		return fmt.Errorf("pdb: %s: entry %d at distance %d, base %d: not storable in %d bits with scale %d",
			b.sp.ID(), i, b.depth, base, EntryBits, b.scale)
	}
	w := &b.table.words[i>>4]
	shift := i & 15 * 4
	*w = *w&^(15<<shift) | uint64(d/b.scale)<<shift
	return nil
}
