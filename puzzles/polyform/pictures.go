package polyform

import (
	"bytes"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"io"
	"os"
	"strings"

	"github.com/branchwise/branchwise/render"
)

// Limits of a sheet of pictures: more would make a file no one reads.
const (
	MaxPictures = 60 // solutions of a flat grid drawn on one sheet
	MaxCubes    = 12 // solutions of the cubic grid (each drawn layer by layer and in 3D)
)

// Pictures collects solutions of a packing to draw on one SVG sheet.
type Pictures struct {
	b     *Board
	title string
	flat  [][]render.Cell
	cubes [][]render.Voxel
}

// NewPictures starts a sheet titled title for solutions on board b.
func NewPictures(b *Board, title string) *Pictures { return &Pictures{b: b, title: title} }

// Add adds a solution (the label of every board cell) while there is room.
func (p *Pictures) Add(labels []string) {
	switch {
	case p.b.Grid == Cubic && len(p.cubes) < MaxCubes:
		var vs []render.Voxel
		for i, c := range p.b.Cells {
			vs = append(vs, render.Voxel{X: c.X, Y: c.Y, Z: c.Z, Label: labels[i]})
		}
		p.cubes = append(p.cubes, vs)
	case p.b.Grid != Cubic && len(p.flat) < MaxPictures:
		var pic []render.Cell
		for i, poly := range p.b.Polygons() {
			pic = append(pic, render.Cell{Polygon: poly, Label: labels[i]})
		}
		p.flat = append(p.flat, pic)
	}
}

// Polygons returns the outline of every cell of b, in b.Cells' order, for
// a flat drawing: the grid's polygon on the flat grids, and on the 3D grids
// other than the cubic one (drawn in 3D by render.CubeSheet) each layer
// beside the one below.
func (b *Board) Polygons() [][][2]float64 {
	if b.Grid > Cubic {
		return layerPolygons(b)
	}
	out := make([][][2]float64, len(b.Cells))
	for i, c := range b.Cells {
		out[i] = b.Grid.Polygon(c)
	}
	return out
}

// WriteSVG draws the sheet: three solutions a row (one alone), or on the
// cubic grid each layer by layer and in an isometric view.
func (p *Pictures) WriteSVG(w io.Writer) error {
	if p.b.Grid == Cubic {
		return render.CubeSheet{Title: p.title, Solutions: p.cubes}.WriteSVG(w)
	}
	cols := 1
	if len(p.flat) > 1 {
		cols = 3
	}
	return render.Sheet{Title: p.title, Pictures: p.flat, Columns: cols}.WriteSVG(w)
}

// OpenBurr reads the BurrTools .xmpuzzle file name.
func OpenBurr(name string) (*BurrPuzzle, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadBurr(f, name)
}

// IsBurrFile reports whether the file looks like a BurrTools puzzle
// (gzipped, or XML), whatever its name; a name that is not a regular file
// (standard input, a pipe) only by its .xmpuzzle ending.
func IsBurrFile(name string) bool {
	if strings.HasSuffix(name, ".xmpuzzle") {
		return true
	}
	// Only a regular file is looked into: reading the head of a pipe or
	// of standard input would take it from the reader that follows.
	if st, err := os.Stat(name); err != nil || !st.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 64)
	n, _ := io.ReadFull(f, head)
	head = bytes.TrimLeft(head[:n], " \t\r\n\ufeff")
	return len(head) >= 2 && (head[0] == 0x1f && head[1] == 0x8b || head[0] == '<')
}

// About says what problem k (from 0) of the puzzle read from file is, what
// counts the file stores (BurrTools', possibly stale), and what of it
// branchwise leaves out (its notes).
func (pz *BurrPuzzle) About(file string, k int) string {
	pr := pz.Problems[k]
	var b strings.Builder
	fmt.Fprintf(&b, "%s: problem %d of %d, %q", file, k+1, len(pz.Problems), pr.Name)
	if pr.Assemblies >= 0 {
		fmt.Fprintf(&b, "; the file's stored counts: %s assemblies", numfmt.Count(int64(pr.Assemblies)))
		if pr.Solutions >= 0 {
			fmt.Fprintf(&b, ", %s solutions", numfmt.Count(int64(pr.Solutions)))
		}
		if !pr.Finished {
			b.WriteString(" (of a search the file marks unfinished)")
		}
		b.WriteString(" (BurrTools' when the file was saved, stale if it was edited since)")
	}
	b.WriteString("\n")
	for _, n := range pr.Notes {
		fmt.Fprintf(&b, "%s: note: %s\n", file, n)
	}
	return b.String()
}
