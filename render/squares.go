package render

import (
	"fmt"
	"html"
	"io"
	"strings"
)

// Square is one labelled cell of a square-grid picture.
type Square struct {
	X, Y  int
	Label string // pieces are coloured by label
}

// pieceColours are distinct fills for up to 24 pieces, then repeated.
var pieceColours = []string{
	"#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
	"#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#800000", "#aaffc3",
	"#808000", "#ffd8b1", "#000075", "#808080", "#a9a9a9", "#ff7f50", "#7fffd4", "#dda0dd",
}

// Grid is a sheet of square-grid pictures (solutions), drawn side by side
// in rows of Columns.
type Grid struct {
	Title    string
	Pictures [][]Square
	Columns  int
	Cell     int // pixels per cell
}

// WriteSVG draws the sheet: each picture's cells filled by label, with
// thick borders between different labels so that pieces stand out.
func (g Grid) WriteSVG(w io.Writer) error {
	cell := g.Cell
	if cell <= 0 {
		cell = 24
	}
	cols := max(g.Columns, 1)
	colour := map[string]string{}
	pw, ph := 0, 0
	for _, pic := range g.Pictures {
		for _, s := range pic {
			pw, ph = max(pw, s.X+1), max(ph, s.Y+1)
			if _, ok := colour[s.Label]; !ok {
				colour[s.Label] = pieceColours[len(colour)%len(pieceColours)]
			}
		}
	}
	gap, top := cell, 30
	rows := (len(g.Pictures) + cols - 1) / cols
	width := cols*(pw*cell+gap) + gap
	height := top + rows*(ph*cell+gap) + gap
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/><text x="%d" y="20" font-size="14">%s</text>`+"\n", gap, html.EscapeString(g.Title))
	for k, pic := range g.Pictures {
		ox := gap + (k%cols)*(pw*cell+gap)
		oy := top + (k/cols)*(ph*cell+gap)
		at := map[[2]int]string{}
		for _, s := range pic {
			at[[2]int{s.X, s.Y}] = s.Label
		}
		for _, s := range pic {
			x, y := ox+s.X*cell, oy+s.Y*cell
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="%s" stroke-width="0.5"><title>%s</title></rect>`+"\n",
				x, y, cell, cell, colour[s.Label], colour[s.Label], html.EscapeString(s.Label))
		}
		// Piece outlines: an edge between two cells of different labels, or
		// between a cell and the outside.
		for _, s := range pic {
			x, y := ox+s.X*cell, oy+s.Y*cell
			for _, e := range [4][6]int{{0, -1, 0, 0, 1, 0}, {0, 1, 0, 1, 1, 1}, {-1, 0, 0, 0, 0, 1}, {1, 0, 1, 0, 1, 1}} {
				if n, ok := at[[2]int{s.X + e[0], s.Y + e[1]}]; ok && n == s.Label {
					continue
				}
				fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black" stroke-width="2" stroke-linecap="square"/>`+"\n",
					x+e[2]*cell, y+e[3]*cell, x+e[4]*cell, y+e[5]*cell)
			}
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
