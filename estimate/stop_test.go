package estimate

import (
	"context"
	"testing"
	"time"
)

// barren is a hash tree without solutions: a search for a first
// solution must search all of it.
type barren struct{ hashTree }

func (b *barren) Branches() (int, bool) { n, _ := b.hashTree.Branches(); return n, false }

// TestProbesStopWithContext (D4, D4b): one probe of a wide Purdom walk or
// of SampleSearch on a huge tree without solutions runs for hours; ctx
// must stop it within a moment. Before, Purdom checked ctx only between
// probes and SampleSearch's check cut one node in 1024 and went on.
func TestProbesStopWithContext(t *testing.T) {
	const limit = 100 * time.Millisecond
	huge := func() Tree { return &barren{hashTree{keys: []uint64{0x12345}, max: 60}} }
	for _, e := range []struct {
		name string
		f    func(context.Context, func() Tree, Options) Result
		opt  Options
	}{
		{"purdom --width 1000", Purdom, Options{Seed: 1, Samples: 4, Workers: 1, Width: 1000}},
		{"samplesearch", SampleSearch, Options{Seed: 1, Samples: 4, Workers: 1}},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		done := make(chan Result, 1)
		go func() { done <- e.f(ctx, huge, e.opt) }()
		select {
		case r := <-done:
			if r.Samples != 0 {
				t.Errorf("%s: %d probes counted, cut short by ctx", e.name, r.Samples)
			}
		case <-time.After(50 * limit):
			t.Errorf("%s: still running %v after a %v limit", e.name, 50*limit, limit)
		}
		cancel()
	}
}
