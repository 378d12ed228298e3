package disassembly

import (
	"context"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"io"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/puzzles/polyform"
)

// WriteSolve runs Solve on problem k (from 0) of the BurrTools puzzle pz,
// whose packing is pk, with its groups and weights (BurrOptions), and
// writes what the pack command's --disassemble prints: each solution whose
// first level is at least minLevel (0: none) with its moves, then the
// counts (WriteText).
func WriteSolve(ctx context.Context, w io.Writer, pz *polyform.BurrPuzzle, k int, pk *polyform.Packing, o Options, minLevel int) Counts {
	o.Groups, o.Weights = BurrOptions(pz, k)
	n := 0
	c := Solve(ctx, pk, o, func(kinds []int, pieces [][]polyform.Cell, sep *Separation) bool {
		if n++; sep == nil || minLevel <= 0 || sep.Level() < minLevel {
			return true
		}
		fmt.Fprintf(w, "assembly %d: level %s, %d moves\n", n, sep.LevelText(), sep.TotalMoves())
		WriteMoves(w, sep, func(p int) string { return pk.Pieces[kinds[p]].Name })
		return true
	})
	c.WriteText(w)
	return c
}

// WriteFile is WriteSolve on problem k (from 0) of the BurrTools puzzle
// file, whose packing is pk; another kind of file is an option error
// (--disassemble).
func WriteFile(ctx context.Context, w io.Writer, file string, k int, pk *polyform.Packing, o Options, minLevel int) error {
	if !polyform.IsBurrFile(file) {
		return opterr.Errorf("--disassemble", "--disassemble is for BurrTools puzzle files")
	}
	pz, err := polyform.OpenBurr(file)
	if err != nil {
		return err
	}
	return WriteSolve(ctx, w, pz, k, pk, o, minLevel).Err
}

// WriteText prints the counts: what stopped the search early (the counts
// are then partial), the assemblies and solutions, and the solutions per
// level (LevelSummary).
func (c Counts) WriteText(w io.Writer) error {
	if c.Err != nil {
		fmt.Fprintf(w, "stopped (%v): the counts so far\n", c.Err)
	}
	fmt.Fprintf(w, "%s assemblies and %s solutions\n", numfmt.Count(int64(c.Assemblies)), numfmt.Count(int64(c.Solutions)))
	if c.Solutions > 0 {
		_, err := fmt.Fprintf(w, "levels: %s\n", c.LevelSummary())
		return err
	}
	return nil
}
