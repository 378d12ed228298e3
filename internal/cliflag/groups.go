package cliflag

import (
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/spf13/pflag"
)

// Limits are the shared bounds on a search: --max-nodes, --max-time and
// --max-mem.
type Limits struct {
	MaxNodes int64
	MaxTime  time.Duration
	MaxMem   ByteSize
}

// Add declares the three limit flags on fs.
func (l *Limits) Add(fs *pflag.FlagSet) {
	fs.Int64Var(&l.MaxNodes, "max-nodes", 0, "stop after this many generated nodes (0: no limit)")
	fs.DurationVar(&l.MaxTime, "max-time", 0, "stop after this long, e.g. 90s or 10m (0: no limit)")
	fs.Var(&l.MaxMem, "max-mem", "stop when the search holds about this much memory, e.g. 4GB (0: no limit)")
}

// SetGCLimit tells the garbage collector to keep the heap within what
// workers searches of MaxMem each may hold, unless GOMEMLIMIT says
// otherwise. Without it the Go heap may grow to twice the live data before
// a collection, so --max-mem 4GB could take 8 GB; with headroom above
// MaxMem (there was 25% and 256 MB) garbage fills the headroom and the
// resident memory ends well past the limit (issue 19: 1.45x for A*). The
// searches stop at MaxMem of live data, so the collector works hard only
// near the end.
func (l Limits) SetGCLimit(workers int) {
	if l.MaxMem <= 0 || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(int64(l.MaxMem) * int64(max(workers, 1)))
}

// Context returns ctx bounded by the time limit.
func (l Limits) Context(ctx context.Context) (context.Context, context.CancelFunc) {
	if l.MaxTime > 0 {
		return context.WithTimeout(ctx, l.MaxTime)
	}
	return context.WithCancel(ctx)
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
