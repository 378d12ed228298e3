package main

import (
	"os"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/render"
	"github.com/branchwise/branchwise/xcover"
	"github.com/spf13/cobra"
)

func init() { register(newDLXCmd) }

func newDLXCmd(e *env) *cobra.Command {
	var strategy string
	var asJSON bool
	var o xcover.DLXOptions
	c := &cobra.Command{
		Annotations: map[string]string{cliflag.StdinAnnotation: "reads - itself"},
		Use:         "dlx FILE",
		Short:       "Solve an exact cover problem in Knuth's DLX format",
		Long: `Solve an exact cover problem (with colours) in the text format of Knuth's
DLX programs ('-' reads standard input; "pack NAME --dlx FILE" writes one).
Without flags the first solution is printed, one option per line; --all
prints every solution, --count counts them on -j workers: the same count
as Knuth's DLX1 or DLX2 on the same file.`,
		Example: `  branchwise pack pentomino-6x10 --dlx 6x10.dlx && branchwise dlx 6x10.dlx --count`,
		Args:    cliflag.ArgsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			if o.Count && o.All {
				return usagef("--count and --all exclude each other")
			}
			var err error
			if o.Strategy, err = xcover.ParseStrategy(strategy); err != nil {
				return err
			}
			if o.Workers < 1 {
				return usagef("-j must be at least 1")
			}
			p, err := cliflag.ReadFile(args[0], os.Stdin, xcover.ReadDLX)
			if err != nil {
				return err
			}
			if o.KeepShown = asJSON; !asJSON {
				list := render.Listing{W: e.stdout, Lead: o.All}
				o.Show = func(lines []string) { list.Write(lines) }
			}
			rep := p.RunDLX(e.ctx, cliflag.InputName(args[0]), o)
			return outputDone(e, asJSON, &rep)
		},
	}
	fs := c.Flags()
	fs.BoolVar(&o.Count, "count", false, "count the solutions")
	fs.BoolVar(&o.All, "all", false, "print every solution")
	fs.BoolVar(&o.Stats, "stats", false, "print the nodes per depth")
	fs.StringVar(&strategy, "strategy", "fewest", "item choice: fewest, fixed or sorted")
	cliflag.AddJSON(fs, &asJSON)
	cliflag.AddWorkers(fs, &o.Workers)
	return c
}
