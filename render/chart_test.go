package render

import (
	"encoding/xml"
	"math"
	"strings"
	"testing"
)

func TestChartIsWellFormedSVG(t *testing.T) {
	for _, c := range []Chart{
		{Title: "a <b> & c", Series: []Series{{Name: "s", X: []float64{0, 1, 2}, Y: []float64{1, 2, 1.5}}}},
		{Title: "log", LogY: true, Series: []Series{{X: []float64{0, 1}, Y: []float64{0, 100}}, {X: []float64{0, 1}, Y: []float64{1e300, 1e301}}}},
		{Title: "empty"},
	} {
		var b strings.Builder
		if err := c.WriteSVG(&b, 400, 300); err != nil {
			t.Fatal(err)
		}
		d := xml.NewDecoder(strings.NewReader(b.String()))
		for {
			if _, err := d.Token(); err != nil {
				if err.Error() != "EOF" {
					t.Fatalf("%s: not well-formed: %v", c.Title, err)
				}
				break
			}
		}
		if strings.Count(b.String(), "<polyline") != len(c.Series) {
			t.Errorf("%s: %d lines drawn for %d series", c.Title, strings.Count(b.String(), "<polyline"), len(c.Series))
		}
	}
}

func TestStackIsWellFormedSVG(t *testing.T) {
	var b strings.Builder
	c := Chart{Title: "a", Series: []Series{{Name: "s", X: []float64{0, 1}, Y: []float64{1, 2}}}}
	if err := WriteStackSVG(&b, []Chart{c, c}, 400, 300); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(strings.NewReader(b.String()))
	for {
		if _, err := d.Token(); err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("not well-formed: %v", err)
			}
			break
		}
	}
	if strings.Count(b.String(), "<svg") != 3 || !strings.Contains(b.String(), `<svg y="300"`) {
		t.Errorf("want two charts nested in one document")
	}
}

func TestLogTicks(t *testing.T) {
	var labels []string
	for _, tk := range yTicks(-0.3, 12.6, true) {
		labels = append(labels, tk.label)
	}
	if got := strings.Join(labels, " "); got != "1 100 1e4 1e6 1e8 1e10 1e12" {
		t.Errorf("log ticks %q", got)
	}
	labels = labels[:0]
	for _, tk := range yTicks(math.Log10(0.3), math.Log10(1.2), true) {
		labels = append(labels, tk.label)
	}
	if got := strings.Join(labels, " "); got != "1 0.5" {
		t.Errorf("log ticks from 0.3 to 1.2: %q, want the decade and half of it", got)
	}
	if ts := yTicks(0.2, 0.8, true); len(ts) != 4 || ts[0].label != "1.58" || ts[3].label != "6.31" {
		t.Errorf("ticks inside one decade: %v", ts)
	}
}

// Axes have round ticks: whole numbers for depths, no negative branching
// factor below data that are all positive, no "1e2.6".
func TestNiceTicks(t *testing.T) {
	labels := func(ts []tick) string {
		var out []string
		for _, tk := range ts {
			out = append(out, tk.label)
		}
		return strings.Join(out, " ")
	}
	for _, tc := range []struct {
		lo, hi float64
		whole  bool
		want   string
	}{
		{0, 7, true, "0 2 4 6"},
		{0, 3, true, "0 1 2 3"},
		{0, 60.3, false, "0 20 40 60"},
		{0.2, 0.9, false, "0.2 0.4 0.6 0.8"},
		{-2.5, 2.5, false, "-2 -1 0 1 2"},
		{0, 3e7, false, "0 1e7 2e7 3e7"}, {0, 2.5e7, false, "0 5e6 1e7 1.5e7 2e7 2.5e7"},
	} {
		if got := labels(niceTicks(tc.lo, tc.hi, tc.whole)); got != tc.want {
			t.Errorf("niceTicks(%v, %v, %v) = %q, want %q", tc.lo, tc.hi, tc.whole, got, tc.want)
		}
	}
	// A chart of depths 0..7 and positive branching factors: whole depth
	// ticks, the y axis from 0.
	var b strings.Builder
	c := Chart{Series: []Series{{X: []float64{0, 1, 2, 3, 4, 5, 6, 7}, Y: []float64{55, 19.8, 9.8, 4.6, 2.3, 0.66, 0.16, 0}}}}
	if err := c.WriteSVG(&b, 640, 260); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, bad := range []string{">1.2<", ">-", "e2.6"} {
		if strings.Contains(svg, bad) {
			t.Errorf("the chart has a tick %q:\n%s", bad, svg)
		}
	}
	for _, want := range []string{">0<", ">2<", ">6<", ">40<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the chart has no tick %q", want)
		}
	}
}

// TestPointsAndDashes: a Points series is drawn as dots with no line, so a
// missing category stays a gap; a Dashed series as a dashed line.
func TestPointsAndDashes(t *testing.T) {
	c := Chart{LogY: true, Series: []Series{
		{Name: "median", X: []float64{1, 2, 4}, Y: []float64{0.5, 0, 1.5}, Points: true},
		{Name: "x2", X: []float64{1, 4}, Y: []float64{2, 2}, Dashed: true},
	}}
	var b strings.Builder
	if err := c.WriteSVG(&b, 400, 300); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	if n := strings.Count(svg, "<circle"); n != 2 {
		t.Errorf("%d dots, want 2 (the value 0 has no place on a log axis)", n)
	}
	if n := strings.Count(svg, "<polyline"); n != 1 || !strings.Contains(svg, "stroke-dasharray") {
		t.Errorf("%d lines, want the dashed one only", n)
	}
}
