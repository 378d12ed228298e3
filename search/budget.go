package search

import (
	"context"
	"errors"
	"sync/atomic"
)

// Budget is what the workers of one parallel enumeration share of its
// Limits: the nodes they count together against MaxNodes, the solutions
// they report together against MaxSolutions, and one context that ends
// every worker's search when the caller's context ends, MaxTime or
// MaxCPU passes, the budget is spent, or a worker's visitor asks to stop.
// xcover's and bitpack's parallel searches (and so polyform's) draw on
// one, so that their limits mean what they mean with one worker.
//
// MaxSolutions is exact: the claim of the last solution stops every
// worker, and a solution found after it is neither counted nor reported.
// MaxNodes is counted from the workers' checks, every few thousand nodes
// each: a search stops within workers x that many nodes past it.
type Budget struct {
	ctx     context.Context // the workers' context
	cancel  context.CancelCauseFunc
	timed   context.Context // the caller's context bounded by MaxTime and MaxCPU
	release context.CancelFunc

	maxNodes, maxSolutions int64
	nodes, solutions       atomic.Int64
}

// The causes with which a budget ends its context itself, besides
// ErrNodeLimit: neither is an error of the search.
var (
	errSolutionsSpent = errors.New("search: solution limit reached")
	errVisitorStop    = errors.New("search: stopped by the visitor")
)

// NewBudget starts the budget of a parallel search bounded by l under ctx.
// MaxMem is not read. Close it when the search ends.
func (l Limits) NewBudget(ctx context.Context) *Budget {
	timed, release := l.Context(ctx)
	c, cancel := context.WithCancelCause(timed)
	return &Budget{ctx: c, cancel: cancel, timed: timed, release: release,
		maxNodes: l.MaxNodes, maxSolutions: l.MaxSolutions}
}

// Context is the workers' context: it ends when the search must stop.
// Give it to every worker's search, which checks it every few thousand
// nodes.
func (b *Budget) Context() context.Context { return b.ctx }

// Close releases the budget's context and time limits.
func (b *Budget) Close() {
	b.cancel(context.Canceled)
	b.release()
}

// AddNodes counts n more nodes searched by a worker and reports whether
// the search may go on: once MaxNodes (if set) have been counted it ends
// the context (status NodeLimit) and returns false. Workers call it at
// their checks and when a subtree ends, with the nodes since the last
// call.
func (b *Budget) AddNodes(n int64) bool {
	if b.maxNodes <= 0 {
		return true
	}
	if b.nodes.Add(n) >= b.maxNodes {
		b.cancel(ErrNodeLimit)
		return false
	}
	return true
}

// Solution claims one of MaxSolutions for a solution a worker found and
// reports whether the solution counts: if not, the worker neither counts
// nor reports it and stops. The claim of the last one ends the context,
// so that the other workers stop at their next check (status
// SolutionLimit).
func (b *Budget) Solution() bool {
	if b.maxSolutions <= 0 {
		return true
	}
	n := b.solutions.Add(1)
	if n >= b.maxSolutions {
		b.cancel(errSolutionsSpent)
	}
	return n <= b.maxSolutions
}

// Stop ends every worker's search because a visitor asked to stop
// (status VisitorStop).
func (b *Budget) Stop() { b.cancel(errVisitorStop) }

// Stopped reports whether the context has ended: no new subtree starts.
func (b *Budget) Stopped() bool { return b.ctx.Err() != nil }

// End returns how the search ended and its error, given whether it
// searched its whole tree (every subtree to its end, none cut short):
// SolutionLimit once MaxSolutions were claimed, VisitorStop after Stop,
// Solved for a whole tree, and otherwise what ended the context:
// NodeLimit (ErrNodeLimit), or the caller's context or a time limit
// (context.Canceled, context.DeadlineExceeded, ErrCPULimit; see
// ContextErr).
func (b *Budget) End(whole bool) (Status, error) {
	cause := context.Cause(b.ctx)
	switch {
	case cause == errSolutionsSpent:
		return SolutionLimit, nil
	case cause == errVisitorStop:
		return VisitorStop, nil
	case whole:
		return Solved, nil
	case cause == ErrNodeLimit:
		return NodeLimit, ErrNodeLimit
	}
	err := ContextErr(b.timed)
	if err == nil {
		err = errStopped // cut short with the context still running: not expected
	}
	return StatusOf(err), err
}

// Found is a worker's handling of a solution sol that it found in a
// search drawing on b: false (the worker stops) once the search has
// stopped or every one of MaxSolutions is claimed (Solution); otherwise
// the solution counts (*count++) and goes to visit, if not nil, with
// the worker's number, and a visit that returns false stops every worker
// (Stop).
func Found[S any](b *Budget, count *int64, visit func(worker int, sol S) bool, worker int, sol S) bool {
	if b.Stopped() || !b.Solution() {
		return false
	}
	*count++
	if visit != nil && !visit(worker, sol) {
		b.Stop()
		return false
	}
	return true
}
