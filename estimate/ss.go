package estimate

import (
	"context"
	"math/rand/v2"
	"slices"
)

// Stratified is Chen's stratified sampling (1992; "SS" in Lelis, Zilles
// and Holte 2013). One probe expands the tree level by level, keeping one
// representative node per type and depth, with the summed weight of the
// nodes it stands for; a node's type is its number of children, so that
// subtrees alike in their first branching are pooled. Each probe is an
// unbiased estimate of the nodes per depth and the solutions (a Typed
// tree gives its own types, and with opt.Strata a Stater's states refine
// them: any partition that depends on the node alone keeps the estimate
// unbiased); the interval
// is Student's t over opt.Samples probes. Cost per probe: the children of
// every representative, about types x branching factor x depth moves,
// plus the moves between representatives.
func Stratified(ctx context.Context, newTree func() Tree, opt Options) Result {
	kept, capped, extra := runProbes(ctx, opt, func() func(i int) probeOutcome {
		s := &ssProber{t: newTree(), tail: newTailCounter(opt.Tail, opt.TailDepth, func() bool { return ctx.Err() != nil })}
		if st, ok := s.t.(Stater); ok && opt.Strata != StrataChildren {
			s.state, s.detail = st, min(opt.Strata, StrataPieces)
		}
		s.index, s.maxStrata = map[uint64]int{}, opt.MaxStrata
		s.rng = rand.New(&s.pcg)
		return func(i int) probeOutcome {
			s.pcg.Seed(opt.Seed, 4+uint64(i))
			s.work = 0
			var r probeOutcome
			r.byDepth, r.sol = s.probe()
			for _, v := range r.byDepth {
				r.nodes += v
			}
			r.work, r.done, r.hits = s.work, ctx.Err() == nil && !s.stopped, solutionHit(r.sol)+s.hits
			return r
		}
	})
	return tallyRun(kept, capped, extra, opt, "stratified")
}

// ssNode is a representative: its path from the root, its type and the
// weight of the nodes it stands for.
type ssNode struct {
	path   []int
	typ    int
	weight float64
	sol    bool
}

type ssProber struct {
	t    Tree
	pcg  rand.PCG
	rng  *rand.Rand
	at   []int // the tree's current path
	work int64
	// tail counts the small subtrees of representatives exactly; hits are
	// the solutions so counted, stopped says ctx ended a count.
	tail    *tailCounter
	hits    int64
	stopped bool
	// state, when not nil, refines the strata by the nodes' states at
	// this level of detail (Options.Strata).
	state  Stater
	detail int
	// members[j] are the nodes of the next level's stratum j, of which
	// one is drawn (pick); choose, when set, draws instead of the
	// generator (a test that enumerates every draw).
	members [][]ssMember
	choose  func(m []ssMember) int
	// cands are the next level's nodes; index maps a stratum's key to
	// its position; maxStrata is Options.MaxStrata.
	cands     []ssMember
	index     map[uint64]int
	maxStrata int
}

// ssMember is a node of a stratum at the next level: its parent's
// position in the level, its child number there, its number of children,
// the weight it carries, whether it is a solution, and its strata's keys
// at each level of detail (0: by the number of children).
type ssMember struct {
	parent, k, children int32
	weight              float64
	sol                 bool
	keys                [StrataPieces + 1]uint64
}

// stratify puts the next level's nodes (s.cands, children of level)
// into strata, at the finest level of detail that makes at most
// s.maxStrata of them, and draws one representative of each. The choice
// of the detail depends on the level's nodes only, before any draw among
// them: the estimate stays unbiased.
func (s *ssProber) stratify(level []ssNode) []ssNode {
	detail := s.detail
	for ; detail > 0 && s.maxStrata > 0; detail-- {
		clear(s.index)
		for _, c := range s.cands {
			s.index[c.keys[detail]] = 0
		}
		if len(s.index) <= s.maxStrata {
			break
		}
	}
	clear(s.index)
	var next []ssNode
	for _, c := range s.cands {
		j, ok := s.index[c.keys[detail]]
		if !ok {
			j = len(next)
			s.index[c.keys[detail]] = j
			next = append(next, ssNode{sol: c.sol})
			if j == len(s.members) {
				s.members = append(s.members, nil)
			}
			s.members[j] = s.members[j][:0]
		}
		next[j].weight += c.weight
		s.members[j] = append(s.members[j], c)
	}
	// One representative per stratum, drawn in proportion to the
	// weights it stands for.
	for j := range next {
		m := s.members[j]
		c := m[s.pick(m, next[j].weight)]
		next[j].path = append(slices.Clip(level[c.parent].path), int(c.k))
		next[j].typ = int(c.children)
	}
	return next
}

