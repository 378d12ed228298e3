package logicgrid

import (
	"context"
	"fmt"
	"unsafe"

	"github.com/branchwise/branchwise/search"
)

// The ways of a clue are enumerated by trying values for the slots it
// reads, a tree exponential in the number of attributes the clue names: a
// sum of twelve attributes of eight values each has up to 8^12 leaves. A
// guard bounds that enumeration wherever it runs (a search, the branching
// factors of `logic bf`, compilation to exact cover), so that the context
// (Ctrl-C, --max-time), a node budget (--max-nodes) and a memory budget
// (--max-mem) hold inside a single clue too.

// ErrMaxNodes and ErrMaxMem are the errors of an enumeration stopped by
// its limits (wrapping search.ErrNodeLimit and search.ErrMemLimit); a
// stopped context gives the context's error.
var (
	ErrMaxNodes = fmt.Errorf("logicgrid: enumerating a clue's ways: %w", search.ErrNodeLimit)
	ErrMaxMem   = fmt.Errorf("logicgrid: enumerating a clue's ways: %w", search.ErrMemLimit)
)

// guardPoll is how many enumeration steps pass between looks at the
// context and the memory held: 1024 steps take a few microseconds.
const guardPoll = 1024

// guard bounds an enumeration; a nil guard bounds nothing.
type guard struct {
	ctx      context.Context
	steps    int64
	maxSteps int64
	maxBytes int64
	clock    search.Clock // MaxTime, MaxCPU
	held     int64        // bytes held outside the current way buffer (compilation)
	err      error
}

// newGuard bounds an enumeration by ctx and lim: MaxNodes counts the
// enumeration steps (partial assignments tried), MaxMem the bytes of the
// ways collected.
func newGuard(ctx context.Context, lim search.Limits) *guard {
	if ctx == nil {
		ctx = context.Background()
	}
	return &guard{ctx: ctx, maxSteps: lim.MaxNodes, maxBytes: lim.MaxMem, clock: lim.StartClock()}
}

// step counts one enumeration step and reports whether to go on.
func (gd *guard) step(b *wayBuf) bool {
	if gd.err != nil {
		return false
	}
	gd.steps++
	if gd.maxSteps > 0 && gd.steps > gd.maxSteps {
		gd.err = ErrMaxNodes
		return false
	}
	if gd.steps%guardPoll == 0 {
		if err := gd.ctx.Err(); err != nil {
			gd.err = err
			return false
		}
		if err := gd.clock.Err(); err != nil {
			gd.err = err
			return false
		}
		// A buffer that fills up is copied into one twice its size, the
		// old one live until the copy is done: count three times its
		// capacity, what the next append may hold at once.
		if gd.maxBytes > 0 && gd.held+3*b.bytes() > gd.maxBytes {
			gd.err = ErrMaxMem
			return false
		}
	}
	return true
}

// bytes is the memory a way buffer holds.
func (b *wayBuf) bytes() int64 {
	if b == nil {
		return 0
	}
	return int64(cap(b.at))*int64(unsafe.Sizeof(assignment{})) + int64(cap(b.end))*int64(unsafe.Sizeof(0))
}

// BranchingFactorsContext is BranchingFactors bounded by ctx and lim; it
// returns the context's error, ErrMaxNodes or ErrMaxMem when it stops, with
// the factors counted so far (the rest 0).
func BranchingFactorsContext(ctx context.Context, p *Puzzle, lim search.Limits) ([]int, error) {
	g := newGrid(p)
	g.guard = newGuard(ctx, lim)
	bf := make([]int, len(p.Clues))
	for i, c := range p.Clues {
		n := g.countWays(c.f, 0)
		if g.guard.err != nil {
			return bf, g.guard.err
		}
		bf[i] = n
	}
	return bf, nil
}
