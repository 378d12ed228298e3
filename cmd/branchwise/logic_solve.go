package main

import (
	"fmt"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/branchwise/branchwise/xcover"
	"github.com/spf13/cobra"
)

type logicSolveFlags struct {
	strategy        string
	all, explain    bool
	asJSON          bool
	explainMaxLines int
	xc, generated   bool
	propagate       bool
	lim             cliflag.Limits
}

func newLogicSolveCmd(e *env) *cobra.Command {
	var f logicSolveFlags
	c := &cobra.Command{
		Use:   "solve FILE",
		Short: "Solve a logic-grid puzzle and check that its solution is unique",
		Long: `Solve a logic-grid puzzle; without --all stop at the second solution and say
whether the first is unique. Nodes are counted as Igarashi et al. (2005)
counts them: the root, one per clue chosen, one per way tried.`,
		Example: `  branchwise logic solve puzzles/logicgrid/testdata/fig5.txt --all --explain`,
		Args:    argsUsage(cobra.ExactArgs(1)),
		RunE:    func(c *cobra.Command, args []string) error { return runLogicSolve(e, args[0], f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.strategy, "strategy", "fewest", "clue choice: fewest, sorted or fixed")
	fs.BoolVar(&f.all, "all", false, "find and print every solution")
	fs.BoolVar(&f.explain, "explain", false, "print the chain of choices and deductions")
	fs.IntVar(&f.explainMaxLines, "explain-lines", 2000, "cut --explain after this many lines (0: no limit)")
	fs.BoolVar(&f.xc, "xcover", false, "solve by exact cover with colours (package xcover) instead")
	fs.BoolVar(&f.propagate, "propagate", false, "narrow the grid at every node by what all ways of each clue agree on (beyond Igarashi et al. (2005))")
	fs.BoolVar(&f.generated, "generated", false, "also count, as the paper does, the nodes generated to measure branching factors")
	cliflag.AddJSON(fs, &f.asJSON)
	f.lim.Add(fs)
	return c
}

func runLogicSolve(e *env, file string, f logicSolveFlags) error {
	strat, err := xcover.ParseStrategy(f.strategy)
	if err != nil {
		return err
	}
	p, err := logicgrid.ParseFile(file)
	if err != nil {
		return err
	}
	ctx, cancel := f.lim.Context(e.ctx)
	defer cancel()
	f.lim.SetGCLimit(1)
	o := logicgrid.ReportOptions{Options: logicgrid.Options{Strategy: strat, MaxNodes: f.lim.MaxNodes, MaxMem: int64(f.lim.MaxMem),
		CountGenerated: f.generated, Propagate: f.propagate}, All: f.all, XCover: f.xc, Grids: f.asJSON, Explain: f.explain}
	if err := o.Check(); err != nil {
		return err
	}
	if f.explain && !f.asJSON {
		o.Trace = p.Explainer(e.stdout, f.explainMaxLines)
	}
	if !f.asJSON {
		o.Show = func(n int, s logicgrid.Solution) { fmt.Fprintf(e.stdout, "solution %d:\n%s\n", n, p.Format(s)) }
	}
	rep, err := logicgrid.SolveReport(ctx, p, file, o)
	if err != nil {
		return err
	}
	return outputDone(e, f.asJSON, &rep)
}
