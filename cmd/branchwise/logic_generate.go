package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/spf13/cobra"
)

type logicGenFlags struct {
	size, out         string
	seed              int64
	difficulty, count int
	maxClues          int
	solution, asJSON  bool
	maxNodes          int64
}

func newLogicGenerateCmd(e *env) *cobra.Command {
	var f logicGenFlags
	c := &cobra.Command{
		Use:   "generate --size NxM",
		Short: "Random logic-grid puzzles with one solution and no redundant clue",
		Long: `Generate random puzzles of N entities (positions 1..N) and M categories with
one solution and no redundant clue. --difficulty picks the clue types: 1
simple, 2 adds the weaker ones, 3 weak clues only (docs/logicgrid.md).
--max-clues retries until the puzzle needs no more; puzzle i of --count
uses seed S+i.`,
		Example: `  branchwise logic generate --size 8x6 --count 20 --out /tmp/gen`,
		Args:    argsUsage(cobra.NoArgs),
		RunE:    func(c *cobra.Command, args []string) error { return runLogicGenerate(e, f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.size, "size", "5x5", "NxM: N entities x M categories besides the position")
	cliflag.AddSeed(fs, &f.seed)
	fs.IntVar(&f.difficulty, "difficulty", 2, "clue types: 1, 2 or 3 (weak clues only)")
	fs.IntVar(&f.count, "count", 1, "number of puzzles")
	fs.IntVar(&f.maxClues, "max-clues", 0, "retry until the puzzle needs at most this many clues (0: any)")
	fs.Int64Var(&f.maxNodes, "max-nodes", 1_000_000, "bound of each uniqueness check during generation")
	fs.StringVar(&f.out, "out", "", "write puzzle files gen-NxM-dD-sS.txt into this directory")
	fs.BoolVar(&f.solution, "solution", false, "print the hidden solution after each puzzle, as comments")
	cliflag.AddJSON(fs, &f.asJSON)
	return c
}

func runLogicGenerate(e *env, f logicGenFlags) error {
	n, m, err := parseLogicSize(f.size)
	if err != nil {
		return err
	}
	if f.difficulty < 1 || f.difficulty > 3 {
		return usagef("--difficulty %d: want 1, 2 or 3", f.difficulty)
	}
	if f.count < 1 {
		return usagef("--count must be at least 1")
	}
	if f.out != "" {
		if err := os.MkdirAll(f.out, 0o755); err != nil {
			return err
		}
	}
	var js []logicgrid.Generated
	err = logicgrid.GenerateSet(e.ctx, logicgrid.GenSetOptions{N: n, M: m, Count: f.count, Seed: f.seed, Solution: f.solution,
		GenOptions: logicgrid.GenOptions{Difficulty: f.difficulty, MaxClues: f.maxClues, MaxNodes: f.maxNodes}},
		func(g logicgrid.Generated) error {
			switch {
			case f.asJSON:
				js = append(js, g)
			case f.out != "":
				return os.WriteFile(filepath.Join(f.out, g.Name), []byte(g.File), 0o644)
			default:
				if g.Seed > f.seed {
					fmt.Fprintln(e.stdout)
				}
				fmt.Fprint(e.stdout, g.File)
			}
			return nil
		})
	if err != nil && e.ctx.Err() != nil {
		return errInterrupted
	}
	if err != nil {
		return err
	}
	if f.asJSON {
		return cliflag.WriteJSON(e.stdout, map[string]any{"size": f.size, "difficulty": f.difficulty, "puzzles": js})
	}
	if f.out != "" {
		fmt.Fprintf(e.stdout, "%d puzzles written to %s\n", f.count, f.out)
	}
	return nil
}
