package polyform

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// BurrPuzzle is what branchwise reads of a BurrTools puzzle file
// (.xmpuzzle: XML, usually gzipped): the shapes of the cube grid and the
// problems, each a result shape to fill with pieces, a number or a range
// of copies of each.
type BurrPuzzle struct {
	Shapes   []BurrShape
	Problems []BurrProblem
	// Colours is the number of colours the file defines.
	Colours int
	// Grid is the puzzle's grid: Cubic (BurrTools' gridType 0), Prism
	// (1, triangular prisms), Sphere (2), Rhombic (3) or TetraOcta (4);
	// see grid_burr.go and grid_tetra.go for the cells' coordinates.
	Grid Grid
}

// BurrShape is a shape of the file: its voxels, with their colours (0:
// none).
type BurrShape struct {
	Name string
	// Weight is the shape's weight (1 unless the file says): in a move
	// the heavier side stays put, the lighter moves.
	Weight  int
	Cells   []Cell
	Colours []int // per cell
	// Variable counts the voxels marked '+' (may stay empty in the
	// result), Var marks them (per cell).
	Variable int
	Var      []bool
	Line     int // where the shape is defined
}

// BurrProblem is one problem of the file.
type BurrProblem struct {
	Name   string
	Result int // the shape to fill
	Pieces []BurrPiece
	// Allowed lists the colour pairs (piece colour, result colour, both
	// from 1 as in the voxels) that the problem allows, BurrTools' "bitmap"
	// (which the file writes from 0). When the puzzle defines colours, a
	// coloured piece voxel may lie on a coloured result voxel only if the
	// pair is listed; colour 0 (none) fits anywhere.
	Allowed [][2]int
	// Assemblies and Solutions are the counts BurrTools stored, -1 when
	// absent: Assemblies the packings up to symmetry, Solutions those of
	// them that BurrTools could also take apart. They are the file's, as
	// of when it was saved: an edit since may have made them stale.
	Assemblies, Solutions int64
	// Finished is set when the file marks the search as complete
	// (state 2); else the stored counts are of a search cut short.
	Finished bool
	// Notes say what of the problem branchwise does not do.
	Notes []string
	Line  int
}

// BurrPiece is a shape used by a problem, between Min and Max times.
// Group, if not 0, is the piece group it belongs to: pieces of one group
// need not be taken apart from each other.
type BurrPiece struct {
	Shape    int
	Min, Max int
	Group    int
}

// Limits on what ReadBurr accepts, so that a hostile file cannot make it
// allocate without bound.
const (
	// MaxBurrVoxels bounds a shape's bounding box (x * y * z): BurrTools
	// puzzles are far smaller.
	MaxBurrVoxels = 1 << 16
	// MaxBurrBytes bounds the decompressed file.
	MaxBurrBytes = 64 << 20
)

// burrGridOf is the Grid of each of BurrTools' grid types (gridType 0 to
// 4), the number BurrTools writes.
var burrGridOf = []Grid{Cubic, Prism, Sphere, Rhombic, TetraOcta}

// ReadBurr reads a BurrTools puzzle file, gzipped or plain XML. Errors
// name the file and the line and column of the XML, just after the start
// tag of the element at fault (of the decompressed
// text, for a gzipped file).
func ReadBurr(r io.Reader, file string) (*BurrPuzzle, error) {
	br := bufio.NewReader(r)
	where := file
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		where = file + " (gzipped XML)"
		data, err := io.ReadAll(io.LimitReader(zr, MaxBurrBytes+1))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		if len(data) > MaxBurrBytes {
			return nil, fmt.Errorf("%s: more than %d bytes decompressed", where, MaxBurrBytes)
		}
		return readBurrXML(bytes.NewReader(latin1(data)), where)
	}
	data, err := io.ReadAll(io.LimitReader(br, MaxBurrBytes))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	return readBurrXML(bytes.NewReader(latin1(data)), where)
}

// latin1 returns data as UTF-8: itself if it is valid UTF-8, else read as
// ISO 8859-1, one character a byte. BurrTools writes its text (a
// comment, a name) in the system's 8-bit encoding without declaring it:
// its example Prisgon has a Latin-1 comment.
func latin1(data []byte) []byte {
	if utf8.Valid(data) {
		return data
	}
	out := make([]byte, 0, len(data)+len(data)/8)
	for _, b := range data {
		out = utf8.AppendRune(out, rune(b))
	}
	return out
}

