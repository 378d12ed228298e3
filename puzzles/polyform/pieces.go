package polyform

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Piece is a named shape. A one-sided piece may be turned but not flipped.
type Piece struct {
	Name     string
	Shape    Shape
	OneSided bool
}

// Pentominoes returns the twelve pentominoes, named and sorted by letter.
func Pentominoes() []Piece {
	ps, _ := pieceSet(Square, 5, true)
	return ps
}

// labels names the pieces of sets without a traditional naming: A..Z,
// then a..z, then digits, in the sets' canonical order.
const labels = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// pieceSet returns the polyforms of n cells of grid g as pieces, free or
// one-sided, named: pentominoes by their letters (one-sided: the mirror
// image of a chiral piece in lower case), others A, B, C, ... in their
// canonical order.
func pieceSet(g Grid, n int, free bool) ([]Piece, error) {
	shapes := Polyforms(g, n, free)
	if len(shapes) > len(labels) {
		return nil, fmt.Errorf("polyform: %d pieces: too many to name with one character each (at most %d)", len(shapes), len(labels))
	}
	ps := make([]Piece, len(shapes))
	for i, s := range shapes {
		ps[i] = Piece{Name: string(labels[i]), Shape: s, OneSided: !free}
	}
	if g == Square && n == 5 {
		for i, s := range shapes {
			ps[i].Name = PentominoName(s)
			if !free && g.canonical(s, true).key() != s.key() {
				// Of a chiral pair, the one that is not the free canonical form.
				ps[i].Name = strings.ToLower(ps[i].Name)
			}
		}
		slices.SortFunc(ps, func(a, b Piece) int {
			return strings.Compare(strings.ToUpper(a.Name)+a.Name, strings.ToUpper(b.Name)+b.Name)
		})
	}
	return ps, nil
}

// setNames are the names of piece sets by grid and size; "poly<grid>-N"
// works for any size.
var setNames = map[string]struct {
	g Grid
	n int
}{
	"monomino": {Square, 1}, "domino": {Square, 2}, "tromino": {Square, 3}, "tetromino": {Square, 4},
	"pentomino": {Square, 5}, "hexomino": {Square, 6}, "heptomino": {Square, 7},
	"moniamond": {Triangle, 1}, "diamond": {Triangle, 2}, "triamond": {Triangle, 3}, "tetriamond": {Triangle, 4},
	"pentiamond": {Triangle, 5}, "hexiamond": {Triangle, 6}, "heptiamond": {Triangle, 7}, "octiamond": {Triangle, 8},
	"monohex": {Hexagon, 1}, "dihex": {Hexagon, 2}, "trihex": {Hexagon, 3}, "tetrahex": {Hexagon, 4},
	"pentahex": {Hexagon, 5},
}

// SetNames lists the piece-set names PieceSet knows, without plurals.
func SetNames() []string {
	var out []string
	for k := range setNames {
		out = append(out, k)
	}
	for k := range cubeSetNames {
		out = append(out, k)
	}
	slices.Sort(out)
	return append(out, "soma", "bedlam", "tetris-cube", "polyomino-N", "polyiamond-N", "polyhex-N", "polycube-N")
}

// PieceSet returns a piece set by name: a set name such as "pentominoes",
// "hexiamonds" or "tetrahexes" (singular or plural; see SetNames), or
// "polyomino-N", "polyiamond-N", "polyhex-N", "polycube-N" for N cells,
// "soma" for the Soma pieces; a prefix
// "one-sided-" gives the one-sided set. It also returns the set's grid.
func PieceSet(name string) (Grid, []Piece, error) {
	if base, ok := strings.CutPrefix(name, "one-sided-"); ok {
		if ps, ok, err := polycubeSet(base, false); ok {
			return Cubic, ps, err
		}
	} else if ps, ok, err := polycubeSet(name, true); ok {
		return Cubic, ps, err
	}
	g, n, free, err := parseSetName(name)
	if err != nil {
		return 0, nil, err
	}
	ps, err := pieceSet(g, n, free)
	return g, ps, err
}

// SetGrid checks a piece-set name as PieceSet does, without building the
// set, and returns the set's grid.
func SetGrid(name string) (Grid, error) {
	g, _, _, err := parseSetName(name)
	return g, err
}

// parseSetName resolves a piece-set name to its grid, piece size and
// whether the set is free (mirror images identified).
func parseSetName(name string) (g Grid, n int, free bool, err error) {
	base := name
	free = true
	if rest, ok := strings.CutPrefix(base, "one-sided-"); ok {
		base, free = rest, false
	}
	if _, ok, err := polycubeSet(base, free); ok {
		return Cubic, 0, free, err
	}
	for _, suffix := range []string{"es", "s"} {
		if _, ok := setNames[strings.TrimSuffix(base, suffix)]; ok {
			base = strings.TrimSuffix(base, suffix)
			break
		}
	}
	if gn, ok := setNames[base]; ok {
		return gn.g, gn.n, free, nil
	}
	for prefix, g := range map[string]Grid{"polyomino-": Square, "polyiamond-": Triangle, "polyhex-": Hexagon} {
		if rest, ok := strings.CutPrefix(base, prefix); ok {
			n, err := strconv.Atoi(rest)
			if err != nil || n < 1 || n > 9 {
				return 0, 0, false, fmt.Errorf("polyform: piece set %q: the size must be a number from 1 to 9", name)
			}
			return g, n, free, nil
		}
	}
	return 0, 0, false, fmt.Errorf("polyform: unknown piece set %q (known: %s; prefix one-sided- for one-sided sets)", name, strings.Join(SetNames(), ", "))
}

// SelectPieces returns the pieces of set named by letters (e.g. "FILNP"),
// each once, in the order given, or the whole set for "". Names are
// case-sensitive where the set has both cases (one-sided pentominoes).
func SelectPieces(set []Piece, letters string) ([]Piece, error) {
	if letters == "" {
		return set, nil
	}
	caseMatters := false
	for _, p := range set {
		if strings.ToLower(p.Name) == p.Name && strings.ToUpper(p.Name) != p.Name {
			caseMatters = true
		}
	}
	var out []Piece
	seen := map[string]bool{}
	for _, r := range letters {
		name := string(r)
		if !caseMatters {
			name = strings.ToUpper(name)
		}
		if seen[name] {
			return nil, fmt.Errorf("polyform: piece %s named twice", name)
		}
		seen[name] = true
		i := slices.IndexFunc(set, func(p Piece) bool { return p.Name == name })
		if i < 0 {
			var names []string
			for _, p := range set {
				names = append(names, p.Name)
			}
			return nil, fmt.Errorf("polyform: unknown piece %q (this set has %s)", name, strings.Join(names, " "))
		}
		out = append(out, set[i])
	}
	return out, nil
}
