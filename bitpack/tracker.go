package bitpack

import "sync"

// Tracker follows how much of a count's tree has been searched, for a
// scheduler that shares the CPU between counts (say) to predict how long
// each has left. At the searches' progress checks (every checkEvery
// nodes, off the hot path) it takes the search's path and predicts the
// size of the tree from it, as the online predictors of Kilby et al.
// 2006 do: below each node on the path, its finished children's subtrees
// are counted, each unfinished sibling is taken to be as large as the
// finished ones on average (as large as the one under way where none is
// finished yet), and the one under way is predicted the same way from
// the depth below; the root's subtrees that a parallel count hands out
// (solveTasks) are one more such level. Done is the nodes searched over
// the predicted size. The one-word search keeps no sizes: there the
// share of the path's children to its left is used (every sibling the
// same size). Exact in its bookkeeping for one worker; with several, the
// subtree under way is the last one to report. A tracker serves one
// count; it is safe for concurrent use.
type Tracker struct {
	mu       sync.Mutex
	tasks    int   // the root's subtrees that solveTasks hands out (0: one search from the root)
	finished int   // those finished
	taskSize int64 // the nodes of the finished ones
	nodes    int64 // the nodes searched in the subtree under way
	size     float64
	// share is the one-word search's share done of the subtree under
	// way, when size is 0.
	share float64
}

// Done returns the share of the tree searched so far, in [0, 1].
func (t *Tracker) Done() float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.size <= 0 {
		if t.tasks == 0 {
			return t.share
		}
		return min((float64(t.finished)+t.share)/float64(t.tasks), 1)
	}
	if t.tasks == 0 {
		return min(float64(t.nodes)/t.size, 1)
	}
	// The root's level: its unfinished subtrees as large as the finished
	// ones on average, or as the one under way.
	each := t.size
	if t.finished > 0 {
		each = float64(t.taskSize) / float64(t.finished)
	}
	total := float64(t.taskSize) + t.size + float64(t.tasks-t.finished-1)*each
	return min((float64(t.taskSize)+float64(t.nodes))/total, 1)
}

// SetTracker makes k's searches (Solve, SolveParallel, SolveSplit) keep t
// up to date (nil: none).
func (k *Kernel) SetTracker(t *Tracker) { k.tracker = t }

// taskStart tells t that a count of n subtrees (solveTasks) begins.
func (t *Tracker) taskStart(n int) {
	if t != nil {
		t.mu.Lock()
		t.tasks = n
		t.mu.Unlock()
	}
}

// taskDone tells t that one of the subtrees, of the given nodes, is
// finished.
func (t *Tracker) taskDone(nodes int64) {
	if t != nil {
		t.mu.Lock()
		t.finished++
		t.taskSize += nodes
		t.nodes, t.size, t.share = 0, 0, 0
		t.mu.Unlock()
	}
}

// whole tells t that the subtree under way, of the given nodes, was
// searched to its end.
func (t *Tracker) whole(nodes int64) {
	n := max(nodes, 1)
	t.mu.Lock()
	t.nodes, t.size, t.share = n, float64(n), 1
	t.mu.Unlock()
}

// trackPath predicts the size of the subtree below base from the general
// search's path (count.go's solve, at a progress check: nodes counted
// so far, the child at pos[d]-1 of the deepest node just counted).
func (s *Search) trackPath(base int, nodes int64) {
	d := s.depth
	// The deepest node: its finished children (all but the one just
	// counted), and the rest as large as those on average (as one node
	// each when none is finished).
	done := int64(s.pos[d] - 1)
	fin := nodes - 1 - s.at[d]
	each := 1.0
	if done > 0 {
		each = float64(fin) / float64(done)
	}
	size := float64(fin) + float64(int64(len(s.kids[d]))-done)*each
	for e := d - 1; e >= base; e-- {
		cur := 1 + size // the child under way, itself and below
		done := int64(s.pos[e] - 1)
		fin := s.at[e+1] - 1 - s.at[e]
		each := cur
		if done > 0 {
			each = float64(fin) / float64(done)
		}
		size = float64(fin) + cur + float64(int64(len(s.kids[e]))-done-1)*each
	}
	t := s.k.tracker
	t.mu.Lock()
	t.nodes, t.size = nodes-s.at[base], size
	t.mu.Unlock()
}

// trackSmall stores the one-word search's share done (small.go, at depth
// d): the path's children to its left, each sibling taken to be of one
// size; depth e's children are sLo[e]..sHi[e]-1, the next at sPos[e].
func (s *Search) trackSmall(base, d int) {
	share, weight := 0.0, 1.0
	for e := base; e <= d; e++ {
		n := s.sHi[e] - s.sLo[e]
		if n <= 0 {
			break
		}
		weight /= float64(n)
		share += float64(s.sPos[e]-1-s.sLo[e]) * weight
	}
	t := s.k.tracker
	t.mu.Lock()
	t.share, t.size = min(share, 1), 0
	t.mu.Unlock()
}
