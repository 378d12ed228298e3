package main

import (
	"os"

	"github.com/branchwise/branchwise/branching"
	"github.com/spf13/cobra"
)

func newBFMatrixCmd(e *env) *cobra.Command {
	var f bfFlags
	c := &cobra.Command{
		Use:   "matrix FILE",
		Short: "Branching factors of a node-type matrix given in a file",
		Long: `Branching factors of a node-type graph written as a matrix: one line per
type, "NAME: n n ... n", entry j the children of type j of a node of type
NAME; "start: NAME" names the root's type (default: the first); '#' starts
a comment. Example and format: docs/branching.md.`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			r, err := os.Open(args[0])
			if err != nil {
				return err
			}
			defer r.Close()
			g, err := branching.ReadMatrix(r, args[0])
			if err != nil {
				return err
			}
			return reportBF(e, &f, args[0], g)
		},
	}
	f.add(c)
	return c
}
