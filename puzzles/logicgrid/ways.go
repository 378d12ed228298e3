package logicgrid

// The grid and the ways of a clue.
//
// The grid holds, for every entity e and category c, the value cell(e, c)
// or -1, and for every value its owner or -1; the key column is filled
// from the start. A clue's formula is evaluated against the grid in three
// values: true, false, or unknown together with the first slot whose
// value would help decide it: the owner of a value ("which entity likes
// reading?") or a cell ("how old is Tom?"). Left-to-right, so "A or B"
// asks about A's slots first and about B's only when A turned out false.
//
// The ways of a clue are the leaves, where the formula is true, of the
// tree that fills the slots one by one, each with every value still free
// (an entity whose cell of that category is empty, a value of the category
// no entity has). Because a way fixes exactly the slots its path filled,
// two ways differ in a slot they both fixed: the ways are disjoint and
// together cover every completion of the grid that satisfies the clue, so
// branching on them neither loses nor repeats a solution. A clue already
// decided true by the grid has one way, the empty one.
//
// Cost: a way's leaf is found after at most (slots of the clue) x n
// candidates; "baseball.age > piano.age" on the empty 4 x 3 grid visits
// 4 + 16 + 48 + 144 slot values for its 72 ways.

type truth uint8

const (
	vFalse truth = iota
	vTrue
	vUnknown
)

const (
	slotNone uint8 = iota
	slotOwner
	slotCell
)

// slot is a question about the grid: the owner of value b of category a,
// or the value of category b of entity a.
type slot struct {
	kind uint8
	a, b int
}

type grid struct {
	guard *guard // bounds the enumeration of ways; nil: no bounds
	p     *Puzzle
	n, m  int
	cell  []int8 // [e*m + c]
	owner []int8 // [c*n + v]
	trail []int32
	nums  [][]int

	// dom[c*n+v] is the set of entities value v of category c may still
	// go to: all, unless Options.Propagate narrowed it. domTrail records
	// the old sets for undoing.
	dom      []uint64
	domTrail []domChange
	sup      *support

	// stamp counts the changes of the grid outside enumerations (an
	// assignment, its undoing, a narrowed set and its undoing);
	// catStamp[c] is the stamp of category c's last change. A clue whose
	// categories have not changed since its ways were last counted has
	// the same ways.
	stamp    uint64
	catStamp []uint64
	quiet    bool // inside an enumeration: changes are temporary

	// enumeration of ways
	count, limit int
	collect      *wayBuf
	mark         int
}

type domChange struct {
	i   int32
	old uint64
}

// support accumulates, over the ways of a clue, how many ways fix each
// cell and each value, and the values (entities) they give it.
type support struct {
	cellCnt, valCnt   []int32
	cellVals, valEnts []uint64
	touchedCells      []int32
	touchedVals       []int32
}

// wayBuf holds ways: way i is the assignments at[end[i-1]:end[i]], each a
// cell index and a value.
type wayBuf struct {
	at  []assignment
	end []int
}

type assignment struct {
	cell int32
	val  int8
}

func (b *wayBuf) reset() { b.at, b.end = b.at[:0], b.end[:0] }

func (b *wayBuf) way(i int) []assignment {
	lo := 0
	if i > 0 {
		lo = b.end[i-1]
	}
	return b.at[lo:b.end[i]]
}

func newGrid(p *Puzzle) *grid {
	n, m := p.Entities(), len(p.Categories)
	g := &grid{p: p, n: n, m: m, cell: make([]int8, n*m), owner: make([]int8, n*m), dom: make([]uint64, n*m)}
	all := uint64(1)<<n - 1
	if n == 64 {
		all = ^uint64(0)
	}
	for i := range g.cell {
		g.cell[i], g.owner[i], g.dom[i] = -1, -1, all
	}
	for e := 0; e < n; e++ {
		g.cell[e*m], g.owner[e] = int8(e), int8(e)
	}
	g.catStamp = make([]uint64, m)
	for _, c := range p.Categories {
		g.nums = append(g.nums, c.Nums)
	}
	return g
}

func (g *grid) oi(c, v int) int { return c*g.n + v }

