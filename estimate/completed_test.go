package estimate

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// TestSamplesStoredAsCompleted (D5, D5b): an estimator asked for 2^30
// samples and stopped by a time limit holds memory for the samples it
// completed, not for those asked: before, Knuth allocated 16 million
// batch results (over a gigabyte) before its first probe, overrunning a
// one-second limit.
func TestSamplesStoredAsCompleted(t *testing.T) {
	const limit = 200 * time.Millisecond
	for _, e := range []struct {
		name string
		f    func(context.Context, func() Tree, Options) Result
	}{{"knuth", Knuth}, {"purdom", Purdom}, {"samplesearch", SampleSearch}, {"stratified", Stratified}} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		start := time.Now()
		r := e.f(ctx, newHashTree(12), Options{Seed: 1, Samples: 1 << 30, Workers: 1, Width: 2})
		took := time.Since(start)
		cancel()
		runtime.ReadMemStats(&after)
		// The probes themselves allocate little; a million-probe run
		// of results is about 100 MB.
		if got := after.TotalAlloc - before.TotalAlloc; got > 256<<20 {
			t.Errorf("%s: %d MB allocated for %d samples completed", e.name, got>>20, r.Samples)
		}
		if took > 10*limit {
			t.Errorf("%s: %v for a %v limit", e.name, took, limit)
		}
		if r.Samples == 0 {
			t.Errorf("%s: no sample completed in %v", e.name, limit)
		}
	}
}

func TestCompletedPrefix(t *testing.T) {
	var c completed[int]
	for _, i := range []int{0, 1, 2, 1500, 3, 5} {
		c.put(i, i+1)
	}
	got := c.prefix(func(v int) bool { return v > 0 })
	if len(got) != 4 || got[3] != 4 {
		t.Errorf("prefix %v, want [1 2 3 4]", got)
	}
}
