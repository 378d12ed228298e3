package render

import (
	"encoding/xml"
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
	if ts := yTicks(0.2, 0.8, true); len(ts) != 4 || ts[0].label != "1.58" || ts[3].label != "6.31" {
		t.Errorf("ticks inside one decade: %v", ts)
	}
}
