package workpool

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

func TestMapOrder(t *testing.T) {
	for _, workers := range []int{-1, 0, 1, 2, 7, 100} {
		var calls atomic.Int64
		got, ran := Map(context.Background(), workers, 50, func(i int) int {
			time.Sleep(time.Duration(50-i) * time.Microsecond) // finish out of order
			return i * i
		}, func(int, int) { calls.Add(1) })
		for i, v := range got {
			if v != i*i || !ran[i] {
				t.Fatalf("workers %d: result %d = %d (ran %v), want %d", workers, i, v, ran[i], i*i)
			}
		}
		if calls.Load() != 50 {
			t.Errorf("workers %d: done called %d times, want 50", workers, calls.Load())
		}
	}
}

func TestMapEmpty(t *testing.T) {
	got, ran := Map(context.Background(), 4, 0, func(int) int { panic("no job") }, nil)
	if len(got) != 0 || len(ran) != 0 {
		t.Errorf("Map of 0 jobs = %v, %v", got, ran)
	}
}

func TestCancelStopsNewJobs(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var late atomic.Int64
	_, ran := Map(ctx, 2, 1000, func(i int) int {
		if ctx.Err() != nil {
			late.Add(1) // started after the cancel
		}
		if i == 10 {
			cancel()
		}
		return i
	}, nil)
	// The other worker may run ahead while job 10's worker is descheduled
	// (under load it ran 40 more jobs before the cancel came); after the
	// cancel each worker runs at most the one job it had already taken.
	if n := late.Load(); n > 2 {
		t.Errorf("%d jobs started after the cancel, want at most one per worker (2)", n)
	}
	for i := 0; i <= 10; i++ {
		if !ran[i] {
			t.Errorf("job %d before the cancel did not run", i)
		}
	}
}

func TestRunStop(t *testing.T) {
	var ran atomic.Int64
	Run(context.Background(), 3, 1000, func(w int) func(int) bool {
		return func(i int) bool {
			ran.Add(1)
			return i < 20
		}
	})
	if n := ran.Load(); n < 21 || n > 24 {
		t.Errorf("%d jobs ran after a stop at job 20, want 21..24", n)
	}
}

func TestWorkerState(t *testing.T) {
	// each worker's scratch space is its own: no two goroutines share it
	var workers atomic.Int64
	Run(context.Background(), 4, 100, func(w int) func(int) bool {
		workers.Add(1)
		own := 0
		return func(int) bool { own++; return true }
	})
	if n := workers.Load(); n != 4 {
		t.Errorf("%d workers started, want 4", n)
	}
}

func TestNoLeak(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	Map(ctx, 8, 100, func(i int) int { return i }, nil)
	Map(context.Background(), 8, 100, func(i int) int { return i }, nil)
	time.Sleep(10 * time.Millisecond)
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("goroutines: %d before, %d after", before, after)
	}
}

func TestWorkers(t *testing.T) {
	all := min(runtime.GOMAXPROCS(0), MaxWorkers)
	for _, tc := range [][2]int{{-5, all}, {0, all}, {1, 1}, {8, 8}, {1 << 20, MaxWorkers}} {
		if got := Workers(tc[0]); got != tc[1] {
			t.Errorf("Workers(%d) = %d, want %d", tc[0], got, tc[1])
		}
	}
}

func TestDescribe(t *testing.T) {
	for n, want := range map[int]string{1: "1 worker", 2: "2 workers", 0: "0 workers"} {
		if got := Describe(n); got != want {
			t.Errorf("Describe(%d) = %q, want %q", n, got, want)
		}
	}
}
