package rubik

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/search"
)

// smallHeuristic is two 3-edge tables without corners: weak, quick to build.
func smallHeuristic(t *testing.T) *Heuristic {
	t.Helper()
	h := &Heuristic{}
	for i, edges := range EdgePatterns(3) {
		sp, err := NewEdgeSpace(edges)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := pdb.Build(context.Background(), sp, pdb.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		h.EdgeSpaces[i], h.Edges[i] = sp, tab
	}
	return h
}

// TestEdgeTableMatchesBFS checks a 3-edge table against a breadth-first
// search over whole cubes: every entry's distance is the least number of
// turns to bring those edges home.
func TestEdgeTableMatchesBFS(t *testing.T) {
	h := smallHeuristic(t)
	sp := h.EdgeSpaces[0]
	dist := map[uint64]int{sp.Index(Solved()): 0}
	layer := []Cube{Solved()}
	for d := 1; len(layer) > 0; d++ {
		var next []Cube
		for _, c := range layer {
			for m := 0; m < 18; m++ {
				n := c.Turn(m)
				if _, ok := dist[sp.Index(n)]; !ok {
					dist[sp.Index(n)] = d
					next = append(next, n)
				}
			}
		}
		layer = next
	}
	if uint64(len(dist)) != sp.Size() {
		t.Fatalf("BFS reached %d of %d entries", len(dist), sp.Size())
	}
	for i, d := range dist {
		if got := h.Edges[0].Get(i); got != d {
			t.Fatalf("entry %d: table %d, BFS %d", i, got, d)
		}
	}
}

// TestSolveOptimal checks Solve against a blind IDA* (package search, no
// heuristic) on random scrambles of up to 5 turns: same length, the
// solution solves, and the counts do not depend on the number of workers.
func TestSolveOptimal(t *testing.T) {
	h := smallHeuristic(t)
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 12; trial++ {
		n := 1 + trial%5
		var scr []int
		for len(scr) < n {
			scr = append(scr, r.IntN(18))
		}
		c := Solved().Apply(scr)
		blind := search.IDAStar(context.Background(), NewDomain(c), search.Options{})
		var first search.Result
		for _, w := range []int{1, 2, 3} {
			res := Solve(context.Background(), c, h, SolveOptions{Workers: w})
			if res.Status != search.Solved || res.Cost != blind.Cost {
				t.Fatalf("%s -j %d: %v length %d, want %d", FormatMoves(scr), w, res.Status, res.Cost, blind.Cost)
			}
			sol := make([]int, len(res.Path))
			for i, m := range res.Path {
				sol[i] = int(m)
			}
			if c.Apply(sol) != Solved() {
				t.Fatalf("%s: %s does not solve", FormatMoves(scr), FormatMoves(sol))
			}
			if w == 1 {
				first = res
			} else if res.Stats.Generated != first.Stats.Generated || !slices.Equal(res.Stats.Iterations, first.Stats.Iterations) ||
				!slices.Equal(res.Stats.GeneratedByDepth, first.Stats.GeneratedByDepth) {
				t.Errorf("%s -j %d: %d nodes, iterations %v; -j 1 %d, %v", FormatMoves(scr), w, res.Stats.Generated, res.Stats.Iterations, first.Stats.Generated, first.Stats.Iterations)
			}
		}
	}
}

func TestTreeSizes(t *testing.T) {
	want := []float64{1, 18, 243, 3240, 43254}
	got := TreeSizes(4)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("TreeSizes = %v, want %v", got, want)
		}
	}
	// Cross-check against a count of the pruned tree.
	var count func(last, d int) float64
	count = func(last, d int) float64 {
		if d == 0 {
			return 1
		}
		n := 0.0
		for f := 0; f < 6; f++ {
			if MayFollow(last, f) {
				n += 3 * count(f, d-1)
			}
		}
		return n
	}
	if c := count(-1, 5); c != TreeSizes(5)[5] {
		t.Errorf("depth 5: counted %v, recurrence %v", c, TreeSizes(5)[5])
	}
}

