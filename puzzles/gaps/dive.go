package gaps

// The dive decider: randomized restarts of a depth-first search for a win.
//
// A depth-first search for a win has heavy-tailed run times: an early
// move that leads into a large lost subtree costs the whole subtree before
// the search backs out of it, while another order of the same moves may
// win in a few hundred nodes (Gomes, Selman and Kautz 1998; Gomes, Selman,
// Crato and Kautz 2000). Dive cuts every search off after a node budget
// and starts again from the deal with another random tie-breaking among
// the moves the heuristic ranks equal, the budgets following Luby,
// Sinclair and Zuckerman's universal sequence (1993) times a unit: 1, 1,
// 2, 1, 1, 2, 4, 1, ... units, within a factor of log of the best fixed
// cutoff whatever the run-time distribution; or, with a growth factor,
// the geometric sequence 1, f, f^2, ... units.
//
// One dive is the depth-first decider's search (decide-stubborn-dfs):
// positions that the reachability test proves lost have no moves, a
// forced move is the only move, otherwise the moves of a stubborn set; the
// children in the order of scoreKind (a sorted prefix extended, an ace to
// the left edge, a card into its column, the rest), equal kinds in a
// random order. Each dive has its own duplicate store: a table of 48-bit
// hashes of canonical keys, stamped with the dive's number so that a
// restart empties it without clearing it. A false match (two positions
// with one hash) or a full table only changes which positions a dive
// visits, never the answer: Dive answers Solvable with a path that it
// replays from the deal, or Unknown. It never claims a deal unsolvable,
// not even when a dive runs out of positions before its budget (the
// store forgets), which ends the search with Status Stopped and
// ErrDiveExhausted.
//
// The random generator is seeded from the deal's key and DiveOptions.Seed,
// so a deal gets the same dives, and a survey the same verdicts, every
// time. Costs per generated node: those of the depth-first decider less
// the store's (a hash of the canonical key and one probe of a flat table)
// plus a random number per move ordered. Nothing allocates in the loop
// except the stacks, which grow to the deepest dive.

import (
	"context"
	"errors"
	"math/bits"

	"github.com/branchwise/branchwise/search"
)

// DiveUnit is Dive's default node budget of a Luby term of 1.
const DiveUnit = 20_000

// diveTableBytes is the default size of a dive's duplicate store (8 bytes
// an entry); MaxMem caps it at half the limit.
const diveTableBytes = 64 << 20

// ErrDiveExhausted says that a dive searched every position it could
// reach within its budget without a win. The store forgets positions
// (hash matches, a full table), so this proves nothing: the verdict stays
// Unknown.
var ErrDiveExhausted = errors.New("gaps: a dive ran out of positions without a win (not a proof: its store is lossy)")

// DiveOptions configure Dive. The zero value is Luby restarts of DiveUnit
// nodes with a duplicate store per dive, on ace classes.
type DiveOptions struct {
	// Limits bound the whole search: MaxNodes the generated nodes over all
	// dives, MaxMem the duplicate store (at most half of it), MaxTime and
	// MaxCPU its time.
	search.Limits
	// Seed is mixed with the deal's key into the random generator's
	// state: another Seed, other dives.
	Seed uint64
	// Unit is the node budget of a Luby term 1, or of the first dive of a
	// geometric sequence (0: DiveUnit).
	Unit int64
	// Growth, if above 1000, makes the budgets geometric, Unit times
	// (Growth/1000)^i for the i-th dive, instead of Luby's sequence.
	Growth int
	// NoStore drops the per-dive duplicate store: a dive then revisits
	// positions it reaches by other paths.
	NoStore bool
	// NoAces makes the dives search positions instead of ace classes
	// (aceclass.go, as the depth-first decider's +aces; the solution spells
	// out the ace moves). Under a rule variant, where ace classes do not
	// apply, the dives search positions whatever NoAces.
	NoAces bool
	// Progress, if set, is called about every million generated nodes
	// with the nodes generated so far.
	Progress func(generated int64)
}

// DiveResult is what Dive found: a Decision (never Unsolvable; Stored the
// positions the last dive stored) and the number of dives it began.
type DiveResult struct {
	Decision
	Dives int
}

// Dive searches deal d for a win by randomized restarts of depth-first
// dives (see the top of this file): Solvable with a path, or Unknown when a
// limit of o or ctx stops it, or every dive's positions ran out.
func Dive(ctx context.Context, d Deal, o DiveOptions) (DiveResult, error) {
	dom, err := NewDomain(d)
	if err != nil {
		return DiveResult{}, err
	}
	aces := !o.NoAces && d.Rules.Standard()
	dom.Reach, dom.Forced, dom.Stubborn, dom.Aces = true, true, true, aces
	ctx, cancel := o.Limits.Context(ctx)
	defer cancel()
	dv := newDiver(dom, o)
	res := dv.run(ctx)
	res.Rejected = dom.Rejected
	if res.Verdict == Solvable && aces {
		if res.Path, err = ExpandPath(d, res.Path); err != nil {
			return res, err
		}
	}
	return res, nil
}

