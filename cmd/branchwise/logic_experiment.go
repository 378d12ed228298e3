package main

import (
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/branchwise/branchwise/render"
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
		Long: `Generate --count puzzles for every size and difficulty and solve each with
the three strategies (fewest, sorted, fixed) to the proof of uniqueness.
For every group it prints the median nodes of each strategy, counted as
the paper's tree (clue and way levels) and, for fewest, with the nodes it
generates to measure branching factors (the paper's cost), and the median
times; "wins" names the strategy with the fewest generated nodes and the
fastest. A search stopped at --max-nodes counts as that many nodes.

--clingo PATH (or "clingo" from the PATH) also solves every puzzle with
clingo on the encoding of docs/logicgrid.md, checks that it finds the same
single solution, and reports its times (wall time of the process, and its
own grounding + solving time) next to the fewest strategy's.
--svg FILE draws the median generated nodes per strategy.`,
		Example: `  branchwise logic experiment --sizes 4x3,5x5,6x5 --difficulty 1,2,3 --count 20
  branchwise logic experiment --sizes 8x6 --difficulty 1,2 --count 10 --clingo clingo --svg t2.svg`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error { return runLogicExperiment(e, f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.sizes, "sizes", "4x3,5x4,5x5,6x5", "comma-separated sizes NxM")
	fs.StringVar(&f.difficulties, "difficulty", "1,2,3", "comma-separated difficulties")
	fs.IntVar(&f.count, "count", 10, "puzzles per size and difficulty")
	addSeedFlag(fs, &f.seed)
	fs.Int64Var(&f.maxNodes, "max-nodes", 2_000_000, "node limit of every search")
	fs.StringVar(&f.clingo, "clingo", "", "also run this clingo program and compare")
	fs.BoolVar(&f.propagate, "propagate", false, "add fewest with propagation (beyond Igarashi et al. (2005)), and compare it with clingo")
	fs.StringVar(&f.svg, "svg", "", "draw the median nodes per strategy to this SVG file")
	addJSONFlag(fs, &f.asJSON)
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
	var diffs []int
	for _, s := range strings.Split(f.difficulties, ",") {
		d, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || d < 1 || d > 3 {
			return usagef("--difficulty %q: want a list of 1, 2, 3", f.difficulties)
		}
		diffs = append(diffs, d)
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
	prog := newProgress(e)
	groups, err := logicgrid.Experiment(e.ctx, logicgrid.ExperimentOptions{Sizes: sizes, Difficulties: diffs, Count: f.count,
		Seed: f.seed, MaxNodes: f.maxNodes, Propagate: f.propagate, Clingo: clingo,
		Progress: func(size string, d, i int) { prog.Printf("%s d%d: puzzle %d/%d", size, d, i+1, f.count) }})
	if e.ctx.Err() != nil {
		prog.Done()
		return errInterrupted
	}
	if err != nil {
		return err
	}
	for _, g := range groups {
		if g.Clingo != nil {
			for _, d := range g.Clingo.Disagree {
				fmt.Fprintln(e.stderr, d)
			}
		}
	}
	prog.Done()
	if f.svg != "" {
		if err := logicExperimentChart(f, groups); err != nil {
			return err
		}
	}
	if f.asJSON {
		return writeJSON(e.stdout, map[string]any{"count": f.count, "seed": f.seed, "max_nodes": f.maxNodes, "groups": groups})
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "size\td\tclues\tfewest nodes\tfewest gen.\tsorted\tfixed\tfewest ms\tsorted ms\tfixed ms\tfewest gen. wins\tfastest\t"
	if f.propagate {
		head += "propagate nodes\tpropagate ms\t"
	}
	fmt.Fprintln(tw, head)
	for _, g := range groups {
		s := g.Strategies
		stop := func(st logicgrid.StrategyStats) string {
			if st.Stopped > 0 {
				return fmt.Sprintf(" (%d>)", st.Stopped)
			}
			return ""
		}
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%s%s\t%s\t%s%s\t%s%s\t%.3f\t%.3f\t%.3f\t%s\t%s\t", g.Size, g.Difficulty, g.MeanClues,
			num(s[0].MedianNodes), stop(s[0]), num(s[0].MedianGenerated), num(s[1].MedianNodes), stop(s[1]), num(s[2].MedianNodes), stop(s[2]),
			s[0].MedianMs, s[1].MedianMs, s[2].MedianMs, g.WinGenerated, g.WinTime)
		if len(s) > 3 {
			fmt.Fprintf(tw, "%s%s\t%.3f\t", num(s[3].MedianNodes), stop(s[3]), s[3].MedianMs)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	if clingo != "" {
		fmt.Fprintln(e.stdout)
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "size\td\tagree\t%s median ms\tmax ms\tclingo median ms (wall)\tclingo max ms (wall)\tclingo median ms (own)\t\n", groups[0].Clingo.Ours)
		for _, g := range groups {
			c := g.Clingo
			fmt.Fprintf(tw, "%s\t%d\t%d/%d\t%.3f\t%.3f\t%.1f\t%.1f\t%.1f\t\n", g.Size, g.Difficulty, c.Agree, g.Puzzles, c.MedianOursMs, c.MaxOursMs, c.MedianWallMs, c.MaxWallMs, c.MedianOwnMs)
		}
		tw.Flush()
	}
	fmt.Fprintf(e.stdout, "medians over %d puzzles per row, seeds %d..%d; fewest gen. counts the nodes generated to measure branching factors; (k>) k searches stopped at %d nodes\n",
		f.count, f.seed, f.seed+int64(f.count)-1, f.maxNodes)
	return nil
}

func logicExperimentChart(f logicExpFlags, groups []logicgrid.ExperimentGroup) error {
	ch := render.Chart{Title: "Igarashi et al. (2005), Table 2 on generated puzzles: median nodes per strategy",
		Subtitle: fmt.Sprintf("groups (size, difficulty) in order: %d puzzles each", f.count),
		XLabel:   "group", YLabel: "median nodes (log)", LogY: true}
	names := []string{"fewest (tree)", "fewest (generated)", "sorted", "fixed"}
	var labels []string
	for k := range names {
		s := render.Series{Name: names[k]}
		for i, g := range groups {
			var v float64
			switch k {
			case 0:
				v = g.Strategies[0].MedianNodes
			case 1:
				v = g.Strategies[0].MedianGenerated
			default:
				v = g.Strategies[k-1].MedianNodes
			}
			s.X, s.Y = append(s.X, float64(i+1)), append(s.Y, v)
			if k == 0 {
				labels = append(labels, fmt.Sprintf("%d=%s d%d", i+1, g.Size, g.Difficulty))
			}
		}
		ch.Series = append(ch.Series, s)
	}
	ch.Subtitle += "; " + strings.Join(labels, ", ")
	return createFile(f.svg, func(w io.Writer) error { return ch.WriteSVG(w, 1300, 520) })
}