func TestRandomIsLegal(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 1000; i++ {
		if err := Random(r).Check(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSolveStopsSoon: a search whose context ends stops within a few
// checks, not at the end of an iteration of subtrees too small to reach
// a check on their own (issue 36: Ctrl-C took 9 to 17 s on rubik solve
// --random 18). The time allowed is generous for a loaded machine.
func TestSolveStopsSoon(t *testing.T) {
	h := smallHeuristic(t)
	c := Solved().Apply(RandomScramble(16, 5))
	// An iteration ends only if its every subtree began within the node
	// limit: the nodes of the iterations ended pass the limit by at most
	// a check's worth per worker and the top of the tree.
	const limit = 200_000
	res := Solve(context.Background(), c, h, SolveOptions{Workers: 2, Limits: search.Limits{MaxNodes: limit}})
	var sum int64
	for _, it := range res.Stats.Iterations {
		sum += it.Generated
	}
	if res.Status == search.Solved || sum > limit+2*checkEvery+maxChildren*maxChildren*maxChildren {
		t.Errorf("--max-nodes %d: %v after iterations %v (%d nodes)", limit, res.Status, res.Stats.Iterations, sum)
	}
	for _, lim := range []search.Limits{{MaxTime: 100 * time.Millisecond}, {MaxNodes: 100000}} {
		start := time.Now()
		res := Solve(context.Background(), c, h, SolveOptions{Workers: 2, Limits: lim})
		if took := time.Since(start); res.Status == search.Solved || took > 3*time.Second {
			t.Errorf("%+v: %v after %v; want stopped within 3 s", lim, res.Status, took)
		}
	}
}

// TestSortSubtrees: densest in the previous iteration first (size over
// the weight of the last face turned: after F, whose opposite B may
// follow, more sequences than after D), ties (and subtrees not seen) in
// their order.
func TestSortSubtrees(t *testing.T) {
	if faceWeight[0] <= faceWeight[3] || faceWeight[0] != faceWeight[1] || faceWeight[3] != faceWeight[5] {
		t.Fatalf("face weights %v: want U = R = F > D = L = B", faceWeight)
	}
	prev := make([]int64, subtreeKeys)
	subs := []subtree{{moves: [cutDepth]int8{0, 3, 0, 6}}, {moves: [cutDepth]int8{0, 3, 0, 7}}, {moves: [cutDepth]int8{1, 4, 1, 8}}, {moves: [cutDepth]int8{2, 5, 2, 9}}, {moves: [cutDepth]int8{2, 5, 2, 10}}}
	prev[subs[1].key()], prev[subs[2].key()], prev[subs[3].key()], prev[subs[4].key()] = 5, 9, 5, 9
	var got []int8
	for _, k := range sortSubtrees(subs, prev, nil) {
		got = append(got, subs[k].moves[cutDepth-1])
	}
	if want := []int8{10, 8, 9, 7, 6}; !slices.Equal(got, want) {
		t.Errorf("order by last moves %v, want %v", got, want)
	}
}

// TestRaiseSiblings: each face's three children at least the largest of
// them less one.
func TestRaiseSiblings(t *testing.T) {
	for _, c := range []struct{ in, want []int }{
		{[]int{3, 5, 4, 2, 2, 2}, []int{4, 5, 4, 2, 2, 2}},
		{[]int{0, 0, 1, 7, 1, 1, 6, 6, 6}, []int{0, 0, 1, 7, 6, 6, 6, 6, 6}},
	} {
		var hs [maxChildren]int
		copy(hs[:], c.in)
		raiseSiblings(&hs, len(c.in))
		if !slices.Equal(hs[:len(c.in)], c.want) {
			t.Errorf("%v: %v, want %v", c.in, hs[:len(c.in)], c.want)
		}
	}
}

// TestMaxSubtrees checks that Solve makes room for every subtree: the
// 43,254 sequences of cutDepth (4) turns that TestTreeSizes counts.
func TestMaxSubtrees(t *testing.T) {
	if cutDepth != 4 || maxSubtrees != 43254 {
		t.Fatalf("cutDepth %d: %d subtrees, want 43,254 at depth 4", cutDepth, maxSubtrees)
	}
}
