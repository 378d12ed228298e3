package main

import (
	"fmt"

	"github.com/branchwise/branchwise/puzzles/rubik"
	"github.com/spf13/cobra"
)

func newBFRubikCmd(e *env) *cobra.Command {
	var f bfFlags
	var fsmLen int
	var lim limits
	c := &cobra.Command{
		Use:   "rubik",
		Short: "Branching factors of Rubik's Cube (18 moves, Edelkamp and Korf's pruning)",
		Long: `Branching factors of Rubik's Cube with the 18 face turns, never the same
face twice in a row, and opposite faces turned in one fixed order. With
--fsm L the 18 turns are filtered instead by the automaton of the duplicate
move strings of length up to L (Taylor and Korf 1993), learned first: L = 2
finds Edelkamp and Korf's rules (13.34847), longer strings prune more. The
limit flags bound the learning and the exploration, as for 'bf tiles'.`,
		Example: `  branchwise bf rubik
  branchwise bf rubik --fsm 4 --depth 8`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			if err := checkFSMLen(fsmLen); err != nil {
				return err
			}
			if fsmLen == 0 {
				return reportBF(e, &f, "Rubik's Cube, 18 moves, same face and opposite-face order pruned", rubik.TypeGraph())
			}
			lim.setGCLimit(1)
			ctx, cancel := lim.context(e.ctx)
			defer cancel()
			fsm, note, err := learnFSM(ctx, rubik.LearnFSM, fsmLen, lim)
			if fsm == nil {
				return err
			}
			if ctx.Err() != nil {
				fmt.Fprintln(e.stdout, note)
				return stopError(e, ctx)
			}
			g, err := rubik.TypeGraphFSM(ctx, fsm, lim.branching())
			if err != nil {
				if ctx.Err() != nil {
					return stopError(e, ctx)
				}
				return fmt.Errorf("exploring the type graph: %w", err)
			}
			what := fmt.Sprintf("Rubik's Cube, 18 moves, FSM pruning (%d duplicate strings up to length %d, %d states)", len(fsm.Forbidden), fsm.Length, fsm.States())
			if note != "" {
				what += "; " + note
			}
			return reportBF(e, &f, what, g)
		},
	}
	f.add(c)
	c.Flags().IntVar(&fsmLen, "fsm", 0, "prune with a learned FSM of duplicate move strings up to this length (1-24)")
	addLimitFlags(c.Flags(), &lim)
	return c
}
