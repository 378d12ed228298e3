package estimate

import "math"

// tailStep is the granularity of a small subtree's count: the walks of
// Exhaustive (a kernel's CountSubtree included) ask whether to stop once
// every 1024 moves, so a count on a budget of Tail moves ends at the first
// such question past Tail. Whether a subtree is counted depends on the
// subtree alone (its size), never on a probe's draws, which keeps the
// estimates unbiased.
const tailStep = 1024

// tailCounter counts the subtree below a tree's current node exactly when
// it is small: the heavy-tail remedy of a sampled top over an exhaustively
// counted bottom. Nodes at depth at least from are tried; a count that
// passes limit moves is abandoned, and the probe samples below the node
// instead.
type tailCounter struct {
	limit int64 // moves a count may take (0: no counting)
	from  int   // the shallowest depth counted
	// done reports that the estimate's context ended.
	done func() bool
	p    Profile
	// The state of the count under way, and its stop function, made once.
	asks          int64
	over, stopped bool
	stop          func() bool
}

func newTailCounter(limit, from int, done func() bool) *tailCounter {
	c := &tailCounter{limit: int64(limit), from: from, done: done}
	c.stop = func() bool {
		c.asks++
		c.over = c.over || c.asks*tailStep > c.limit
		c.stopped = c.stopped || c.done()
		return c.over || c.stopped
	}
	return c
}

// try counts the subtree below t's current node at depth d, if it is to be
// counted and has at most about limit nodes: ok, with c.p holding its
// nodes and solutions by depth (as t.Depth reports it). The moves spent
// are returned either way; stopped reports that ctx ended the count.
func (c *tailCounter) try(t Tree, d int) (ok bool, work int64, stopped bool) {
	if c == nil || c.limit <= 0 || d < c.from {
		return false, 0, false
	}
	c.p.Nodes, c.p.Branches, c.p.Solutions = c.p.Nodes[:0], c.p.Branches[:0], c.p.Solutions[:0]
	c.asks, c.over, c.stopped = 0, false, false
	walkExhaustive(t, math.MaxInt32, &c.p, c.stop)
	if c.over || c.stopped {
		return false, c.asks * tailStep, c.stopped
	}
	var nodes int64
	for _, n := range c.p.Nodes {
		nodes += n
	}
	return true, nodes - 1, false
}

// add adds the counted subtree, each node weighted by weight, to byDepth
// (grown as needed) and returns its nodes and solutions so weighted and
// the solutions counted.
func (c *tailCounter) add(byDepth *[]float64, weight float64) (nodes, solutions float64, hits int64) {
	for d, n := range c.p.Nodes {
		if n == 0 {
			continue
		}
		for len(*byDepth) <= d {
			*byDepth = append(*byDepth, 0)
		}
		(*byDepth)[d] += weight * float64(n)
		nodes += weight * float64(n)
		solutions += weight * float64(c.p.Solutions[d])
		hits += c.p.Solutions[d]
	}
	return nodes, solutions, hits
}

// TailDepth is the shallowest depth whose nodes' subtrees are on average
// at most limit/2 nodes, by the nodes per depth of an estimate (a pilot
// run's): the depth from which a probe tries to count subtrees of at most
// limit nodes, so that most tries succeed and a failed one wastes little.
// It is the depth past the deepest node when no depth qualifies.
func TailDepth(byDepth []DepthEstimate, limit int64) int {
	below := 0.0 // nodes at this depth and deeper
	depth := len(byDepth)
	for d := len(byDepth) - 1; d >= 0; d-- {
		below += byDepth[d].Nodes
		n := byDepth[d].Nodes
		if n <= 0 {
			continue
		}
		if below/n > float64(limit)/2 {
			break
		}
		depth = d
	}
	return depth
}
