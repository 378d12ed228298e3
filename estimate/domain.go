package estimate

import "github.com/branchwise/branchwise/search"

// DomainTree is the tree of one iteration of IDA* (or of depth-first
// branch and bound) over a search.Domain: the nodes are the states reached
// from the domain's current state with f = g + h at most Bound, a node's
// children its moves (less the inverse of the move that reached it, when
// the domain is a search.Inverter) whose child is within the bound, and
// the nodes IDA* expands in a complete iteration are exactly the tree's.
// A goal within the bound is a solution. Its Type, for Stratified, pairs a
// node's heuristic value with its number of children.
type DomainTree struct {
	d     search.Domain
	inv   search.Inverter
	bound int
	g     []int         // cost of the path to each node on it
	path  []search.Move // the moves down to the current node
	kids  [][]search.Move
	known []bool // kids[depth] is computed
	buf   []search.Move
}

// NewDomainTree returns the tree of the iteration with the given bound,
// rooted at d's current state. d must not be used otherwise during the walk.
func NewDomainTree(d search.Domain, bound int) *DomainTree {
	t := &DomainTree{d: d, bound: bound, g: []int{0}, kids: [][]search.Move{nil}, known: []bool{false}}
	t.inv, _ = d.(search.Inverter)
	return t
}

// Depth implements Tree.
func (t *DomainTree) Depth() int { return len(t.path) }

// Branches implements Tree.
func (t *DomainTree) Branches() (int, bool) {
	d := len(t.path)
	if !t.known[d] {
		kids := t.kids[d][:0]
		last := search.NoMove
		if d > 0 && t.inv != nil {
			last = t.inv.Inverse(t.path[d-1])
		}
		t.buf = t.d.Moves(t.buf[:0])
		for _, m := range t.buf {
			if m == last && last != search.NoMove {
				continue
			}
			c := t.d.Apply(m)
			if t.g[d]+c+t.d.Heuristic() <= t.bound {
				kids = append(kids, m)
			}
			t.d.Undo(m)
		}
		t.kids[d], t.known[d] = kids, true
	}
	return len(t.kids[d]), t.d.IsGoal()
}

// Down implements Tree.
func (t *DomainTree) Down(k int) {
	d := len(t.path)
	if !t.known[d] {
		t.Branches()
	}
	m := t.kids[d][k]
	c := t.d.Apply(m)
	t.path = append(t.path, m)
	if len(t.g) <= d+1 {
		t.g = append(t.g, 0)
		t.kids = append(t.kids, nil)
		t.known = append(t.known, false)
	}
	t.g[d+1] = t.g[d] + c
	t.known[d+1] = false
}

// Up implements Tree.
func (t *DomainTree) Up() {
	m := t.path[len(t.path)-1]
	t.path = t.path[:len(t.path)-1]
	t.d.Undo(m)
}

// Type implements Typed: the heuristic value and the number of children.
func (t *DomainTree) Type() int {
	n, _ := t.Branches()
	return t.d.Heuristic()*16 + n
}

// Typed is a Tree whose nodes have a type for Stratified sampling, which
// otherwise types a node by its number of children.
type Typed interface {
	Type() int
}
