package estimate

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// hashTree is an irregular tree defined by hashing paths: a node at depth
// below max has 0..4 children (2..4 near the root), and a leaf at depth max is a solution one
// time in three.
type hashTree struct {
	keys []uint64
	max  int
}

func newHashTree(max int) func() Tree {
	return func() Tree { return &hashTree{keys: []uint64{0x12345}, max: max} }
}

func (h *hashTree) key() uint64 { return h.keys[len(h.keys)-1] }
func (h *hashTree) Depth() int  { return len(h.keys) - 1 }
func (h *hashTree) Branches() (int, bool) {
	k := h.key()
	if h.Depth() == h.max {
		return 0, k%3 == 0
	}
	if h.Depth() < 3 {
		return 2 + int(k%3), false // a bushy top, so that the tree does not die out
	}
	return int(k % 5), false
}
func (h *hashTree) Down(k int) {
	x := h.key()*0x9e3779b97f4a7c15 + uint64(k) + 1
	x ^= x >> 29
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 32
	h.keys = append(h.keys, x)
}
func (h *hashTree) Up() { h.keys = h.keys[:len(h.keys)-1] }

// viableTree is a hashTree that calls a node viable by a hash of its
// key: a guide for the importance draw (Options.Viable) that is wrong as
// often as right, which must leave the estimates unbiased.
type viableTree struct{ hashTree }

func newViableTree(max int) func() Tree {
	return func() Tree { return &viableTree{hashTree{keys: []uint64{0x12345}, max: max}} }
}

func (v *viableTree) Viable() bool { return v.key()>>7%3 != 0 }

// count enumerates the whole tree.
func count(t Tree) (nodes, solutions int64) {
	n, sol := t.Branches()
	nodes = 1
	if sol {
		solutions = 1
	}
	for k := 0; k < n; k++ {
		t.Down(k)
		a, b := count(t)
		t.Up()
		nodes, solutions = nodes+a, solutions+b
	}
	return
}

func total(xs []int64) (s int64) {
	for _, x := range xs {
		s += x
	}
	return
}

func TestExhaustive(t *testing.T) {
	nodes, sols := count(newHashTree(14)())
	if nodes < 1000 || sols == 0 {
		t.Fatalf("test tree too small: %d nodes, %d solutions", nodes, sols)
	}
	var first Profile
	for _, workers := range []int{1, 2, 3} {
		p, err := Exhaustive(context.Background(), newHashTree(14), 14, workers)
		if err != nil || total(p.Nodes) != nodes || total(p.Solutions) != 0 {
			t.Errorf("workers %d: %d nodes (want %d), %v", workers, total(p.Nodes), nodes, err)
		}
		// Branches[d] sums the children of depth d: the nodes of d+1.
		for d := 0; d+1 < len(p.Nodes); d++ {
			if p.Branches[d] != p.Nodes[d+1] {
				t.Errorf("depth %d: %d branches, %d nodes below", d, p.Branches[d], p.Nodes[d+1])
			}
		}
		if workers == 1 {
			first = p
		} else if !reflect.DeepEqual(p, first) {
			t.Errorf("workers %d: profile differs", workers)
		}
	}
	p, _ := Exhaustive(context.Background(), newHashTree(14), 5, 2)
	if len(p.Nodes) != 6 || p.Nodes[5] != first.Nodes[5] {
		t.Errorf("to depth 5: %v, want the first 6 of %v", p.Nodes, first.Nodes)
	}
}

