package stats

import (
	"math"
	"testing"
)

func TestMeanMedian(t *testing.T) {
	for _, tc := range []struct {
		xs           []float64
		mean, median float64
	}{
		{nil, 0, 0},
		{[]float64{7}, 7, 7},
		{[]float64{3, 1}, 2, 2},
		{[]float64{5, 1, 3}, 3, 3},
		{[]float64{4, 1, 3, 2}, 2.5, 2.5},
		{[]float64{10, 1, 1, 1}, 3.25, 1},
		{[]float64{1, 2, 3, 100}, 26.5, 2.5},
	} {
		if got := Mean(tc.xs); got != tc.mean {
			t.Errorf("Mean(%v) = %v, want %v", tc.xs, got, tc.mean)
		}
		if got := Median(tc.xs); got != tc.median {
			t.Errorf("Median(%v) = %v, want %v", tc.xs, got, tc.median)
		}
	}
}

func TestMedianIntsEvenCount(t *testing.T) {
	xs := []int64{9, 2, 4, 7}
	if got := Median(xs); got != 5.5 {
		t.Errorf("Median(%v) = %v, want 5.5", xs, got)
	}
	if xs[0] != 9 || xs[3] != 7 {
		t.Errorf("Median changed its argument: %v", xs)
	}
}

func TestWilson(t *testing.T) {
	// Reference values: the closed form evaluated in Python; 0/10, 10/10
	// and 5/10 are the textbook values.
	for _, tc := range []struct {
		s, n   int
		lo, hi float64
	}{
		{0, 0, 0, 1},
		{0, 10, 0, 0.27753280},
		{10, 10, 0.72246720, 1},
		{5, 10, 0.23659309, 0.76340691},
		{81, 100, 0.72221155, 0.87485248},
		{1, 1000, 0.00017655, 0.00564256},
		{81, 263, 0.25528852, 0.36620958}, // Newcombe (1998): 0.2553-0.3662
	} {
		lo, hi := Wilson(tc.s, tc.n)
		if math.Abs(lo-tc.lo) > 1e-7 || math.Abs(hi-tc.hi) > 1e-7 {
			t.Errorf("Wilson(%d, %d) = %.8f, %.8f; want %.8f, %.8f", tc.s, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

// TestWilsonRoots checks the definition itself: the interval's ends are the
// proportions p with (phat-p)^2 = z^2 p(1-p)/n.
func TestWilsonRoots(t *testing.T) {
	for _, tc := range [][2]int{{1, 3}, {7, 20}, {81, 100}, {999, 1000}} {
		s, n := tc[0], tc[1]
		phat := float64(s) / float64(n)
		lo, hi := Wilson(s, n)
		for _, p := range []float64{lo, hi} {
			lhs := (phat - p) * (phat - p)
			rhs := z95 * z95 * p * (1 - p) / float64(n)
			if math.Abs(lhs-rhs) > 1e-12 {
				t.Errorf("Wilson(%d, %d): end %v is not a root: %g != %g", s, n, p, lhs, rhs)
			}
		}
	}
}
