package estimate

import (
	"strings"
	"testing"
)

// TestWorkCut: probes are kept while the work before them plus its mean
// fits in the budget; the first always.
func TestWorkCut(t *testing.T) {
	probes := func(works ...int64) []probeOutcome {
		var out []probeOutcome
		for _, w := range works {
			out = append(out, probeOutcome{done: true, work: w})
		}
		return out
	}
	for _, tc := range []struct {
		works  []int64
		budget int64
		want   int
	}{
		{[]int64{500}, 10, 1},             // the first, whatever its cost
		{[]int64{10, 10, 10, 10}, 30, 3},  // 20 + 10 fits, 30 + 10 does not
		{[]int64{10, 10, 10, 10}, 100, 4}, // all of them
		{[]int64{40, 5, 5}, 50, 1},        // 40 + 40 is past 50
		{[]int64{5, 40, 5}, 50, 2},        // 5 + 5, then 45 + 22 is past
	} {
		if got := workCut(probes(tc.works...), tc.budget); got != tc.want {
			t.Errorf("workCut(%v, %d) = %d, want %d", tc.works, tc.budget, got, tc.want)
		}
	}
}

// TestMeter: the share done is counted in moves against a budget, else in
// samples against the plan of the current phase; a nil meter is silent.
func TestMeter(t *testing.T) {
	var none *Meter
	none.plan(10, 0)
	none.add(5, 1)
	if _, ok := none.Done(); ok || none.Line() != "" {
		t.Errorf("nil meter: %q", none.Line())
	}
	m := NewMeter()
	m.plan(1000, 0)
	m.plan(0, 7) // an inner run's plan: the budget holds
	m.add(250, 3)
	if f, ok := m.Done(); !ok || f != 0.25 {
		t.Errorf("budget: done %g, %v; want 0.25", f, ok)
	}
	if line := m.Line(); !strings.Contains(line, "250 moves, 3 samples, 25% done, about ") {
		t.Errorf("line %q", line)
	}
	s := NewMeter()
	s.plan(0, 4)
	s.add(0, 3)
	s.plan(0, 10) // the next phase counts afresh
	s.add(0, 5)
	if f, _ := s.Done(); f != 0.5 {
		t.Errorf("phases: done %g, want 0.5", f)
	}
}