type burrVoxelXML struct {
	X      int    `xml:"x,attr"`
	Y      int    `xml:"y,attr"`
	Z      int    `xml:"z,attr"`
	Type   int    `xml:"type,attr"`
	Weight string `xml:"weight,attr"`
	Name   string `xml:"name,attr"`
	Text   string `xml:",chardata"`
}

type burrProblemXML struct {
	Name       string `xml:"name,attr"`
	Assemblies string `xml:"assemblies,attr"`
	State      string `xml:"state,attr"`
	Solutions  string `xml:"solutions,attr"`
	MaxHoles   string `xml:"maxHoles,attr"`
	Shapes     []struct {
		ID    string `xml:"id,attr"`
		Count string `xml:"count,attr"`
		Min   string `xml:"min,attr"`
		Max   string `xml:"max,attr"`
		Group string `xml:"group,attr"`
		Inner []struct {
			Group string `xml:"group,attr"`
		} `xml:"group"`
	} `xml:"shapes>shape"`
	Result struct {
		ID string `xml:"id,attr"`
	} `xml:"result"`
	Pairs []struct {
		Piece  string `xml:"piece,attr"`
		Result string `xml:"result,attr"`
	} `xml:"bitmap>pair"`
}

func readBurrXML(r io.Reader, where string) (*BurrPuzzle, error) {
	d := xml.NewDecoder(r)
	at := func() string {
		line, col := d.InputPos()
		return fmt.Sprintf("%s:%d:%d", where, line, col)
	}
	p := &BurrPuzzle{Grid: Cubic}
	var depth []string
	seenPuzzle := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, fmt.Errorf("%s:%d: not BurrTools XML: %s", where, se.Line, se.Msg)
			}
			return nil, fmt.Errorf("%s: %v", at(), err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			pos := at()
			line, _ := d.InputPos()
			parent := ""
			if len(depth) > 0 {
				parent = depth[len(depth)-1]
			}
			switch {
			case len(depth) == 0:
				if seenPuzzle {
					// Well-formed XML has one root; a second puzzle's
					// shapes and problems would be read as the first's.
					return nil, fmt.Errorf("%s: a second root element <%s> after </puzzle>: a BurrTools file holds one puzzle", pos, t.Name.Local)
				}
				if t.Name.Local != "puzzle" {
					return nil, fmt.Errorf("%s: the root element is <%s>, want <puzzle> (a BurrTools .xmpuzzle file)", pos, t.Name.Local)
				}
				seenPuzzle = true
			case parent == "puzzle" && t.Name.Local == "gridType":
				for _, a := range t.Attr {
					if a.Name.Local != "type" {
						continue
					}
					k, err := strconv.Atoi(a.Value)
					if err == nil && k >= 0 && k < len(burrGridOf) {
						p.Grid = burrGridOf[k]
						continue
					}
					return nil, fmt.Errorf("%s: unknown grid type %q: BurrTools' grids are 0 (cubes) to 4 (tetrahedra and octahedra)", pos, a.Value)
				}
			case parent == "colors" && t.Name.Local == "color":
				p.Colours++
			case parent == "shapes" && len(depth) == 2 && t.Name.Local == "voxel":
				var v burrVoxelXML
				if err := d.DecodeElement(&v, &t); err != nil {
					return nil, fmt.Errorf("%s: %v", pos, err)
				}
				s, err := burrShape(v, line, p.Grid)
				if err != nil {
					return nil, fmt.Errorf("%s: shape %d: %v", pos, len(p.Shapes)+1, err)
				}
				p.Shapes = append(p.Shapes, s)
				continue
			case parent == "problems" && t.Name.Local == "problem":
				var x burrProblemXML
				if err := d.DecodeElement(&x, &t); err != nil {
					return nil, fmt.Errorf("%s: %v", pos, err)
				}
				pr, err := burrProblem(x, line, len(p.Shapes))
				if err != nil {
					return nil, fmt.Errorf("%s: problem %d: %v", pos, len(p.Problems)+1, err)
				}
				p.Problems = append(p.Problems, pr)
				continue
			}
			depth = append(depth, t.Name.Local)
		case xml.EndElement:
			depth = depth[:len(depth)-1]
		}
	}
	if !seenPuzzle {
		return nil, fmt.Errorf("%s: no <puzzle> element: not a BurrTools .xmpuzzle file", where)
	}
	if len(p.Problems) == 0 {
		return nil, fmt.Errorf("%s: the puzzle defines no problem", where)
	}
	for k, pr := range p.Problems {
		for _, s := range append([]int{pr.Result}, pieceShapes(pr)...) {
			if len(p.Shapes[s].Cells) == 0 {
				return nil, fmt.Errorf("%s:%d: problem %d: shape %d has no filled voxel", where, pr.Line, k+1, s+1)
			}
		}
	}
	return p, nil
}

