package search

import (
	"context"
	"errors"
	"time"

	"github.com/branchwise/branchwise/internal/cputime"
	"github.com/branchwise/branchwise/internal/workpool"
)

// Limits say how far a search may go: the one declaration of the bounds
// that every engine and puzzle of branchwise obeys, embedded in each options
// struct that has limits (search.Options, branching's and logicgrid's
// enumerations, tiles, rubik, gaps, pdb, estimate, shard ...) and bound by
// the command's flags --max-nodes, --max-mem, --max-time and --max-cpu.
// The zero value bounds nothing. A search stopped by a limit ends with the
// matching Status (NodeLimit, MemLimit, TimeLimit) and an error that wraps
// ErrNodeLimit, ErrMemLimit, ErrCPULimit or context.DeadlineExceeded; an
// enumeration stopped by MaxSolutions ends with SolutionLimit and no error.
type Limits struct {
	// MaxNodes stops the search after this many generated nodes (0: no
	// limit). What a node is belongs to the engine: a generated state, an
	// enumeration step, a type explored; each engine's doc says.
	MaxNodes int64
	// MaxMem stops the search when what it holds (stores, open list,
	// tables) reaches about this many bytes (0: no limit).
	MaxMem int64
	// MaxTime bounds the search's wall-clock time (0: no limit).
	MaxTime time.Duration
	// MaxCPU bounds the CPU time the process uses while the search runs
	// (package internal/cputime: exact when one search runs at a time, too
	// strict when several do); 0: no limit. Context and Budget read the
	// clock every 20 ms (Clock at each of its engine's checks), so a search
	// may overrun its budget by that much, and one shorter than that may
	// end before its limit is seen.
	MaxCPU time.Duration
	// MaxSolutions stops an enumeration after this many solutions (0: no
	// limit): xcover's and bitpack's Solve and SolveParallel (exactly,
	// whatever the workers: Budget), polyform's Packing.Solve and
	// SolveParallel, and logicgrid's solvers, where 2 decides whether a
	// puzzle is unique. Searches for one solution (search's algorithms,
	// tiles, rubik) do not read it.
	MaxSolutions int64
}

// ErrCPULimit is the error of a search stopped by Limits.MaxCPU; its
// Status is TimeLimit.
var ErrCPULimit = errors.New("search: CPU time limit reached")

// Context returns ctx bounded by the time limits: cancelled when MaxTime
// has passed (context.DeadlineExceeded) or the process has used MaxCPU of
// CPU time since the call (context.Cause is then ErrCPULimit). Call the
// cancel function when the search ends.
func (l Limits) Context(ctx context.Context) (context.Context, context.CancelFunc) {
	c, cancel := ctx, context.CancelFunc(func() {})
	if l.MaxTime > 0 {
		c, cancel = context.WithTimeout(ctx, l.MaxTime)
	}
	if l.MaxCPU <= 0 {
		return c, cancel
	}
	cc, cancelCause := context.WithCancelCause(c)
	b := cputime.WithBudget(cc, l.MaxCPU)
	go func() {
		<-b.Done()
		if b.Spent() {
			cancelCause(ErrCPULimit)
		}
	}()
	return cc, func() {
		b.Stop()
		cancelCause(context.Canceled)
		cancel()
	}
}

// ContextErr is the error of a search whose context ctx (made by
// Limits.Context) has ended: ErrCPULimit when the CPU budget ran out, else
// ctx.Err(); nil while ctx runs.
func ContextErr(ctx context.Context) error {
	err := ctx.Err()
	if err != nil && errors.Is(context.Cause(ctx), ErrCPULimit) {
		return ErrCPULimit
	}
	return err
}

// Workers is the number of goroutines a parallel engine runs when asked
// for n: n itself when n >= 1 (at most workpool.MaxWorkers, 1,024), and
// for 0 (or less) every CPU Go may use, runtime.GOMAXPROCS(0). This is the one meaning of "0 workers" in
// branchwise: pdb, tiles, rubik, gaps, estimate, shard, xcover, bitpack
// and internal/workpool all resolve their Workers option with it.
func Workers(n int) int { return workpool.Workers(n) }

// Clock measures a search's time against MaxTime and MaxCPU, for engines
// that check their limits in their own loops: StartClock when the search
// starts, Err at each check (a clock read: call it every few thousand
// nodes, not at every node).
type Clock struct {
	lim   Limits
	start time.Time
	cpu0  time.Duration
}

// StartClock starts the clock of a search bounded by l.
func (l Limits) StartClock() Clock {
	c := Clock{lim: l, start: time.Now()}
	if l.MaxCPU > 0 {
		c.cpu0, _ = cputime.Process()
	}
	return c
}

// Err returns context.DeadlineExceeded once MaxTime has passed since
// StartClock, ErrCPULimit once the process has used MaxCPU of CPU time,
// and nil before.
func (c Clock) Err() error {
	if c.lim.MaxTime > 0 && time.Since(c.start) >= c.lim.MaxTime {
		return context.DeadlineExceeded
	}
	if c.lim.MaxCPU > 0 {
		if t, ok := cputime.Process(); ok && t-c.cpu0 >= c.lim.MaxCPU {
			return ErrCPULimit
		}
	}
	return nil
}