func (g *grid) get(e, c int) int { return int(g.cell[e*g.m+c]) }

// entity returns the entity that has value r, or -1.
func (g *grid) entity(r Ref) int {
	if r.Cat == 0 {
		return r.Val
	}
	return int(g.owner[r.Cat*g.n+r.Val])
}

func (g *grid) assign(e, c, v int) {
	i := e*g.m + c
	g.cell[i] = int8(v)
	g.owner[c*g.n+v] = int8(e)
	g.trail = append(g.trail, int32(i))
	if !g.quiet {
		g.stamp++
		g.catStamp[c] = g.stamp
	}
}

// undo takes back the assignments made since the trail had length mark.
func (g *grid) undo(mark int) {
	for k := len(g.trail) - 1; k >= mark; k-- {
		i := int(g.trail[k])
		c := i % g.m
		g.owner[c*g.n+int(g.cell[i])] = -1
		g.cell[i] = -1
		if !g.quiet {
			g.stamp++
			g.catStamp[c] = g.stamp
		}
	}
	g.trail = g.trail[:mark]
}

func (g *grid) apply(w []assignment) {
	for _, a := range w {
		i := int(a.cell)
		g.assign(i/g.m, i%g.m, int(a.val))
	}
}

func known(b bool) truth {
	if b {
		return vTrue
	}
	return vFalse
}

// eval evaluates f on the grid; when the result is unknown, the slot is
// the first question that helps decide it.
func (g *grid) eval(f *node) (truth, slot) {
	switch f.kind {
	case kAnd, kOr:
		stop := vFalse // the value that decides an and
		if f.kind == kOr {
			stop = vTrue
		}
		res, s := 1-stop, slot{}
		for _, k := range f.kids {
			v, ks := g.eval(k)
			if v == stop {
				return stop, slot{}
			}
			if v == vUnknown && res != vUnknown {
				res, s = vUnknown, ks
			}
		}
		return res, s
	case kXor:
		a, sa := g.eval(f.kids[0])
		if a == vUnknown {
			return a, sa
		}
		b, sb := g.eval(f.kids[1])
		if b == vUnknown {
			return b, sb
		}
		return known(a != b), slot{}
	case kNot:
		v, s := g.eval(f.kids[0])
		if v != vUnknown {
			v = 1 - v
		}
		return v, s
	case kSame:
		a, b := f.a, f.b
		if a.Cat == b.Cat {
			return known((a.Val == b.Val) != f.neg), slot{}
		}
		ea, eb := g.entity(a), g.entity(b)
		switch {
		case ea >= 0 && eb >= 0:
			return known((ea == eb) != f.neg), slot{}
		case ea >= 0:
			if x := g.get(ea, b.Cat); x >= 0 {
				return known((x == b.Val) != f.neg), slot{}
			}
			return vUnknown, slot{slotCell, ea, b.Cat}
		case eb >= 0:
			if x := g.get(eb, a.Cat); x >= 0 {
				return known((x == a.Val) != f.neg), slot{}
			}
			return vUnknown, slot{slotCell, eb, a.Cat}
		}
		return vUnknown, slot{slotOwner, a.Cat, a.Val}
	case kMember:
		if f.a.Cat == f.cat {
			return known((f.set>>f.a.Val&1 == 1) != f.neg), slot{}
		}
		e := g.entity(f.a)
		if e < 0 {
			return vUnknown, slot{slotOwner, f.a.Cat, f.a.Val}
		}
		x := g.get(e, f.cat)
		if x < 0 {
			return vUnknown, slot{slotCell, e, f.cat}
		}
		return known((f.set>>x&1 == 1) != f.neg), slot{}
	}
	x, s := g.value(f.l)
	if s.kind != slotNone {
		return vUnknown, s
	}
	y, s := g.value(f.r)
	if s.kind != slotNone {
		return vUnknown, s
	}
	return known(f.op.holds(x, y)), slot{}
}

