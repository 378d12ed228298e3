package main

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// listTree is a tree held as lists of children: node 0 is the root.
type listTree struct {
	kids [][]int
	sol  []bool
	path []int
}

func (t *listTree) at() int {
	if len(t.path) == 0 {
		return 0
	}
	return t.path[len(t.path)-1]
}
func (t *listTree) Branches() (int, bool) { return len(t.kids[t.at()]), t.sol[t.at()] }
func (t *listTree) Down(k int)            { t.path = append(t.path, t.kids[t.at()][k]) }
func (t *listTree) Up()                   { t.path = t.path[:len(t.path)-1] }
func (t *listTree) Depth() int            { return len(t.path) }

// randomListTree grows a tree of the given depth whose nodes have 0 to 4
// children, and whose leaves are solutions one time in three.
func randomListTree(seed uint64, depth int) *listTree {
	rng := rand.New(rand.NewPCG(seed, 1))
	t := &listTree{kids: [][]int{nil}, sol: []bool{false}}
	var grow func(v, d int)
	grow = func(v, d int) {
		if d < depth {
			for range rng.IntN(5) {
				c := len(t.kids)
				t.kids, t.sol = append(t.kids, nil), append(t.sol, false)
				t.kids[v] = append(t.kids[v], c)
				grow(c, d+1)
			}
		}
		t.sol[v] = len(t.kids[v]) == 0 && rng.IntN(3) == 0
	}
	grow(0, 0)
	return t
}

// outcome is one probe's estimate of the solutions, with its probability
// and moves.
type outcome struct{ p, x, moves float64 }

// probeOutcomes lists every outcome of a probe of proposal prop from node
// v of t (no counted bottom), its probabilities and estimates written
// out from the proposal's definition: the brute-force check of
// exactMoments.
func probeOutcomes(t *listTree, v int, prop proposal) []outcome {
	size := func(v int) (nodes, sols float64) {
		var rec func(int)
		rec = func(u int) {
			nodes++
			if t.sol[u] {
				sols++
			}
			for _, c := range t.kids[u] {
				rec(c)
			}
		}
		rec(v)
		return
	}
	if len(t.kids[v]) == 0 {
		x := 0.0
		if t.sol[v] {
			x = 1
		}
		return []outcome{{1, x, 0}}
	}
	var resolved, moves float64
	var open []int
	for _, c := range t.kids[v] {
		if prop.look > 0 {
			moves++ // the look at c: this test's trees are looked at one level deep
		}
		if prop.look > 0 && len(t.kids[c]) == 0 {
			_, s := size(c)
			resolved += s
			continue
		}
		open = append(open, c)
	}
	if len(open) == 0 {
		return []outcome{{1, resolved, moves}}
	}
	var q []float64
	var total float64
	for _, c := range open {
		w := 1.0
		if prop.weight == weighChildren {
			w = float64(len(t.kids[c]))
		}
		q = append(q, w)
		total += w
	}
	var out []outcome
	for j, c := range open {
		qj := q[j] / total
		if prop.weight == weighMixture {
			var children float64
			for _, o := range open {
				children += float64(len(t.kids[o]))
			}
			qj = 0.5/float64(len(open)) + 0.5*float64(len(t.kids[c]))/children
		}
		for _, o := range probeOutcomes(t, c, prop) {
			step := 0.0
			if prop.look == 0 {
				step = 1
			}
			out = append(out, outcome{qj * o.p, resolved + o.x/qj, moves + step + o.moves})
		}
	}
	return out
}

// TestExactMoments: the moments -variance computes equal those of every
// probe outcome listed with its probability, and every proposal is
// unbiased (the mean of its outcomes is the tree's solutions).
func TestExactMoments(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		tree := randomListTree(seed, 6)
		m := exactMoments(tree, 0)
		for p, prop := range proposals {
			if prop.look > 1 || strings.HasPrefix(prop.name, "oracle") {
				continue // the listing looks one level deep and knows no oracle
			}
			var sum, mean, square, moves float64
			for _, o := range probeOutcomes(tree, 0, prop) {
				sum += o.p
				mean += o.p * o.x
				square += o.p * o.x * o.x
				moves += o.p * o.moves
			}
			near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }
			if !near(sum, 1) || !near(mean, m.solutions) || !near(square, m.square[p]) || !near(moves, m.moves[p]) {
				t.Errorf("seed %d, %s: outcomes' probability %g, mean %g, square %g, moves %g; exactMoments: solutions %g, square %g, moves %g",
					seed, prop.name, sum, mean, square, moves, m.solutions, m.square[p], m.moves[p])
			}
		}
	}
}

// TestExactMomentsTail: a counted bottom as large as the tree makes every
// probe exact: no variance, and the tree's nodes less the root in moves.
func TestExactMomentsTail(t *testing.T) {
	tree := randomListTree(3, 6)
	m := exactMoments(tree, math.Inf(1))
	for p, prop := range proposals {
		if m.square[p] != m.solutions*m.solutions || m.nodeSquare[p] != m.nodes*m.nodes || m.moves[p] != m.nodes-1 {
			t.Errorf("%s: square %g, node square %g, moves %g; want %g, %g, %g", prop.name, m.square[p], m.nodeSquare[p], m.moves[p],
				m.solutions*m.solutions, m.nodes*m.nodes, m.nodes-1)
		}
	}
}
