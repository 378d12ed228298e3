package render

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

func square(x, y float64, label string) Cell {
	return Cell{Polygon: [][2]float64{{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}}, Label: label}
}

// TestSheetOutlines counts the border lines: an edge shared by two cells of
// one piece is not drawn, one between two pieces is drawn once.
func TestSheetOutlines(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells []Cell
		lines int
	}{
		{"one piece of two squares", []Cell{square(0, 0, "A"), square(1, 0, "A")}, 6},
		{"two pieces", []Cell{square(0, 0, "A"), square(1, 0, "B")}, 7},
		{"a 2x2 of four pieces", []Cell{square(0, 0, "A"), square(1, 0, "B"), square(0, 1, "C"), square(1, 1, "D")}, 12},
		{"two triangles, one piece", []Cell{
			{Polygon: [][2]float64{{0, 0}, {1, 0}, {0.5, 0.866}}, Label: "T"},
			{Polygon: [][2]float64{{1, 0}, {1.5, 0.866}, {0.5, 0.866}}, Label: "T"}}, 4},
	} {
		var b strings.Builder
		if err := (Sheet{Title: "<" + tc.name + ">", Pictures: [][]Cell{tc.cells, tc.cells}, Columns: 2}).WriteSVG(&b); err != nil {
			t.Fatal(err)
		}
		d := xml.NewDecoder(strings.NewReader(b.String()))
		for {
			if _, err := d.Token(); err != nil {
				if err != io.EOF {
					t.Fatalf("%s: not well-formed: %v", tc.name, err)
				}
				break
			}
		}
		if got := strings.Count(b.String(), "<line"); got != 2*tc.lines {
			t.Errorf("%s: %d lines, want %d", tc.name, got, 2*tc.lines)
		}
		if got := strings.Count(b.String(), "<polygon"); got != 2*len(tc.cells) {
			t.Errorf("%s: %d polygons, want %d", tc.name, got, 2*len(tc.cells))
		}
	}
}
