package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/search"
)

// learner is tiles.LearnFSM or rubik.LearnFSM.
type learner func(context.Context, int, branching.Limits) (*branching.Automaton, error)

// checkFSMLen validates --fsm.
func checkFSMLen(n int) error {
	if n < 0 || n > branching.MaxLearnLen {
		return usagef("--fsm %d: want 1 to %d (0: none)", n, branching.MaxLearnLen)
	}
	return nil
}

// branchingLimits are the limits of a learning or an exploration.
func (l limits) branching() branching.Limits {
	return branching.Limits{MaxNodes: l.MaxNodes, MaxMem: int64(l.MaxMem)}
}

// learnFSM learns the automaton of duplicate strings up to length n within
// lim and ctx. A limit or Ctrl-C leaves the automaton learned so far, which
// prunes less but correctly, with a note saying so, and the limit's error.
func learnFSM(ctx context.Context, learn learner, n int, lim limits) (a *branching.Automaton, note string, err error) {
	if lim.MaxMem > 0 && os.Getenv("GOMEMLIMIT") == "" {
		// The learner's tables are all the command holds: keep the heap,
		// garbage included, within the limit.
		old := debug.SetMemoryLimit(int64(lim.MaxMem))
		defer debug.SetMemoryLimit(old)
	}
	a, err = learn(ctx, n, lim.branching())
	if a == nil {
		return nil, "", err
	}
	if err != nil {
		how := "stopped by the " + search.StatusOf(err).String()
		if search.StatusOf(err) == search.Interrupted {
			how = "interrupted"
		}
		note = fmt.Sprintf("FSM learning %s: complete to length %d of %d, %d strings",
			how, a.Length, n, len(a.Forbidden))
	}
	return a, note, err
}

// stopError is the error of a command stopped by ctx: errInterrupted after
// Ctrl-C (exit status 130), else the time limit.
func stopError(e *env, ctx context.Context) error {
	if e.ctx.Err() != nil {
		return errInterrupted
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("stopped by the time limit")
	}
	return ctx.Err()
}
