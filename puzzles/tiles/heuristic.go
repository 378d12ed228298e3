package tiles

import (
	"context"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"io"
	"sort"
	"strings"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/pdb"
)

// Partitions are the standard disjoint partitions of the tiles into
// patterns, by name: the 5-5-5, 6-6-3 and 7-8 partitions of the
// fifteen-puzzle (Korf and Felner 2002; Felner, Korf and Hanan 2004) and
// the 6-6-6-6 partition of the twenty-four puzzle (Korf and Felner 2002),
// all for Korf's goal (blank top-left, tile t in cell t); and this
// project's 7-7-5-5 partition of the twenty-four puzzle (two 7-tile tables
// of 1.2 GB): the 3x3 block at the top left less the blank's and the
// centre's cells, the 2x3 block at the top right with the centre, and the
// bottom two rows split 3+2 and 2+3 columns.
var Partitions = map[string]struct {
	Rows, Cols int
	Patterns   [][]uint8
}{
	"pdb555": {4, 4, [][]uint8{{1, 2, 3, 6, 7}, {4, 5, 8, 9, 12}, {10, 11, 13, 14, 15}}},
	"pdb663": {4, 4, [][]uint8{{1, 2, 3, 5, 6, 7}, {8, 9, 10, 12, 13, 14}, {4, 11, 15}}},
	"pdb78":  {4, 4, [][]uint8{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
	"pdb6666": {5, 5, [][]uint8{{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14},
		{10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}}},
	"pdb7755": {5, 5, [][]uint8{{1, 2, 5, 6, 7, 10, 11}, {3, 4, 8, 9, 12, 13, 14},
		{15, 16, 17, 20, 21}, {18, 19, 22, 23, 24}}},
}

// HeuristicName returns the heuristic called name as the commands spell
// it: md (or manhattan: the Manhattan distance), lc (with linear
// conflicts), or a pattern database of Partitions.
func HeuristicName(name string) (string, error) {
	if name == "manhattan" {
		return "md", nil
	}
	if _, isPDB := Partitions[name]; name != "md" && name != "lc" && !isPDB {
		return "", opterr.Errorf("--heuristic", "unknown heuristic %q (want md, lc or one of %s)", name, strings.Join(PartitionNames(), ", "))
	}
	return name, nil
}

// PartitionNames returns the names of Partitions, sorted.
func PartitionNames() []string {
	var names []string
	for n := range Partitions {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// maxPatterns is the most patterns a heuristic sums: enough for 6-6-6-6
// and for partitions into smaller patterns of boards up to 36 cells.
const maxPatterns = 8

// PDBHeuristic is an additive pattern-database heuristic: the sum over a
// partition of the tiles of each pattern's table entry, and with Reflect
// the larger of that sum and the same sum on the board reflected about its
// main diagonal (which maps Korf's goal onto itself), looked up in the same
// tables.
type PDBHeuristic struct {
	Name     string
	Patterns []*Pattern
	Tables   []*pdb.Table
	Reflect  bool
}

// Spec names the heuristic in a run's spec (spec.Specer): its partition
// and whether it looks up the reflected board.
func (h *PDBHeuristic) Spec() string { return fmt.Sprintf("%s reflect=%t", h.Name, h.Reflect) }

// NewPDBHeuristic checks that the patterns partition the tiles of one
// goal and that the tables are theirs; with reflect, that the goal maps
// onto itself under reflection about the main diagonal.
func NewPDBHeuristic(name string, patterns []*Pattern, tables []*pdb.Table, reflect bool) (*PDBHeuristic, error) {
	if len(patterns) == 0 || len(patterns) > maxPatterns || len(tables) != len(patterns) {
		return nil, fmt.Errorf("tiles: heuristic %s: %d patterns and %d tables, want 1..%d of each", name, len(patterns), len(tables), maxPatterns)
	}
	goal := patterns[0].goal
	covered := make([]int, len(goal.Tiles))
	for i, p := range patterns {
		if p.goal.String() != goal.String() || p.rows != goal.Rows {
			return nil, fmt.Errorf("tiles: heuristic %s: patterns of different goals", name)
		}
		if tables[i].ID() != p.ID() || tables[i].Size() != p.Size() {
			return nil, fmt.Errorf("tiles: heuristic %s: table %d is %q, want %q", name, i, tables[i].ID(), p.ID())
		}
		for _, t := range p.tiles {
			covered[t]++
		}
	}
	for t := 1; t < len(covered); t++ {
		if covered[t] != 1 {
			return nil, fmt.Errorf("tiles: heuristic %s: tile %d in %d patterns, want exactly 1", name, t, covered[t])
		}
	}
	if reflect {
		if goal.Rows != goal.Cols {
			return nil, fmt.Errorf("tiles: heuristic %s: reflection needs a square board", name)
		}
		for c, t := range goal.Tiles {
			rc := c%goal.Cols*goal.Cols + c/goal.Cols
			if goal.Tiles[rc] != reflectTile(goal, t) {
				return nil, fmt.Errorf("tiles: heuristic %s: the goal is not symmetric about the main diagonal", name)
			}
		}
	}
	return &PDBHeuristic{Name: name, Patterns: patterns, Tables: tables, Reflect: reflect}, nil
}

// reflectTile returns the tile whose goal cell is the reflection of t's.
func reflectTile(goal Board, t uint8) uint8 {
	for c, u := range goal.Tiles {
		if u == t {
			return goal.Tiles[c%goal.Cols*goal.Cols+c/goal.Cols]
		}
	}
	return 0
}

// LoadOptions say where to cache the tables and how to build them.
type LoadOptions struct {
	// Dir is the cache directory ("": build and do not save).
	Dir string
	// Build configures the builds of missing tables.
	Build pdb.Options
	// NoReflect leaves out the reflected lookup.
	NoReflect bool
}

// LoadPartition returns the heuristic of a named partition with Korf's goal,
// its tables loaded from the cache or built. Reflection is on unless
// o.NoReflect.
func LoadPartition(ctx context.Context, name string, o LoadOptions) (*PDBHeuristic, []pdb.Source, error) {
	part, ok := Partitions[name]
	if !ok {
		return nil, nil, fmt.Errorf("tiles: unknown partition %q (want %s)", name, strings.Join(PartitionNames(), ", "))
	}
	goal := Goal(part.Rows, part.Cols)
	var pats []*Pattern
	var spaces []pdb.Space
	for _, tiles := range part.Patterns {
		p, err := NewPattern(goal, tiles)
		if err != nil {
			return nil, nil, err
		}
		pats, spaces = append(pats, p), append(spaces, p)
	}
	tabs, srcs, err := pdb.OpenAll(ctx, o.Dir, spaces, o.Build)
	if err != nil {
		return nil, nil, err
	}
	h, err := NewPDBHeuristic(name, pats, tabs, !o.NoReflect)
	return h, srcs, err
}

// Value returns the heuristic of board b (with b's size and the heuristic's
// goal).
func (h *PDBHeuristic) Value(b Board) int {
	var pos [MaxCells]int8
	for c, t := range b.Tiles {
		pos[t] = int8(c)
	}
	sum := h.sum(pos[:], false)
	if h.Reflect {
		sum = max(sum, h.sum(pos[:], true))
	}
	return sum
}

func (h *PDBHeuristic) sum(pos []int8, reflect bool) int {
	goal := h.Patterns[0].goal
	total := 0
	for i, p := range h.Patterns {
		var cells [MaxPatternTiles]int8
		for j, t := range p.tiles {
			c := pos[t]
			if reflect {
				c = pos[reflectTile(goal, t)]
				c = int8(int(c)%goal.Cols*goal.Cols + int(c)/goal.Cols)
			}
			cells[j] = c
		}
		k := len(p.tiles)
		total += p.manhattan(cells[:k]) + 2*h.Tables[i].Get(p.pl.Rank(cells[:k]))
	}
	return total
}

// WriteSources tells w where each table of h came from (srcs, as
// LoadPartition returns them): its size, and whether it was loaded, built
// or rebuilt, in how long, from or to which file.
func (h *PDBHeuristic) WriteSources(w io.Writer, srcs []pdb.Source) {
	for i, s := range srcs {
		what := "loaded"
		if s.Built {
			what = "built"
		}
		if s.Rebuilt != nil {
			what = fmt.Sprintf("rebuilt (%v)", s.Rebuilt)
		}
		fmt.Fprintf(w, "pattern %v: %s entries, %d MB, %s in %.1f s %s\n", h.Patterns[i].Tiles(), numfmt.Count(int64(h.Tables[i].Size())),
			h.Tables[i].Bytes()>>20, what, s.Elapsed.Seconds(), s.Path)
	}
}