// diver is the state of Dive: the domain, the generator, the store and
// the stack of one dive.
type diver struct {
	dom   *Domain
	o     DiveOptions
	unit  int64
	rng   uint64
	table []uint64 // hash&^0xffff | epoch; another epoch is an empty slot
	mask  uint64
	epoch uint64
	fill  int // entries of the current epoch
	cap   int // the entries that fill the table (3/4 of it)
	most  int // the largest table, in entries
	key   []byte
	moves []search.Move // the move lists of the frames, one after another
	frame []diveFrame
	path  []search.Move
	score [maxMoves]uint32
	gen   int64
}

// diveFrame is a position on the dive's path: its moves are
// moves[start:end], next the one to try next.
type diveFrame struct{ start, next, end int32 }

// newDiver prepares the search: the generator seeded from the deal and
// o.Seed, the store sized within MaxMem.
func newDiver(dom *Domain, o DiveOptions) *diver {
	dv := &diver{dom: dom, o: o, unit: o.Unit}
	if dv.unit <= 0 {
		dv.unit = DiveUnit
	}
	dv.key = dom.G.AppendKey(make([]byte, 0, 64))
	dv.rng = hashKey(dv.key) ^ o.Seed*0x9e3779b97f4a7c15
	if !o.NoStore {
		bytes := int64(diveTableBytes)
		if o.MaxMem > 0 {
			bytes = min(bytes, o.MaxMem/2)
		}
		dv.most = 1 << max(10, bits.Len64(uint64(bytes/8))-1)
		dv.resize(min(dv.most, 1<<12))
	}
	dv.moves = make([]search.Move, 0, 1<<14)
	dv.frame = make([]diveFrame, 0, 1<<11)
	dv.path = make([]search.Move, 0, 1<<11)
	return dv
}

// budget returns the node budget of dive i (from 1).
func (dv *diver) budget(i int) int64 {
	if dv.o.Growth > 1000 {
		b := float64(dv.unit)
		for range i - 1 {
			b = b * float64(dv.o.Growth) / 1000
			if b > 1<<50 {
				break
			}
		}
		return int64(b)
	}
	return dv.unit * Luby(i)
}

// Luby returns the i-th term (from 1) of Luby, Sinclair and Zuckerman's
// universal restart sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
// (0 for i < 1).
func Luby(i int) int64 {
	if i < 1 {
		return 0
	}
	for {
		k := bits.Len(uint(i + 1)) // 2^(k-1) <= i+1 < 2^k
		if i+1 == 1<<(k-1) {
			return 1 << (k - 2) // i = 2^(k-1) - 1: the term 2^(k-2)
		}
		i -= 1<<(k-1) - 1
	}
}

// run makes dives until one wins or a limit stops them.
func (dv *diver) run(ctx context.Context) DiveResult {
	res := DiveResult{Decision: Decision{Verdict: Unknown}}
	finish := func(st search.Status, err error) DiveResult {
		res.Status, res.Err, res.Generated, res.Stored = st, err, dv.gen, dv.fill
		res.Bytes = int64(8*len(dv.table) + 4*cap(dv.moves) + 12*cap(dv.frame) + 4*cap(dv.path))
		return res
	}
	if dv.dom.IsGoal() {
		res.Verdict, res.Path = Solvable, []Move{}
		return finish(search.Solved, nil)
	}
	for i := 1; ; i++ {
		res.Dives = i
		won, exhausted, expanded := dv.dive(ctx, dv.budget(i))
		res.Expanded += expanded
		switch {
		case won:
			res.Verdict, res.Path = Solvable, movesOf(dv.path)
			return finish(search.Solved, nil)
		case ctx.Err() != nil:
			err := search.ContextErr(ctx)
			return finish(search.StatusOf(err), err)
		case dv.o.MaxNodes > 0 && dv.gen >= dv.o.MaxNodes:
			return finish(search.NodeLimit, search.ErrNodeLimit)
		case exhausted:
			return finish(search.Stopped, ErrDiveExhausted)
		}
	}
}

// maxDiveDepth bounds a dive's path, and so its stacks' memory (about 50
// bytes a move): the wins of full deals are at most a few thousand moves
// deep, while a dive without a store may run round a cycle until its
// budget is spent.
const maxDiveDepth = 1 << 16

// checkEvery is how many generated nodes pass between two looks at the
// context.
const checkEvery = 1 << 12