// TestEstimatorsUnbiased: Knuth's and the frontier estimates, from many
// samples, fall within their intervals around the truth, and do not
// depend on the number of workers.
func TestEstimatorsUnbiased(t *testing.T) {
	nodes, sols := count(newHashTree(14)())
	for _, method := range []string{"knuth", "knuth-tail", "knuth-look", "knuth-look-tail", "knuth-importance", "knuth-viable", "frontier", "frontier-tail", "frontier-look", "frontier-importance", "stratified", "stratified-tail", "purdom", "purdom-exact", "purdom-look", "purdom-tail", "purdom-importance", "purdom-viable", "purdom-viable-wide", "samplesearch"} {
		var first Result
		for _, workers := range []int{1, 2} {
			opt := Options{Seed: 7, Samples: 20000, Workers: workers, ExactDepth: 3}
			var r Result
			switch method {
			case "knuth":
				r = Knuth(context.Background(), newHashTree(14), opt)
			case "knuth-tail", "knuth-look", "knuth-look-tail", "knuth-importance", "knuth-viable":
				opt.Tail = map[string]int{"knuth-tail": 50, "knuth-look-tail": 20}[method]
				opt.Lookahead = strings.Contains(method, "look") || method == "knuth-importance" || method == "knuth-viable"
				opt.Importance = method == "knuth-importance" || method == "knuth-viable"
				opt.Viable = method == "knuth-viable"
				r = Knuth(context.Background(), newViableTree(14), opt)
			case "frontier", "frontier-tail", "frontier-look", "frontier-importance":
				opt.Samples = 200
				if method == "frontier-tail" || method == "frontier-importance" {
					opt.Tail = 50
				}
				opt.Lookahead = method == "frontier-look" || method == "frontier-importance"
				opt.Importance = method == "frontier-importance"
				r = Frontier(context.Background(), newHashTree(14), opt)
			case "stratified", "stratified-tail":
				opt.Samples = 300
				if method == "stratified-tail" {
					// Subtrees at depth 5 and deeper counted when at most 1,024
					// nodes: 48 of the 79 at depth 5, 287 of 290 at depth 7.
					opt.Tail, opt.TailDepth = 1, 5
				}
				r = Stratified(context.Background(), newHashTree(14), opt)
			case "purdom", "purdom-exact", "purdom-look", "purdom-tail", "purdom-importance", "purdom-viable", "purdom-viable-wide":
				opt.Samples, opt.Width = 2000, 2
				if method == "purdom-importance" || method == "purdom-viable" {
					opt.Samples, opt.Width, opt.Importance, opt.Viable = 20000, 1, true, method == "purdom-viable"
				}
				if method == "purdom-viable-wide" {
					// Two draws with replacement, subtrees counted below depth 7.
					opt.Importance, opt.Viable, opt.Tail, opt.TailDepth = true, true, 1, 7
				}
				if method == "purdom-tail" {
					opt.Tail, opt.TailDepth = 1, 7
				}
				if method != "purdom-exact" {
					opt.ExactDepth = 0 // every child above depth 3: purdom-exact
				}
				opt.Lookahead = method == "purdom-look" || opt.Importance
				r = Purdom(context.Background(), newViableTree(14), opt)
			case "samplesearch":
				opt.Samples = 3000
				r = SampleSearch(context.Background(), newHashTree(14), opt)
			}
			if workers == 1 {
				first = r
				for _, c := range []struct {
					name  string
					iv    Interval
					truth int64
				}{{"nodes", r.Nodes, nodes}, {"solutions", r.Solutions, sols}} {
					// 4 standard errors: a failure is a bug, not bad luck.
					if math.Abs(c.iv.Estimate-float64(c.truth)) > 4*c.iv.StdErr || c.iv.StdErr == 0 {
						t.Errorf("%s %s: %.1f +- %.1f, truth %d", method, c.name, c.iv.Estimate, c.iv.StdErr, c.truth)
					}
				}
			} else if !reflect.DeepEqual(r, first) {
				t.Errorf("%s: workers %d gives %+v, workers 1 %+v", method, workers, r.Nodes, first.Nodes)
			}
		}
	}
}

// TestTailExact: with a tail budget above the tree's size a probe counts
// the whole tree from its leaf up: every probe is exact.
func TestTailExact(t *testing.T) {
	nodes, sols := count(newHashTree(10)())
	for _, tail := range []int{int(nodes), int(nodes) + 5} {
		r := Knuth(context.Background(), newHashTree(10), Options{Seed: 3, Samples: 5, Workers: 2, Tail: tail})
		if r.Nodes.Estimate != float64(nodes) || r.Solutions.Estimate != float64(sols) || r.Nodes.StdErr != 0 {
			t.Errorf("tail %d: %+v %+v, want %d %d exactly", tail, r.Nodes, r.Solutions, nodes, sols)
		}
	}
}

// TestFrontierExact: with the frontier below the deepest leaf the
// estimate is the exact count, with no spread.
func TestFrontierExact(t *testing.T) {
	nodes, sols := count(newHashTree(8)())
	r := Frontier(context.Background(), newHashTree(8), Options{Seed: 1, Samples: 3, Workers: 2, ExactDepth: 8})
	if r.Nodes.Estimate != float64(nodes) || r.Solutions.Estimate != float64(sols) || r.Nodes.High != r.Nodes.Low {
		t.Errorf("frontier at the leaves: %+v %+v, want %d %d exactly", r.Nodes, r.Solutions, nodes, sols)
	}
}

