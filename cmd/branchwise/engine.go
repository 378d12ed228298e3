package main

import "github.com/spf13/pflag"

// addEngineFlags declares --engine and --strategy of pack and estimate
// (polyform.ParseEngineStrategy reads them).
func addEngineFlags(fs *pflag.FlagSet, engine, strategy *string) {
	fs.StringVar(engine, "engine", "auto", "search engine: auto (the bitboard kernel where it applies), bitboard or xcover (dancing links)")
	fs.StringVar(strategy, "strategy", "fewest", "item choice: fewest, fixed, sorted, or first-empty (bitboard only: the first empty cell along the short side, the scarcest piece first)")
}
