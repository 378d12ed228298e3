package render

import (
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Voxel is one labelled unit cube of a 3D picture: column X, row Y of
// layer Z (layer 0 at the bottom of the isometric view).
type Voxel struct {
	X, Y, Z int
	Label   string
}

// CubeSheet draws 3D solutions, each twice: layer by layer (side by side,
// as seen from above) and in an isometric view, every piece in the same
// colour in both and in every solution of the sheet (the colours go to
// the labels in sorted order).
type CubeSheet struct {
	Title     string
	Solutions [][]Voxel
	Scale     float64 // pixels per cube edge; 20 if zero
	// Legend draws a swatch of every piece's colour with its label under
	// the title, and Letters writes the label on every square of the
	// layers, so that the layers can be read without telling colours apart.
	Legend, Letters bool
	// Colours, if set, fixes the fill of the labels it names, as
	// Sheet.Colours does.
	Colours map[string]string
}

// cubeGap is the space between pictures, in cube edges.
const cubeGap = 1.0

// WriteSVG draws the sheet, one solution per row: its layers, then the
// isometric view.
func (s CubeSheet) WriteSVG(w io.Writer) error {
	scale := s.Scale
	if scale == 0 {
		scale = 20
	}
	var labels []string
	for _, sol := range s.Solutions {
		for _, v := range sol {
			if !slices.Contains(labels, v.Label) {
				labels = append(labels, v.Label)
			}
		}
	}
	slices.Sort(labels)
	colour := map[string]string{}
	for i, l := range labels {
		colour[l] = PieceColours[i%len(PieceColours)]
		if fixed, ok := s.Colours[l]; ok {
			colour[l] = fixed
		}
	}
	var body strings.Builder
	top := 1.5 // room for the title
	if s.Title == "" {
		top = cubeGap
	}
	width := 0.0
	if s.Legend {
		x := cubeGap
		for _, l := range labels {
			fmt.Fprintf(&body, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"#333\"/>\n",
				x*scale, top*scale, 0.8*scale, 0.8*scale, colour[l])
			fmt.Fprintf(&body, "<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" font-size=\"%.1f\">%s</text>\n",
				(x+1)*scale, (top+0.65)*scale, 0.6*scale, html.EscapeString(l))
			x += 1.4 + 0.4*float64(len([]rune(l)))
		}
		width = max(width, x)
		top += 1.5
	}
	for _, sol := range s.Solutions {
		if len(sol) == 0 {
			continue
		}
		w, h := drawSolution(&body, sol, colour, cubeGap, top, scale, s.Letters)
		width = max(width, w)
		top += h + cubeGap
	}
	fmt.Fprintf(w, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.1f %.1f\">\n",
		(width+2*cubeGap)*scale, top*scale, (width+2*cubeGap)*scale, top*scale)
	fmt.Fprintf(w, "<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" font-size=\"%.1f\">%s</text>\n",
		cubeGap*scale, scale, 0.7*scale, html.EscapeString(s.Title))
	if _, err := io.WriteString(w, body.String()); err != nil {
		return err
	}
	_, err := io.WriteString(w, "</svg>\n")
	return err
}

// drawSolution draws one solution at (left, top), in cube edges, and
// returns the width and height it took.
func drawSolution(b *strings.Builder, sol []Voxel, colour map[string]string, left, top, scale float64, letters bool) (float64, float64) {
	x0, y0, z0 := sol[0].X, sol[0].Y, sol[0].Z
	x1, y1, z1 := x0, y0, z0
	at := map[[3]int]string{}
	for _, v := range sol {
		x0, y0, z0 = min(x0, v.X), min(y0, v.Y), min(z0, v.Z)
		x1, y1, z1 = max(x1, v.X), max(y1, v.Y), max(z1, v.Z)
		at[[3]int{v.X, v.Y, v.Z}] = v.Label
	}
	nx, ny, nz := float64(x1-x0+1), float64(y1-y0+1), float64(z1-z0+1)
	px := func(v float64) string { return strconv.FormatFloat(v*scale, 'f', 1, 64) }
	// Layers, from the bottom one: squares, thick lines between pieces.
	for z := z0; z <= z1; z++ {
		ox := left + float64(z-z0)*(nx+cubeGap)
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				l, ok := at[[3]int{x, y, z}]
				if !ok {
					continue
				}
				cx, cy := ox+float64(x-x0), top+float64(y-y0)
				fmt.Fprintf(b, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\" stroke=\"#888\" stroke-width=\"0.5\"><title>%s</title></rect>\n",
					px(cx), px(cy), px(1), px(1), colour[l], html.EscapeString(l))
				if letters {
					fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\" font-family=\"sans-serif\" font-size=\"%s\" text-anchor=\"middle\" dominant-baseline=\"central\">%s</text>\n",
						px(cx+0.5), px(cy+0.5), px(0.5), html.EscapeString(l))
				}
				// A thick edge where the neighbour is another piece or outside.
				for _, e := range [4][4]int{{0, -1, 0, 0}, {1, 0, 1, 0}, {0, 1, 0, 1}, {-1, 0, 0, 0}} {
					if at[[3]int{x + e[0], y + e[1], z}] == l {
						continue
					}
					ax, ay := cx+float64(e[2]), cy+float64(e[3])
					bx, by := ax+float64(e[1]*e[1]), ay+float64(e[0]*e[0])
					fmt.Fprintf(b, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"black\" stroke-width=\"2\" stroke-linecap=\"square\"/>\n",
						px(ax), px(ay), px(bx), px(by))
				}
			}
		}
	}
	layersW := nz*(nx+cubeGap) - cubeGap
	// The isometric view from above the corner of largest x and y: the
	// cubes drawn in order of x + y + z, so nearer ones cover farther ones.
	c30, s30 := math.Sqrt(3)/2, 0.5
	iso := func(x, y, z float64) (float64, float64) { return (x - y) * c30, (x+y)*s30 - z }
	isoLeft := left + layersW + 2*cubeGap + ny*c30
	isoTop := top + nz
	voxels := slices.Clone(sol)
	slices.SortFunc(voxels, func(a, b Voxel) int { return (a.X + a.Y + a.Z) - (b.X + b.Y + b.Z) })
	shade := func(hex string, f float64) string {
		r, _ := strconv.ParseUint(hex[1:3], 16, 8)
		g, _ := strconv.ParseUint(hex[3:5], 16, 8)
		bl, _ := strconv.ParseUint(hex[5:7], 16, 8)
		return fmt.Sprintf("#%02x%02x%02x", int(float64(r)*f), int(float64(g)*f), int(float64(bl)*f))
	}
	faces := []struct {
		corners [4][3]float64
		normal  [3]int
		shade   float64
	}{
		{[4][3]float64{{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}}, [3]int{0, 0, 1}, 1},    // top
		{[4][3]float64{{1, 0, 0}, {1, 1, 0}, {1, 1, 1}, {1, 0, 1}}, [3]int{1, 0, 0}, 0.8},  // +x
		{[4][3]float64{{0, 1, 0}, {1, 1, 0}, {1, 1, 1}, {0, 1, 1}}, [3]int{0, 1, 0}, 0.62}, // +y
	}
	for _, v := range voxels {
		for _, f := range faces {
			if _, hidden := at[[3]int{v.X + f.normal[0], v.Y + f.normal[1], v.Z + f.normal[2]}]; hidden {
				continue
			}
			var pts []string
			for _, c := range f.corners {
				sx, sy := iso(float64(v.X-x0)+c[0], float64(v.Y-y0)+c[1], float64(v.Z-z0)+c[2])
				pts = append(pts, px(isoLeft+sx)+","+px(isoTop+sy))
			}
			fmt.Fprintf(b, "<polygon points=\"%s\" fill=\"%s\" stroke=\"#333\" stroke-width=\"0.6\" stroke-linejoin=\"round\"/>\n",
				strings.Join(pts, " "), shade(colour[v.Label], f.shade))
		}
	}
	isoW := (nx + ny) * c30
	isoH := nz + (nx+ny)*s30
	return layersW + 2*cubeGap + isoW, max(ny, isoH)
}
