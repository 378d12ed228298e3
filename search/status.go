package search

import (
	"context"
	"errors"
	"fmt"
)

// Status says how a search ended: modelled on gonum's optimize.Status, a
// status has a name (String), says whether the search ended early, before
// it could answer the question it was asked (Early), and for a limit or a
// cancellation gives the error that stopped it (Err). Every engine of
// branchwise reports its end with this type: package search's Result,
// xcover's and bitpack's Result, estimate's Report, shard's CountResult,
// polyform's and disassembly's Counts, gaps' Outcome and SurveyResult,
// tiles' Korf100Result and logicgrid's Result.
type Status int

const (
	// Solved means a goal was reached (a search) or the whole space was
	// counted (an exhaustive enumeration): the answer is complete.
	Solved Status = iota
	// NoSolution means the whole space was searched without reaching a goal:
	// a proof that none is reachable (within the depth bound, for DepthFirst
	// with a bound that cut no node).
	NoSolution
	// NodeLimit means the node limit stopped the search (ErrNodeLimit).
	NodeLimit
	// MemLimit means the memory limit stopped the search (ErrMemLimit).
	MemLimit
	// DepthLimit means a depth-first search with a depth bound ended without
	// a solution after the bound cut some node (ErrDepthBound).
	DepthLimit
	// TimeLimit means the context's deadline passed
	// (context.DeadlineExceeded).
	TimeLimit
	// Interrupted means the context was cancelled (context.Canceled), as by
	// Ctrl-C.
	Interrupted
	// SolutionLimit means an enumeration stopped at the number of
	// solutions it was asked for: early, but not a failure (Err is nil).
	SolutionLimit
	// VisitorStop means the caller's visitor asked to stop: early, not a
	// failure.
	VisitorStop
	// Stopped means something else stopped the search early (Err says what).
	Stopped
)

var statuses = [...]struct {
	name  string
	early bool
	err   error
}{
	Solved:        {"solved", false, nil},
	NoSolution:    {"no solution", false, nil},
	NodeLimit:     {"node limit", true, ErrNodeLimit},
	MemLimit:      {"memory limit", true, ErrMemLimit},
	DepthLimit:    {"depth bound", true, ErrDepthBound},
	TimeLimit:     {"time limit", true, context.DeadlineExceeded},
	Interrupted:   {"interrupted", true, context.Canceled},
	SolutionLimit: {"solution limit", true, nil},
	VisitorStop:   {"stopped by the visitor", true, nil},
	Stopped:       {"stopped", true, errStopped},
}

// String returns the status's name.
func (s Status) String() string {
	if s >= 0 && int(s) < len(statuses) {
		return statuses[s].name
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// MarshalText writes the status's name (String), so that a result in
// JSON says "solved" or "node limit", never a number.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a status's name, as MarshalText writes it (a result
// read back from a ledger).
func (s *Status) UnmarshalText(text []byte) error {
	for i, st := range statuses {
		if st.name == string(text) {
			*s = Status(i)
			return nil
		}
	}
	return fmt.Errorf("search: unknown status %q", text)
}

// Early reports whether the search ended before answering: on a limit, a
// cancellation or a request to stop.
func (s Status) Early() bool {
	return s >= 0 && int(s) < len(statuses) && statuses[s].early
}

// Err returns the error of a status that ended a search on a limit or a
// cancellation (one of the sentinel errors of this package or the context's
// errors), and nil for the others.
func (s Status) Err() error {
	if s >= 0 && int(s) < len(statuses) {
		return statuses[s].err
	}
	return errStopped
}

// Errors of a stopped search, in Result.Err and from Status.Err, besides the
// context's errors.
var (
	// ErrNodeLimit: the node limit was reached.
	ErrNodeLimit = errors.New("search: node limit reached")
	// ErrMemLimit: the memory limit was reached.
	ErrMemLimit = errors.New("search: memory limit reached")
	// ErrDepthBound: the depth bound cut the search, which found nothing.
	ErrDepthBound = errors.New("search: depth bound reached without a solution")
	errStopped    = errors.New("search: stopped")
)

// StatusOf returns the status of a search stopped by err: NodeLimit,
// MemLimit, DepthLimit, TimeLimit (also for ErrCPULimit) or Interrupted for the sentinel errors of
// this package and the context's errors (also wrapped), Solved for nil and
// Stopped for any other error.
func StatusOf(err error) Status {
	switch {
	case err == nil:
		return Solved
	case errors.Is(err, ErrNodeLimit):
		return NodeLimit
	case errors.Is(err, ErrMemLimit):
		return MemLimit
	case errors.Is(err, ErrDepthBound):
		return DepthLimit
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, ErrCPULimit):
		return TimeLimit
	case errors.Is(err, context.Canceled):
		return Interrupted
	}
	return Stopped
}

// StoppedBy is the reason a search that ended early with st gives: the
// error that stopped it (err, when the engine gave one, else st's own),
// else st's name; "" when it did not end early.
func StoppedBy(st Status, err error) string {
	if !st.Early() {
		return ""
	}
	if err != nil {
		return err.Error()
	}
	if err := st.Err(); err != nil {
		return err.Error()
	}
	return st.String()
}
