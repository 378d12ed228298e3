package render_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/branchwise/branchwise/render"
)

// A line chart of the branching factor per depth of the Five Puzzle,
// written as SVG; here only its size and title are printed.
func ExampleChart() {
	ch := render.Chart{Title: "Five Puzzle", XLabel: "depth", YLabel: "N(d)/N(d-1)",
		Series: []render.Series{{Name: "ratio", X: []float64{1, 2, 3, 4, 5, 6, 7, 8}, Y: []float64{2, 1.5, 1, 4.0 / 3, 7.0 / 4, 9.0 / 7, 10.0 / 9, 1.5}}}}
	var b bytes.Buffer
	if err := ch.WriteSVG(&b, 640, 400); err != nil {
		panic(err)
	}
	svg := b.String()
	fmt.Println(strings.HasPrefix(svg, "<svg"), strings.Contains(svg, "Five Puzzle"), strings.HasSuffix(strings.TrimSpace(svg), "</svg>"))
	// Output: true true true
}

// A board picture: two unit squares labelled by their piece, drawn on a
// sheet of one picture.
func ExampleSheet() {
	square := func(x, y float64) [][2]float64 { return [][2]float64{{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}} }
	sheet := render.Sheet{Title: "two cells", Pictures: [][]render.Cell{{
		{Polygon: square(0, 0), Label: "A"}, {Polygon: square(1, 0), Label: "B"},
	}}}
	var b bytes.Buffer
	if err := sheet.WriteSVG(&b); err != nil {
		panic(err)
	}
	fmt.Println(strings.Count(b.String(), "<polygon"), "polygons")
	// Output: 2 polygons
}
