package search

import (
	"context"
	"encoding/binary"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/internal/arena"
)

// Constants of ParallelPriorityFirst.
const (
	// hdaBatchItems: a batch of positions for another worker is sent when
	// it holds this many; fewer would cost a lock and a wake-up each time,
	// more would delay the owner's view of its best positions.
	hdaBatchItems = 1024
	// hdaFlushEvery: a worker also sends its partial batches after this
	// many expansions, so that no owner waits long for work while the
	// sender is busy (about 5 children an expansion on Gaps: a few hundred
	// positions a batch).
	hdaFlushEvery = 64
	// hdaCountEvery: generated nodes between two updates of the shared
	// node count, so MaxNodes holds within workers x hdaCountEvery.
	hdaCountEvery = 1 << 10
	// hdaMaxWorkers bounds the workers: a record names its parent's worker
	// in the top 16 bits of its key position (arena positions stay far
	// below 2^48).
	hdaMaxWorkers  = 1 << 10
	hdaWorkerShift = 48
	// hdaUnchecked marks a record received from another worker that the
	// prune hook has not seen yet: it runs when the record is expanded.
	hdaUnchecked = 1 << 47
	hdaPosMask   = hdaUnchecked - 1
	// hdaItemBytes is the size of an hdaItem.
	hdaItemBytes = 24
)

// ParallelPriorityFirst is PriorityFirst on workers goroutines, each on a
// domain of its own from newDomain (in the start state): hash-distributed
// best-first search (HDA*, Kishimoto, Fukunaga and Botea 2009). Every
// state belongs to one worker, chosen by a hash of its key (the canonical
// one with Options.Canonical), which alone stores it, keeps its record and
// expands it. A worker expands the best state of its own open list (the
// order of Options.Priority, newest first within a class) and sends each
// child it does not own, with its parent's record, cost and class, to the
// owner in batches; the owner drops it if it is stored already, else
// stores it and pushes it on its open list. A goal is taken where it is
// generated (Options.GoalOnGenerate) or expanded.
//
// Options.Prune runs where the child is new: at once for a child the
// worker owns (as in PriorityFirst), and for one received from another
// worker when its owner expands it (the sender cannot know whether it is a
// duplicate, and testing every child there cost more). Such a state stays
// in its owner's store, uncounted in Stats.PeakClosed. The hook then sees
// the state SetKey made current: with Options.Canonical it must answer
// the same for every image of a state.
//
// The search ends when a worker reaches a goal (the path is rebuilt from
// the records, which name their parent's worker, and replayed from the
// start with canonical keys), or when every open list and every batch is
// empty: then every state reachable from the start outside the pruned
// ones was stored and expanded once, exactly the states PriorityFirst
// visits when it ends with NoSolution, so that verdict does not depend on
// the workers. Termination is detected with one counter of active workers
// plus batches in flight: it reaches zero only when no work is left.
// Which goal is found first, the node counts and the path depend on the
// workers and on timing.
//
// Limits are shared: MaxNodes holds within workers x 1,024 nodes; MaxMem
// counts all workers' stores, records, open lists and batches; the
// context stops all. Progress is called by one worker with the total
// counts. Options.Store serves the first worker; the others get
// Options.NewStore (a hash set when nil). Workers < 2 runs PriorityFirst.
//
// Costs over PriorityFirst per generated node: a second hash of the key
// (its owner); for a child owned by another worker its class, computed
// before the sender knows whether the child is new, and a copy of its key
// and 24 bytes into a batch. No allocation: each batch goes back to its
// sender. On an exhaustive 4 x 10 Gaps deal (seed 4) two workers execute
// 16.6% more instructions than one and use 20-25% more CPU time; a cache
// of the keys last sent cut the instructions to +6.8% but cost more CPU
// time than it saved (its probes miss the processor's caches).
func ParallelPriorityFirst(ctx context.Context, newDomain func() Domain, workers int, o Options) Result {
	if workers < 2 {
		return PriorityFirst(ctx, newDomain(), o)
	}
	workers = min(workers, hdaMaxWorkers)
	prio := o.Priority
	if prio == nil {
		prio = func(d Domain, g int) int { return d.Heuristic() }
	}
	// The time limits run from here for all the workers: they become the
	// context's.
	ctx, cancel := o.Limits.Context(ctx)
	defer cancel()
	o.MaxTime, o.MaxCPU = 0, 0
	p := &hda{o: &o, ctx: ctx, prio: prio, done: make(chan struct{}), start: time.Now()}
	for i := range workers {
		d := newDomain()
		w := &hdaWorker{id: int32(i), p: p, d: d, appendKey: d.AppendKey, wake: make(chan struct{}, 1),
			out: make([]*hdaBatch, workers)}
		if c, ok := d.(Canonicalizer); ok && o.Canonical {
			w.appendKey = c.AppendCanonicalKey
		}
		switch {
		case i == 0 && o.Store != nil:
			w.store = o.Store
		case o.NewStore != nil:
			w.store = o.NewStore()
		default:
			w.store = dedup.NewHashSet()
		}
		w.next = hdaCountEvery
		if i == 0 {
			w.start = d.AppendKey(nil)
		}
		p.workers = append(p.workers, w)
	}
	w0 := p.workers[0]
	if o.GoalOnGenerate && w0.d.IsGoal() {
		return p.result(Solved)
	}
	// A worker first checks the context after hdaCountEvery nodes, so a
	// search shorter than that would ignore one already cancelled;
	// PriorityFirst checks it before the first expansion.
	if err := ContextErr(ctx); err != nil {
		p.finish(err, nil)
		return p.result(StatusOf(err))
	}
	// The root goes to its owner; every worker starts active.
	w0.key = w0.appendKey(w0.key[:0])
	owner := p.workers[p.owner(w0.key)]
	owner.store.Insert(w0.key, 0)
	owner.add(w0.key, -1, -1, NoMove, 0, 0, int32(max(prio(w0.d, 0), 0)))
	p.work.Store(int64(workers))
	var wg sync.WaitGroup
	for _, w := range p.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.run()
		}()
	}
	wg.Wait()
	if p.err != nil {
		return p.result(StatusOf(p.err))
	}
	if p.found {
		return p.result(Solved)
	}
	return p.result(NoSolution)
}

