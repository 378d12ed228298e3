package main

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/search"
	"github.com/spf13/pflag"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/puzzles/polyform/disassembly"
	"github.com/branchwise/branchwise/xcover"
)

// burrFlags are pack's flags for BurrTools' disassembly.
type burrFlags struct {
	disassemble bool
	minLevel    int
	maxNodes    int
}

func addBurrFlags(fs *pflag.FlagSet, f *burrFlags) {
	fs.BoolVar(&f.disassemble, "disassemble", false, "a .xmpuzzle file: count assemblies and solutions (those that come apart), with their levels, as BurrTools does")
	fs.IntVar(&f.minLevel, "min-level", 0, "with --disassemble: print the solutions whose first level is at least this, with their moves")
	fs.IntVar(&f.maxNodes, "max-positions", 0, "with --disassemble: at most this many positions per breadth-first search (0: no limit)")
}

// runDisassemble counts the assemblies of a BurrTools problem and takes
// each apart.
func runDisassemble(e *env, ctx context.Context, file string, f packFlags, pk *polyform.Packing, s xcover.Strategy) error {
	if !polyform.IsBurrFile(file) {
		return usagef("--disassemble is for BurrTools puzzle files")
	}
	pz, err := polyform.OpenBurr(file)
	if err != nil {
		return err
	}
	o := disassembly.Options{Strategy: s, Limits: search.Limits{MaxNodes: int64(f.burr.maxNodes)}}
	o.Groups, o.Weights = disassembly.BurrOptions(pz, f.problem-1)
	k := 0
	c := disassembly.Solve(ctx, pk, o, func(kinds []int, pieces [][]polyform.Cell, sep *disassembly.Separation) bool {
		if k++; sep == nil || f.burr.minLevel <= 0 || sep.Level() < f.burr.minLevel {
			return true
		}
		fmt.Fprintf(e.stdout, "assembly %d: level %s, %d moves\n", k, sep.LevelText(), sep.TotalMoves())
		disassembly.WriteMoves(e.stdout, sep, func(p int) string { return pk.Pieces[kinds[p]].Name })
		return true
	})
	if c.Err != nil {
		fmt.Fprintf(e.stdout, "stopped (%v): the counts so far\n", c.Err)
	}
	fmt.Fprintf(e.stdout, "%d assemblies and %d solutions\n", c.Assemblies, c.Solutions)
	if c.Solutions > 0 {
		fmt.Fprintf(e.stdout, "levels: %s\n", c.LevelSummary())
	}
	return c.Err
}
