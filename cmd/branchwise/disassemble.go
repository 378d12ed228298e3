package main

import (
	"context"

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
	return disassembly.WriteSolve(ctx, e.stdout, pz, f.problem-1, pk, o, f.burr.minLevel).Err
}
