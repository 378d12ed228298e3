package main

import (
	"fmt"

	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/branchwise/branchwise/search"
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
	lim             limits
}

func newLogicSolveCmd(e *env) *cobra.Command {
	var f logicSolveFlags
	c := &cobra.Command{
		Use:   "solve FILE",
		Short: "Solve a logic-grid puzzle and check that its solution is unique",
		Long: `Solve a logic-grid puzzle. Without --all the search stops at the second
solution: it prints the solution and says whether it is unique, or shows
two solutions. --all prints every solution. --explain prints the chain of
choices and forced deductions. Nodes are counted as Igarashi et al. (2005) counts them:
the root, one per clue chosen, one per way tried.`,
		Example: `  branchwise logic solve puzzles/logicgrid/testdata/einstein.txt
  branchwise logic solve puzzles/logicgrid/testdata/fig5.txt --all --explain
  branchwise logic solve puzzle.txt --strategy fixed --max-nodes 1000000 --json`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error { return runLogicSolve(e, args[0], f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.strategy, "strategy", "fewest", "clue choice: fewest, sorted or fixed")
	fs.BoolVar(&f.all, "all", false, "find and print every solution")
	fs.BoolVar(&f.explain, "explain", false, "print the chain of choices and deductions")
	fs.IntVar(&f.explainMaxLines, "explain-lines", 2000, "cut --explain after this many lines (0: no limit)")
	fs.BoolVar(&f.xc, "xcover", false, "solve by exact cover with colours (package xcover) instead")
	fs.BoolVar(&f.propagate, "propagate", false, "narrow the grid at every node by what all ways of each clue agree on (beyond Igarashi et al. (2005))")
	fs.BoolVar(&f.generated, "generated", false, "also count, as the paper does, the nodes generated to measure branching factors")
	addJSONFlag(fs, &f.asJSON)
	addLimitFlags(fs, &f.lim)
	return c
}

type logicReport struct {
	Puzzle    string       `json:"puzzle"`
	Strategy  string       `json:"strategy"`
	Entities  int          `json:"entities"`
	Cats      int          `json:"categories"`
	Clues     int          `json:"clues"`
	Solutions int64        `json:"solutions"`
	Unique    *bool        `json:"unique,omitempty"`
	Nodes     int64        `json:"nodes"`
	Generated int64        `json:"generated,omitempty"`
	Seconds   float64      `json:"seconds"`
	Stopped   string       `json:"stopped_by,omitempty"`
	Grids     [][][]string `json:"grids,omitempty"`
}

func runLogicSolve(e *env, file string, f logicSolveFlags) error {
	strat, err := xcover.ParseStrategy(f.strategy)
	if err != nil {
		return usageError{err}
	}
	p, err := loadLogic(file)
	if err != nil {
		return err
	}
	ctx, cancel := f.lim.context(e.ctx)
	defer cancel()
	f.lim.setGCLimit(1)
	opt := logicgrid.Options{Strategy: strat, MaxNodes: f.lim.MaxNodes, MaxMem: int64(f.lim.MaxMem), Keep: 2, MaxSolutions: 2}
	if f.all {
		opt.MaxSolutions, opt.Keep = 0, 1000
	}
	if f.explain && !f.asJSON {
		opt.Trace = p.Explainer(e.stdout, f.explainMaxLines)
	}
	if f.all && !f.asJSON {
		// print the solutions as they come rather than keeping them
		opt.Keep = 0
		n := 0
		opt.Visit = func(s logicgrid.Solution) bool {
			n++
			fmt.Fprintf(e.stdout, "solution %d:\n%s\n", n, p.Format(s))
			return true
		}
	}
	opt.CountGenerated, opt.Propagate = f.generated, f.propagate
	var r logicgrid.Result
	if f.xc {
		if f.explain || f.generated || f.propagate {
			return usagef("--xcover excludes --explain, --generated and --propagate")
		}
		keep := 2
		if f.all {
			keep = 1000
		}
		if r, err = logicgrid.SolveXCoverLimits(ctx, p, strat, opt.MaxSolutions, keep, logicgrid.Limits{MaxMem: int64(f.lim.MaxMem)}); err != nil {
			return err
		}
		if opt.Visit != nil {
			for _, s := range r.Kept {
				opt.Visit(s)
			}
		}
	} else {
		prog := newProgress(e)
		r = logicgrid.Solve(ctx, p, opt)
		prog.Done()
	}
	if f.propagate {
		r.Strategy += "+propagate"
	}
	rep := logicReport{Puzzle: file, Strategy: r.Strategy, Entities: p.Entities(), Cats: len(p.Categories),
		Clues: len(p.Clues), Solutions: r.Solutions, Nodes: r.Nodes, Seconds: r.Elapsed.Seconds()}
	if f.generated {
		rep.Generated = r.Generated
	}
	complete := r.Complete()
	if complete {
		u := r.Solutions == 1
		rep.Unique = &u
	}
	if r.Status != search.SolutionLimit {
		rep.Stopped = stoppedBy(r.Status, nil)
	}
	if f.asJSON {
		for _, s := range r.Kept {
			rep.Grids = append(rep.Grids, logicGridStrings(p, s))
		}
		if err := writeJSON(e.stdout, rep); err != nil {
			return err
		}
	} else {
		w := e.stdout
		switch {
		case f.all:
		case r.Solutions == 0:
		case r.Solutions == 1:
			fmt.Fprint(w, p.Format(r.Kept[0]))
		default:
			fmt.Fprintf(w, "solution 1:\n%s\nsolution 2:\n%s", p.Format(r.Kept[0]), p.Format(r.Kept[1]))
		}
		var verdict string
		switch {
		case !complete:
			verdict = fmt.Sprintf("search stopped (%s) after %d solution(s)", rep.Stopped, r.Solutions)
		case r.Solutions == 0:
			verdict = "no solution"
		case r.Solutions == 1:
			verdict = "the solution is unique"
		case f.all:
			verdict = fmt.Sprintf("%d solutions: not unique", r.Solutions)
		default:
			verdict = "several solutions (two shown): not unique"
		}
		gen := ""
		if f.generated {
			gen = fmt.Sprintf(" (%d generated)", r.Generated)
		}
		fmt.Fprintf(w, "%s; %s strategy, %d nodes%s, %s\n", verdict, r.Strategy, r.Nodes, gen, fmtDuration(r.Elapsed))
	}
	if e.ctx.Err() != nil {
		return errInterrupted
	}
	return nil
}
