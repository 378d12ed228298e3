package main

import (
	"fmt"

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
	opt      logicgrid.ReportOptions
	strategy string
	asJSON   bool
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
	fs.IntVar(&f.opt.ExplainLines, "explain-lines", 2000, "cut --explain after this many lines (0: no limit)")
	fs.BoolVar(&f.opt.XCover, "xcover", false, "solve by exact cover with colours (package xcover) instead")
	fs.BoolVar(&f.opt.Propagate, "propagate", false, "narrow the grid at every node by what all ways of each clue agree on (beyond Igarashi et al. (2005))")
	fs.BoolVar(&f.opt.CountGenerated, "generated", false, "also count, as the paper does, the nodes generated to measure branching factors")
	cliflag.AddJSON(fs, &f.asJSON)
	cliflag.AddLimits(fs, &f.opt.Limits)
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
	ctx, cancel := cliflag.Bound(e.ctx, o.Limits, 1)
	defer cancel()
	if o.Grids = f.asJSON; !f.asJSON {
		o.Text = e.stdout
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
			ctx, cancel := cliflag.Bound(e.ctx, lim, 1)
			defer cancel()
			rep, stopped := logicgrid.BranchingReport(ctx, p, args[0], lim)
			if stopped != nil {
				defer fmt.Fprintf(e.stderr, "branchwise: logic bf: stopped (%v): clues not counted show 0 ways\n", stopped)
			}
			if e.ctx.Err() != nil {
				defer func() { err = errInterrupted }()
			}
			return cliflag.Output(e.stdout, asJSON, &rep)
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
	cliflag.AddLimits(fs, &f.opt.Limits)
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
	if !f.check {
		return logicgrid.WriteQuint(e.stdout, f.out, qs)
	}
	ctx, cancel := cliflag.Context(e.ctx, f.opt.Limits)
	defer cancel()
	prog := cliflag.NewProgress(e.stderr)
	f.opt.Printf = prog.Printf
	rep, err := logicgrid.CheckCorpora(ctx, qs, strats, f.opt, nil)
	if err != nil {
		return err
	}
	prog.Done()
	if err := outputDone(e, f.asJSON, &rep); err != nil {
		return err
	}
	return rep.Err()
}

type logicGenFlags struct {
	opt       logicgrid.GenSetOptions
	size, out string
	asJSON    bool
}

func newLogicGenerateCmd(e *env) *cobra.Command {
	var f logicGenFlags
	c := &cobra.Command{
		Use:   "generate --size NxM",
		Short: "Random logic-grid puzzles with one solution and no redundant clue",
		Long: `Generate random puzzles of N entities (positions 1..N) and M categories with
one solution and no redundant clue. --difficulty picks the clue types: 1
simple, 2 adds the weaker ones, 3 weak clues only (docs/logicgrid.md).
--max-clues retries until the puzzle needs no more; puzzle i of --count
uses seed S+i.`,
		Example: `  branchwise logic generate --size 8x6 --count 20 --out /tmp/gen`,
		Args:    cliflag.ArgsUsage(cobra.NoArgs),
		RunE:    func(c *cobra.Command, args []string) error { return runLogicGenerate(e, f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.size, "size", "5x5", "NxM: N entities x M categories besides the position")
	cliflag.AddSeed(fs, &f.opt.Seed)
	fs.IntVar(&f.opt.Difficulty, "difficulty", 2, "clue types: 1, 2 or 3 (weak clues only)")
	fs.IntVar(&f.opt.Count, "count", 1, "number of puzzles")
	fs.IntVar(&f.opt.MaxClues, "max-clues", 0, "retry until the puzzle needs at most this many clues (0: any)")
	cliflag.CountVar(fs, &f.opt.MaxNodes, "max-nodes", 1_000_000, "bound of each uniqueness check during generation")
	fs.StringVar(&f.out, "out", "", "write puzzle files gen-NxM-dD-sS.txt into this directory")
	fs.BoolVar(&f.opt.Solution, "solution", false, "print the hidden solution after each puzzle, as comments")
	cliflag.AddJSON(fs, &f.asJSON)
	return c
}

func runLogicGenerate(e *env, f logicGenFlags) error {
	var err error
	if f.opt.N, f.opt.M, err = logicgrid.ParseSize(f.size); err != nil {
		return err
	}
	if err := f.opt.Check(); err != nil {
		return err
	}
	set, err := logicgrid.WriteSet(e.ctx, f.opt, f.size, e.stdout, f.out, f.asJSON)
	switch {
	case err != nil && e.ctx.Err() != nil:
		return errInterrupted
	case err != nil:
		return err
	case f.asJSON:
		return cliflag.WriteJSON(e.stdout, set)
	}
	return nil
}

type logicExpFlags struct {
	opt                      logicgrid.ExperimentOptions
	sizes, difficulties, svg string
	asJSON                   bool
}

func newLogicExperimentCmd(e *env) *cobra.Command {
	var f logicExpFlags
	c := &cobra.Command{
		Use:   "experiment",
		Short: "Igarashi et al.'s Table 2 on generated puzzles: the three strategies side by side, and clingo",
		Long: `Generate --count puzzles per size and difficulty and solve each with the
three strategies to the proof of uniqueness; print per group the median
nodes (the paper's tree, and with the nodes generated to measure branching
factors) and times, and which strategy wins. A search stopped at
--max-nodes counts as that many nodes. --clingo PATH also solves every
puzzle with clingo and checks the solution (docs/logicgrid.md).`,
		Example: `  branchwise logic experiment --sizes 4x3,5x5,6x5 --difficulty 1,2,3 --count 20`,
		Args:    cliflag.ArgsUsage(cobra.NoArgs),
		RunE:    func(c *cobra.Command, args []string) error { return runLogicExperiment(e, f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.sizes, "sizes", "4x3,5x4,5x5,6x5", "comma-separated sizes NxM")
	fs.StringVar(&f.difficulties, "difficulty", "1,2,3", "comma-separated difficulties")
	fs.IntVar(&f.opt.Count, "count", 10, "puzzles per size and difficulty")
	cliflag.AddSeed(fs, &f.opt.Seed)
	cliflag.CountVar(fs, &f.opt.MaxNodes, "max-nodes", 2_000_000, "node limit of every search")
	fs.StringVar(&f.opt.Clingo, "clingo", "", "also run this clingo program and compare")
	fs.BoolVar(&f.opt.Propagate, "propagate", false, "add fewest with propagation (beyond Igarashi et al. (2005)), and compare it with clingo")
	fs.StringVar(&f.svg, "svg", "", "draw the median nodes per strategy to this SVG file")
	cliflag.AddJSON(fs, &f.asJSON)
	return c
}

func runLogicExperiment(e *env, f logicExpFlags) error {
	var err error
	if f.opt.Sizes, err = logicgrid.ParseSizes(f.sizes); err != nil {
		return err
	}
	f.opt.Difficulties, _ = cliflag.ParseInts(f.difficulties, 1)
	if err := f.opt.Check(f.difficulties); err != nil {
		return err
	}
	prog := cliflag.NewProgress(e.stderr)
	f.opt.Progress = func(size string, d, i int) { prog.Printf("%s d%d: puzzle %d/%d", size, d, i+1, f.opt.Count) }
	rep, err := logicgrid.RunExperiment(e.ctx, f.opt)
	if e.ctx.Err() != nil {
		prog.Done()
		return errInterrupted
	}
	if err != nil {
		return err
	}
	rep.WriteDisagreements(e.stderr)
	prog.Done()
	return cliflag.OutputSVG(e.stdout, f.asJSON, &rep, f.svg)
}
