package main

import (
	"fmt"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/spf13/cobra"
)

func newTilesRandomCmd(e *env) *cobra.Command {
	var size string
	var seed int64
	var count, walk int
	c := &cobra.Command{
		Use:   "random [flags]",
		Short: "Print random solvable instances, reproducibly from a seed",
		Long: `Print random instances that can reach Korf's goal, one per line as "tiles
solve FILE" reads them: uniform among the solvable boards, or with --walk N
the end of a random walk of N blank moves from the goal.`,
		Example: `  branchwise tiles random --size 3x3 --count 200 --seed 1 > eight.txt`,
		Args:    argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			rows, cols, err := parseSize(size)
			if err != nil {
				return err
			}
			if count < 1 || walk < 0 {
				return usagef("--count must be at least 1 and --walk at least 0")
			}
			goal := tiles.Goal(rows, cols)
			for i := 0; i < count; i++ {
				s := uint64(seed)*1_000_003 + uint64(i)
				b := tiles.Random(goal, s)
				if walk > 0 {
					b = tiles.RandomWalk(goal, walk, s)
				}
				fmt.Fprintf(e.stdout, "%d %s\n", i+1, b)
			}
			return nil
		},
	}
	c.Flags().StringVar(&size, "size", "4x4", "board size RxC")
	c.Flags().IntVar(&count, "count", 1, "number of instances")
	c.Flags().IntVar(&walk, "walk", 0, "make each instance by a random walk of this many moves from the goal")
	cliflag.AddSeed(c.Flags(), &seed)
	return c
}
