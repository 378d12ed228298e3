package main

import (
	"fmt"
	"strings"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/branchwise/branchwise/xcover"
	"github.com/spf13/cobra"
)

type logicImportFlags struct {
	out, strategy string
	check, asJSON bool
	bySize, xc    bool
	propagate     bool
	lim           cliflag.Limits
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
		Args:    argsUsage(cobra.MinimumNArgs(1)),
		RunE:    func(c *cobra.Command, args []string) error { return runLogicImport(e, args, f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.out, "out", "", "write one puzzle file per puzzle into this directory")
	fs.BoolVar(&f.check, "check", false, "solve every puzzle and compare with its published answer")
	fs.StringVar(&f.strategy, "strategy", "fewest", "with --check: fewest, sorted, fixed or all")
	fs.BoolVar(&f.bySize, "by-size", false, "with --check: node counts per size too")
	fs.BoolVar(&f.xc, "xcover", false, "with --check: solve by exact cover with colours instead")
	fs.BoolVar(&f.propagate, "propagate", false, "with --check: narrow the grid at every node (beyond Igarashi et al. (2005))")
	cliflag.AddJSON(fs, &f.asJSON)
	f.lim.Add(fs)
	return c
}

func runLogicImport(e *env, args []string, f logicImportFlags) error {
	var strats []xcover.Strategy
	if f.strategy == "all" {
		strats = []xcover.Strategy{xcover.Fewest, xcover.Sorted, xcover.Fixed}
	} else {
		s, err := xcover.ParseStrategy(f.strategy)
		if err != nil {
			return err
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
		return logicgrid.WriteQuint(e.stdout, f.out, qs)
	}
	ctx, cancel := f.lim.Context(e.ctx)
	defer cancel()
	prog := cliflag.NewProgress(e.stderr)
	rep, err := logicgrid.CheckCorpora(ctx, qs, strats, logicgrid.CheckOptions{XCover: f.xc, Propagate: f.propagate,
		MaxNodes: f.lim.MaxNodes, BySize: f.bySize}, func(s xcover.Strategy, i int, q logicgrid.QuintPuzzle) {
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
