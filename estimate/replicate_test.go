package estimate

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// TestAndersonDarling: normal samples pass at 5% about 95% of the time,
// exponential ones (skewed) fail nearly always at n = 30.
func TestAndersonDarling(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var passNormal, passExp int
	const trials = 2000
	for range trials {
		xs, ys := make([]float64, 30), make([]float64, 30)
		for i := range xs {
			xs[i], ys[i] = rng.NormFloat64(), rng.ExpFloat64()
		}
		if andersonDarling(xs) <= adCritical {
			passNormal++
		}
		if andersonDarling(ys) <= adCritical {
			passExp++
		}
	}
	if f := float64(passNormal) / trials; math.Abs(f-0.95) > 0.015 {
		t.Errorf("normal samples pass %.3f of the time, want 0.95", f)
	}
	if f := float64(passExp) / trials; f > 0.3 {
		t.Errorf("exponential samples pass %.3f of the time", f)
	}
}

// TestHill: the tail index of Pareto samples of index 2 and 4.
func TestHill(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, alpha := range []float64{2, 4} {
		var k topK
		for range 20000 {
			k.add(math.Pow(1-rng.Float64(), -1/alpha))
		}
		// Hill's estimate from 49 order statistics: relative sd 1/7.
		if got := k.hill(); math.Abs(got/alpha-1) > 0.45 {
			t.Errorf("alpha %g: Hill %g", alpha, got)
		}
	}
	var few topK
	few.add(3)
	if few.hill() != 0 {
		t.Errorf("one value: %g, want 0 (too few to tell)", few.hill())
	}
}

func TestGroupMeans(t *testing.T) {
	// 10 batches of 3 values each 1..30 summed, into 5 groups of 6.
	var sums []float64
	var counts []int64
	for b := range 10 {
		s := 0.0
		for i := range 3 {
			s += float64(3*b + i + 1)
		}
		sums, counts = append(sums, s), append(counts, 3)
	}
	got := groupMeans(sums, counts, 5)
	want := []float64{3.5, 9.5, 15.5, 21.5, 27.5}
	if len(got) != len(want) {
		t.Fatalf("%v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%v, want %v", got, want)
		}
	}
}

// TestReplicateKinds: replicates from a normal law give a confidence
// interval; a rare heavy value among many alike (neither normal nor
// log-normal) a spread; too few a spread; all alike an exact count.
func TestReplicateKinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	normal, skewed := make([]float64, 30), make([]float64, 30)
	for i := range normal {
		normal[i], skewed[i] = 100+rng.NormFloat64(), 1+0.01*rng.Float64()
	}
	skewed[3], skewed[17] = 100, 120
	for _, tc := range []struct {
		name   string
		xs     []float64
		enough bool
		want   string
	}{
		{"normal", normal, true, KindConfidence},
		{"normal, not enough hits", normal, false, KindSpread},
		{"skewed", skewed, true, KindSpread},
		{"few", normal[:5], true, KindSpread},
		{"alike", []float64{7, 7, 7}, true, KindExact},
	} {
		if got := replicateInterval(tc.xs, tc.enough); got.Kind != tc.want {
			t.Errorf("%s: %+v, want %s", tc.name, got, tc.want)
		}
	}
}

// TestTargetRun: rounds of a fake estimator whose replicates narrow as
// they pool stop at the target; an impossible one stops when ctx ends;
// an expensive one when counting is cheaper.
func TestTargetRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	round := func(ctx context.Context, k int) Result {
		xs := make([]float64, 60)
		var top topK
		for i := range xs {
			xs[i] = 1000 + 100*rng.NormFloat64()
			top.add(xs[i])
		}
		r := Result{Samples: 60, Work: 60, Replicates: Replicates{Nodes: xs, Solutions: xs, Hits: 1000}.withTops(top, top)}
		r.Nodes, r.Solutions = r.Replicates.intervals()
		return r
	}
	r, why := Target{Relative: 0.01}.Run(context.Background(), round)
	if why != StopTarget || r.Solutions.RelativeHalfWidth() > 0.01 || r.Samples < 300 {
		t.Errorf("target 1%%: %s after %d samples, %+v", why, r.Samples, r.Solutions)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, why := (Target{Relative: 1e-9}).Run(ctx, round); why != StopTime {
		t.Errorf("target 1e-9 within 50ms: %s", why)
	}
	cheap := func(float64) time.Duration { return time.Nanosecond }
	if _, why := (Target{Relative: 1e-9, CountCost: cheap}).Run(context.Background(), round); why != StopExhaustive {
		t.Errorf("target 1e-9 with a cheap count: %s", why)
	}
	for _, bad := range []float64{0, 1, 1.5, -0.1, math.NaN()} {
		if CheckTarget(bad) == nil {
			t.Errorf("target %g accepted", bad)
		}
	}
}