func pieceShapes(pr BurrProblem) []int {
	var out []int
	for _, bp := range pr.Pieces {
		out = append(out, bp.Shape)
	}
	return out
}

// burrShape reads a voxel element: x*y*z voxels, x fastest, each '_'
// (empty), '#' (filled) or '+' (variable), optionally followed by a
// colour number.
func burrShape(v burrVoxelXML, line int, g Grid) (BurrShape, error) {
	s := BurrShape{Name: v.Name, Line: line, Weight: 1}
	if v.Weight != "" {
		w, err := strconv.Atoi(v.Weight)
		if err != nil || w < 0 {
			return s, fmt.Errorf("polyform: bad weight %q", v.Weight)
		}
		s.Weight = w
	}
	if v.Type != 0 { // BurrTools writes 0 on every grid
		return s, fmt.Errorf("polyform: voxel type %d: BurrTools writes type 0 only", v.Type)
	}
	if v.X < 1 || v.Y < 1 || v.Z < 1 || v.X > MaxBurrVoxels || v.Y > MaxBurrVoxels || v.Z > MaxBurrVoxels || v.X*v.Y*v.Z > MaxBurrVoxels {
		return s, fmt.Errorf("polyform: size %d x %d x %d (want each at least 1, at most %d voxels)", v.X, v.Y, v.Z, MaxBurrVoxels)
	}
	text := strings.TrimSpace(v.Text)
	n := 0
	for i := 0; i < len(text); {
		ch := text[i]
		i++
		colour := 0
		start := i
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			i++
		}
		if i > start {
			c, err := strconv.Atoi(text[start:i])
			if err != nil || c > 1<<16 {
				return s, fmt.Errorf("polyform: voxel %d: bad colour %q", n+1, text[start:i])
			}
			colour = c
		}
		if n >= v.X*v.Y*v.Z {
			return s, fmt.Errorf("polyform: more than the %d x %d x %d = %d voxels of its size", v.X, v.Y, v.Z, v.X*v.Y*v.Z)
		}
		x, y, z := n%v.X, n/v.X%v.Y, n/(v.X*v.Y)
		switch ch {
		case '_':
		case '#', '+':
			if g >= Sphere && !g.valid(burrCell(g, x, y, z)) {
				return s, fmt.Errorf("polyform: voxel %d (%d, %d, %d) is filled but no cell of the %v grid (%s)", n+1, x, y, z, g, burrInvalid[g-Sphere])
			}
			s.Cells = append(s.Cells, burrCell(g, x, y, z))
			s.Colours = append(s.Colours, colour)
			s.Var = append(s.Var, ch == '+')
			if ch == '+' {
				s.Variable++
			}
		default:
			return s, fmt.Errorf("polyform: voxel %d: unknown character %q (want '_', '#' or '+')", n+1, ch)
		}
		n++
	}
	if n != v.X*v.Y*v.Z {
		return s, fmt.Errorf("polyform: %d voxels, want %d x %d x %d = %d", n, v.X, v.Y, v.Z, v.X*v.Y*v.Z)
	}
	return s, nil // an empty shape is refused only where a problem uses it
}

// burrInvalid says which of BurrTools' voxels are cells of the sphere,
// rhombic and tetrahedron-octahedron grids (it emulates them on its cube
// grid), for the error on a filled voxel that is none.
var burrInvalid = []string{
	"x + y + z odd",
	"in each 5 x 5 x 5 block, the cells are the voxels one of whose coordinates is 2, one 1 or 3, one 0 or 4",
	"in each 3 x 3 x 3 block, the cells are the middle voxel and the 4 corners not at the block's tetrahedron's corners",
}

