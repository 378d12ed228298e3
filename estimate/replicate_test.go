package estimate

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestAndersonDarling: normal samples pass at 5% about 95% of the time,
// and the largest half against the largest tenth on log-normal samples.
func TestHill(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, alpha := range []float64{2, 4} {
		var k topK
		for range 20000 {
			k.add(math.Pow(1-rng.Float64(), -1/alpha))
		}
		// Hill's estimate from 499 order statistics: relative sd 1/22.
		if got := k.hill(); math.Abs(got/alpha-1) > 0.2 {
			t.Errorf("alpha %g: Hill %g", alpha, got)
		}
	}
	// Samples of 1,000 whose tail is a power only in their largest fifth:
	// the largest tenth reads the tail's index.
	const alpha, trials = 3.0, 101
	var tenth []float64
	for range trials {
		var k topK
		for range 1000 {
			x := 0.5 + 0.5*rng.Float64() // the body, below 1
			if rng.Float64() < 0.2 {
				x = math.Pow(1-rng.Float64(), -1/alpha) // the tail, above 1
			}
			k.add(x)
		}
		tenth = append(tenth, k.hill())
	}
	slices.Sort(tenth)
	if m := tenth[trials/2]; math.Abs(m/alpha-1) > 0.1 {
		t.Errorf("tail index %g from the largest tenth of 1000: median %g", alpha, m)
	}
	// Log-normal samples of 1,000 (every moment finite, a local index
	// that grows with the threshold): the largest half reads a heavier
	// tail than the largest tenth.
	var lowTenth, lowHalf []float64
	for range trials {
		var k topK
		var xs []float64
		for range 1000 {
			x := math.Exp(rng.NormFloat64())
			k.add(x)
			xs = append(xs, x)
		}
		lowTenth = append(lowTenth, k.hill())
		slices.Sort(xs)
		var sum float64
		for _, x := range xs[501:] {
			sum += math.Log(x / xs[500])
		}
		lowHalf = append(lowHalf, 499/sum)
	}
	slices.Sort(lowTenth)
	slices.Sort(lowHalf)
	if a, b := lowTenth[trials/2], lowHalf[trials/2]; a < 1.2*b {
		t.Errorf("log-normal: median index %g from the largest tenth, %g from the largest half", a, b)
	}
	var few topK
	few.add(3)
	if few.hill() != 0 {
		t.Errorf("one value: %g, want 0 (too few to tell)", few.hill())
	}
	var zeros topK
	for i := range 200 {
		zeros.add(float64(i % 20 / 19 * i)) // 10 positive in 200: fewer than minTop
	}
	if zeros.hill() != 0 {
		t.Errorf("10 positive of 200: %g, want 0 (fewer than minTop)", zeros.hill())
	}
	// The heap keeps the largest.
	var big topK
	for i := range 2000 {
		big.add(float64((i * 7919) % 2000))
	}
	if slices.Sort(big.v); len(big.v) != topKept || big.v[0] != 2000-topKept || big.n != 2000 {
		t.Errorf("kept %d values from %g, offered %d", len(big.v), big.v[0], big.n)
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

// TestReplicateKinds: enough replicates give a confidence interval, too
// few or too little work a spread, all alike an exact count; a rare heavy
// value among many alike gives a bootstrap-t interval that reaches far
// higher above the mean than below it (the truth of a skewed law lies
// above most samples' means).
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
		{"normal, too little work", normal, false, KindSpread},
		{"skewed", skewed, true, KindConfidence},
		{"few", normal[:5], true, KindSpread},
		{"alike", []float64{7, 7, 7, 7, 7, 7, 7, 7, 7, 7}, true, KindExact},
		// Two probes that missed the same live child alike (a PP-24
		// subtree: 5 nodes of 2,394,231) are no count.
		{"few alike", []float64{5, 5}, true, KindSpread},
	} {
		got := replicateInterval(tc.xs, tc.enough)
		if got.Kind != tc.want {
			t.Errorf("%s: %+v, want %s", tc.name, got, tc.want)
		}
		if tc.name == "skewed" && got.High-got.Estimate < 2*(got.Estimate-got.Low) {
			t.Errorf("skewed: %+v, want an interval reaching higher above the estimate than below", got)
		}
	}
}