// pick draws one of m, of total weight total, with probability in
// proportion to its weight.
func (s *ssProber) pick(m []ssMember, total float64) int {
	if len(m) == 1 {
		return 0
	}
	if s.choose != nil {
		return s.choose(m)
	}
	u := s.rng.Float64() * total
	for i := range m {
		if u -= m[i].weight; u < 0 {
			return i
		}
	}
	return len(m) - 1 // u rounded to total
}

// moveTo walks the tree to path through the deepest common ancestor.
func (s *ssProber) moveTo(path []int) {
	common := 0
	for common < len(s.at) && common < len(path) && s.at[common] == path[common] {
		common++
	}
	for len(s.at) > common {
		s.t.Up()
		s.at = s.at[:len(s.at)-1]
	}
	for _, k := range path[common:] {
		s.t.Down(k)
		s.work++
		s.at = append(s.at, k)
	}
}

// probe runs one stratified probe from the root and returns its estimate
// of the nodes per depth and the solutions.
func (s *ssProber) probe() (byDepth []float64, solutions float64) {
	s.moveTo(nil)
	s.hits, s.stopped = 0, false
	n, sol := s.t.Branches()
	level := []ssNode{{typ: n, weight: 1, sol: sol}}
	var below []float64 // the nodes of counted subtrees, by depth
	for len(level) > 0 {
		s.cands = s.cands[:0]
		var w float64
		for i, r := range level {
			w += r.weight
			if r.sol {
				solutions += r.weight
			}
			if r.typ == 0 {
				continue
			}
			s.moveTo(r.path)
			ok, work, stopped := s.tail.try(s.t, len(r.path))
			s.work += work
			if stopped {
				s.stopped = true
				return byDepth, solutions
			}
			if ok {
				// Counted: the representative itself is in w already.
				for d := len(r.path) + 1; d < len(s.tail.p.Nodes); d++ {
					for len(below) <= d {
						below = append(below, 0)
					}
					below[d] += r.weight * float64(s.tail.p.Nodes[d])
					solutions += r.weight * float64(s.tail.p.Solutions[d])
					s.hits += s.tail.p.Solutions[d]
				}
				continue
			}
			for k := 0; k < r.typ; k++ {
				s.t.Down(k)
				s.work++
				cn, csol := s.t.Branches()
				typ := cn
				if tt, ok := s.t.(Typed); ok {
					typ = tt.Type()
				}
				c := ssMember{parent: int32(i), k: int32(k), children: int32(max(cn, 0)), weight: r.weight, sol: csol}
				c.keys[0] = uint64(int64(typ)) << 1
				if csol {
					c.keys[0] |= 1 // solutions are strata of their own
				}
				for d := s.detail; d > 0; d-- {
					c.keys[d] = mixKey(c.keys[0], s.state.State(d))
					if s.maxStrata == 0 {
						break // the finest strata are the ones
					}
				}
				s.t.Up()
				s.cands = append(s.cands, c)
			}
		}
		next := s.stratify(level)
		byDepth = append(byDepth, w)
		if d := len(byDepth) - 1; d < len(below) {
			byDepth[d] += below[d]
		}
		// Representatives in path order, so that moving between them
		// retraces little.
		slices.SortFunc(next, func(a, b ssNode) int { return slices.Compare(a.path, b.path) })
		level = next
	}
	for d := len(byDepth); d < len(below); d++ {
		byDepth = append(byDepth, below[d])
	}
	return byDepth, solutions
}
