// Package cputime measures the CPU time of the process and stops work
// that has used a budget of it.
//
// A CPU budget, unlike a deadline, gives a search the same work on a busy
// machine as on a quiet one: on 2 cores shared with other jobs, the wall
// clock of a search can be ten times its CPU time. The budget counts the
// whole process (user and system time of every thread, the garbage
// collector's included), so it is exact when one search runs in the
// process at a time and too strict, never too lenient, when several do.
package cputime

import (
	"context"
	"sync/atomic"
	"time"
)

// pollInterval is how often WithBudget reads the clock: a budget is
// overrun by at most this much (plus a scheduling delay), and reading the
// clock (one getrusage call, about a microsecond) 50 times a second costs
// nothing measurable.
const pollInterval = 20 * time.Millisecond

// Process returns the CPU time (user plus system) the process has used,
// and false where the operating system does not say (then it is 0).
func Process() (time.Duration, bool) { return process() }

// Clock returns a function that tells the process's CPU time since the
// call of Clock, or the wall time where the CPU time cannot be read: on a
// busy machine a span of the wall clock holds any share of the CPU.
func Clock() func() time.Duration {
	t0 := time.Now()
	cpu0, onCPU := Process()
	return func() time.Duration {
		if cpu, ok := Process(); ok && onCPU {
			return cpu - cpu0
		}
		return time.Since(t0)
	}
}

// Budget is a context that ends once the process has used a given CPU
// time since WithBudget made it.
type Budget struct {
	context.Context
	cancel context.CancelFunc
	spent  atomic.Bool
	start  time.Duration
}

// WithBudget returns a context derived from ctx that is cancelled once the
// process has used budget more CPU time than it had at the call. Call Stop
// when the work ends. A budget of 0 or less, or a system without a CPU
// clock, gives a context that only ctx ends.
func WithBudget(ctx context.Context, budget time.Duration) *Budget {
	c, cancel := context.WithCancel(ctx)
	b := &Budget{Context: c, cancel: cancel}
	start, ok := Process()
	b.start = start
	if budget <= 0 || !ok {
		return b
	}
	go func() {
		tick := time.NewTicker(pollInterval)
		defer tick.Stop()
		for {
			select {
			case <-c.Done():
				return
			case <-tick.C:
				if now, _ := Process(); now-start >= budget {
					b.spent.Store(true)
					cancel()
					return
				}
			}
		}
	}()
	return b
}

// Spent reports whether the budget ran out (rather than ctx ending or
// Stop being called first).
func (b *Budget) Spent() bool { return b.spent.Load() }

// Used returns the CPU time the process has used since WithBudget.
func (b *Budget) Used() time.Duration {
	now, _ := Process()
	return now - b.start
}

// Stop releases the budget's goroutine and cancels its context.
func (b *Budget) Stop() { b.cancel() }

// Thread returns the id of the operating-system thread that runs the
// caller and that thread's CPU time, and false where the system does not
// say. A goroutine may move to another thread between two calls: a
// difference of two readings is the goroutine's CPU time only when both
// name the same thread (and no other goroutine ran on it between them,
// which a search that does not block makes rare). Unlike Process, it
// leaves out the other threads: the garbage collector's, and other work
// of the process (a paused count still holding a thread, say).
func Thread() (id int, cpu time.Duration, ok bool) { return thread() }
