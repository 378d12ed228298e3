package disassembly

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// Counts are what Solve found: assemblies (the packings, one per class of
// symmetric ones) and solutions (the assemblies that come apart), with the
// number of solutions at each level text.
type Counts struct {
	Assemblies, Solutions int64
	Levels                map[string]int64
	// Status is how the enumeration ended (xcover.Result's): search.Solved
	// when every assembly was tried, else the limit, cancellation or stop
	// that ended it, with Err its error (nil for a visitor's stop).
	Status search.Status
	Err    error
}

// Options are Solve's settings.
type Options struct {
	// Strategy is the exact cover search's.
	Strategy xcover.Strategy
	// Limits: MaxNodes bounds the positions of each breadth-first search
	// (0: no bound; see Disassembler.Limits).
	search.Limits
	// Groups[p], if Groups is not nil, is the group of the packing's piece
	// p (0: none; see Disassembler.Groups).
	Groups []int
	// Weights[p], if Weights is not nil, is the weight of the packing's
	// piece p (see Disassembler.Weights).
	Weights []int
}

// Solve enumerates the assemblies of a packing of solid pieces (one per
// class of symmetric ones, as polyform.Packing.EachUnique) and tries to
// take each apart, as BurrTools' solver does. visit, if not nil, is given
// every assembly (its pieces' kinds and voxels) and its separation (nil if
// it does not come apart); it returns false to stop.
func Solve(ctx context.Context, pk *polyform.Packing, o Options, visit func(kinds []int, pieces [][]polyform.Cell, sep *Separation) bool) Counts {
	c := Counts{Levels: map[string]int64{}}
	g := pk.Board.Grid
	if _, _, err := dirs(g); err != nil {
		c.Err = err
		return c
	}
	res := pk.EachUnique(ctx, o.Strategy, func(kinds []int, pieces [][]polyform.Cell) bool {
		c.Assemblies++
		d, err := New(g, pieces)
		if err != nil {
			c.Err = err
			return false
		}
		d.Limits = o.Limits
		d.Groups, d.Weights = perPiece(o.Groups, kinds), perPiece(o.Weights, kinds)
		sep, err := d.Disassemble(ctx)
		if err != nil {
			c.Err = err
			return false
		}
		if sep != nil {
			c.Solutions++
			c.Levels[sep.LevelText()]++
		}
		return visit == nil || visit(kinds, pieces, sep)
	})
	if c.Err == nil {
		c.Err, c.Status = res.Err, res.Status
	} else {
		c.Status = search.StatusOf(c.Err)
	}
	return c
}

// LevelSummary lists the solutions per level text, the most common first
// ("148 at level 1, 31 at level 1.2").
func (c Counts) LevelSummary() string {
	type lv struct {
		text string
		n    int64
	}
	var ls []lv
	for t, n := range c.Levels {
		ls = append(ls, lv{t, n})
	}
	slices.SortFunc(ls, func(a, b lv) int {
		if a.n != b.n {
			return cmp.Compare(b.n, a.n)
		}
		return cmp.Compare(a.text, b.text)
	})
	parts := make([]string, len(ls))
	for i, l := range ls {
		parts[i] = fmt.Sprintf("%d at level %s", l.n, l.text)
	}
	return strings.Join(parts, ", ")
}

// WriteMoves writes the moves of a disassembly, one a line, each part's
// separation after the removal that frees it, indented; name gives a
// piece's name.
func WriteMoves(w io.Writer, s *Separation, name func(piece int) string) {
	writeMoves(w, s, name, "")
}

func writeMoves(w io.Writer, s *Separation, name func(int) string, indent string) {
	if s == nil {
		return
	}
	names := func(ps []int) string {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = name(p)
		}
		return strings.Join(out, " ")
	}
	fmt.Fprintf(w, "%s%s: %d moves\n", indent, names(s.Pieces), len(s.Moves))
	for k, m := range s.Moves {
		amount := strconv.Itoa(m.Amount)
		if m.Away {
			amount = "away"
		}
		fmt.Fprintf(w, "%s  %d. %s %v %s\n", indent, k+1, names(m.Pieces), m.Dir, amount)
	}
	writeMoves(w, s.Stay, name, indent+"  ")
	writeMoves(w, s.Removed, name, indent+"  ")
}

// perPiece gives each piece its kind's value (nil if values is nil).
func perPiece(values, kinds []int) []int {
	if values == nil {
		return nil
	}
	out := make([]int, len(kinds))
	for i, k := range kinds {
		out[i] = values[k]
	}
	return out
}

// BurrOptions returns the groups and weights of the pieces of problem k
// of a BurrTools puzzle, as Options wants them for its packing.
func BurrOptions(pz *polyform.BurrPuzzle, k int) (groups, weights []int) {
	for _, bp := range pz.Problems[k].Pieces {
		groups = append(groups, bp.Group)
		weights = append(weights, pz.Shapes[bp.Shape].Weight)
	}
	return groups, weights
}
