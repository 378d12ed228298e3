package search

import (
	"context"
	"math"
	"slices"

	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/internal/arena"
)

// AStar is A*: best-first on f = g + h with duplicate detection, reopening a
// stored state reached more cheaply. Optimal with an admissible heuristic.
func AStar(ctx context.Context, d Domain, o Options) Result {
	return newGraph(ctx, d, &o, true).run(&bucketQueue{}, func(g int) float64 {
		return float64(g + d.Heuristic())
	})
}

// MaxWeight is the largest mu WeightedAStar uses: with heuristic values up
// to 2^22, mu*h stays below 2^53, where a float64 still tells g apart by
// one; a larger mu (1e307*h is +Inf) would order by h alone, or by
// nothing, which is Greedy's search at best.
const MaxWeight = 1 << 30

// WeightedAStar is best-first on f = g + mu*h with mu = o.Weight, Berliner et al.'s
// "adventurousness coefficient": mu > 1 trades solution cost (at most mu
// times the optimum with an admissible h) for fewer expansions.
// A mu above MaxWeight counts as MaxWeight.
func WeightedAStar(ctx context.Context, d Domain, o Options) Result {
	mu := min(o.Weight, MaxWeight)
	return newGraph(ctx, d, &o, true).run(&heapQueue{}, func(g int) float64 {
		return float64(g) + mu*float64(d.Heuristic())
	})
}

// Greedy is best-first on f = h alone: fast, with no bound on cost.
func Greedy(ctx context.Context, d Domain, o Options) Result {
	return newGraph(ctx, d, &o, false).run(&heapQueue{}, func(int) float64 {
		return float64(d.Heuristic())
	})
}

// BestFirst is best-first on the caller's evaluation o.Eval (smaller first),
// reopening a stored state reached more cheaply.
func BestFirst(ctx context.Context, d Domain, o Options) Result {
	eval := o.Eval
	if eval == nil {
		eval = func(d Domain, g int) float64 { return float64(g + d.Heuristic()) }
	}
	return newGraph(ctx, d, &o, true).run(&heapQueue{}, func(g int) float64 { return eval(d, g) })
}

// PriorityFirst expands nodes in order of the integer class o.Priority
// (smaller first, newest first within a class) with a bucket queue, as in
// Shintani's priority-first search of Superpuzz. Every state is expanded at
// most once, so an exhausted search is a proof that no goal is reachable.
func PriorityFirst(ctx context.Context, d Domain, o Options) Result {
	prio := o.Priority
	if prio == nil {
		prio = func(d Domain, g int) int { return d.Heuristic() }
	}
	return newGraph(ctx, d, &o, false).run(&bucketQueue{}, func(g int) float64 {
		return float64(max(prio(d, g), 0))
	})
}

// BreadthFirst expands nodes in order of depth, each state once. With unit
// costs its solution is the shortest.
func BreadthFirst(ctx context.Context, d Domain, o Options) Result {
	return newGraph(ctx, d, &o, false).run(&fifoQueue{}, func(int) float64 { return 0 })
}

// record is a stored state: 32 bytes per state besides its key and the
// store's own cost.
type record struct {
	key    uint64 // arena position
	move   Move
	parent int32
	g      int32
	depth  int32
}

const (
	recordBytes = 24
	// Records are kept in pages of 2^16 so that a growing search never
	// copies them.
	recPageBits = 16
	recPageSize = 1 << recPageBits
)

// graph is the state of one best-first search.
type graph struct {
	d      Domain
	o      *Options
	store  dedup.Store
	reopen bool
	recs   [][]record
	nrecs  int32
	keys   arena.Keys
	key    []byte
	moves  []Move
	stats  Stats
	mon    *monitor
	open   openList
	// appendKey is the domain's AppendKey, or its AppendCanonicalKey with
	// Options.Canonical; start is then the exact key of the start state,
	// from which the solution is replayed.
	appendKey func(dst []byte) []byte
	start     []byte
}

func newGraph(ctx context.Context, d Domain, o *Options, reopen bool) *graph {
	s := &graph{d: d, o: o, store: o.Store, reopen: reopen, appendKey: d.AppendKey}
	if c, ok := d.(Canonicalizer); ok && o.Canonical {
		s.appendKey = c.AppendCanonicalKey
		s.start = d.AppendKey(nil)
	}
	if s.store == nil {
		s.store = dedup.NewHashSet()
	}
	s.mon = newMonitor(ctx, o, &s.stats)
	s.mon.bytes = s.bytes
	return s
}

func (s *graph) bytes() int64 {
	b := int64(len(s.recs))*recPageSize*recordBytes + s.keys.Bytes() + s.store.Bytes()
	if s.open != nil {
		b += s.open.bytes()
	}
	return b + growthBytes(s.store)
}