// TestCutExact: Korekawa et al.'s method without cutting measures every node, so
// that its products of mean branching factors are the exact counts.
func TestCutExact(t *testing.T) {
	nodes, sols := count(newHashTree(14)())
	exact, _ := Exhaustive(context.Background(), newHashTree(14), 3, 1)
	r, err := Cut(context.Background(), newHashTree(14), exact, Options{Seed: 1, Samples: 2, Workers: 2, CutP: 0, CutFrom: 4, CutTo: 10})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.Nodes.Estimate-float64(nodes)) > 1e-6*float64(nodes) || math.Abs(r.Solutions.Estimate-float64(sols)) > 1e-6*float64(sols) {
		t.Errorf("no cuts: %v nodes, %v solutions; want %d, %d", r.Nodes.Estimate, r.Solutions.Estimate, nodes, sols)
	}
	// With cuts the estimate is near, and reproducible.
	opt := Options{Seed: 5, Samples: 20, Workers: 1, CutP: 0.5, CutFrom: 4, CutTo: 12}
	a, _ := Cut(context.Background(), newHashTree(14), exact, opt)
	opt.Workers = 2
	b, _ := Cut(context.Background(), newHashTree(14), exact, opt)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("cut: workers change the result: %+v vs %+v", a.Nodes, b.Nodes)
	}
	if rel := a.Nodes.Estimate/float64(nodes) - 1; math.Abs(rel) > 0.2 {
		t.Errorf("cut p=0.5: %v nodes, truth %d", a.Nodes.Estimate, nodes)
	}
}

func TestCheckCut(t *testing.T) {
	for _, opt := range []Options{
		{CutP: 1, CutFrom: 2, CutTo: 3, Samples: 1},
		{CutP: -0.1, CutFrom: 2, CutTo: 3, Samples: 1},
		{CutP: 0.5, CutFrom: 4, CutTo: 3, Samples: 1},
		{CutP: 0.5, CutFrom: 0, CutTo: 3, Samples: 1},
		{CutP: 0.5, CutFrom: 2, CutTo: 3, Samples: 0},
	} {
		if CheckCut(opt) == nil {
			t.Errorf("%+v accepted", opt)
		}
	}
}

func TestT975(t *testing.T) {
	for df, want := range map[int]float64{1: 12.7062, 10: 2.2281, 11: 2.2010, 20: 2.0860, 30: 2.0423, 100: 1.9840, 1000: 1.9623} {
		if got := t975(df); math.Abs(got-want) > 2e-4 {
			t.Errorf("t975(%d) = %.5f, want %.4f", df, got, want)
		}
	}
}

func TestIntervalJSON(t *testing.T) {
	var one moments
	one.add(5)
	b, err := json.Marshal(one.tInterval())
	if err != nil || string(b) != `{"estimate":5,"low":0,"high":null,"std_err":null,"kind":"","level":0}` {
		t.Errorf("%s %v", b, err)
	}
}

// TestSubtree: the subtrees below the root's children add up to the tree.
func TestSubtree(t *testing.T) {
	nodes, sols := count(newHashTree(12)())
	n, _ := newHashTree(12)().Branches()
	sumN, sumS := int64(1), int64(0)
	for k := 0; k < n; k++ {
		p, err := Exhaustive(context.Background(), Subtree(newHashTree(12), []int{k}), 100, 2)
		if err != nil {
			t.Fatal(err)
		}
		sumN += total(p.Nodes)
		sumS += total(p.Solutions)
	}
	if sumN != nodes || sumS != sols {
		t.Errorf("subtrees: %d nodes, %d solutions; tree %d, %d", sumN, sumS, nodes, sols)
	}
}

// TestMixtureDraw: each child is drawn with probability 1/2n + c/2C, and
// the inverse returned is 1 over it.
func TestMixtureDraw(t *testing.T) {
	for _, counts := range [][]int{{1}, {1, 1}, {1, 3}, {5, 1, 2, 8}} {
		rng := rand.New(rand.NewPCG(1, 2))
		total := 0
		for _, c := range counts {
			total += c
		}
		const draws = 200_000
		seen := make([]int, len(counts))
		for range draws {
			j, inv := mixtureDraw(rng, counts)
			q := 0.5/float64(len(counts)) + 0.5*float64(counts[j])/float64(total)
			if math.Abs(inv*q-1) > 1e-12 {
				t.Fatalf("%v: child %d, inverse %g, want 1/%g", counts, j, inv, q)
			}
			seen[j]++
		}
		for j, c := range counts {
			q := 0.5/float64(len(counts)) + 0.5*float64(c)/float64(total)
			// 5 standard errors of a binomial share.
			if got := float64(seen[j]) / draws; math.Abs(got-q) > 5*math.Sqrt(q*(1-q)/draws) {
				t.Errorf("%v: child %d drawn %.4f of the time, want %.4f", counts, j, got, q)
			}
		}
	}
}
