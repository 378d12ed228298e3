package xcover

import "fmt"

// SetBounds gives primary item i (1-based) the multiplicity [lo, hi]: a
// solution covers it at least lo and at most hi times (Knuth's DLX3 and
// Algorithm M, TAOCP 7.2.2.1). By default every primary item has [1, 1].
// A problem with any other bounds is solved by Algorithm M (see searchM):
// each solution is a set of options, found once, so that hi identical
// copies of a piece, one item of multiplicity hi, are never permuted.
func (p *Problem) SetBounds(i, lo, hi int) error {
	if i < 1 || i > p.primary {
		return fmt.Errorf("xcover: item %d is not primary", i)
	}
	if lo < 0 || hi < 1 || lo > hi || hi > MaxMultiplicity {
		return fmt.Errorf("xcover: item %s: bounds [%d, %d] (want 0 <= lo <= hi, 1 <= hi <= %d)", p.names[i-1], lo, hi, MaxMultiplicity)
	}
	if lo == 1 && hi == 1 {
		delete(p.bounds, i)
		return nil
	}
	if p.bounds == nil {
		p.bounds = map[int][2]int{}
	}
	p.bounds[i] = [2]int{lo, hi}
	return nil
}

// MaxMultiplicity bounds an item's multiplicity: the search keeps its
// bounds in int32, and no puzzle needs more copies of a piece.
const MaxMultiplicity = 1 << 20

// Bounds returns the multiplicity of primary item i.
func (p *Problem) Bounds(i int) (lo, hi int) {
	if b, ok := p.bounds[i]; ok {
		return b[0], b[1]
	}
	return 1, 1
}

// Multiplicities reports whether some primary item has bounds other than
// [1, 1], so that Algorithm M solves the problem.
func (p *Problem) Multiplicities() bool { return len(p.bounds) > 0 }

// mstate is Algorithm M's state: per primary item its BOUND (how many more
// options may still cover it) and SLACK (hi - lo, fixed); per level the
// first option tweaked there (Knuth's FT).
type mstate struct {
	bound, slack []int32
	firstTweak   []int32
}

func newMState(p *Problem) *mstate {
	m := &mstate{bound: make([]int32, p.primary+1), slack: make([]int32, p.primary+1)}
	for i := 1; i <= p.primary; i++ {
		lo, hi := p.Bounds(i)
		m.bound[i], m.slack[i] = int32(hi), int32(hi-lo)
	}
	// A level per option chosen, plus the levels that close an item
	// without choosing an option (once per item on a path): at most the
	// sum of the upper bounds, and the options, plus the primary items.
	levels := 0
	for i := 1; i <= p.primary; i++ {
		levels += int(m.bound[i])
	}
	levels = min(levels, len(p.options)) + p.primary
	m.firstTweak = make([]int32, levels+1)
	return m
}

func (m *mstate) clone() *mstate {
	return &mstate{bound: append([]int32(nil), m.bound...), slack: m.slack, firstTweak: make([]int32, len(m.firstTweak))}
}

// chooseM returns the item to branch on and its branching degree, Knuth's
// score LEN + s - BOUND + 1 with s = min(SLACK, BOUND): the options that
// may come first plus the null choice when the lower bound is met. Ties go
// to the smaller s, then the longer list. An item that can take every one
// of its options and has none left is never chosen; 0 means none is left
// to choose. A score of 0 or less is a dead end.
func (s *Solver) chooseM() (best int32, score int32) {
	m := s.m
	var bestS, bestLen int32
	for k := s.rlink[0]; k != 0; k = s.rlink[k] {
		b, l := m.bound[k], s.nd[k].top
		sl := min(m.slack[k], b)
		if l == 0 && sl >= b {
			continue // satisfied, nothing left to add
		}
		t := l + sl - b + 1
		if best == 0 || t < score || t == score && (sl < bestS || sl == bestS && l > bestLen) {
			best, score, bestS, bestLen = k, t, sl, l
		}
		if s.strat != Fewest {
			break
		}
	}
	return best, score
}

// satisfiedM reports whether every active primary item has its lower
// bound met, so that a node with nothing left to choose is a solution.
func (s *Solver) satisfiedM() bool {
	for _, head := range [2]int32{0, int32(s.n + 1)} {
		for k := s.rlink[head]; k != head; k = s.rlink[k] {
			if s.m.bound[k] > s.m.slack[k] {
				return false
			}
		}
	}
	return true
}

// tweak takes option x, the first in its item's list, out of that list,
// and hides its other nodes unless the item is covered (which hid them
// already): Knuth's tweak and tweak'. The list then starts after x, and
// x's own links still point to its neighbours, for untweak.
func (s *Solver) tweak(x int32, covered bool) {
	if !covered {
		s.hide(x)
	}
	nd := s.nd
	i, d := nd[x].top, nd[x].dlink
	nd[i].dlink, nd[d].ulink = d, i
	nd[i].top--
}

