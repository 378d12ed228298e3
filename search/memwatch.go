package search

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime/metrics"
	"strconv"
	"time"
)

// memPollEvery is how often WatchMem reads the memory: a read of four runtime
// metrics costs about a microsecond and takes no lock the program holds, so
// 100 reads a second cost nothing measurable, and a heap growing at 1 GB/s
// passes the limit by at most some 10 MB before the watcher sees it.
const memPollEvery = 10 * time.Millisecond

// The figures WatchMem reads: the heap marked live by the last
// collection; the heap's objects now (live or garbage not yet freed),
// which sees a heap grow between two collections; and all the memory the
// runtime has mapped (heap, free spans, stacks, its own metadata) less
// what it has given back to the system, which is what it holds of the
// resident memory (measured on pack --split-depth at 100 MB, counting the
// heap alone let the resident memory reach 1.2 times the limit).
const (
	metricLive     = "/gc/heap/live:bytes"
	metricObjects  = "/memory/classes/heap/objects:bytes"
	metricTotal    = "/memory/classes/total:bytes"
	metricReleased = "/memory/classes/heap/released:bytes"
)

// WatchMem returns ctx bounded by l.MaxMem on the memory of the whole
// process, for engines that do not count the memory they hold (exact
// covers and their counts, estimators): the context ends, with an Err
// that wraps ErrMemLimit (StatusOf: MemLimit) and is also its
// context.Cause, once the heap marked live by the last garbage collection,
// the heap's objects now, the memory the runtime holds, or (where the
// system says, as Linux's /proc/self/statm does) the process's resident
// memory, its executable's pages included, exceed MaxMem. The engines then stop as they
// stop on any cancellation, with their partial results, and report the
// memory limit. The heap's objects include garbage the collector has not
// freed yet: run with the collector's memory limit at MaxMem
// (debug.SetMemoryLimit; the command line's --max-mem sets it) so that the
// heap holds little garbage near the limit. Call the cancel function when
// the work ends. MaxMem 0 watches nothing (ctx's own cancel only).
func (l Limits) WatchMem(ctx context.Context) (context.Context, context.CancelFunc) {
	if l.MaxMem <= 0 {
		return context.WithCancel(ctx)
	}
	inner, cancel := context.WithCancelCause(ctx)
	c := &memContext{Context: inner, done: make(chan struct{})}
	go c.watch(ctx, cancel, l.MaxMem)
	return c, func() { cancel(context.Canceled) }
}

// memContext is WatchMem's context. Its Done channel is its own, not the
// inner context's, so that a context derived from it takes its Err (the
// memory limit) rather than the inner context's context.Canceled; Value
// and Deadline are the inner context's, and so is context.Cause.
type memContext struct {
	context.Context
	done chan struct{}
	err  error // set before done is closed
}

func (c *memContext) Done() <-chan struct{} { return c.done }

func (c *memContext) Err() error {
	select {
	case <-c.done:
		return c.err
	default:
		return nil
	}
}

// watch reads the heap every memPollEvery until the limit is passed or the
// context ends, then closes done.
func (c *memContext) watch(parent context.Context, cancel context.CancelCauseFunc, limit int64) {
	defer close(c.done)
	samples := memSamples()
	rss := openResident()
	defer rss.close()
	tick := time.NewTicker(memPollEvery)
	defer tick.Stop()
	for {
		if used := processMemory(samples, rss); used > limit {
			c.err = &memLimitError{heap: used, limit: limit}
			cancel(c.err)
			return
		}
		select {
		case <-c.Context.Done():
			if c.err = parent.Err(); c.err == nil {
				c.err = c.Context.Err() // the cancel function
			}
			return
		case <-tick.C:
		}
	}
}

// memSamples are the runtime metrics processMemory reads.
func memSamples() []metrics.Sample {
	return []metrics.Sample{{Name: metricLive}, {Name: metricObjects}, {Name: metricTotal}, {Name: metricReleased}}
}

// processMemory is the memory WatchMem holds against its limit: the largest
// of the heap marked live, the heap's objects, the memory the runtime
// holds and the resident memory.
func processMemory(samples []metrics.Sample, rss *resident) int64 {
	metrics.Read(samples)
	live, objects := heapBytes(samples[0]), heapBytes(samples[1])
	held := max(heapBytes(samples[2])-heapBytes(samples[3]), rss.bytes())
	return max(live, objects, held)
}

// heapBytes is a heap metric's value, 0 where the runtime does not have it.
func heapBytes(s metrics.Sample) int64 {
	if s.Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s.Value.Uint64())
}

// memLimitError is the Err of a context WatchMem ended: ErrMemLimit, with
// the heap it saw.
type memLimitError struct{ heap, limit int64 }

func (e *memLimitError) Error() string {
	return fmt.Sprintf("%v: the process holds %d MB of %d MB", ErrMemLimit, e.heap>>20, e.limit>>20)
}

func (e *memLimitError) Unwrap() error { return ErrMemLimit }

// resident reads the process's resident memory from /proc/self/statm
// (Linux): its second field, in pages. The file stays open and is read
// into a fixed buffer: a read is one system call.
type resident struct {
	f   *os.File
	buf [128]byte
}

func openResident() *resident {
	f, err := os.Open("/proc/self/statm")
	if err != nil {
		return &resident{}
	}
	return &resident{f: f}
}

// bytes returns the resident memory, or 0 where it cannot be read.
func (r *resident) bytes() int64 {
	if r.f == nil {
		return 0
	}
	n, _ := r.f.ReadAt(r.buf[:], 0)
	fields := bytes.Fields(r.buf[:n])
	if len(fields) < 2 {
		return 0
	}
	pages, err := strconv.ParseInt(string(fields[1]), 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}

func (r *resident) close() {
	if r.f != nil {
		r.f.Close()
	}
}
