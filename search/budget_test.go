package search_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/branchwise/branchwise/search"
)

// TestBudgetSolutions checks that MaxSolutions is exact across workers:
// of many concurrent claims exactly MaxSolutions succeed, and the last
// ends the context with status SolutionLimit.
func TestBudgetSolutions(t *testing.T) {
	b := search.Limits{MaxSolutions: 37}.NewBudget(context.Background())
	defer b.Close()
	var ok atomic.Int64
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				if b.Solution() {
					ok.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if ok.Load() != 37 || !b.Stopped() {
		t.Fatalf("%d claims granted (want 37), stopped %v", ok.Load(), b.Stopped())
	}
	if st, err := b.End(false); st != search.SolutionLimit || err != nil {
		t.Errorf("End: %v, %v; want solution limit, nil", st, err)
	}
}

// TestBudgetEnd checks each way a budget's search ends: its status and
// error, and that the context ends exactly when it must.
func TestBudgetEnd(t *testing.T) {
	for _, tc := range []struct {
		name    string
		lim     search.Limits
		act     func(b *search.Budget)
		whole   bool
		want    search.Status
		wantErr error
	}{
		{"whole tree", search.Limits{MaxNodes: 100}, func(b *search.Budget) { b.AddNodes(99) }, true, search.Solved, nil},
		{"nodes", search.Limits{MaxNodes: 100}, func(b *search.Budget) { b.AddNodes(60); b.AddNodes(40) }, false, search.NodeLimit, search.ErrNodeLimit},
		{"visitor", search.Limits{}, func(b *search.Budget) { b.Stop() }, false, search.VisitorStop, nil},
		{"time", search.Limits{MaxTime: time.Millisecond}, func(b *search.Budget) { <-b.Context().Done() }, false, search.TimeLimit, context.DeadlineExceeded},
		{"cpu", search.Limits{MaxCPU: time.Millisecond}, func(b *search.Budget) {
			for x := 0; !b.Stopped(); x++ { // burn CPU until the budget says so
			}
		}, false, search.TimeLimit, search.ErrCPULimit},
	} {
		b := tc.lim.NewBudget(context.Background())
		tc.act(b)
		if !tc.whole && !b.Stopped() {
			t.Errorf("%s: the context runs on", tc.name)
		}
		st, err := b.End(tc.whole)
		if st != tc.want || !errors.Is(err, tc.wantErr) || (tc.wantErr == nil) != (err == nil) {
			t.Errorf("%s: End %v, %v; want %v, %v", tc.name, st, err, tc.want, tc.wantErr)
		}
		b.Close()
	}
	// Below MaxNodes the search goes on; the caller's cancellation is an
	// interruption.
	ctx, cancel := context.WithCancel(context.Background())
	b := search.Limits{MaxNodes: 100}.NewBudget(ctx)
	defer b.Close()
	if !b.AddNodes(99) || b.Stopped() {
		t.Fatal("99 nodes of 100 stopped the search")
	}
	cancel()
	if st, err := b.End(false); st != search.Interrupted || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: End %v, %v; want interrupted, context.Canceled", st, err)
	}
}

// TestFound: a worker's solutions count and are visited until the
// solution limit; a visit that returns false stops every worker.
func TestFound(t *testing.T) {
	b := search.Limits{MaxSolutions: 3}.NewBudget(context.Background())
	var n int64
	var seen []int
	visit := func(w int, s int) bool { seen = append(seen, s); return true }
	for s := range 5 {
		search.Found(b, &n, visit, 0, s)
	}
	if n != 3 || len(seen) != 3 || !b.Stopped() {
		t.Errorf("MaxSolutions 3: %d counted, %v visited, stopped %v", n, seen, b.Stopped())
	}
	b.Close()
	b = search.Limits{}.NewBudget(context.Background())
	defer b.Close()
	n = 0
	if search.Found(b, &n, func(int, int) bool { return false }, 1, 7) || n != 1 || !b.Stopped() {
		t.Errorf("a visit's stop: counted %d, stopped %v", n, b.Stopped())
	}
	if st, err := b.End(false); st != search.VisitorStop || err != nil {
		t.Errorf("End after a visit's stop: %v, %v", st, err)
	}
	if search.Found(b, &n, nil, 0, 8) || n != 1 {
		t.Errorf("a solution after the stop counted: %d", n)
	}
}
