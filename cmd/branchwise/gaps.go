package main

import (
	"fmt"
	"os"

	"github.com/branchwise/branchwise/puzzles/gaps"
	"github.com/spf13/cobra"
)

func init() { register(newGapsCmd) }

func newGapsCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "gaps",
		Short: "Superpuzz / Gaps solitaire: solve deals, prove them lost, survey solvability",
		Long: `Superpuzz (Gaps One Deal) of Berliner et al. and Shintani: 4 rows of k
columns (4..13), the four rank-k cards removed leaving holes. A left-edge
hole takes any ace, another hole the same-suit successor of the card on its
left. Won when each row holds one suit A..k-1. A deal file has 4 lines of k
cells: HA, D7, ST, CJ..., a hole ".." or its rank-k card. docs/gaps.md.`,
	}
	c.AddCommand(newGapsSolveCmd(e), newGapsSurveyCmd(e), newGapsDealCmd(e))
	return c
}

// gapsDealArgs reads the deal of a command: a file, or --seed and --columns.
func gapsDealArgs(c *cobra.Command, args []string, seed int64, cols int) (gaps.Deal, string, error) {
	if len(args) == 1 {
		if c.Flags().Changed("seed") || c.Flags().Changed("columns") {
			return gaps.Deal{}, "", usagef("give a DEAL file or --seed/--columns, not both")
		}
		r, err := os.Open(args[0])
		if err != nil {
			return gaps.Deal{}, "", err
		}
		defer r.Close()
		d, err := gaps.Parse(r, args[0])
		return d, args[0], err
	}
	if cols < gaps.MinCols || cols > gaps.MaxCols {
		return gaps.Deal{}, "", usagef("--columns %d: want %d..%d", cols, gaps.MinCols, gaps.MaxCols)
	}
	return gaps.Generate(cols, uint64(seed)), fmt.Sprintf("seed %d, %d columns", seed, cols), nil
}