// TestZeroSolutions: replicates that met no solution bound the solutions
// by the nodes' upper bound (every solution is a node), a confidence
// interval where the nodes' is one, a spread where not, and 0 .. infinity
// with nothing to bound them.
func TestZeroSolutions(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	nodes, zeros := make([]float64, 30), make([]float64, 30)
	for i := range nodes {
		nodes[i] = 1000 + 100*rng.NormFloat64()
	}
	for _, tc := range []struct {
		name  string
		nodes []float64
		work  int64
		kind  string
	}{
		{"nodes a confidence interval", nodes, minConfidenceWork, KindConfidence},
		{"too little work", nodes, minConfidenceWork - 1, KindSpread},
		{"too few replicates", nodes[:5], minConfidenceWork, KindSpread},
		{"nodes exact", []float64{7, 7, 7, 7, 7, 7, 7, 7, 7, 7}, minConfidenceWork, KindConfidence},
		{"nodes alike, too few", []float64{5, 5}, minConfidenceWork, KindSpread},
		{"one replicate", nodes[:1], minConfidenceWork, KindSpread},
	} {
		n, s := Replicates{Nodes: tc.nodes, Solutions: zeros[:len(tc.nodes)], Work: tc.work}.intervals()
		if s.Estimate != 0 || s.Low != 0 || s.High != n.High || s.Kind != tc.kind || s.Level != Level {
			t.Errorf("%s: solutions %+v, want 0 .. %g (%s)", tc.name, s, n.High, tc.kind)
		}
	}
	// The nodes' bounds, derived: Student's interval of one replicate is
	// unbounded; all alike, the count itself.
	if _, s := (Replicates{Nodes: nodes[:1], Solutions: zeros[:1]}).intervals(); !math.IsInf(s.High, 1) {
		t.Errorf("one replicate: solutions %+v, want 0 .. +Inf", s)
	}
	if _, s := (Replicates{Nodes: []float64{7, 7, 7, 7, 7, 7, 7, 7, 7, 7}, Solutions: zeros[:10], Work: minConfidenceWork}).intervals(); s.High != 7 {
		t.Errorf("nodes exactly 7: solutions %+v, want 0 .. 7", s)
	}
}

// TestTargetRun: rounds of a fake estimator whose replicates narrow as
// they pool stop at the target; an impossible one stops when ctx ends;
// an expensive one when counting is cheaper, weighing the rounds' Work.
func TestTargetRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	round := func(ctx context.Context, k int) Result {
		xs := make([]float64, 60)
		var top topK
		for i := range xs {
			xs[i] = 1000 + 100*rng.NormFloat64()
			top.add(xs[i])
		}
		r := Result{Samples: 60, Work: minConfidenceWork, Replicates: Replicates{Nodes: xs, Solutions: xs, Hits: 1000, Work: minConfidenceWork}.withTops(top, top)}
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
	// The switch to counting weighs the rounds' Work when given, not the
	// wall time: an hour of it against a count of a second counts, where
	// the wall time of these rounds (microseconds) goes on to the target.
	second := func(float64) time.Duration { return time.Second }
	if _, why := (Target{Relative: 0.01, CountCost: second}).Run(context.Background(), round); why != StopTarget {
		t.Errorf("target 1%% by the wall clock, a count of 1s: %s", why)
	}
	hour := func() time.Duration { return time.Hour }
	if _, why := (Target{Relative: 0.01, CountCost: second, Work: hour}).Run(context.Background(), round); why != StopExhaustive {
		t.Errorf("target 1%% after an hour of work, a count of 1s: %s", why)
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