// hda is the state shared by the workers of a ParallelPriorityFirst.
type hda struct {
	o       *Options
	ctx     context.Context
	prio    func(Domain, int) int
	workers []*hdaWorker
	// work counts the active workers plus the batches sent and not yet
	// taken in: zero means that no work is left anywhere.
	work atomic.Int64
	// stop is set when the search must end; done is closed then.
	stop      atomic.Bool
	done      chan struct{}
	stopOnce  sync.Once
	generated atomic.Int64 // nodes generated by all workers, updated every hdaCountEvery
	expanded  atomic.Int64
	inflight  atomic.Int64 // bytes of batches sent and not yet taken in
	start     time.Time
	lastCall  time.Time // of Progress, by worker 0 only

	// Set by the first worker to stop the search (under stopOnce).
	err   error
	found bool
	// The goal: the record (worker, index) that is the goal, or with
	// goalMove != NoMove its parent, from which goalMove reached the goal.
	goalW    int32
	goalIdx  int32
	goalMove Move
	goalCost int
}

// hdaBatch is a batch of positions sent to their owner: their keys one
// after the other and, per position, where its key ends and what to store.
type hdaBatch struct {
	from  int32
	keys  []byte
	items []hdaItem
}

type hdaItem struct {
	end    int32 // the key is keys[previous end:end]
	parent int32 // the parent's record at the sender
	move   Move
	g      int32
	depth  int32
	f      int32
}

func (b *hdaBatch) bytes() int64 { return int64(cap(b.keys)) + int64(cap(b.items))*hdaItemBytes }

// owner returns the worker that owns the state of key, from a hash of its
// own (the stores' hash takes its home slot from the top bits of theirs,
// so reusing it would crowd each worker's table).
func (p *hda) owner(key []byte) int32 {
	const m1, m2 = 0xa0761d6478bd642f, 0xe7037ed1a0b428db
	h := uint64(len(key))
	for len(key) >= 8 {
		hi, lo := bits.Mul64(h^binary.LittleEndian.Uint64(key)^m1, m2)
		h = hi ^ lo
		key = key[8:]
	}
	for _, c := range key {
		h = (h ^ uint64(c)) * m1
	}
	h ^= h >> 29
	h *= m2
	h ^= h >> 32
	return int32(uint64(uint32(h)) * uint64(len(p.workers)) >> 32)
}

