package gaps

import (
	"context"
	"errors"
	"testing"

	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
)

// TestDecideWorkers: the best-first decider on 2 and 3 workers gives the
// verdict of one worker on deals of 4 x 4..8, solvable and unsolvable,
// with deadlock detection and with the reachability test and forced
// moves; every solution replays to a win, and an unsolvable deal stores
// exactly the positions one worker stores (the whole reachable set, less
// the positions cut).
func TestDecideWorkers(t *testing.T) {
	seeds := 30
	if longtest.Short() {
		seeds = 8 // fewer hold no unsolvable deal
	}
	workerCounts := []int{2, 3}
	if testing.Short() {
		workerCounts = workerCounts[:1] // the race detector's run (70 s with both)
	}
	// refLimit keeps the test fast: deals that one worker does not decide
	// within it are skipped.
	const refLimit = 200_000
	configs := []struct {
		name string
		o    DecideOptions
	}{
		{"decide", DecideOptions{Workers: 1, Deadlock: true}},
		{"decide-reach", DecideOptions{Workers: 1, Reach: true, Forced: true}},
	}
	counts := map[Verdict]int{}
	for k := 4; k <= 8; k++ {
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			d := Generate(k, seed)
			for ci, c := range configs {
				if ci == 1 && k > 6 {
					continue
				}
				o := c.o
				o.MaxNodes = refLimit
				want, err := Decide(context.Background(), d, o)
				if err != nil {
					t.Fatal(err)
				}
				if want.Verdict == Unknown {
					continue
				}
				for _, workers := range workerCounts {
					o := c.o
					o.Workers = workers
					o.MaxNodes = 20 * refLimit
					got, err := Decide(context.Background(), d, o)
					if err != nil {
						t.Fatal(err)
					}
					if got.Verdict != want.Verdict {
						t.Fatalf("%s 4x%d seed %d, %d workers: %v (%v), one worker %v", c.name, k, seed, workers, got.Verdict, got.Err, want.Verdict)
					}
					counts[got.Verdict]++
					switch got.Verdict {
					case Solvable:
						if ok, err := Replay(d, got.Path); !ok || err != nil {
							t.Fatalf("%s 4x%d seed %d, %d workers: the solution does not replay to a win", c.name, k, seed, workers)
						}
					case Unsolvable:
						if got.Stored != want.Stored {
							t.Errorf("%s 4x%d seed %d, %d workers: stored %d positions, one worker %d", c.name, k, seed, workers, got.Stored, want.Stored)
						}
					}
				}
			}
		}
	}
	if counts[Solvable] == 0 || counts[Unsolvable] == 0 {
		t.Fatalf("verdicts checked: %v; want both kinds", counts)
	}
	t.Logf("verdicts checked: %d solvable, %d unsolvable", counts[Solvable], counts[Unsolvable])
}

// TestDecideWorkersLimits: the node limit, the memory limit and the
// context stop every worker, with the verdict Unknown.
func TestDecideWorkersLimits(t *testing.T) {
	d := Generate(13, 1003) // a deal no worker decides within these limits
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		ctx  context.Context
		o    DecideOptions
		want error
	}{
		{context.Background(), DecideOptions{Workers: 1, Limits: search.Limits{MaxNodes: 50_000}}, search.ErrNodeLimit},
		{context.Background(), DecideOptions{Workers: 1, Limits: search.Limits{MaxMem: 32 << 20}}, search.ErrMemLimit},
		{ctx, DecideOptions{Workers: 1}, context.Canceled},
	} {
		o := c.o
		o.Deadlock, o.Workers = true, 2
		dec, err := Decide(c.ctx, d, o)
		if err != nil {
			t.Fatal(err)
		}
		if dec.Verdict != Unknown || !errors.Is(dec.Err, c.want) {
			t.Errorf("%+v: %v (%v), want unknown (%v)", c.o, dec.Verdict, dec.Err, c.want)
		}
		if c.o.MaxNodes > 0 && dec.Generated > c.o.MaxNodes+2*1024 {
			t.Errorf("MaxNodes %d: %d generated", c.o.MaxNodes, dec.Generated)
		}
		if c.o.MaxMem > 0 && dec.Bytes > 2*c.o.MaxMem {
			t.Errorf("MaxMem %d: %d bytes", c.o.MaxMem, dec.Bytes)
		}
	}
}
