package main

import (
	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/spf13/cobra"
)

func init() { register(newBFCmd) }

// bfFlags are the output settings of the bf commands.
type bfFlags struct {
	depth  int
	asJSON bool
	svg    string
}

func (f *bfFlags) add(c *cobra.Command) {
	c.Flags().IntVar(&f.depth, "depth", 20, "print exact node counts to this depth")
	cliflag.AddJSON(c.Flags(), &f.asJSON)
	c.Flags().StringVar(&f.svg, "svg", "", "write a chart of the branching factor per depth to this SVG file")
}

func newBFCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "bf",
		Short: "Exact node counts and asymptotic branching factors of regular search trees",
		Long: `Exact node counts per depth of a puzzle's depth-first search tree, the
branching factor per depth and its limit (both values when it alternates),
the type matrix's dominant eigenvalue and characteristic polynomial, after
Edelkamp and Korf (1998). docs/branching.md.`,
	}
	c.AddCommand(newBFTilesCmd(e), newBFRubikCmd(e), newBFMatrixCmd(e))
	return c
}

func reportBF(e *env, f *bfFlags, what string, g *branching.Graph) error {
	if f.depth < 0 || f.depth > 100000 {
		return usagef("--depth must be between 0 and 100000")
	}
	rep := branching.NewReport(what, g, f.depth)
	if f.svg != "" {
		if err := cliflag.CreateFile(f.svg, rep.WriteSVG); err != nil {
			return err
		}
	}
	return output(e, f.asJSON, &rep)
}
