package render

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// Cell is one labelled cell of a board picture: a polygon in the plane, in
// units of the grid's cell edge, y growing downwards. Cells with the same
// label (a piece) share a colour and no border between them.
type Cell struct {
	Polygon [][2]float64
	Label   string
}

// PieceColours are distinct fills for up to 24 pieces, then repeated; a
// piece's colour is chosen by its first appearance on a sheet.
var PieceColours = []string{
	"#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
	"#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#800000", "#aaffc3",
	"#808000", "#ffd8b1", "#000075", "#808080", "#a9a9a9", "#ff7f50", "#7fffd4", "#dda0dd",
}

// Sheet is a sheet of board pictures (solutions) on any grid of polygons,
// drawn side by side in rows of Columns.
type Sheet struct {
	Title    string
	Pictures [][]Cell
	Columns  int
	Scale    float64 // pixels per unit; 24 if zero
	// Letters writes each piece's label on it, on the cell nearest the
	// piece's centre, so that pieces of like colours are told apart.
	Letters bool
	// Colours, if set, fixes the fill of the labels it names (a palette
	// and the solutions it stands beside in the same colours); the other
	// labels take PieceColours by first appearance.
	Colours map[string]string
}

// WriteSVG draws the sheet: each cell filled by its label's colour, and
// thick lines along every edge that is not shared by two cells of the same
// label, so that pieces and the board's outline stand out.
func (s Sheet) WriteSVG(w io.Writer) error {
	scale := s.Scale
	if scale <= 0 {
		scale = 24
	}
	cols := max(s.Columns, 1)
	colour := map[string]string{}
	// One bounding box for all pictures, so that they line up.
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, pic := range s.Pictures {
		for _, c := range pic {
			for _, p := range c.Polygon {
				x0, y0, x1, y1 = min(x0, p[0]), min(y0, p[1]), max(x1, p[0]), max(y1, p[1])
			}
			if _, ok := colour[c.Label]; !ok {
				colour[c.Label] = PieceColours[len(colour)%len(PieceColours)]
				if fixed, ok := s.Colours[c.Label]; ok {
					colour[c.Label] = fixed
				}
			}
		}
	}
	if len(colour) == 0 {
		x0, y0, x1, y1 = 0, 0, 1, 1
	}
	pw, ph := (x1-x0)*scale, (y1-y0)*scale
	gap, top := scale, 30.0
	if s.Title == "" {
		top = gap // no room for a title (a palette's piece)
	}
	rows := (len(s.Pictures) + cols - 1) / cols
	width := float64(cols)*(pw+gap) + gap
	height := top + float64(rows)*(ph+gap) + gap
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/><text x="%.0f" y="20" font-size="14">%s</text>`+"\n", gap, html.EscapeString(s.Title))
	for k, pic := range s.Pictures {
		ox := gap + float64(k%cols)*(pw+gap) - x0*scale
		oy := top + float64(k/cols)*(ph+gap) - y0*scale
		pt := func(p [2]float64) (float64, float64) { return ox + p[0]*scale, oy + p[1]*scale }
		// An edge is keyed by its rounded end points, in either direction,
		// so that the two cells sharing it find each other.
		type edge struct{ ax, ay, bx, by int64 }
		key := func(p, q [2]float64) edge {
			a := [2]int64{int64(math.Round(p[0] * 1e4)), int64(math.Round(p[1] * 1e4))}
			c := [2]int64{int64(math.Round(q[0] * 1e4)), int64(math.Round(q[1] * 1e4))}
			if a[0] > c[0] || a[0] == c[0] && a[1] > c[1] {
				a, c = c, a
			}
			return edge{a[0], a[1], c[0], c[1]}
		}
		labels := map[edge][]string{}
		for _, c := range pic {
			var pts strings.Builder
			for i, p := range c.Polygon {
				x, y := pt(p)
				fmt.Fprintf(&pts, "%.2f,%.2f", x, y)
				if i+1 < len(c.Polygon) {
					pts.WriteByte(' ')
				}
				e := key(p, c.Polygon[(i+1)%len(c.Polygon)])
				labels[e] = append(labels[e], c.Label)
			}
			fmt.Fprintf(&b, `<polygon points="%s" fill="%s" stroke="%s" stroke-width="0.5"><title>%s</title></polygon>`+"\n",
				pts.String(), colour[c.Label], colour[c.Label], html.EscapeString(c.Label))
		}
		for _, c := range pic {
			for i, p := range c.Polygon {
				q := c.Polygon[(i+1)%len(c.Polygon)]
				e := key(p, q)
				l := labels[e]
				if len(l) == 2 && l[0] == l[1] {
					continue
				}
				if len(l) == 2 && c.Label != l[0] {
					continue // drawn once, from the cell that came first
				}
				ax, ay := pt(p)
				bx, by := pt(q)
				fmt.Fprintf(&b, `<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="black" stroke-width="2" stroke-linecap="round"/>`+"\n", ax, ay, bx, by)
			}
		}
		if s.Letters {
			for _, l := range letterPlaces(pic) {
				x, y := pt(l.at)
				fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" font-size="%.1f" text-anchor="middle" dominant-baseline="central" pointer-events="none">%s</text>`+"\n",
					x, y, 0.45*scale, html.EscapeString(l.label))
			}
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// letterPlace is where a piece's label is written.
type letterPlace struct {
	label string
	at    [2]float64
}

// letterPlaces finds, for every label of a picture in the order of its
// first cell, the centre of its cell nearest the mean of its cells' centres.
func letterPlaces(pic []Cell) []letterPlace {
	centre := func(c Cell) [2]float64 {
		var x, y float64
		for _, p := range c.Polygon {
			x, y = x+p[0], y+p[1]
		}
		n := float64(max(len(c.Polygon), 1))
		return [2]float64{x / n, y / n}
	}
	var order []string
	sum := map[string][3]float64{}
	for _, c := range pic {
		if _, ok := sum[c.Label]; !ok {
			order = append(order, c.Label)
		}
		m := centre(c)
		s := sum[c.Label]
		sum[c.Label] = [3]float64{s[0] + m[0], s[1] + m[1], s[2] + 1}
	}
	best := map[string]letterPlace{}
	dist := map[string]float64{}
	for _, c := range pic {
		s, m := sum[c.Label], centre(c)
		d := math.Hypot(m[0]-s[0]/s[2], m[1]-s[1]/s[2])
		if old, ok := dist[c.Label]; !ok || d < old-1e-9 {
			dist[c.Label], best[c.Label] = d, letterPlace{c.Label, m}
		}
	}
	out := make([]letterPlace, len(order))
	for i, l := range order {
		out[i] = best[l]
	}
	return out
}
