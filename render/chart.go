package render

import (
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"
)

// Series is one line of a chart.
type Series struct {
	Name string
	X, Y []float64
	// Low and High, when as long as X, draw an interval (a vertical bar)
	// at every point.
	Low, High []float64
	// Points draws a dot at every point and no line between them: for
	// categories (the trees of a set), where a line would bridge the
	// points that are missing.
	Points bool
	// Dashed draws the line dashed: a reference, not data.
	Dashed bool
	// Color is the series' colour (empty: the next of the palette's).
	// A series without a Name has no line in the legend.
	Color string
}

// Chart is a line chart of one or more series.
type Chart struct {
	Title, Subtitle, XLabel, YLabel string
	Series                          []Series
	// LogY plots log10 of Y (values <= 0 are skipped).
	LogY bool
}

var palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"}

// WriteSVG draws c as an SVG document of the given size in pixels.
func (c Chart) WriteSVG(w io.Writer, width, height int) error {
	const left, right, top, bottom = 70, 20, 54, 50
	pw, ph := float64(width-left-right), float64(height-top-bottom)
	xmin, xmax, ymin, ymax := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	y := func(v float64) (float64, bool) {
		if c.LogY {
			if v <= 0 || math.IsInf(v, 0) || math.IsNaN(v) {
				return 0, false
			}
			return math.Log10(v), true
		}
		return v, !math.IsNaN(v) && !math.IsInf(v, 0)
	}
	for _, s := range c.Series {
		for i := range s.X {
			if v, ok := y(s.Y[i]); ok {
				xmin, xmax = math.Min(xmin, s.X[i]), math.Max(xmax, s.X[i])
				ymin, ymax = math.Min(ymin, v), math.Max(ymax, v)
			}
			if len(s.Low) == len(s.X) && len(s.High) == len(s.X) {
				for _, b := range []float64{s.Low[i], s.High[i]} {
					if v, ok := y(b); ok {
						ymin, ymax = math.Min(ymin, v), math.Max(ymax, v)
					}
				}
			}
		}
	}
	if xmin > xmax {
		xmin, xmax, ymin, ymax = 0, 1, 0, 1
	}
	if xmax == xmin {
		xmax = xmin + 1
	}
	if ymax == ymin {
		ymin, ymax = ymin-1, ymax+1
	}
	pad := (ymax - ymin) * 0.05
	if !c.LogY && ymin >= 0 && ymin-pad < 0 {
		ymin, ymax = 0, ymax+pad // counts and branching factors never go below 0
	} else {
		ymin, ymax = ymin-pad, ymax+pad
	}
	intX := true // depths and sizes: whole-number ticks only
	for _, s := range c.Series {
		for _, x := range s.X {
			intX = intX && x == math.Trunc(x)
		}
	}
	px := func(x float64) float64 { return left + (x-xmin)/(xmax-xmin)*pw }
	py := func(v float64) float64 { return top + (1-(v-ymin)/(ymax-ymin))*ph }

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%d" y="22" font-size="15">%s</text>`+"\n", left, html.EscapeString(c.Title))
	fmt.Fprintf(&b, `<text x="%d" y="40" font-size="11" fill="#555">%s</text>`+"\n", left, html.EscapeString(c.Subtitle))
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.0f" height="%.0f" fill="none" stroke="#888"/>`+"\n", left, top, pw, ph)
	for _, t := range yTicks(ymin, ymax, c.LogY) {
		fmt.Fprintf(&b, `<line x1="%d" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#eee"/><text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n",
			left, left+pw, py(t.v), py(t.v), left-6, py(t.v)+4, t.label)
	}
	for _, t := range niceTicks(xmin, xmax, intX) {
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", px(t.v), top+ph+16, t.label)
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", left+pw/2, height-10, html.EscapeString(c.XLabel))
	fmt.Fprintf(&b, `<text x="16" y="%.1f" text-anchor="middle" transform="rotate(-90 16 %.1f)">%s</text>`+"\n", top+ph/2, top+ph/2, html.EscapeString(c.YLabel))
	legend := 0
	for k, s := range c.Series {
		color := palette[k%len(palette)]
		if s.Color != "" {
			color = s.Color
		}
		var pts []string
		for i := range s.X {
			v, ok := y(s.Y[i])
			switch {
			case !ok:
			case s.Points:
				fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>`+"\n", px(s.X[i]), py(v), color)
			default:
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", px(s.X[i]), py(v)))
			}
		}
		switch {
		case s.Points:
		case s.Dashed:
			fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="1" stroke-dasharray="5,4" points="%s"/>`+"\n", color, strings.Join(pts, " "))
		default:
			fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="1.5" points="%s"/>`+"\n", color, strings.Join(pts, " "))
		}
		if len(s.Low) == len(s.X) && len(s.High) == len(s.X) {
			for i := range s.X {
				lo, okLo := y(s.Low[i])
				hi, okHi := y(s.High[i])
				if !okLo {
					lo = ymin // an interval reaching 0 on a log axis
				}
				if !okHi {
					hi = ymax
				}
				if okLo || okHi {
					x := px(s.X[i]) + float64(2*k) // side by side, not over each other
					fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="%s" stroke-width="1"/>`+"\n", x, x, py(max(lo, ymin)), py(min(hi, ymax)), color)
				}
			}
		}
		if s.Name != "" {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" fill="%s" text-anchor="end">%s</text>`+"\n", left+pw-4, top+16+14*legend, color, html.EscapeString(s.Name))
			legend++
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteStackSVG draws charts one above the other in one SVG document,
// each width x height pixels.
func WriteStackSVG(w io.Writer, charts []Chart, width, height int) error {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n",
		width, height*len(charts), width, height*len(charts))
	for i, c := range charts {
		var one strings.Builder
		if err := c.WriteSVG(&one, width, height); err != nil {
			return err
		}
		// Nest the chart's own <svg> element, moved down to its place.
		s := strings.Replace(one.String(), "<svg ", fmt.Sprintf(`<svg y="%d" `, i*height), 1)
		b.WriteString(s)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

type tick struct {
	v     float64
	label string
}

// niceTicks places ticks between lo and hi at the multiples of a round step
// (1, 2 or 5 times a power of ten) that gives four to ten of them; with
// whole set, the step is a whole number, for axes of depths and counts.
func niceTicks(lo, hi float64, whole bool) []tick {
	span := hi - lo
	if !(span > 0) || math.IsInf(span, 0) {
		return []tick{{lo, formatTick(lo, 1)}}
	}
	raw := span / 5
	step := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*step >= raw {
			step *= m
			break
		}
	}
	if whole {
		step = max(step, 1)
	}
	var ts []tick
	for k := math.Ceil(lo / step); k*step <= hi+step*1e-9; k++ {
		v := k * step
		if v == 0 {
			v = 0 // not -0
		}
		ts = append(ts, tick{v, formatTick(v, step)})
	}
	return ts
}

// formatTick writes a tick's value with as many decimals as its step needs,
// and in powers of ten from a million up.
func formatTick(v, step float64) string {
	if math.Abs(v) >= 1e6 {
		m, e, _ := strings.Cut(strconv.FormatFloat(v, 'e', -1, 64), "e")
		n, _ := strconv.Atoi(e)
		return m + "e" + strconv.Itoa(n)
	}
	decimals := max(0, int(-math.Floor(math.Log10(step)+1e-9)))
	return strconv.FormatFloat(v, 'f', decimals, 64)
}

// yTicks places round ticks on a linear axis (niceTicks), and on a log
// axis (v = log10 of the value) ticks at whole decades, every one or every
// few so that there are at most eight, labelled 1, 10, 100, 1000, then 1e4,
// 1e5 and so on, with 2 and 5 times each decade when one or two decades
// are in sight (within less than a decade, four ticks at their values).
func yTicks(ymin, ymax float64, log bool) []tick {
	var ts []tick
	if !log {
		return niceTicks(ymin, ymax, false)
	}
	step := max(1, math.Ceil((ymax-ymin)/8))
	for d := math.Ceil(ymin/step) * step; d <= ymax; d += step {
		label := fmt.Sprintf("1e%d", int(d))
		if d >= 0 && d <= 3 {
			label = fmt.Sprintf("%d", int(math.Pow(10, d)))
		}
		ts = append(ts, tick{d, label})
	}
	if len(ts) == 1 || len(ts) == 2 && ymax-ymin < 2 {
		// One or two decades in sight: also 2 and 5 times each decade,
		// so that a factor of 2 can be read off the axis.
		for d := math.Floor(ymin); d <= ymax; d++ {
			for _, m := range []float64{2, 5} {
				if v := d + math.Log10(m); v >= ymin && v <= ymax {
					ts = append(ts, tick{v, strconv.FormatFloat(m*math.Pow(10, d), 'g', -1, 64)})
				}
			}
		}
	}
	if len(ts) == 0 { // less than a decade: the values themselves
		for i := 0; i <= 3; i++ {
			v := ymin + (ymax-ymin)*float64(i)/3
			ts = append(ts, tick{v, fmt.Sprintf("%.3g", math.Pow(10, v))})
		}
	}
	return ts
}