// add stores the current state, whose key is in s.key, as a new record and
// pushes it on the open list with score f.
func (s *graph) add(idx int32, parent int32, m Move, g, depth int, f float64) {
	if int(s.nrecs)>>recPageBits == len(s.recs) {
		s.recs = append(s.recs, make([]record, recPageSize))
	}
	*s.rec(idx) = record{key: s.keys.Add(s.key), move: m, parent: parent, g: int32(g), depth: int32(depth)}
	s.nrecs++
	s.open.push(idx, int32(g), f)
}

// rec returns record i.
func (s *graph) rec(i int32) *record { return &s.recs[i>>recPageBits][i&(recPageSize-1)] }

// run searches with open list open and score, which is called with the
// domain positioned at the node reached at cost g.
func (s *graph) run(open openList, score func(g int) float64) Result {
	s.open = open
	goalOnGenerate := s.o.GoalOnGenerate
	if goalOnGenerate && s.d.IsGoal() {
		return s.result(Solved, -1)
	}
	s.key = s.appendKey(s.key[:0])
	s.store.Insert(s.key, 0)
	s.add(0, -1, NoMove, 0, 0, score(0))
	for !s.mon.check() {
		if n := open.len(); n > s.stats.PeakOpen {
			s.stats.PeakOpen = n
		}
		idx, g, ok := open.pop()
		if !ok {
			return s.result(NoSolution, -1)
		}
		r := *s.rec(idx)
		if r.g < g {
			continue // a cheaper path reopened this state since
		}
		s.d.SetKey(s.keys.Get(r.key))
		if !goalOnGenerate && s.d.IsGoal() {
			return s.result(Solved, idx)
		}
		depth := int(r.depth)
		s.stats.countExpanded(depth)
		s.moves = s.d.Moves(s.moves[:0])
		for _, m := range s.moves {
			g2 := int(r.g) + s.d.Apply(m)
			s.stats.countGenerated(depth + 1)
			if goalOnGenerate {
				// A goal is taken as soon as it is seen, and the limits
				// are checked before the node is stored.
				if s.d.IsGoal() {
					res := s.result(Solved, idx)
					res.Path = append(res.Path, s.lastMove(m))
					res.Cost = g2
					return res
				}
				if s.mon.check() {
					s.d.Undo(m)
					break
				}
			}
			s.key = s.appendKey(s.key[:0])
			next := s.nrecs
			if s.o.Prune != nil {
				// Prune before storing: a pruned state takes no record.
				if old, found := s.store.Get(s.key); found {
					s.reached(old, idx, m, g2, depth, score)
				} else if s.o.Prune(s.d) {
					s.stats.Pruned++
				} else {
					s.store.Insert(s.key, uint64(next))
					s.add(next, idx, m, g2, depth+1, score(g2))
				}
			} else if old, found := s.store.Insert(s.key, uint64(next)); !found {
				s.add(next, idx, m, g2, depth+1, score(g2))
			} else {
				s.reached(old, idx, m, g2, depth, score)
			}
			s.d.Undo(m)
			if !goalOnGenerate && s.mon.check() {
				break
			}
		}
	}
	return s.result(StatusOf(s.mon.err), -1)
}

// reached handles a stored state reached again from record idx by move m at
// cost g2: a search that reopens moves it to the cheaper path.
func (s *graph) reached(old uint64, idx int32, m Move, g2, depth int, score func(g int) float64) {
	if !s.reopen || g2 >= int(s.rec(int32(old)).g) {
		return
	}
	o := s.rec(int32(old))
	o.parent, o.move, o.g, o.depth = idx, m, int32(g2), int32(depth+1)
	s.open.push(int32(old), int32(g2), score(g2))
}

// lastMove returns the move that reaches a goal from the current state's
// parent: m itself, unless the path was replayed from canonical keys (see
// goalMove).
func (s *graph) lastMove(m Move) Move {
	if s.start == nil {
		return m
	}
	return goalMove(s.d, m)
}

// goalMove returns the move of the current state that reaches a goal, or m
// if none does: after a replay from canonical keys the domain is at the
// replayed parent of a goal, whose moves may name another image than the
// one on which the goal was generated by m.
func goalMove(d Domain, m Move) Move {
	for _, m2 := range d.Moves(nil) {
		d.Apply(m2)
		if d.IsGoal() {
			return m2
		}
		d.Undo(m2)
	}
	return m
}

// result ends the search with status st; goal >= 0 is the record whose
// path is the solution (a goal, or the parent of a goal found on
// generation).
func (s *graph) result(st Status, goal int32) Result {
	s.mon.finish()
	s.stats.PeakClosed = s.store.Len()
	s.stats.Bytes = s.bytes()
	r := Result{Status: st, Stats: s.stats}
	if st.Early() {
		r.Err = s.mon.err
	}
	if goal < 0 {
		return r
	}
	r.Cost = int(s.rec(goal).g)
	var chain []int32
	for i := goal; s.rec(i).parent >= 0; i = s.rec(i).parent {
		chain = append(chain, i)
	}
	if s.start == nil {
		for _, i := range chain {
			r.Path = append(r.Path, s.rec(i).move)
		}
		slices.Reverse(r.Path)
		return r
	}
	r.Path = s.replay(chain)
	return r
}