func burrProblem(x burrProblemXML, line, shapes int) (BurrProblem, error) {
	pr := BurrProblem{Name: x.Name, Line: line, Assemblies: -1, Solutions: -1}
	num := func(what, s string, lo int) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > MaxCopies && what != "shape" {
			return 0, fmt.Errorf("polyform: bad %s %q", what, s)
		}
		return n, nil
	}
	var err error
	if x.Result.ID == "" {
		return pr, fmt.Errorf("polyform: no result shape")
	}
	if pr.Result, err = num("shape", x.Result.ID, 0); err != nil || pr.Result >= shapes {
		return pr, fmt.Errorf("polyform: result: no shape %q (the file has %d)", x.Result.ID, shapes)
	}
	groups := false
	for _, s := range x.Shapes {
		var bp BurrPiece
		if bp.Shape, err = num("shape", s.ID, 0); err != nil || bp.Shape >= shapes {
			return pr, fmt.Errorf("polyform: piece: no shape %q (the file has %d)", s.ID, shapes)
		}
		switch {
		case s.Count != "":
			if bp.Min, err = num("count", s.Count, 0); err != nil {
				return pr, err
			}
			bp.Max = bp.Min
		case s.Min != "" || s.Max != "":
			if bp.Min, err = num("min", s.Min, 0); err != nil {
				return pr, err
			}
			if bp.Max, err = num("max", s.Max, 0); err != nil {
				return pr, err
			}
		default:
			bp.Min, bp.Max = 1, 1
		}
		if bp.Min > bp.Max {
			return pr, fmt.Errorf("polyform: shape %d: min %d above max %d", bp.Shape, bp.Min, bp.Max)
		}
		if bp.Max == 0 {
			continue
		}
		if s.Group != "" {
			if bp.Group, err = num("group", s.Group, 0); err != nil {
				return pr, err
			}
		}
		groups = groups || len(s.Inner) > 0
		pr.Pieces = append(pr.Pieces, bp)
	}
	if len(pr.Pieces) == 0 {
		return pr, fmt.Errorf("polyform: no pieces")
	}
	for _, pair := range x.Pairs {
		a, err1 := num("colour", pair.Piece, 0)
		b, err2 := num("colour", pair.Result, 0)
		if err1 != nil || err2 != nil {
			return pr, fmt.Errorf("polyform: colour pair %q, %q: want colour numbers", pair.Piece, pair.Result)
		}
		pr.Allowed = append(pr.Allowed, [2]int{a + 1, b + 1})
	}
	pr.Finished = x.State == "2"
	if x.Assemblies != "" {
		pr.Assemblies, _ = strconv.ParseInt(x.Assemblies, 10, 64)
	}
	if x.Solutions != "" {
		pr.Solutions, _ = strconv.ParseInt(x.Solutions, 10, 64)
	}
	if groups {
		pr.Notes = append(pr.Notes, "piece groups given with counts (<group> elements) are ignored")
	}
	if x.MaxHoles != "" {
		pr.Notes = append(pr.Notes, "maxHoles is ignored")
	}
	return pr, nil
}

// Packing builds the packing of problem k: its result shape as the board,
// its pieces as rotations of solid pieces (named A, B, ... in the file's
// order, or by the shape's name when it is one character), with their
// counts as ranges, and the result's variable voxels as cells that may
// stay empty. Colour constraints (as BurrTools applies them: a
// coloured voxel on a coloured voxel only for a listed pair) remove the
// placements where a piece voxel may not lie on the result voxel; the
// packing then keeps the symmetries that map the remaining placements
// onto themselves (those that keep the colours).
func (p *BurrPuzzle) Packing(k int) (*Packing, error) {
	if k < 0 || k >= len(p.Problems) {
		return nil, fmt.Errorf("polyform: no problem %d (the file has %d)", k+1, len(p.Problems))
	}
	pr := p.Problems[k]
	res := p.Shapes[pr.Result]
	board, err := NewBoard(p.Grid, res.Cells)
	if err != nil {
		return nil, err
	}
	if res.Variable > 0 {
		var opt []Cell
		for i, c := range res.Cells {
			if res.Var[i] {
				opt = append(opt, c)
			}
		}
		if err := board.SetOptional(opt); err != nil {
			return nil, err
		}
	}
	var pieces []Piece
	var ranges []Range
	coloured := false
	if len(pr.Pieces) > len(labels) {
		return nil, fmt.Errorf("polyform: problem %d: %d kinds of pieces, more than the %d that branchwise names", k+1, len(pr.Pieces), len(labels))
	}
	// The shapes' names if each is one distinct character, else A, B, ...
	ownNames := map[string]bool{}
	for _, bp := range pr.Pieces {
		name := p.Shapes[bp.Shape].Name
		if len([]rune(name)) != 1 || strings.ContainsAny(name, " .#") || ownNames[name] {
			ownNames = nil
			break
		}
		ownNames[name] = true
	}
	for i, bp := range pr.Pieces {
		s := p.Shapes[bp.Shape]
		name := string(labels[i])
		if ownNames != nil {
			name = s.Name
		}
		pieces = append(pieces, Piece{Name: name, Shape: p.Grid.normalize(s.Cells), OneSided: true})
		ranges = append(ranges, Range{bp.Min, bp.Max})
		for _, c := range s.Colours {
			coloured = coloured || c != 0
		}
	}
	for _, c := range res.Colours {
		coloured = coloured || c != 0
	}
	var pk *Packing
	simple := !slices.ContainsFunc(ranges, func(r Range) bool { return r != Range{1, 1} })
	if simple {
		pk, err = NewPacking(board, pieces)
	} else {
		pk, err = NewPackingRanges(board, pieces, ranges)
	}
	if err != nil {
		return nil, fmt.Errorf("polyform: problem %d: %v", k+1, err)
	}
	if coloured {
		pk.Placements = p.colouredPlacements(pk, pr)
		colour := make([]int, len(board.Cells))
		for i, c := range res.Cells {
			colour[board.Index(c)] = res.Colours[i]
		}
		pk.keepPlacementSymmetries(colour)
	}
	return pk, nil
}

