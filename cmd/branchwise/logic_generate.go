package main

import (
	"fmt"
	"os/exec"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/spf13/cobra"
)

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
	fs.Int64Var(&f.opt.MaxNodes, "max-nodes", 1_000_000, "bound of each uniqueness check during generation")
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
	opt                              logicgrid.ExperimentOptions
	sizes, difficulties, svg, clingo string
	asJSON                           bool
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
	fs.Int64Var(&f.opt.MaxNodes, "max-nodes", 2_000_000, "node limit of every search")
	fs.StringVar(&f.clingo, "clingo", "", "also run this clingo program and compare")
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
	if f.clingo != "" {
		if f.opt.Clingo, err = exec.LookPath(f.clingo); err != nil {
			return fmt.Errorf("--clingo: %v", err)
		}
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
	return outputSVG(e, f.asJSON, &rep, f.svg)
}