// finish stops the search; the first call's reason counts: err (a limit
// or the context), a goal, or neither (every open list empty).
func (p *hda) finish(err error, goal func()) {
	p.stopOnce.Do(func() {
		p.err = err
		if goal != nil {
			p.found = true
			goal()
		}
		p.stop.Store(true)
		close(p.done)
	})
}

// result sums up the workers' counts and rebuilds the path of a goal.
func (p *hda) result(st Status) Result {
	r := Result{Status: st}
	for _, w := range p.workers {
		r.Stats.add(&w.stats)
		r.Stats.PeakOpen = max(r.Stats.PeakOpen, w.stats.PeakOpen)
		r.Stats.PeakClosed += w.store.Len() - w.unchecked
		r.Stats.Bytes += w.bytes()
	}
	r.Stats.Elapsed = time.Since(p.start)
	if st.Early() {
		r.Err = p.err
	}
	if st != Solved || !p.found {
		return r
	}
	// The chain of records from the goal (or its parent) back to the
	// first after the root, across workers.
	type ref struct{ w, i int32 }
	var chain []ref
	for c := (ref{p.goalW, p.goalIdx}); ; {
		rec := p.workers[c.w].rec(c.i)
		if rec.parent < 0 {
			break
		}
		chain = append(chain, c)
		c = ref{int32(rec.key >> hdaWorkerShift), rec.parent}
	}
	w0 := p.workers[0]
	r.Cost = int(p.workers[p.goalW].rec(p.goalIdx).g)
	if p.o.Canonical {
		if _, ok := w0.d.(Canonicalizer); ok {
			n := len(chain)
			r.Path = replayCanonical(w0.d, w0.appendKey, p.startKey(), n, func(j int) []byte {
				c := chain[n-1-j]
				w := p.workers[c.w]
				return w.keys.Get(w.rec(c.i).key & hdaPosMask)
			})
			if p.goalMove != NoMove {
				r.Path = append(r.Path, goalMove(w0.d, p.goalMove))
				r.Cost = p.goalCost
			}
			return r
		}
	}
	for _, c := range chain {
		r.Path = append(r.Path, p.workers[c.w].rec(c.i).move)
	}
	slices.Reverse(r.Path)
	if p.goalMove != NoMove {
		r.Path = append(r.Path, p.goalMove)
		r.Cost = p.goalCost
	}
	return r
}

// startKey returns the exact key of the start state, which worker 0 kept
// (the root's record holds its canonical key).
func (p *hda) startKey() []byte { return p.workers[0].start }

// hdaWorker is one worker of a ParallelPriorityFirst.
type hdaWorker struct {
	id        int32
	p         *hda
	d         Domain
	appendKey func(dst []byte) []byte
	store     dedup.Store
	recs      [][]record
	nrecs     int32
	keys      arena.Keys
	key       []byte
	moves     []Move
	stats     Stats
	open      bucketQueue
	out       []*hdaBatch // per owner: the batch being filled
	start     []byte      // worker 0: the exact key of the start state
	// next is the Generated count of the next update of the shared counts;
	// counted is what was added to them so far.
	next, counted, countedExp int64
	checks                    int
	sinceFlush                int
	unchecked                 int // records pruned on expansion

	mu      sync.Mutex
	inbox   []*hdaBatch  // under mu
	spare   []*hdaBatch  // the other inbox array, swapped with it by takeIn
	free    []*hdaBatch  // under mu: this worker's batches, given back by their owners
	pending atomic.Int32 // len(inbox), read without the lock
	wake    chan struct{}
	bytesAt atomic.Int64 // bytes() at the last check, for the others
}

func (w *hdaWorker) rec(i int32) *record { return &w.recs[i>>recPageBits][i&(recPageSize-1)] }

func (w *hdaWorker) bytes() int64 {
	b := int64(len(w.recs))*recPageSize*recordBytes + w.keys.Bytes() + w.store.Bytes() + w.open.bytes()
	b += growthBytes(w.store)
	for _, o := range w.out {
		if o != nil {
			b += o.bytes()
		}
	}
	return b
}

