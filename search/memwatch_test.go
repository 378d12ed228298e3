package search

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"
)

// TestWatchMem: a heap that grows past MaxMem ends the context with the
// memory limit, seen by its Err, its Cause, a context derived from it and
// StatusOf; below the limit, the parent's end and the cancel function are
// reported as themselves.
func TestWatchMem(t *testing.T) {
	runtime.GC()
	rss := openResident()
	defer rss.close()
	const grow = 64 << 20
	// The limit is the watcher's own measure now plus grow, so the test's
	// allocations are what pass it; runtimeSlack is what the runtime and
	// the test binary's other goroutines may add meanwhile (the heap's
	// metadata for 64 MB, a leftover goroutine's garbage: one run in CI
	// saw 1 MB of it, when the limit was read from the heap's objects alone).
	const runtimeSlack = 4 << 20
	lim := Limits{MaxMem: processMemory(memSamples(), rss) + grow}
	ctx, cancel := lim.WatchMem(context.Background())
	defer cancel()
	child, cancelChild := context.WithCancel(ctx)
	defer cancelChild()
	var held [][]byte
	deadline := time.Now().Add(10 * time.Second)
	for ctx.Err() == nil && time.Now().Before(deadline) {
		b := make([]byte, 1<<20)
		b[0] = 1
		held = append(held, b)
		if len(held) > 4*grow>>20 {
			time.Sleep(time.Millisecond) // give the watcher time, holding at most 4 times the limit's growth
		}
	}
	err := ctx.Err()
	if !errors.Is(err, ErrMemLimit) || StatusOf(err) != MemLimit {
		t.Fatalf("after %d MB held: Err %v, want the memory limit", len(held), err)
	}
	if len(held) < (grow-runtimeSlack)>>20 {
		t.Errorf("stopped after %d MB, below the %d MB the limit allows less %d MB for the runtime", len(held), grow>>20, runtimeSlack>>20)
	}
	<-child.Done()
	for what, e := range map[string]error{"Cause": context.Cause(ctx), "derived Err": child.Err(), "ContextErr": ContextErr(ctx)} {
		if !errors.Is(e, ErrMemLimit) {
			t.Errorf("%s = %v, want the memory limit", what, e)
		}
	}
	runtime.KeepAlive(held)

	big := Limits{MaxMem: 1 << 40}
	parent, stop := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer stop()
	ctx2, cancel2 := big.WatchMem(parent)
	defer cancel2()
	<-ctx2.Done()
	if ctx2.Err() != context.DeadlineExceeded {
		t.Errorf("the parent's deadline: Err %v", ctx2.Err())
	}
	ctx3, cancel3 := big.WatchMem(context.Background())
	cancel3()
	<-ctx3.Done()
	if ctx3.Err() != context.Canceled {
		t.Errorf("cancelled: Err %v", ctx3.Err())
	}
	if r := openResident(); runtime.GOOS == "linux" && (r.bytes() < 1<<20 || r.bytes() > 1<<40) {
		t.Errorf("resident memory read as %d bytes", r.bytes())
	}
	ctx4, cancel4 := Limits{}.WatchMem(context.Background())
	defer cancel4()
	if _, ok := ctx4.(*memContext); ok || ctx4.Err() != nil {
		t.Error("MaxMem 0 watches the heap")
	}
}
