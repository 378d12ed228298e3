package numfmt

import (
	"math"
	"testing"
)

func TestNumberFormats(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {577456136214, "577,456,136,214"}, {-1234567, "-1,234,567"}} {
		if got := Count(tc.n); got != tc.want {
			t.Errorf("Count(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	for _, tc := range []struct{ s, want string }{
		{"", ""}, {"12", "12"}, {"1234", "1,234"}, {"-123456789012345678901", "-123,456,789,012,345,678,901"}, {"1.5", "1.5"}, {"-", "-"}, {"n/a", "n/a"},
	} {
		if got := Digits(tc.s); got != tc.want {
			t.Errorf("Digits(%q) = %q, want %q", tc.s, got, tc.want)
		}
	}
	for _, tc := range []struct {
		x    float64
		want string
	}{{48321, "48,300"}, {0.1234, "0.123"}, {999999, "1,000,000"}, {6.1714e15, "6.17e15"}, {429540007, "4.30e8"}, {math.Inf(1), "∞"}, {2.5e-7, "0.00000025"}} {
		if got := Estimate(tc.x); got != tc.want {
			t.Errorf("Estimate(%v) = %q, want %q", tc.x, got, tc.want)
		}
	}
}