// dive searches depth-first from the deal for at most budget generated
// nodes, and reports a win (dv.path reaches it, the game left there),
// or, with the game back at the deal, whether the dive ran out of
// positions, and the positions it expanded.
func (dv *diver) dive(ctx context.Context, budget int64) (won, exhausted bool, expanded int64) {
	dv.newEpoch()
	dv.moves, dv.frame, dv.path = dv.moves[:0], dv.frame[:0], dv.path[:0]
	dv.push()
	expanded++
	limit := dv.o.MaxNodes
	var n int64
	for len(dv.frame) > 0 {
		f := &dv.frame[len(dv.frame)-1]
		if f.next == f.end {
			dv.moves = dv.moves[:f.start]
			dv.frame = dv.frame[:len(dv.frame)-1]
			if p := len(dv.path); p > 0 {
				dv.dom.Undo(dv.path[p-1])
				dv.path = dv.path[:p-1]
			}
			continue
		}
		m := dv.moves[f.next]
		f.next++
		dv.dom.Apply(m)
		dv.gen++
		n++
		if dv.dom.IsGoal() {
			dv.path = append(dv.path, m)
			return true, false, expanded
		}
		stop := n >= budget || limit > 0 && dv.gen >= limit
		if dv.gen%checkEvery == 0 {
			if dv.o.Progress != nil && dv.gen%(checkEvery<<8) == 0 {
				dv.o.Progress(dv.gen)
			}
			stop = stop || ctx.Err() != nil
		}
		if stop {
			dv.dom.Undo(m)
			dv.unwind()
			return false, false, expanded
		}
		if len(dv.path) >= maxDiveDepth || dv.seen() {
			dv.dom.Undo(m)
			continue
		}
		dv.path = append(dv.path, m)
		dv.push()
		expanded++
	}
	return false, true, expanded
}

// unwind takes back the moves of the path: the game is at the deal again.
func (dv *diver) unwind() {
	for p := len(dv.path) - 1; p >= 0; p-- {
		dv.dom.Undo(dv.path[p])
	}
	dv.path = dv.path[:0]
}

// push adds the frame of the current position: its moves (Domain.Moves),
// by kind, equal kinds in random order.
func (dv *diver) push() {
	start := len(dv.moves)
	dv.moves = dv.dom.Moves(dv.moves)
	ms := dv.moves[start:]
	g := dv.dom.G
	for i, m := range ms {
		dv.score[i] = uint32(scoreKind(g, Move(m).last()))<<16 | uint32(dv.next()>>48)
	}
	for i := 1; i < len(ms); i++ { // insertion sort: at most maxMoves
		for j := i; j > 0 && dv.score[j] < dv.score[j-1]; j-- {
			dv.score[j], dv.score[j-1] = dv.score[j-1], dv.score[j]
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
	dv.frame = append(dv.frame, diveFrame{start: int32(start), next: int32(start), end: int32(len(dv.moves))})
}

// next returns the generator's next number (splitmix64).
func (dv *diver) next() uint64 {
	dv.rng += 0x9e3779b97f4a7c15
	z := dv.rng
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// newEpoch empties the store for a new dive: entries of other epochs
// count as empty (the table is cleared when the 16-bit stamp wraps).
func (dv *diver) newEpoch() {
	dv.epoch++
	if dv.epoch > 0xffff {
		clear(dv.table)
		dv.epoch = 1
	}
	dv.fill = 0
}

// seen reports whether the dive has reached the current position before,
// and stores it if not (while the table has room).
func (dv *diver) seen() bool {
	if dv.table == nil {
		return false
	}
	dv.key = dv.dom.AppendCanonicalKey(dv.key[:0])
	h := hashKey(dv.key)
	want := h&^0xffff | dv.epoch
	for i := h >> 16 & dv.mask; ; i = (i + 1) & dv.mask {
		e := dv.table[i]
		if e == want {
			return true
		}
		if e&0xffff != dv.epoch {
			if dv.fill < dv.cap {
				dv.table[i] = want
				dv.fill++
				if dv.fill == dv.cap && len(dv.table) < dv.most {
					dv.resize(2 * len(dv.table))
				}
			}
			return false
		}
	}
}

// resize makes the table n entries (a power of two) and moves the
// current epoch's entries into it: the table starts small, for the small
// deals and the short dives, and doubles as a dive fills it, up to most.
func (dv *diver) resize(n int) {
	old := dv.table
	dv.table = make([]uint64, n)
	dv.mask = uint64(n - 1)
	dv.cap = n / 4 * 3
	for _, e := range old {
		if e&0xffff != dv.epoch {
			continue
		}
		i := e >> 16 & dv.mask
		for dv.table[i] != 0 {
			i = (i + 1) & dv.mask
		}
		dv.table[i] = e
	}
}

// hashKey hashes a key eight bytes at a time (a multiply-xorshift mix).
func hashKey(b []byte) uint64 {
	h := uint64(len(b)) * 0x9e3779b97f4a7c15
	for len(b) > 0 {
		var w uint64
		n := min(8, len(b))
		for i := range n {
			w |= uint64(b[i]) << (8 * i)
		}
		b = b[n:]
		h = (h ^ w) * 0xbf58476d1ce4e5b9
		h ^= h >> 29
	}
	h *= 0x94d049bb133111eb
	return h ^ h>>32
}
