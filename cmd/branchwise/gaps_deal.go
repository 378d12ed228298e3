package main

import (
	"fmt"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/spf13/cobra"
)

func newGapsDealCmd(e *env) *cobra.Command {
	var seed int64
	var cols int
	var format string
	c := &cobra.Command{
		Use:   "deal --seed S --columns K [--format text|solvitaire]",
		Short: "Print the deal of a seed (the deal file format)",
		Long: `Print the k-column deal of seed S in the deal file format, holes named by
the removed rank-k cards; a stable generator (docs/gaps.md). --format
solvitaire prints it for Solvitaire's Gaps, every rank shifted up by one.`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			d, _, err := gapsDealArgs(c, nil, seed, cols)
			if err != nil {
				return err
			}
			switch format {
			case "text":
			case "solvitaire":
				fmt.Fprintln(e.stdout, d.Solvitaire())
				return nil
			default:
				return usagef("--format %q: want text or solvitaire", format)
			}
			fmt.Fprint(e.stdout, d.NamedHoles())
			return nil
		},
	}
	cliflag.AddSeed(c.Flags(), &seed)
	c.Flags().IntVar(&cols, "columns", 6, "columns k (4..13)")
	c.Flags().StringVar(&format, "format", "text", "text or solvitaire (JSON for Solvitaire's Gaps)")
	return c
}
