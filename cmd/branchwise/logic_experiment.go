package main

import (
	"fmt"
	"os/exec"
	"slices"
	"strings"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/spf13/cobra"
)

type logicExpFlags struct {
	sizes, difficulties, svg, clingo string
	count                            int
	seed                             int64
	maxNodes                         int64
	asJSON, propagate                bool
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
		Args:    argsUsage(cobra.NoArgs),
		RunE:    func(c *cobra.Command, args []string) error { return runLogicExperiment(e, f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.sizes, "sizes", "4x3,5x4,5x5,6x5", "comma-separated sizes NxM")
	fs.StringVar(&f.difficulties, "difficulty", "1,2,3", "comma-separated difficulties")
	fs.IntVar(&f.count, "count", 10, "puzzles per size and difficulty")
	cliflag.AddSeed(fs, &f.seed)
	fs.Int64Var(&f.maxNodes, "max-nodes", 2_000_000, "node limit of every search")
	fs.StringVar(&f.clingo, "clingo", "", "also run this clingo program and compare")
	fs.BoolVar(&f.propagate, "propagate", false, "add fewest with propagation (beyond Igarashi et al. (2005)), and compare it with clingo")
	fs.StringVar(&f.svg, "svg", "", "draw the median nodes per strategy to this SVG file")
	cliflag.AddJSON(fs, &f.asJSON)
	return c
}

func runLogicExperiment(e *env, f logicExpFlags) error {
	var sizes [][2]int
	for _, s := range strings.Split(f.sizes, ",") {
		n, m, err := parseLogicSize(strings.TrimSpace(s))
		if err != nil {
			return err
		}
		sizes = append(sizes, [2]int{n, m})
	}
	diffs, ok := cliflag.ParseInts(f.difficulties, 1)
	if !ok || slices.ContainsFunc(diffs, func(d int) bool { return d > 3 }) {
		return usagef("--difficulty %q: want a list of 1, 2, 3", f.difficulties)
	}
	if f.count < 1 {
		return usagef("--count must be at least 1")
	}
	clingo := f.clingo
	if clingo != "" {
		p, err := exec.LookPath(clingo)
		if err != nil {
			return fmt.Errorf("--clingo: %v", err)
		}
		clingo = p
	}
	prog := cliflag.NewProgress(e.stderr)
	rep, err := logicgrid.RunExperiment(e.ctx, logicgrid.ExperimentOptions{Sizes: sizes, Difficulties: diffs, Count: f.count,
		Seed: f.seed, MaxNodes: f.maxNodes, Propagate: f.propagate, Clingo: clingo,
		Progress: func(size string, d, i int) { prog.Printf("%s d%d: puzzle %d/%d", size, d, i+1, f.count) }})
	if e.ctx.Err() != nil {
		prog.Done()
		return errInterrupted
	}
	if err != nil {
		return err
	}
	for _, g := range rep.Groups {
		if g.Clingo != nil {
			for _, d := range g.Clingo.Disagree {
				fmt.Fprintln(e.stderr, d)
			}
		}
	}
	prog.Done()
	if f.svg != "" {
		if err := cliflag.CreateFile(f.svg, rep.WriteSVG); err != nil {
			return err
		}
	}
	return output(e, f.asJSON, &rep)
}
