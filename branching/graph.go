package branching

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"
	"unsafe"

	"github.com/branchwise/branchwise/search"
)

// Edge is a type's children of one type: Count children of type To.
type Edge struct {
	To    int
	Count int64
}

// Graph is a node-type graph: Children[i] lists the children of a node of
// type i by type. Type Root is the root's.
type Graph struct {
	Names    []string
	Children [][]Edge
	Root     int
}

// Explore builds the type graph reachable from the root's type: children
// lists a type's children, one entry per child (repeats count), and name
// labels a type.
func Explore[T comparable](root T, children func(T) []T, name func(T) string) *Graph {
	g, _ := ExploreContext(context.Background(), search.Limits{}, root, children, name)
	return g
}

// exploreCheckEvery is how many types pass between checks of the context
// and the memory.
const exploreCheckEvery = 1 << 10

// typeBytes is the memory of an explored type besides its name, its edges
// and the size of T (three times: the index map's key, the queue, slack):
// the map's slot, a slice header and a string header.
const typeBytes = 64

// ExploreContext is Explore within limits: MaxNodes bounds the number of
// types, MaxMem the memory of the graph and its index, MaxTime, MaxCPU and
// the context the time. A limit stops it with a nil graph and the limit's
// error (search.ErrNodeLimit, search.ErrMemLimit, search.ErrCPULimit or the
// context's).
func ExploreContext[T comparable](ctx context.Context, lim search.Limits, root T, children func(T) []T, name func(T) string) (*Graph, error) {
	ctx, cancel := lim.Context(ctx)
	defer cancel()
	index := map[T]int{root: 0}
	queue := []T{root}
	g := &Graph{}
	perType := typeBytes + 3*int64(unsafe.Sizeof(root))
	var bytes int64
	for n := int64(1); len(queue) > 0; n++ {
		if lim.MaxNodes > 0 && int64(len(index)) > lim.MaxNodes {
			return nil, search.ErrNodeLimit
		}
		if n%exploreCheckEvery == 0 {
			if err := search.ContextErr(ctx); err != nil {
				return nil, err
			}
			if lim.MaxMem > 0 && bytes+int64(len(index))*perType > lim.MaxMem {
				return nil, search.ErrMemLimit
			}
		}
		t := queue[0]
		queue = queue[1:]
		i := index[t]
		for len(g.Names) <= i {
			g.Names = append(g.Names, "")
			g.Children = append(g.Children, nil)
		}
		g.Names[i] = name(t)
		counts := map[int]int64{}
		for _, c := range children(t) {
			j, ok := index[c]
			if !ok {
				j = len(index)
				index[c] = j
				queue = append(queue, c)
			}
			counts[j]++
		}
		for j, n := range counts {
			g.Children[i] = append(g.Children[i], Edge{j, n})
		}
		slices.SortFunc(g.Children[i], func(a, b Edge) int { return a.To - b.To })
		bytes += int64(len(g.Names[i]) + 16*len(g.Children[i]))
	}
	return g, nil
}

// FromMatrix returns the graph of matrix p (p[i][j] children of type j per
// node of type i) with the given names and root type.
func FromMatrix(names []string, p [][]int64, root int) (*Graph, error) {
	if len(names) == 0 || len(p) != len(names) {
		return nil, fmt.Errorf("branching: a matrix needs one row per type and at least one type")
	}
	if root < 0 || root >= len(names) {
		return nil, fmt.Errorf("branching: root type %d out of range", root)
	}
	g := &Graph{Names: names, Children: make([][]Edge, len(names)), Root: root}
	for i, row := range p {
		if len(row) != len(names) {
			return nil, fmt.Errorf("branching: row %s has %d entries, want %d", names[i], len(row), len(names))
		}
		for j, v := range row {
			if v < 0 {
				return nil, fmt.Errorf("branching: row %s: negative entry %d", names[i], v)
			}
			if v > 0 {
				g.Children[i] = append(g.Children[i], Edge{j, v})
			}
		}
	}
	return g, nil
}

// Matrix returns P as a dense matrix.
func (g *Graph) Matrix() [][]int64 {
	n := len(g.Names)
	p := make([][]int64, n)
	for i := range p {
		p[i] = make([]int64, n)
		for _, e := range g.Children[i] {
			p[i][e.To] += e.Count
		}
	}
	return p
}

// Counts returns the exact number of nodes at depths 0..depth (the root is
// the one node at depth 0).
func (g *Graph) Counts(depth int) []*big.Int {
	n := len(g.Names)
	cur := make([]*big.Int, n)
	next := make([]*big.Int, n)
	for i := range cur {
		cur[i], next[i] = new(big.Int), new(big.Int)
	}
	cur[g.Root].SetInt64(1)
	totals := []*big.Int{big.NewInt(1)}
	var tmp big.Int
	for d := 1; d <= depth; d++ {
		for i := range next {
			next[i].SetInt64(0)
		}
		for i, c := range cur {
			if c.Sign() == 0 {
				continue
			}
			for _, e := range g.Children[i] {
				tmp.Mul(c, big.NewInt(e.Count))
				next[e.To].Add(next[e.To], &tmp)
			}
		}
		cur, next = next, cur
		t := new(big.Int)
		for _, c := range cur {
			t.Add(t, c)
		}
		totals = append(totals, t)
	}
	return totals
}

// Reduce returns the quotient of g by its coarsest equitable partition, in
// which the root's class is type 0, with the class of every type of g.
// Classes are named by the names of their types, joined by '|'.
func (g *Graph) Reduce() (*Graph, []int) {
	n := len(g.Names)
	class := make([]int, n)
	nclass := 1
	for {
		sigs := make([]string, n)
		for i := range sigs {
			counts := map[int]int64{}
			for _, e := range g.Children[i] {
				counts[class[e.To]] += e.Count
			}
			keys := make([]int, 0, len(counts))
			for k := range counts {
				keys = append(keys, k)
			}
			sort.Ints(keys)
			var sb strings.Builder
			fmt.Fprintf(&sb, "%d:", class[i])
			for _, k := range keys {
				fmt.Fprintf(&sb, "%d*%d,", k, counts[k])
			}
			sigs[i] = sb.String()
		}
		// Number the new classes in order of first appearance from the root,
		// so the result does not depend on map order.
		ids := map[string]int{sigs[g.Root]: 0}
		next := make([]int, n)
		for i := range next {
			id, ok := ids[sigs[i]]
			if !ok {
				id = len(ids)
				ids[sigs[i]] = id
			}
			next[i] = id
		}
		next[g.Root] = 0
		class = next
		if len(ids) == nclass {
			break
		}
		nclass = len(ids)
	}
	q := &Graph{Names: make([]string, nclass), Children: make([][]Edge, nclass)}
	done := make([]bool, nclass)
	members := make([][]string, nclass)
	for i := 0; i < n; i++ {
		c := class[i]
		members[c] = append(members[c], g.Names[i])
		if done[c] {
			continue
		}
		done[c] = true
		counts := map[int]int64{}
		for _, e := range g.Children[i] {
			counts[class[e.To]] += e.Count
		}
		for k, v := range counts {
			q.Children[c] = append(q.Children[c], Edge{k, v})
		}
		slices.SortFunc(q.Children[c], func(a, b Edge) int { return a.To - b.To })
	}
	for c := range q.Names {
		q.Names[c] = strings.Join(members[c], "|")
	}
	return q, class
}
