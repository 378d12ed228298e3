package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/internal/cliflag"
)

// branchLimits returns the limits of a learning or an exploration.
func branchLimits(l cliflag.Limits) branching.Limits {
	return branching.Limits{MaxNodes: l.MaxNodes, MaxMem: int64(l.MaxMem)}
}

// learnFSM learns the automaton of duplicate strings up to length n
// within lim and ctx (branching.LearnWithNote), the heap kept within
// --max-mem: the learner's tables are all the command holds.
func learnFSM(ctx context.Context, learn branching.LearnFunc, n int, lim cliflag.Limits) (*branching.Automaton, string, error) {
	if lim.MaxMem > 0 && os.Getenv("GOMEMLIMIT") == "" {
		old := debug.SetMemoryLimit(int64(lim.MaxMem))
		defer debug.SetMemoryLimit(old)
	}
	return branching.LearnWithNote(ctx, learn, n, branchLimits(lim))
}

// fsmGraph learns an automaton (learnFSM) and explores the type graph it
// prunes; it returns the graph and what to say of the pruning. A learning
// that ctx stopped prints its note and returns stopError.
func fsmGraph(e *env, ctx context.Context, learn branching.LearnFunc, n int, lim cliflag.Limits, noteOnFail bool,
	explore func(context.Context, *branching.Automaton, branching.Limits) (*branching.Graph, error)) (*branching.Graph, string, error) {
	fsm, note, err := learnFSM(ctx, learn, n, lim)
	if fsm == nil {
		return nil, "", err
	}
	if ctx.Err() != nil {
		fmt.Fprintln(e.stdout, note)
		return nil, "", stopError(e, ctx)
	}
	g, err := explore(ctx, fsm, branchLimits(lim))
	if err != nil {
		if noteOnFail && note != "" {
			fmt.Fprintln(e.stdout, note)
		}
		if ctx.Err() != nil {
			return nil, "", stopError(e, ctx)
		}
		return nil, "", fmt.Errorf("exploring the type graph: %w", err)
	}
	what := "FSM pruning (" + fsm.Describe() + ")"
	if note != "" {
		what += "; " + note
	}
	return g, what, nil
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
