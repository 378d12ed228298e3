// Package stats holds the few summary statistics the experiments print:
// mean, median and the Wilson score interval of a proportion. One
// definition each, so that two commands never disagree on the median of
// the same numbers.
package stats

import (
	"cmp"
	"math"
	"slices"
)

// Number is what the statistics take: counts and measurements.
type Number interface {
	~int | ~int64 | ~float64
}

// Mean returns the arithmetic mean of xs, 0 for none.
func Mean[T Number](xs []T) float64 {
	if len(xs) == 0 {
		return 0
	}
	var s float64
	for _, x := range xs {
		s += float64(x)
	}
	return s / float64(len(xs))
}

// Median returns the middle value of xs, the mean of the two middle values
// for an even count (the usual definition), 0 for none. xs is not changed.
func Median[T Number](xs []T) float64 {
	n := len(xs)
	if n == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.SortFunc(s, cmp.Compare[T])
	if n%2 == 1 {
		return float64(s[n/2])
	}
	return (float64(s[n/2-1]) + float64(s[n/2])) / 2
}

// z95 is the standard normal quantile of 0.975: a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of the proportion of
// successes in n trials (Wilson 1927): unlike the normal approximation it
// stays within [0, 1] and is honest for proportions near 0 or 1 and for
// small n. With no trials it is [0, 1].
func Wilson(successes, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p, nf := float64(successes)/float64(n), float64(n)
	den := 1 + z95*z95/nf
	mid := (p + z95*z95/(2*nf)) / den
	half := z95 * math.Sqrt(p*(1-p)/nf+z95*z95/(4*nf*nf)) / den
	return max(0, mid-half), min(1, mid+half)
}