// add stores key as a new record (already inserted in the store under
// index nrecs) and pushes it with class f. pw < 0 marks the root.
func (w *hdaWorker) add(key []byte, pw, parent int32, m Move, g, depth int, f int32) {
	if int(w.nrecs)>>recPageBits == len(w.recs) {
		w.recs = append(w.recs, make([]record, recPageSize))
	}
	pos := w.keys.Add(key)
	if pw >= 0 {
		pos |= uint64(pw) << hdaWorkerShift
	}
	*w.rec(w.nrecs) = record{key: pos, move: m, parent: parent, g: int32(g), depth: int32(depth)}
	w.open.push(w.nrecs, int32(g), float64(f))
	w.nrecs++
}

func (w *hdaWorker) run() {
	p := w.p
	for !p.stop.Load() {
		if w.pending.Load() > 0 {
			w.takeIn()
		}
		if n := w.open.len(); n > w.stats.PeakOpen {
			w.stats.PeakOpen = n
		}
		idx, _, ok := w.open.pop()
		if !ok {
			w.flush()
			if !w.idle() {
				return
			}
			continue
		}
		w.expand(idx)
		if w.sinceFlush++; w.sinceFlush >= hdaFlushEvery {
			w.flush()
		}
	}
}

// idle waits for a batch or the end; it returns false at the end.
func (w *hdaWorker) idle() bool {
	p := w.p
	if p.work.Add(-1) == 0 {
		p.finish(nil, nil) // no work anywhere: every reachable state was searched
		return false
	}
	for {
		select {
		case <-w.wake:
		case <-p.done:
			return false
		}
		if w.pending.Load() > 0 {
			// Active again; the batches waiting keep the count above zero
			// until then.
			p.work.Add(1)
			return true
		}
	}
}

// takeIn stores the new positions of the batches received and pushes them.
func (w *hdaWorker) takeIn() {
	w.mu.Lock()
	in := w.inbox
	w.inbox = w.spare[:0]
	w.pending.Store(0)
	w.mu.Unlock()
	for _, b := range in {
		start := int32(0)
		for _, it := range b.items {
			key := b.keys[start:it.end]
			start = it.end
			if _, found := w.store.Insert(key, uint64(w.nrecs)); !found {
				w.add(key, b.from, it.parent, it.move, int(it.g), int(it.depth), it.f)
				if w.p.o.Prune != nil {
					w.rec(w.nrecs - 1).key |= hdaUnchecked
				}
			}
		}
		w.p.inflight.Add(-b.bytes())
		b.keys, b.items = b.keys[:0], b.items[:0]
		from := w.p.workers[b.from]
		from.mu.Lock()
		from.free = append(from.free, b)
		from.mu.Unlock()
		w.p.work.Add(-1)
	}
	clear(in)
	w.spare = in
}

// send queues the current state (key in w.key) for its owner.
func (w *hdaWorker) send(owner, parent int32, m Move, g, depth int) {
	b := w.out[owner]
	if b == nil {
		w.mu.Lock()
		if n := len(w.free); n > 0 {
			b, w.free = w.free[n-1], w.free[:n-1]
		}
		w.mu.Unlock()
		if b == nil {
			b = &hdaBatch{from: w.id, keys: make([]byte, 0, hdaBatchItems*len(w.key)), items: make([]hdaItem, 0, hdaBatchItems)}
		}
		w.out[owner] = b
	}
	b.keys = append(b.keys, w.key...)
	f := int32(max(w.p.prio(w.d, g), 0))
	b.items = append(b.items, hdaItem{end: int32(len(b.keys)), parent: parent, move: m, g: int32(g), depth: int32(depth), f: f})
	if len(b.items) >= hdaBatchItems {
		w.deliver(owner)
	}
}

// flush sends every partial batch.
func (w *hdaWorker) flush() {
	w.sinceFlush = 0
	for o, b := range w.out {
		if b != nil && len(b.items) > 0 {
			w.deliver(int32(o))
		}
	}
}

// deliver hands the batch for owner over to it and wakes it.
func (w *hdaWorker) deliver(owner int32) {
	b := w.out[owner]
	w.out[owner] = nil
	p := w.p
	p.work.Add(1)
	p.inflight.Add(b.bytes())
	to := p.workers[owner]
	to.mu.Lock()
	to.inbox = append(to.inbox, b)
	to.pending.Store(int32(len(to.inbox)))
	to.mu.Unlock()
	select {
	case to.wake <- struct{}{}:
	default:
	}
}

