package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/spf13/cobra"
)

func newLogicBFCmd(e *env) *cobra.Command {
	var asJSON bool
	var lim limits
	c := &cobra.Command{
		Use:   "bf FILE",
		Short: "Each clue's branching factor (number of ways) on the empty grid",
		Long: `Print every clue's number of ways on the empty grid: Igarashi et al.'s branching
factor, by which the sorted strategy orders the clues.`,
		Example: `  branchwise logic bf puzzles/logicgrid/testdata/table1.txt`,
		Args:    argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) (err error) {
			p, err := loadLogic(args[0])
			if err != nil {
				return err
			}
			ctx, cancel := lim.context(e.ctx)
			defer cancel()
			lim.setGCLimit(1)
			bf, stopped := logicgrid.BranchingFactorsContext(ctx, p, logicgrid.Limits{MaxNodes: lim.MaxNodes, MaxMem: int64(lim.MaxMem)})
			if stopped != nil {
				defer fmt.Fprintf(e.stderr, "branchwise: logic bf: stopped (%v): clues not counted show 0 ways\n", stopped)
			}
			if e.ctx.Err() != nil {
				defer func() { err = errInterrupted }()
			}
			if asJSON {
				type row struct {
					Clue int    `json:"clue"`
					Line int    `json:"line"`
					Text string `json:"text"`
					Ways int    `json:"ways"`
				}
				var rows []row
				for i, cl := range p.Clues {
					rows = append(rows, row{i + 1, cl.Line, cl.Text, bf[i]})
				}
				return writeJSON(e.stdout, map[string]any{"puzzle": args[0], "clues": rows})
			}
			tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "clue\tline\tways\ttext")
			for i, cl := range p.Clues {
				fmt.Fprintf(tw, "%d\t%d\t%d\t%s\n", i+1, cl.Line, bf[i], cl.Text)
			}
			return tw.Flush()
		},
	}
	addJSONFlag(c.Flags(), &asJSON)
	addLimitFlags(c.Flags(), &lim)
	return c
}
