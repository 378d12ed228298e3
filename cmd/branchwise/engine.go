package main

import (
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/xcover"
	"github.com/spf13/pflag"
)

// engineFlags are --engine and --strategy of pack and estimate.
type engineFlags struct{ engine, strategy string }

func addEngineFlags(fs *pflag.FlagSet, f *engineFlags) {
	fs.StringVar(&f.engine, "engine", "auto", "search engine: auto (the bitboard kernel where it applies), bitboard or xcover (dancing links)")
	fs.StringVar(&f.strategy, "strategy", "fewest", "item choice: fewest, fixed, sorted, or first-empty (bitboard only: the first empty cell along the short side, the scarcest piece first)")
}

// parse checks the flags and returns the engine and strategy.
func (f engineFlags) parse() (polyform.Engine, xcover.Strategy, bool, error) {
	eng, strat, firstEmpty, err := polyform.ParseEngineStrategy(f.engine, f.strategy)
	if err != nil {
		return 0, 0, false, err
	}
	return eng, strat, firstEmpty, nil
}
