package main

import (
	"fmt"
	"strings"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
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

type logicSolveFlags struct {
	opt             logicgrid.ReportOptions
	strategy        string
	asJSON          bool
	explainMaxLines int
	lim             search.Limits
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
		Args:    cliflag.ArgsUsage(cobra.ExactArgs(1)),
		RunE:    func(c *cobra.Command, args []string) error { return runLogicSolve(e, args[0], f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.strategy, "strategy", "fewest", "clue choice: fewest, sorted or fixed")
	fs.BoolVar(&f.opt.All, "all", false, "find and print every solution")
	fs.BoolVar(&f.opt.Explain, "explain", false, "print the chain of choices and deductions")
	fs.IntVar(&f.explainMaxLines, "explain-lines", 2000, "cut --explain after this many lines (0: no limit)")
	fs.BoolVar(&f.opt.XCover, "xcover", false, "solve by exact cover with colours (package xcover) instead")
	fs.BoolVar(&f.opt.Propagate, "propagate", false, "narrow the grid at every node by what all ways of each clue agree on (beyond Igarashi et al. (2005))")
	fs.BoolVar(&f.opt.CountGenerated, "generated", false, "also count, as the paper does, the nodes generated to measure branching factors")
	cliflag.AddJSON(fs, &f.asJSON)
	cliflag.AddLimits(fs, &f.lim)
	return c
}

func runLogicSolve(e *env, file string, f logicSolveFlags) error {
	o := f.opt
	var err error
	if o.Strategy, err = xcover.ParseStrategy(f.strategy); err != nil {
		return err
	}
	p, err := logicgrid.ParseFile(file)
	if err != nil {
		return err
	}
	ctx, cancel := cliflag.Context(e.ctx, f.lim)
	defer cancel()
	cliflag.SetGCLimit(f.lim, 1)
	o.Limits, o.Grids = f.lim, f.asJSON
	if err := o.Check(); err != nil {
		return err
	}
	if o.Explain && !f.asJSON {
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

func newLogicBFCmd(e *env) *cobra.Command {
	var asJSON bool
	var lim search.Limits
	c := &cobra.Command{
		Use:   "bf FILE",
		Short: "Each clue's branching factor (number of ways) on the empty grid",
		Long: `Print every clue's number of ways on the empty grid: Igarashi et al.'s branching
factor, by which the sorted strategy orders the clues.`,
		Example: `  branchwise logic bf puzzles/logicgrid/testdata/table1.txt`,
		Args:    cliflag.ArgsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) (err error) {
			p, err := logicgrid.ParseFile(args[0])
			if err != nil {
				return err
			}
			ctx, cancel := cliflag.Context(e.ctx, lim)
			defer cancel()
			cliflag.SetGCLimit(lim, 1)
			rep, stopped := logicgrid.BranchingReport(ctx, p, args[0], lim)
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
	cliflag.AddLimits(c.Flags(), &lim)
	return c
}

type logicImportFlags struct {
	opt           logicgrid.CheckOptions
	out, strategy string
	check, asJSON bool
	lim           search.Limits
}

func newLogicImportCmd(e *env) *cobra.Command {
	var f logicImportFlags
	c := &cobra.Command{
		Use:   "import FILE|DIR...",
		Short: "Import quint-t puzzles; with --check solve them all against their answers",
		Long: `Read puzzles in the quint-t generator's format (a DIR: its *.txt files,
recursively) and print them in the logic-grid format, or write one file per
puzzle to --out DIR. --check solves them with --strategy (or all three),
checks each solution against the published answer and its uniqueness, and
prints the node counts (docs/logicgrid.md).`,
		Example: `  branchwise logic import ../shared/data/logicgrid/quint-t --check --strategy all`,
		Args:    cliflag.ArgsUsage(cobra.MinimumNArgs(1)),
		RunE:    func(c *cobra.Command, args []string) error { return runLogicImport(e, args, f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.out, "out", "", "write one puzzle file per puzzle into this directory")
	fs.BoolVar(&f.check, "check", false, "solve every puzzle and compare with its published answer")
	fs.StringVar(&f.strategy, "strategy", "fewest", "with --check: fewest, sorted, fixed or all")
	fs.BoolVar(&f.opt.BySize, "by-size", false, "with --check: node counts per size too")
	fs.BoolVar(&f.opt.XCover, "xcover", false, "with --check: solve by exact cover with colours instead")
	fs.BoolVar(&f.opt.Propagate, "propagate", false, "with --check: narrow the grid at every node (beyond Igarashi et al. (2005))")
	cliflag.AddJSON(fs, &f.asJSON)
	cliflag.AddLimits(fs, &f.lim)
	return c
}

func runLogicImport(e *env, args []string, f logicImportFlags) error {
	strats, err := logicgrid.ParseStrategies(f.strategy)
	if err != nil {
		return err
	}
	qs, err := logicgrid.ReadQuintFiles(args)
	if err != nil {
		return err
	}
	if len(qs) == 0 {
		return fmt.Errorf("%s: no quint-t puzzles found", strings.Join(args, " "))
	}
	if !f.check {
		return logicgrid.WriteQuint(e.stdout, f.out, qs)
	}
	ctx, cancel := cliflag.Context(e.ctx, f.lim)
	defer cancel()
	prog := cliflag.NewProgress(e.stderr)
	f.opt.Limits = f.lim
	rep, err := logicgrid.CheckCorpora(ctx, qs, strats, f.opt, func(s xcover.Strategy, i int, q logicgrid.QuintPuzzle) {
		prog.Printf("%s: %d/%d %s", s, i+1, len(qs), q.Name)
	})
	if err != nil {
		return err
	}
	prog.Done()
	if err := outputDone(e, f.asJSON, &rep); err != nil {
		return err
	}
	return rep.Err()
}
