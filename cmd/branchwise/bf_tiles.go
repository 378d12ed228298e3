package main

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/spf13/cobra"
)

func newBFTilesCmd(e *env) *cobra.Command {
	var f bfFlags
	var keepParent bool
	var start, fsmLen int
	var lim cliflag.Limits
	c := &cobra.Command{
		Use:   "tiles RxC",
		Short: "Branching factors of the r x c sliding-tile puzzle",
		Long: `Branching factors of the r x c sliding-tile puzzle (2x2 to 400 cells), the
blank starting in cell --start. Without --keep-parent the move back to the
parent is not generated. --fsm L filters the moves by the learned automaton
of duplicate move strings up to length L (Taylor and Korf 1993); the limit
flags bound the learning and the exploration, and a stopped learning leaves
a smaller automaton, still correct (docs/branching.md).`,
		Example: `  branchwise bf tiles 4x4 --fsm 12`,
		Args:    argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			rows, cols, ok := cliflag.SplitRxC(args[0])
			if !ok {
				return usagef("bf tiles %q: want RxC, e.g. 4x4", args[0])
			}
			if rows < 2 || cols < 2 || rows*cols > 400 {
				return fmt.Errorf("board %dx%d: want at least 2x2 and at most 400 cells", rows, cols)
			}
			if fsmLen > 0 && keepParent {
				return usagef("--fsm and --keep-parent exclude each other")
			}
			if err := branching.CheckLearnLen(fsmLen); err != nil {
				return err
			}
			g, err := tiles.TypeGraph(rows, cols, start, keepParent)
			if err != nil {
				return err
			}
			what := fmt.Sprintf("%dx%d sliding-tile puzzle, blank starting in cell %d, ", rows, cols, start)
			switch {
			case fsmLen > 0:
				lim.SetGCLimit(1)
				ctx, cancel := lim.Context(e.ctx)
				defer cancel()
				explore := func(ctx context.Context, a *branching.Automaton, l branching.Limits) (*branching.Graph, error) {
					return tiles.TypeGraphFSM(ctx, rows, cols, start, a, l)
				}
				fsmWhat, err := "", error(nil)
				if g, fsmWhat, err = fsmGraph(e, ctx, tiles.LearnFSM, fsmLen, lim, true, explore); err != nil {
					return err
				}
				what += fsmWhat
			case keepParent:
				what += "parent generated"
			default:
				what += "predecessor elimination"
			}
			return reportBF(e, &f, what, g)
		},
	}
	f.add(c)
	c.Flags().BoolVar(&keepParent, "keep-parent", false, "generate the parent as a child")
	c.Flags().IntVar(&start, "start", 0, "the blank's starting cell, row-major")
	c.Flags().IntVar(&fsmLen, "fsm", 0, "prune with a learned FSM of duplicate move strings up to this length (1-24)")
	lim.Add(c.Flags())
	return c
}