// expand generates the children of record idx.
func (w *hdaWorker) expand(idx int32) {
	p := w.p
	o := p.o
	r := *w.rec(idx)
	w.d.SetKey(w.keys.Get(r.key & hdaPosMask))
	if r.key&hdaUnchecked != 0 && o.Prune(w.d) {
		w.stats.Pruned++
		w.unchecked++
		return
	}
	if !o.GoalOnGenerate && w.d.IsGoal() {
		p.finish(nil, func() { p.goalW, p.goalIdx, p.goalMove = w.id, idx, NoMove })
		return
	}
	depth := int(r.depth)
	w.stats.countExpanded(depth)
	w.moves = w.d.Moves(w.moves[:0])
	for _, m := range w.moves {
		g2 := int(r.g) + w.d.Apply(m)
		w.stats.countGenerated(depth + 1)
		if o.GoalOnGenerate && w.d.IsGoal() {
			p.finish(nil, func() { p.goalW, p.goalIdx, p.goalMove, p.goalCost = w.id, idx, m, g2 })
			w.d.Undo(m)
			return
		}
		if w.stats.Generated >= w.next && w.check() {
			w.d.Undo(m)
			return
		}
		w.key = w.appendKey(w.key[:0])
		switch owner := p.owner(w.key); {
		case owner != w.id:
			w.send(owner, idx, m, g2, depth+1)
		case o.Prune != nil:
			if _, found := w.store.Get(w.key); found {
				break
			}
			if o.Prune(w.d) {
				w.stats.Pruned++
				break
			}
			w.store.Insert(w.key, uint64(w.nrecs))
			w.add(w.key, w.id, idx, m, g2, depth+1, int32(max(p.prio(w.d, g2), 0)))
		default:
			if _, found := w.store.Insert(w.key, uint64(w.nrecs)); !found {
				w.add(w.key, w.id, idx, m, g2, depth+1, int32(max(p.prio(w.d, g2), 0)))
			}
		}
		w.d.Undo(m)
	}
}

// check updates the shared counts and checks the limits every
// hdaCountEvery generated nodes (the context, memory and Progress every
// checkEvery); it returns true when the search must stop.
func (w *hdaWorker) check() bool {
	p := w.p
	o := p.o
	w.next = w.stats.Generated + hdaCountEvery
	total := p.generated.Add(w.stats.Generated - w.counted)
	p.expanded.Add(w.stats.Expanded - w.countedExp)
	w.counted, w.countedExp = w.stats.Generated, w.stats.Expanded
	if o.MaxNodes > 0 && total >= o.MaxNodes {
		p.finish(ErrNodeLimit, nil)
		return true
	}
	// The full check comes at the first call, then every checkEvery nodes:
	// a short search is stopped by its limits too.
	if w.checks++; (w.checks-1)%(checkEvery/hdaCountEvery) != 0 {
		return p.stop.Load()
	}
	if err := ContextErr(p.ctx); err != nil {
		p.finish(err, nil)
		return true
	}
	w.bytesAt.Store(w.bytes())
	if o.MaxMem > 0 {
		b := p.inflight.Load()
		for _, x := range p.workers {
			b += x.bytesAt.Load()
		}
		if b > o.MaxMem {
			p.finish(ErrMemLimit, nil)
			return true
		}
	}
	if o.Progress != nil && w.id == 0 {
		if now := time.Now(); now.Sub(p.lastCall) >= progressEvery {
			p.lastCall = now
			s := Stats{Generated: total, Expanded: p.expanded.Load(), Elapsed: now.Sub(p.start)}
			o.Progress(&s)
		}
	}
	return p.stop.Load()
}

// add adds the counts of o to s (not the peaks, Bytes or Elapsed).
func (s *Stats) add(o *Stats) {
	s.Generated += o.Generated
	s.Expanded += o.Expanded
	s.Pruned += o.Pruned
	for dep, n := range o.GeneratedByDepth {
		for len(s.GeneratedByDepth) <= dep {
			s.GeneratedByDepth = append(s.GeneratedByDepth, 0)
		}
		s.GeneratedByDepth[dep] += n
	}
	for dep, n := range o.ExpandedByDepth {
		for len(s.ExpandedByDepth) <= dep {
			s.ExpandedByDepth = append(s.ExpandedByDepth, 0)
		}
		s.ExpandedByDepth[dep] += n
	}
}
