package pdb

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Options control a build.
type Options struct {
	// Workers is the number of goroutines (0: GOMAXPROCS).
	Workers int
	// MaxMem is the most memory the build may take, in bytes (0: no
	// limit). A build that would need more fails before it allocates.
	MaxMem int64
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

// ErrMemory is returned when a build would exceed Options.MaxMem.
var ErrMemory = errors.New("pdb: build exceeds the memory budget")

// chunkWords is the number of 64-bit frontier words a worker takes at a
// time: small enough to balance two to a few dozen cores, large enough that
// the shared counter is not contended.
const chunkWords = 1 << 12

// BuildMemory returns the bytes a build of sp takes: the table and three
// bitmaps over the states (reached, this layer, next layer).
func BuildMemory(sp Space) int64 {
	states := sp.Size() * uint64(sp.Subs())
	return 3*int64((states+63)/64*8) + int64((sp.Size()+15)/16*8)
}

// Build computes the database of sp: the distance of every entry from the
// goals, by a breadth-first search backwards from them in which moves of
// cost 0 are followed within the layer (a 0-1 breadth-first search). Each
// layer is shared among the workers in chunks of the frontier bitmap.
func Build(ctx context.Context, sp Space, o Options) (*Table, error) {
	subs := sp.Subs()
	if subs < 1 || subs > MaxSubs {
		return nil, fmt.Errorf("pdb: %s: %d sub-states, want 1..%d", sp.ID(), subs, MaxSubs)
	}
	if sp.Scale() < 1 {
		return nil, fmt.Errorf("pdb: %s: scale %d, want >= 1", sp.ID(), sp.Scale())
	}
	if need := BuildMemory(sp); o.MaxMem > 0 && need > o.MaxMem {
		return nil, fmt.Errorf("%w: %s needs %d MB, the budget is %d MB", ErrMemory, sp.ID(), need>>20, o.MaxMem>>20)
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	start := time.Now()
	nstates := sp.Size() * uint64(subs)
	nw := (nstates + 63) / 64
	b := &builder{sp: sp, subs: uint64(subs), scale: sp.Scale(), table: newTable(sp.ID(), sp.Size()),
		seen: make([]uint64, nw), cur: make([]uint64, nw), next: make([]uint64, nw)}
	for _, g := range sp.Goals(nil) {
		i := g.Index*b.subs + uint64(g.Sub)
		b.cur[i>>6] |= 1 << (i & 63)
	}
	var filled uint64
	for depth := 0; ; depth++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		b.depth = depth
		b.chunk.Store(0)
		var wg sync.WaitGroup
		res := make([]workerResult, workers)
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(r *workerResult) {
				defer wg.Done()
				b.work(ctx, r)
			}(&res[w])
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
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		filled += uint64(entries)
		if o.Progress != nil && states > 0 {
			o.Progress(Layer{Depth: depth, States: states, Entries: entries, Filled: filled, Size: sp.Size(), Elapsed: time.Since(start)})
		}
		if pushed == 0 {
			break
		}
		b.cur, b.next = b.next, b.cur
	}
	if filled != sp.Size() {
		return nil, fmt.Errorf("pdb: %s: %d of %d entries unreachable from the goals", sp.ID(), sp.Size()-filled, sp.Size())
	}
	return b.table, nil
}

type builder struct {
	sp              Space
	subs            uint64
	scale           int
	table           *Table
	seen, cur, next []uint64
	depth           int
	chunk           atomic.Int64
}

type workerResult struct {
	states, entries, pushed int64
	err                     error
}

// work processes chunks of the current layer until none is left.
func (b *builder) work(ctx context.Context, r *workerResult) {
	var next []State
	nw := int64(len(b.cur))
	for {
		c := b.chunk.Add(1) - 1
		lo := c * chunkWords
		if lo >= nw || r.err != nil {
			return
		}
		if ctx.Err() != nil {
			return
		}
		hi := min(lo+chunkWords, nw)
		for w := lo; w < hi; w++ {
			word := b.cur[w]
			if word == 0 {
				continue
			}
			b.cur[w] = 0 // only this worker reads this chunk of cur
			for word != 0 {
				bit := uint64(bits.TrailingZeros64(word))
				word &= word - 1
				i := uint64(w)<<6 | bit
				if testAndSet(b.seen, i) {
					continue
				}
				next = b.expand(i, next, r)
				if r.err != nil {
					return
				}
			}
		}
	}
}

// expand settles state i at the current depth with its zero-cost class and
// marks the states one move away for the next layer.
func (b *builder) expand(i uint64, next []State, r *workerResult) []State {
	s := State{Index: i / b.subs, Sub: uint32(i % b.subs)}
	class, next := b.sp.Expand(s, next[:0])
	base := s.Index * b.subs
	r.states++
	for m := class &^ (1 << s.Sub); m != 0; m &= m - 1 {
		if !testAndSet(b.seen, base+uint64(bits.TrailingZeros64(m))) {
			r.states++
		}
	}
	if set, err := b.setEntry(s.Index); err != nil {
		r.err = err
	} else if set {
		r.entries++
	}
	for _, t := range next {
		j := t.Index*b.subs + uint64(t.Sub)
		if atomic.LoadUint64(&b.seen[j>>6])&(1<<(j&63)) != 0 {
			continue
		}
		if !testAndSet(b.next, j) {
			r.pushed++
		}
	}
	return next
}

// setEntry stores the current depth in entry i unless it is set; it reports
// whether it set it.
func (b *builder) setEntry(i uint64) (bool, error) {
	w := &b.table.words[i>>4]
	shift := i & 15 * 4
	if atomic.LoadUint64(w)>>shift&15 != Unset {
		return false, nil
	}
	d := b.depth - b.sp.Base(i)
	if d < 0 || d%b.scale != 0 || d/b.scale > MaxEntry {
		return false, fmt.Errorf("pdb: %s: entry %d at distance %d, base %d: not storable in %d bits with scale %d",
			b.sp.ID(), i, b.depth, b.sp.Base(i), EntryBits, b.scale)
	}
	v := uint64(d / b.scale)
	for {
		old := atomic.LoadUint64(w)
		if old>>shift&15 != Unset {
			return false, nil
		}
		if atomic.CompareAndSwapUint64(w, old, old&^(15<<shift)|v<<shift) {
			return true, nil
		}
	}
}

// testAndSet sets bit i of m and reports whether it was set before.
func testAndSet(m []uint64, i uint64) bool {
	bit := uint64(1) << (i & 63)
	w := &m[i>>6]
	if atomic.LoadUint64(w)&bit != 0 {
		return true
	}
	return atomic.OrUint64(w, bit)&bit != 0
}
