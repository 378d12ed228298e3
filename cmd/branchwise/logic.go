package main

import (
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/spf13/cobra"
)

func init() { register(newLogicCmd) }

func newLogicCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "logic",
		Short: "Logic-grid (zebra) puzzles: solve, branching factors, import, generate",
		Long: `Logic-grid ("zebra") puzzles, solved as Igarashi et al. (2005) does: at
every node apply the clue with the fewest ways (--strategy fewest), or the
clues in the file's order (fixed) or by their ways on the empty grid
(sorted). A puzzle file declares categories, then one clue per line:

  name: John Tom Mary Nancy
  age: 11 12 13 14 (numeric)
  Tom = 12
  Mary.age < 13

The format and the commands: docs/logicgrid.md.`,
	}
	c.AddCommand(newLogicSolveCmd(e), newLogicBFCmd(e), newLogicImportCmd(e), newLogicGenerateCmd(e), newLogicExperimentCmd(e))
	return c
}

// parseLogicSize reads NxM: N entities, M categories besides the position.
func parseLogicSize(s string) (n, m int, err error) {
	n, m, ok := cliflag.SplitRxC(s)
	if !ok || n < 2 || n > logicgrid.MaxGenEntities || m < 1 || m > logicgrid.MaxGenCategories {
		return 0, 0, usagef("size %q: want NxM, N = 2..%d entities, M = 1..%d categories besides the position", s, logicgrid.MaxGenEntities, logicgrid.MaxGenCategories)
	}
	return n, m, nil
}