// value evaluates an expression; when it is not known yet, the slot says
// what is missing.
func (g *grid) value(x *expr) (int, slot) {
	switch x.kind {
	case eLit:
		return x.val, slot{}
	case eAttr:
		if x.ref.Cat == x.cat {
			return g.nums[x.cat][x.ref.Val], slot{}
		}
		e := g.entity(x.ref)
		if e < 0 {
			return 0, slot{slotOwner, x.ref.Cat, x.ref.Val}
		}
		v := g.get(e, x.cat)
		if v < 0 {
			return 0, slot{slotCell, e, x.cat}
		}
		return g.nums[x.cat][v], slot{}
	case eAbs, eNeg:
		a, s := g.value(x.x)
		if x.kind == eNeg || a < 0 {
			a = -a
		}
		return a, s
	}
	a, s := g.value(x.x)
	if s.kind != slotNone {
		return 0, s
	}
	b, s := g.value(x.y)
	switch x.kind {
	case eAdd:
		return a + b, s
	case eSub:
		return a - b, s
	}
	return mod(a, b), s
}

// countWays returns the number of ways of f, counting no further than
// limit (limit <= 0: no bound).
func (g *grid) countWays(f *node, limit int) int {
	g.count, g.limit, g.collect, g.mark = 0, limit, nil, len(g.trail)
	g.quiet = true
	g.enum(f)
	g.quiet = false
	return g.count
}

// ways stores the ways of f in b.
func (g *grid) ways(f *node, b *wayBuf) int {
	b.reset()
	g.count, g.limit, g.collect, g.mark = 0, 0, b, len(g.trail)
	g.quiet = true
	g.enum(f)
	g.quiet = false
	g.collect = nil
	return g.count
}

// enum walks the tree of slot fillings below the current grid and reports
// whether to go on.
func (g *grid) enum(f *node) bool {
	if g.guard != nil && !g.guard.step(g.collect) {
		return false
	}
	v, s := g.eval(f)
	switch v {
	case vTrue:
		g.count++
		if b := g.collect; b != nil {
			for _, i := range g.trail[g.mark:] {
				b.at = append(b.at, assignment{i, g.cell[i]})
			}
			b.end = append(b.end, len(b.at))
		}
		if sp := g.sup; sp != nil {
			for _, i := range g.trail[g.mark:] {
				e, c, v := int(i)/g.m, int(i)%g.m, int(g.cell[i])
				if sp.cellCnt[i] == 0 {
					sp.touchedCells = append(sp.touchedCells, i)
				}
				sp.cellCnt[i]++
				sp.cellVals[i] |= 1 << v
				vi := c*g.n + v
				if sp.valCnt[vi] == 0 {
					sp.touchedVals = append(sp.touchedVals, int32(vi))
				}
				sp.valCnt[vi]++
				sp.valEnts[vi] |= 1 << e
			}
		}
		return g.limit <= 0 || g.count < g.limit
	case vFalse:
		return true
	}
	mark := len(g.trail)
	if s.kind == slotOwner {
		c, val := s.a, s.b
		d := g.dom[c*g.n+val]
		for e := 0; e < g.n; e++ {
			if g.cell[e*g.m+c] >= 0 || d>>e&1 == 0 {
				continue
			}
			g.assign(e, c, val)
			ok := g.enum(f)
			g.undo(mark)
			if !ok {
				return false
			}
		}
		return true
	}
	e, c := s.a, s.b
	for val := 0; val < g.n; val++ {
		if g.owner[c*g.n+val] >= 0 || g.dom[c*g.n+val]>>e&1 == 0 {
			continue
		}
		g.assign(e, c, val)
		ok := g.enum(f)
		g.undo(mark)
		if !ok {
			return false
		}
	}
	return true
}

// Check reports whether s satisfies every clue, and the first clue it
// violates.
func (p *Puzzle) Check(s Solution) (bool, int) {
	g := newGrid(p)
	for e := range s {
		for c := 1; c < len(p.Categories); c++ {
			if s[e][c] < 0 || g.owner[g.oi(c, s[e][c])] >= 0 {
				return false, -1
			}
			g.assign(e, c, s[e][c])
		}
	}
	for i, cl := range p.Clues {
		if v, _ := g.eval(cl.f); v != vTrue {
			return false, i
		}
	}
	return true, -1
}
