package cputime

import (
	"context"
	"testing"
	"time"
)

// spin burns CPU until ctx ends or limit passes on the wall clock.
func spin(ctx context.Context, limit time.Duration) {
	end := time.Now().Add(limit)
	x := uint64(1)
	for ctx.Err() == nil && time.Now().Before(end) {
		for i := 0; i < 1000; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	_ = x
}

func TestBudgetStopsWork(t *testing.T) {
	if _, ok := Process(); !ok {
		t.Skip("no CPU clock on this system")
	}
	b := WithBudget(context.Background(), 100*time.Millisecond)
	defer b.Stop()
	spin(b, 30*time.Second)
	if !b.Spent() {
		t.Fatalf("the work ended before the budget was spent (used %v)", b.Used())
	}
	if u := b.Used(); u < 100*time.Millisecond {
		t.Fatalf("stopped after %v of CPU, before the budget of 100ms", u)
	}
}

func TestBudgetParentAndStop(t *testing.T) {
	parent, cancel := context.WithCancel(context.Background())
	b := WithBudget(parent, time.Hour)
	cancel()
	<-b.Done()
	if b.Spent() {
		t.Fatal("a cancelled parent reported as a spent budget")
	}
	b2 := WithBudget(context.Background(), 0)
	if b2.Err() != nil {
		t.Fatal("a zero budget ended the context")
	}
	b2.Stop()
	if b2.Err() == nil || b2.Spent() {
		t.Fatal("Stop did not end the context, or called the budget spent")
	}
}

func TestProcessGrows(t *testing.T) {
	a, ok := Process()
	if !ok {
		t.Skip("no CPU clock on this system")
	}
	spin(context.Background(), 50*time.Millisecond)
	if b, _ := Process(); b <= a {
		t.Fatalf("CPU time did not grow: %v then %v", a, b)
	}
}

// TestClock: the clock starts near zero and grows with work done.
func TestClock(t *testing.T) {
	clock := Clock()
	start := clock()
	x := 0
	for i := 0; i < 50_000_000; i++ {
		x += i & 3
	}
	if end := clock(); x < 0 || start > end || end <= 0 {
		t.Errorf("clock %v then %v", start, end)
	}
}

// TestThreadGrows: the thread's clock grows with work done on it and
// stays within the process's.
func TestThreadGrows(t *testing.T) {
	id, a, ok := Thread()
	if !ok {
		t.Skip("no thread CPU clock on this system")
	}
	p0, _ := Process()
	end := time.Now().Add(10 * time.Second)
	for time.Now().Before(end) {
		spin(context.Background(), time.Millisecond)
		id2, b, _ := Thread()
		if id2 != id {
			id, a = id2, b // moved to another thread: start again
			p0, _ = Process()
			continue
		}
		p1, _ := Process()
		if b-a > p1-p0+time.Millisecond {
			t.Fatalf("thread CPU %v, more than the process's %v", b-a, p1-p0)
		}
		if b-a >= 2*time.Millisecond {
			return
		}
	}
	t.Fatal("the thread's CPU clock did not grow in 10 s of spinning")
}
