package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/branchwise/branchwise/xcover"
	"github.com/spf13/cobra"
)

type logicImportFlags struct {
	out, strategy string
	check, asJSON bool
	bySize, xc    bool
	propagate     bool
	lim           limits
}

func newLogicImportCmd(e *env) *cobra.Command {
	var f logicImportFlags
	c := &cobra.Command{
		Use:   "import FILE|DIR...",
		Short: "Import quint-t puzzles; with --check solve them all against their answers",
		Long: `Read puzzles in the clue format of the quint-t generator (files of puzzles
framed by lines of '=', "Attribute:value" operands, positions 1..O from the
left) and rewrite them in the logic-grid format, the position being the key.
A DIR is read for its *.txt files, recursively.

Without flags the puzzles are printed, each preceded by a comment naming its
file and line. --out DIR writes one file per puzzle instead. --check solves
every puzzle with --strategy (fewest, sorted, fixed, or all three), checks
that the solution is the published answer and unique, and prints the node
counts: median, mean, worst, and the worst puzzles by name.`,
		Example: `  branchwise logic import ../shared/data/logicgrid/quint-t/puzzles/23_5x5.txt --out /tmp/q
  branchwise logic import ../shared/data/logicgrid/quint-t --check --strategy all --max-nodes 5000000`,
		Args: argsUsage(cobra.MinimumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error { return runLogicImport(e, args, f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.out, "out", "", "write one puzzle file per puzzle into this directory")
	fs.BoolVar(&f.check, "check", false, "solve every puzzle and compare with its published answer")
	fs.StringVar(&f.strategy, "strategy", "fewest", "with --check: fewest, sorted, fixed or all")
	fs.BoolVar(&f.bySize, "by-size", false, "with --check: node counts per size too")
	fs.BoolVar(&f.xc, "xcover", false, "with --check: solve by exact cover with colours instead")
	fs.BoolVar(&f.propagate, "propagate", false, "with --check: narrow the grid at every node (beyond Igarashi et al. (2005))")
	addJSONFlag(fs, &f.asJSON)
	addLimitFlags(fs, &f.lim)
	return c
}

func runLogicImport(e *env, args []string, f logicImportFlags) error {
	var strats []xcover.Strategy
	if f.strategy == "all" {
		strats = []xcover.Strategy{xcover.Fewest, xcover.Sorted, xcover.Fixed}
	} else {
		s, err := xcover.ParseStrategy(f.strategy)
		if err != nil {
			return usageError{err}
		}
		strats = []xcover.Strategy{s}
	}
	qs, err := logicgrid.ReadQuintFiles(args)
	if err != nil {
		return err
	}
	if len(qs) == 0 {
		return fmt.Errorf("%s: no quint-t puzzles found", strings.Join(args, " "))
	}
	if !f.check {
		if f.out != "" {
			if err := os.MkdirAll(f.out, 0o755); err != nil {
				return err
			}
		}
		for _, q := range qs {
			text := q.Puzzle.String()
			if f.out == "" {
				fmt.Fprintf(e.stdout, "# %s (level %d)\n%s\n", q.Name, q.Level, text)
				continue
			}
			name := strings.NewReplacer("/", "_", "#", "_").Replace(q.Name)
			if err := os.WriteFile(filepath.Join(f.out, name), []byte(text), 0o644); err != nil {
				return err
			}
		}
		if f.out != "" {
			fmt.Fprintf(e.stdout, "%d puzzles written to %s\n", len(qs), f.out)
		}
		return nil
	}
	ctx, cancel := f.lim.context(e.ctx)
	defer cancel()
	prog := newProgress(e)
	var all []logicgrid.CorpusStats
	for _, s := range strats {
		st, err := logicgrid.CheckCorpus(ctx, qs, logicgrid.CheckOptions{Strategy: s, XCover: f.xc, Propagate: f.propagate,
			MaxNodes: f.lim.MaxNodes, BySize: f.bySize, Progress: func(i int, q logicgrid.QuintPuzzle) {
				prog.Printf("%s: %d/%d %s", s, i+1, len(qs), q.Name)
			}})
		if err != nil {
			return err
		}
		all = append(all, st)
	}
	prog.Done()
	if f.asJSON {
		if err := writeJSON(e.stdout, map[string]any{"puzzles": len(qs), "strategies": all}); err != nil {
			return err
		}
	} else {
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "strategy\tpuzzles\tcorrect+unique\tstopped\tmedian nodes\tmean nodes\tworst\tseconds")
		for _, st := range all {
			worst := "-"
			if len(st.Worst) > 0 {
				w := st.Worst[0]
				worst = fmt.Sprintf("%d (%s, %s level %d)", w.Nodes, w.Name, w.Size, w.Level)
			}
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%.0f\t%s\t%.2f\n", st.Strategy, st.Puzzles, st.Correct, st.Stopped, num(st.Median), st.Mean, worst, st.Seconds)
		}
		tw.Flush()
		for _, st := range all {
			if st.Unchecked > 0 {
				fmt.Fprintf(e.stdout, "%s: %d puzzles have no published answer: unique, but not checked\n", st.Strategy, st.Unchecked)
			}
		}
		if f.bySize {
			tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "\nsize\tpuzzles\tstrategy\tmedian\tworst\tstopped")
			for k := range all[0].BySize {
				for _, st := range all {
					b := st.BySize[k]
					fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%d\t%d\n", b.Size, b.Puzzles, st.Strategy, num(b.Median), b.Worst, b.Over)
				}
			}
			tw.Flush()
		}
		for _, st := range all {
			var ws []string
			for _, w := range st.Worst {
				ws = append(ws, fmt.Sprintf("%s %d", w.Name, w.Nodes))
			}
			fmt.Fprintf(e.stdout, "%s worst: %s\n", st.Strategy, strings.Join(ws, ", "))
			for _, fl := range st.Failures {
				fmt.Fprintf(e.stdout, "%s FAILED %s\n", st.Strategy, fl)
			}
		}
	}
	if e.ctx.Err() != nil {
		return errInterrupted
	}
	for _, st := range all {
		if len(st.Failures) > 0 {
			return fmt.Errorf("%d puzzles failed with the %s strategy", len(st.Failures), st.Strategy)
		}
	}
	return nil
}
