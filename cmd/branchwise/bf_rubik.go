package main

import (
	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/rubik"
	"github.com/spf13/cobra"
)

func newBFRubikCmd(e *env) *cobra.Command {
	var f bfFlags
	var fsmLen int
	var lim cliflag.Limits
	c := &cobra.Command{
		Use:   "rubik",
		Short: "Branching factors of Rubik's Cube (18 moves, Edelkamp and Korf's pruning)",
		Long: `Branching factors of Rubik's Cube with the 18 face turns, Edelkamp and
Korf's pruning (13.34847), or with --fsm L the learned automaton of duplicate
move strings up to length L (Taylor and Korf 1993); limits as for bf tiles.`,
		Example: `  branchwise bf rubik --fsm 4 --depth 8`,
		Args:    argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			if err := branching.CheckLearnLen(fsmLen); err != nil {
				return err
			}
			if fsmLen == 0 {
				return reportBF(e, &f, "Rubik's Cube, 18 moves, same face and opposite-face order pruned", rubik.TypeGraph())
			}
			lim.SetGCLimit(1)
			ctx, cancel := lim.Context(e.ctx)
			defer cancel()
			g, what, err := fsmGraph(e, ctx, rubik.LearnFSM, fsmLen, lim, false, rubik.TypeGraphFSM)
			if err != nil {
				return err
			}
			return reportBF(e, &f, "Rubik's Cube, 18 moves, "+what, g)
		},
	}
	f.add(c)
	c.Flags().IntVar(&fsmLen, "fsm", 0, "prune with a learned FSM of duplicate move strings up to this length (1-24)")
	lim.Add(c.Flags())
	return c
}
