package render

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

func TestCubeSheet(t *testing.T) {
	var cube []Voxel
	for z := 0; z < 2; z++ {
		for y := 0; y < 2; y++ {
			for x := 0; x < 2; x++ {
				l := "A"
				if x == 1 {
					l = "B"
				}
				cube = append(cube, Voxel{x, y, z, l})
			}
		}
	}
	var b strings.Builder
	if err := (CubeSheet{Title: "<2x2x2>", Solutions: [][]Voxel{cube, cube}}).WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	// Per solution: 8 squares in the layers, and 12 faces of the isometric
	// view (4 on top, 4 facing +x, 4 facing +y); the rest are hidden.
	if n := strings.Count(svg, "<rect "); n != 16 {
		t.Errorf("%d squares, want 16", n)
	}
	if n := strings.Count(svg, "<polygon "); n != 24 {
		t.Errorf("%d faces, want 24", n)
	}
	// Piece A is red and B green everywhere (labels in sorted order).
	if strings.Count(svg, `fill="`+PieceColours[0]+`"`) != 8+4 || strings.Count(svg, `fill="`+PieceColours[1]+`"`) != 8+4 {
		t.Errorf("colours are not consistent")
	}
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("not XML: %v", err)
		}
	}
}
