package main

import (
	"fmt"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/spf13/cobra"
)

func newLogicBFCmd(e *env) *cobra.Command {
	var asJSON bool
	var lim cliflag.Limits
	c := &cobra.Command{
		Use:   "bf FILE",
		Short: "Each clue's branching factor (number of ways) on the empty grid",
		Long: `Print every clue's number of ways on the empty grid: Igarashi et al.'s branching
factor, by which the sorted strategy orders the clues.`,
		Example: `  branchwise logic bf puzzles/logicgrid/testdata/table1.txt`,
		Args:    argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) (err error) {
			p, err := logicgrid.ParseFile(args[0])
			if err != nil {
				return err
			}
			ctx, cancel := lim.Context(e.ctx)
			defer cancel()
			lim.SetGCLimit(1)
			rep, stopped := logicgrid.BranchingReport(ctx, p, args[0], logicgrid.Limits{MaxNodes: lim.MaxNodes, MaxMem: int64(lim.MaxMem)})
			if stopped != nil {
				defer fmt.Fprintf(e.stderr, "branchwise: logic bf: stopped (%v): clues not counted show 0 ways\n", stopped)
			}
			if e.ctx.Err() != nil {
				defer func() { err = errInterrupted }()
			}
			return output(e, asJSON, &rep)
		},
	}
	cliflag.AddJSON(c.Flags(), &asJSON)
	lim.Add(c.Flags())
	return c
}
