package estimate

import (
	"slices"
	"testing"
)

func TestProfileResult(t *testing.T) {
	// A root with 3 children, of which 2 have 2 children each; 1 solution
	// at depth 1 and 3 at depth 2.
	p := Profile{Nodes: []int64{1, 3, 4}, Branches: []int64{3, 4, 0}, Solutions: []int64{0, 1, 3}}
	r := p.Result()
	if r.Method != "exact" || r.Work != 8 || r.Nodes != (Interval{Estimate: 8, Low: 8, High: 8, Kind: KindExact}) || r.Solutions != (Interval{Estimate: 4, Low: 4, High: 4, Kind: KindExact}) {
		t.Fatalf("%+v", r)
	}
	var bf []float64
	for _, d := range r.ByDepth {
		if !d.Exact {
			t.Errorf("depth %d not marked exact", d.Depth)
		}
		bf = append(bf, d.MeanBF)
	}
	if want := []float64{3, 4.0 / 3, 0}; !slices.Equal(bf, want) {
		t.Errorf("mean branching factors %v, want %v", bf, want)
	}
}

func TestIntervalScale(t *testing.T) {
	got := Interval{Estimate: 8, Low: 4, High: 16, StdErr: 2, Kind: KindConfidence, Level: 0.95}.Scale(0.25)
	if got != (Interval{Estimate: 2, Low: 1, High: 4, StdErr: 0.5, Kind: KindConfidence, Level: 0.95}) {
		t.Errorf("Scale(0.25) = %+v", got)
	}
}