// replay rebuilds the path of canonical records chain (from the last back
// to the first after the start) from the exact start state (see
// replayCanonical).
func (s *graph) replay(chain []int32) []Move {
	n := len(chain)
	return replayCanonical(s.d, s.appendKey, s.start, n, func(j int) []byte { return s.keys.Get(s.rec(chain[n-1-j]).key) })
}

// replayCanonical rebuilds a path of n steps from the exact start state:
// step j is the move of the actual state whose canonical key (appendKey)
// is want(j). Stored moves cannot serve, as they name the moves of
// whatever symmetric image SetKey made current. It leaves the domain at
// the end of the path.
func replayCanonical(d Domain, appendKey func([]byte) []byte, start []byte, n int, want func(j int) []byte) []Move {
	d.SetKey(start)
	var path, moves []Move
	var key []byte
	for j := range n {
		w := want(j)
		moves = d.Moves(moves[:0])
		for _, m := range moves {
			d.Apply(m)
			key = appendKey(key[:0])
			if string(key) == string(w) {
				path = append(path, m)
				break
			}
			d.Undo(m)
		}
	}
	return path
}

// openList is the frontier of a best-first search: record indices with the
// g they were pushed with and a score.
type openList interface {
	push(idx, g int32, f float64)
	pop() (idx, g int32, ok bool)
	len() int
	bytes() int64
}

type entry struct{ idx, g int32 }

// bucketQueue orders by integer score, newest first within a score. Push and
// pop are O(1) amortised: scores of a best-first search rise slowly, and the
// scan for the lowest non-empty bucket restarts from the lowest push.
type bucketQueue struct {
	buckets [][]entry
	lowest  int
	n       int
}

func (q *bucketQueue) push(idx, g int32, f float64) {
	b := int(f)
	if f >= math.MaxInt32 {
		b = math.MaxInt32
	}
	for len(q.buckets) <= b {
		q.buckets = append(q.buckets, nil)
	}
	q.buckets[b] = append(q.buckets[b], entry{idx, g})
	if b < q.lowest || q.n == 0 {
		q.lowest = b
	}
	q.n++
}

func (q *bucketQueue) pop() (int32, int32, bool) {
	if q.n == 0 {
		return 0, 0, false
	}
	for len(q.buckets[q.lowest]) == 0 {
		q.lowest++
	}
	bk := q.buckets[q.lowest]
	e := bk[len(bk)-1]
	q.buckets[q.lowest] = bk[:len(bk)-1]
	q.n--
	return e.idx, e.g, true
}

func (q *bucketQueue) len() int { return q.n }

func (q *bucketQueue) bytes() int64 {
	var b int64
	for _, bk := range q.buckets {
		b += int64(cap(bk))*8 + 24
	}
	return b
}

// heapQueue is a binary min-heap on a float64 score; ties go to the larger
// g, then to the newer entry, so that equal scores search deep first.
type heapQueue struct {
	h   []heapEntry
	seq uint32
}

type heapEntry struct {
	f   float64
	idx int32
	g   int32
	seq uint32
}

func (a heapEntry) less(b heapEntry) bool {
	if a.f != b.f {
		return a.f < b.f
	}
	if a.g != b.g {
		return a.g > b.g
	}
	return a.seq > b.seq
}

func (q *heapQueue) push(idx, g int32, f float64) {
	q.seq++
	q.h = append(q.h, heapEntry{f, idx, g, q.seq})
	i := len(q.h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !q.h[i].less(q.h[p]) {
			break
		}
		q.h[i], q.h[p] = q.h[p], q.h[i]
		i = p
	}
}

func (q *heapQueue) pop() (int32, int32, bool) {
	n := len(q.h)
	if n == 0 {
		return 0, 0, false
	}
	top := q.h[0]
	n--
	q.h[0] = q.h[n]
	q.h = q.h[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		c := l
		if r := l + 1; r < n && q.h[r].less(q.h[l]) {
			c = r
		}
		if !q.h[c].less(q.h[i]) {
			break
		}
		q.h[i], q.h[c] = q.h[c], q.h[i]
		i = c
	}
	return top.idx, top.g, true
}

func (q *heapQueue) len() int     { return len(q.h) }
func (q *heapQueue) bytes() int64 { return int64(cap(q.h)) * 24 }

// fifoQueue is first in, first out: breadth-first order.
type fifoQueue struct {
	q    []entry
	head int
}

func (q *fifoQueue) push(idx, g int32, _ float64) {
	if q.head > len(q.q)/2 && q.head > 1024 {
		q.q = append(q.q[:0], q.q[q.head:]...)
		q.head = 0
	}
	q.q = append(q.q, entry{idx, g})
}

func (q *fifoQueue) pop() (int32, int32, bool) {
	if q.head == len(q.q) {
		return 0, 0, false
	}
	e := q.q[q.head]
	q.head++
	return e.idx, e.g, true
}

func (q *fifoQueue) len() int     { return len(q.q) - q.head }
func (q *fifoQueue) bytes() int64 { return int64(cap(q.q)) * 8 }
