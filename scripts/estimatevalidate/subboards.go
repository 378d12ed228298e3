package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/xcover"
)

// writeSubBoards writes, for each of PP-24's ten counted subtrees
// (pp24Truths), the sub-board its four placements leave: a board file
// in dir (pp24-PATH.txt, the covered cells outside) and, on w, a line of
// the validation set's format per search rule, with the subtree's counts.
// The solutions of a sub-board do not depend on the rule, so the first
// empty cell's tree is checked against the exact counts of Korekawa et
// al.'s; the nodes given for the other rules are Korekawa et al.'s tree's
// (the estimates' budget), not theirs.
func writeSubBoards(dir string, w *os.File) error {
	pk, err := polyform.Load("heptiamond-pp24", "")
	if err != nil {
		return err
	}
	pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly = true, true, true
	k, placement, err := pk.Kernel(xcover.Fewest, nil)
	if err != nil {
		return err
	}
	rules := []struct{ prefix, flags string }{
		{"k", "--cells-only --dead-regions --largest-region"},
		{"fk", "--strategy first-empty --cells-only --dead-regions --largest-region"},
		{"d", "--dead-regions"},
		{"fd", "--strategy first-empty --dead-regions"},
	}
	for _, t := range pp24Truths {
		path, _ := cliflag.ParseInts(t.path, 0)
		s := k.NewSearch()
		for _, c := range path {
			if n, _ := s.Branches(); c >= n {
				return fmt.Errorf("pp24 path %s: child %d of %d", t.path, c, n)
			}
			s.Down(c)
		}
		labels := make([]string, len(pk.Board.Cells))
		for i := range labels {
			labels[i] = "."
		}
		used := make([]bool, len(pk.Pieces))
		for _, i := range s.Path() {
			pl := pk.Placements[placement[i]]
			used[pl.Piece] = true
			for _, c := range pl.Cells {
				labels[c] = "#"
			}
		}
		var left strings.Builder
		for p, pc := range pk.Pieces {
			if !used[p] {
				left.WriteString(pc.Name)
			}
		}
		name := strings.ReplaceAll(t.path, ",", "-")
		// No blank line after the header: the rows' parity sets the
		// triangles' orientation.
		text := "grid: triangle\npieces: heptiamond\n" + strings.Join(pk.Board.Rows(labels), "\n") + "\n"
		file := filepath.Join(dir, "pp24-"+name+".txt")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			return err
		}
		for _, r := range rules {
			fmt.Fprintf(w, "%s/%s\tpack %s --pieces %s %s\t%.0f\t%.0f\t0\n", r.prefix, name, file, left.String(), r.flags, t.nodes, t.solutions)
		}
	}
	return nil
}