// placementKey is a map key of a placement: its piece and cells.
func placementKey(piece int, cells []int) string {
	b := make([]byte, 0, 4*(len(cells)+1))
	for _, v := range append([]int{piece}, cells...) {
		b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return string(b)
}

// keepPlacementSymmetries keeps the symmetries of the packing that keep
// the colour of every board cell and map its placements onto its
// placements (pieces relabelled as the symmetry says): after the colours
// have removed placements, these are the symmetries that keep the
// colours (as BurrTools reduces by), and they map solutions onto
// solutions, so unique counts stay exact.
func (pk *Packing) keepPlacementSymmetries(colour []int) {
	key := placementKey
	have := map[string]bool{}
	for _, pl := range pk.Placements {
		have[key(pl.Piece, pl.Cells)] = true
	}
	syms, relabel := [][]int{pk.syms[0]}, [][]int{pk.relabel[0]}
	img := make([]int, 0, 16)
	for gi := 1; gi < len(pk.syms); gi++ {
		perm, labels := pk.syms[gi], pk.relabel[gi]
		ok := true
		for i, j := range perm {
			ok = ok && colour[i] == colour[j]
		}
		for _, pl := range pk.Placements {
			img = img[:0]
			for _, c := range pl.Cells {
				img = append(img, perm[c])
			}
			slices.Sort(img)
			piece := pl.Piece
			if labels != nil {
				piece = labels[piece]
			}
			if !ok || !have[key(piece, img)] {
				ok = false
				break
			}
		}
		if ok {
			syms, relabel = append(syms, perm), append(relabel, labels)
		}
	}
	pk.syms, pk.relabel = syms, relabel
}

// colouredPlacements returns the placements of pk whose voxels respect the
// problem's colours, found again with the colours carried along.
func (p *BurrPuzzle) colouredPlacements(pk *Packing, pr BurrProblem) []Placement {
	res := p.Shapes[pr.Result]
	boardColour := map[Cell]int{}
	for i, c := range res.Cells {
		boardColour[c] = res.Colours[i]
	}
	fits := func(piece, result int) bool {
		if p.Colours == 0 || piece == 0 || result == 0 {
			return true
		}
		return slices.Contains(pr.Allowed, [2]int{piece, result})
	}
	b := pk.Board
	seen := map[string]bool{}
	var out []Placement
	img := make([]Cell, 0, 16)
	for pi, bp := range pr.Pieces {
		s := p.Shapes[bp.Shape]
		for k := 0; k < p.Grid.Symmetries()/2; k++ { // the rotations
			img = slices.Grow(img[:0], len(s.Cells))[:len(s.Cells)]
			if !p.Grid.image(s.Cells, k, img) {
				continue
			}
			for _, bc := range b.Cells { // the piece's first voxel on every cell
				if !p.Grid.isTranslation(sub(bc, img[0])) {
					continue
				}
				cells := make([]int, 0, len(img))
				ok := true
				for v, c := range img {
					at := Cell{c.X - img[0].X + bc.X, c.Y - img[0].Y + bc.Y, c.Z - img[0].Z + bc.Z}
					j, in := b.index[at]
					if !in || !fits(s.Colours[v], boardColour[at]) {
						ok = false
						break
					}
					cells = append(cells, j)
				}
				if !ok {
					continue
				}
				slices.Sort(cells)
				key := placementKey(pi, cells)
				if !seen[key] {
					seen[key] = true
					out = append(out, Placement{pi, cells})
				}
			}
		}
	}
	return out
}
