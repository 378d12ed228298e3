package cliflag

import (
	"context"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/branchwise/branchwise/search"
	"github.com/spf13/pflag"
)

// AddLimits declares the limit flags every searching command shares,
// --max-nodes, --max-time and --max-mem, bound to the fields of l (the
// library's one declaration of limits, search.Limits); a command whose
// searches take a CPU budget adds --max-cpu with AddMaxCPU.
func AddLimits(fs *pflag.FlagSet, l *search.Limits) {
	CountVar(fs, &l.MaxNodes, "max-nodes", 0, "stop after this many generated nodes (0: no limit)")
	fs.DurationVar(&l.MaxTime, "max-time", 0, "stop after this long, e.g. 90s or 10m (0: no limit)")
	AddMaxMem(fs, l)
}

// AddMaxMem declares --max-mem, bound to l.MaxMem: with AddLimits, or
// alone for a command whose work HeapBound bounds.
func AddMaxMem(fs *pflag.FlagSet, l *search.Limits) {
	fs.Var((*ByteSize)(&l.MaxMem), "max-mem", "stop when the search holds about this much memory, e.g. 4GB (0: no limit)")
}

// AddMaxCPU declares --max-cpu, bound to l.MaxCPU, with the command's
// usage text.
func AddMaxCPU(fs *pflag.FlagSet, l *search.Limits, usage string) {
	fs.DurationVar(&l.MaxCPU, "max-cpu", 0, usage)
}

// SetGCLimit tells the garbage collector to keep the heap within what
// workers searches of MaxMem each may hold, unless GOMEMLIMIT says
// otherwise. Without it the Go heap may grow to twice the live data before
// a collection, so --max-mem 4GB could take 8 GB; with headroom above
// MaxMem (there was 25% and 256 MB) garbage fills the headroom and the
// resident memory ends well past the limit (issue 19: 1.45x for A*). The
// searches stop at MaxMem of live data, so the collector works hard only
// near the end.
func SetGCLimit(l search.Limits, workers int) {
	if l.MaxMem <= 0 || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(l.MaxMem * int64(max(workers, 1)))
}

// LimitHeap keeps the heap within l.MaxMem, unless GOMEMLIMIT says
// otherwise, until restore is called: for work whose tables are all the
// command holds (the FSM learners), where the heap is the limit.
func LimitHeap(l search.Limits) (restore func()) {
	if l.MaxMem <= 0 || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	old := debug.SetMemoryLimit(l.MaxMem)
	return func() { debug.SetMemoryLimit(old) }
}

// Context returns ctx bounded by the wall-clock limit l.MaxTime, so that
// the work around a search (loading tables, printing) stops too; the CPU
// budget is the searches' own (search.Limits.MaxCPU).
func Context(ctx context.Context, l search.Limits) (context.Context, context.CancelFunc) {
	if l.MaxTime > 0 {
		return context.WithTimeout(ctx, l.MaxTime)
	}
	return context.WithCancel(ctx)
}

// Bound is Context with the heap kept within what workers searches of
// l.MaxMem each may hold (SetGCLimit): the limits of a command's run.
func Bound(ctx context.Context, l search.Limits, workers int) (context.Context, context.CancelFunc) {
	SetGCLimit(l, workers)
	return Context(ctx, l)
}

// HeapBound is Context for work whose memory the process's heap measures
// (exact covers, their counts, the estimators): until the cancel function
// is called, the collector keeps the heap within l.MaxMem (LimitHeap), and
// ctx also ends, with search.ErrMemLimit, once the live heap passes it
// (search.Limits.WatchMem).
func HeapBound(ctx context.Context, l search.Limits) (context.Context, context.CancelFunc) {
	restore := LimitHeap(l)
	c, cancelTime := Context(ctx, l)
	c, cancelMem := l.WatchMem(c)
	return c, func() { cancelMem(); cancelTime(); restore() }
}

// AddJSON declares --json.
func AddJSON(fs *pflag.FlagSet, p *bool) {
	fs.BoolVar(p, "json", false, "print one JSON object instead of tables")
}

// AddSeed declares --seed (default 1).
func AddSeed(fs *pflag.FlagSet, p *int64) {
	fs.Int64Var(p, "seed", 1, "seed of the random choices")
}

// AddWorkers declares -j/--workers, by default the number of CPUs.
func AddWorkers(fs *pflag.FlagSet, p *int) {
	fs.IntVarP(p, "workers", "j", runtime.NumCPU(), "number of worker goroutines")
}
