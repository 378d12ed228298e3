package bitpack

import (
	"errors"
	"sync/atomic"
)

// DeadSwitch turns the dead-region test on in a count that started
// without it: SolveSplit over kernels given the switch (SetDeadSwitch)
// searches every subtree of the root that it starts after Set with the
// test; on one worker the subtree under way goes on with the test from
// its next progress check (every few thousand nodes), on several it
// finishes without (its kernel is shared with the other workers,
// which would read the test's flag while it changes). The test only takes
// away subtrees that hold no solution, so the count is the same as
// without the switch; the statistics then mix the two trees (the test's
// victims, counted as nodes and as pruned, only in the subtrees searched
// with it). It lets a caller that paused a count, and found the test
// worth its cost, keep the work done so far. A switch serves one count.
type DeadSwitch struct {
	on atomic.Bool
	// single is set by SolveSplit on one worker: the search under way
	// may switch its own kernel (switchDead).
	single bool
}

// Set turns the test on for the subtrees started from now on.
func (w *DeadSwitch) Set() { w.on.Store(true) }

// On reports whether Set was called (false for a nil switch).
func (w *DeadSwitch) On() bool { return w != nil && w.on.Load() }

// SetDeadSwitch gives k's SolveSplit counts the switch w (nil: none). It
// needs a kernel of the first-empty rule without the dead-region test,
// compiled with the cells' neighbours, and without LargestRegionOnly.
func (k *Kernel) SetDeadSwitch(w *DeadSwitch) error {
	switch {
	case w == nil:
	case k.rule != FirstEmpty || k.dead || k.largest:
		return errors.New("bitpack: a dead-region switch needs a first-empty kernel without the dead-region test or LargestRegionOnly")
	case len(k.adj) != k.n:
		return errors.New("bitpack: a dead-region switch needs the neighbours of the cells")
	}
	k.deadSwitch = w
	return nil
}

// WithDeadRegions returns a copy of k with the dead-region test on (for
// pieces of one size without the colour test, which needs colours k was
// not compiled with): the same placements, numbered alike, so that a
// search of the copy can be moved (Goto) to a node of k's tree. k needs
// the cells' neighbours (Problem.Adjacency).
func (k *Kernel) WithDeadRegions() (*Kernel, error) {
	if len(k.adj) != k.n {
		return nil, errors.New("bitpack: the dead-region test needs the neighbours of the cells")
	}
	kd := *k
	kd.dead, kd.deadSwitch, kd.progress = true, nil, nil
	if kd.border == nil {
		kd.border = k.borders()
	}
	kd.small = kd.newSmall() // with the one-word test's tables
	return &kd, nil
}

// borders returns the cells next to each placement (the dead-region
// test's childOK grows the regions from them).
func (k *Kernel) borders() []Set {
	border := make([]Set, len(k.mask))
	for i, m := range k.mask {
		m.forEach(func(c int) { border[i] = border[i].or(k.adj[c]) })
		border[i] = border[i].andNot(m)
	}
	return border
}

// Goto moves the search from wherever it is to the node at the end of
// path (placements from the root, as Path returns them, of a kernel
// with the same placements: WithDeadRegions). Every placement must fit
// where it goes.
func (s *Search) Goto(path []int32) { s.replay(path) }

// RegionsOK reports whether the current node passes the dead-region test
// (whether or not the kernel applies it): every connected region of its
// empty cells can be filled by some of the unplaced pieces, by size.
func (s *Search) RegionsOK() bool { return s.regionsOK(s.empty, s.free) }

// switched holds SolveSplit's searches with the dead-region test for the
// subtrees started after the switch: per worker, per kernel.
type switched struct {
	sw       *DeadSwitch
	ks       []*Kernel // the kernels' copies with the test, counting into the budget
	searches [][]*Search
}

// newSwitched returns the switched searches of SolveSplit's kernels, or
// nil when they have no switch. budget makes each copy count into the
// count's budget (Kernel.budgeted).
func newSwitched(ks []*Kernel, workers int, budget func(*Kernel) *Kernel) (*switched, error) {
	sw := ks[0].deadSwitch
	if sw == nil {
		return nil, nil
	}
	sw.single = workers == 1
	t := &switched{sw: sw, searches: make([][]*Search, workers)}
	for _, k := range ks {
		if k.deadSwitch != sw {
			return nil, errors.New("bitpack: SolveSplit's kernels need one dead-region switch, or none")
		}
		kd, err := k.WithDeadRegions()
		if err != nil {
			return nil, err
		}
		kd.progress = k.progress
		t.ks = append(t.ks, budget(kd))
	}
	return t, nil
}

// search returns worker w's search with the test in kernel j, moved to
// the root's child made by placement i, or nil when the switch is off.
func (t *switched) search(w, j int, i int32) *Search {
	if t == nil || !t.sw.On() {
		return nil
	}
	if t.searches[w] == nil {
		t.searches[w] = make([]*Search, len(t.ks))
	}
	s := t.searches[w][j]
	if s == nil {
		s = t.ks[j].NewSearch()
		t.searches[w][j] = s
	}
	s.replay([]int32{i})
	return s
}

// Path returns the placements from the root to the current node, and
// the kernel (an index into NewSplitTree's kernels) whose search holds
// the node below the root: -1 at the root, with no placements.
func (t *SplitTree) Path() ([]int32, int) {
	if t.cur < 0 {
		return nil, -1
	}
	return t.below[t.cur].Path(), t.cur
}

// switchDead turns the dead-region test on in k, the kernel of the
// search under way, once its switch is set, when SolveSplit runs on one
// worker (nothing else reads k) and k's search is the general one (the
// one-word search reads its tables of the test once, at its start).
// The nodes on the search's path were not tested: the test of their
// children looks at the regions the children's placements border
// (childOK), which finds fewer dead regions than a tested parent would
// give, never more, so the count stays exact. It runs at the search's
// progress checks.
func (k *Kernel) switchDead() {
	if k.dead || k.small != nil || !k.deadSwitch.single || !k.deadSwitch.On() {
		return
	}
	k.border = k.borders()
	k.dead = true
}
