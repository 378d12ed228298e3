package search

import (
	"math"
	"sync"
	"sync/atomic"
)

// Subtrees schedules one iteration of a parallel IDA* whose tree is cut at
// a depth into subtrees numbered in depth-first order: workers take the
// next subtree in turn, and a goal found in subtree i makes every subtree
// after i pointless. Those are not started, and a worker in one of them
// learns it at its next check (After) and stops. The iteration's counts up
// to the leftmost subtree with a goal are then a sequential search's,
// whatever the number of workers. ParallelIDAStar, tiles.ParallelIDA and
// rubik.Solve plug their searches of one subtree into it. The zero
// Subtrees is ready for one iteration; use a new one for the next.
type Subtrees struct {
	handed atomic.Int64 // subtrees taken
	best   atomic.Int64 // the leftmost subtree with a goal (math.MaxInt64: none yet)
	next   atomic.Int64 // the least f above the bound seen (math.MaxInt64: none)
	once   sync.Once
	err    error // the first error that stopped a worker
}

// Subtree is what a search of one subtree reports: whether it found a
// goal, whether it stopped early (a limit, the context, or a goal to its
// left: After), and the least f above the bound it saw.
type Subtree struct {
	Found, Stopped bool
	Next           int64
}

// Run searches the subtrees 0..n-1 on workers goroutines with search,
// called as search(w, i) for subtree i by worker w (0 <= w < workers: one
// goroutine per w, so per-worker state indexed by w needs no lock). A
// worker ends when the subtrees run out, when the next one is right of a
// goal, or when its search stopped early without a goal left of every goal
// found so far (a limit: the others stop at their next check too).
func (s *Subtrees) Run(workers, n int, search func(w, i int) Subtree) {
	s.best.Store(math.MaxInt64)
	s.next.Store(math.MaxInt64)
	var wg sync.WaitGroup
	for w := range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := s.handed.Add(1) - 1
				if i >= int64(n) || i > s.best.Load() {
					return
				}
				r := search(w, int(i))
				if r.Found {
					lower(&s.best, i)
				}
				if r.Stopped && !r.Found && i < s.best.Load() {
					return
				}
				lower(&s.next, r.Next)
			}
		}()
	}
	wg.Wait()
}

// lower sets a to v when v is smaller, atomically.
func lower(a *atomic.Int64, v int64) {
	for {
		x := a.Load()
		if v >= x || a.CompareAndSwap(x, v) {
			return
		}
	}
}

// After reports whether subtree i is right of a subtree with a goal: its
// search may stop.
func (s *Subtrees) After(i int) bool { return int64(i) > s.best.Load() }

// Check is a subtree search's periodic check: it reports whether the
// search of subtree i should stop, because a goal lies left of it (After)
// or because stop returns an error (a limit, the context), which it
// records (Stop).
func (s *Subtrees) Check(i int, stop func() error) bool {
	if s.After(i) {
		return true
	}
	if err := stop(); err != nil {
		s.Stop(err)
		return true
	}
	return false
}

// Best returns the leftmost subtree with a goal, or -1 if none has one.
func (s *Subtrees) Best() int {
	if b := s.best.Load(); b != math.MaxInt64 {
		return int(b)
	}
	return -1
}

// Next returns the least f above the bound that the searches saw
// (math.MaxInt64: none).
func (s *Subtrees) Next() int64 { return s.next.Load() }

// Stop records err as what stopped the iteration, if it is the first.
func (s *Subtrees) Stop(err error) { s.once.Do(func() { s.err = err }) }

// Err returns the first error given to Stop, or nil; call it after Run.
func (s *Subtrees) Err() error { return s.err }