// untweak undoes the tweaks of level l on item i: it puts the tweaked
// options back at the head of i's list and, unless covered, unhides them
// in the reverse order of their hiding.
func (s *Solver) untweak(i, first int32, covered bool) {
	nd := s.nd
	z := nd[i].dlink
	nd[i].dlink = first
	k := int32(0)
	y := i
	for x := first; x != z; x = nd[x].dlink {
		nd[x].ulink = y
		k++
		y = x
	}
	nd[z].ulink = y
	nd[i].top += k
	if !covered {
		for x := y; x != i; x = nd[x].ulink {
			s.unhide(x)
		}
	}
}

// applyM commits the other items of x's option: a primary item's BOUND
// goes down and the item is covered when it reaches 0.
func (s *Solver) applyM(x int32) {
	nd := s.nd
	for p := x + 1; p != x; {
		j := nd[p].top
		if j <= 0 {
			p = nd[p].ulink
			continue
		}
		if int(j) <= s.n1 {
			s.m.bound[j]--
			if s.m.bound[j] == 0 {
				s.cover(j)
			}
		} else {
			s.commit(p)
		}
		p++
	}
}

func (s *Solver) unapplyM(x int32) {
	nd := s.nd
	for p := x - 1; p != x; {
		j := nd[p].top
		if j <= 0 {
			p = nd[p].dlink
			continue
		}
		if int(j) <= s.n1 {
			if s.m.bound[j] == 0 {
				s.uncover(j)
			}
			s.m.bound[j]++
		} else {
			s.uncommit(p)
		}
		p--
	}
}

// searchM is Algorithm M from level l. At a chosen item i with bound b
// and slack: if this is its last option (b = 1, slack 0) it is covered and
// each of its options tried, as in Algorithm C. Otherwise the options are
// tried in list order, each removed from the list (tweaked) before it is
// tried, so that deeper levels choose only later ones and a set of
// options is never found in two orders; when the list runs out the null
// choice closes the item, if its lower bound is met.
func (s *Solver) searchM(l int) {
	if s.prune != nil && s.prune(s) {
		s.stats.Pruned++
		return
	}
	m := s.m
	i, score := s.chooseM()
	if i == 0 {
		if !s.satisfiedM() {
			return
		}
		s.found++
		if s.visit != nil && !s.visit(s.solutionM(l)) {
			s.stop = true
		}
		if s.limit > 0 && s.found >= s.limit {
			s.stop = true
		}
		return
	}
	s.count(l + 1)
	s.stats.Branches[l] += int64(max(score, 0))
	s.stats.Branched[l]++
	s.stats.Histogram[l][min(max(score, 0), HistogramMax)]++
	if score <= 0 {
		return
	}
	m.bound[i]--
	if m.bound[i] == 0 && m.slack[i] == 0 {
		s.cover(i)
		for x := s.nd[i].dlink; x != i && !s.stop; x = s.nd[x].dlink {
			s.tryM(l, x)
		}
		s.uncover(i)
		m.bound[i]++
		return
	}
	covered := m.bound[i] == 0
	if covered {
		s.cover(i)
	}
	first := s.nd[i].dlink
	m.firstTweak[l] = first
	for x := first; !s.stop; x = s.nd[x].dlink {
		if s.nd[i].top <= m.bound[i]-m.slack[i] {
			break // too few options left to reach the lower bound
		}
		if x != i {
			s.tweak(x, covered)
			s.tryM(l, x)
			continue
		}
		// The null choice: i takes no more options.
		if !covered {
			s.rlink[s.llink[i]], s.llink[s.rlink[i]] = s.rlink[i], s.llink[i]
		}
		if s.countNode(l); s.err == nil {
			s.choice[l] = i
			s.searchM(l + 1)
		}
		if !covered {
			s.rlink[s.llink[i]], s.llink[s.rlink[i]] = i, i
		}
		break
	}
	s.untweak(i, first, covered)
	if covered {
		s.uncover(i)
	}
	m.bound[i]++
}

// tryM chooses the option of node x at level l and searches below.
func (s *Solver) tryM(l int, x int32) {
	if s.countNode(l); s.err != nil {
		return
	}
	s.choice[l] = x
	s.applyM(x)
	s.searchM(l + 1)
	s.unapplyM(x)
}

// solutionM returns the options chosen at levels 0..l-1, leaving out the
// null choices (an item header).
func (s *Solver) solutionM(l int) []int {
	s.optBuf = s.optBuf[:0]
	for k := 0; k < l; k++ {
		if x := s.choice[k]; int(x) > s.n {
			s.optBuf = append(s.optBuf, s.optionOf(x))
		}
	}
	return s.optBuf
}
