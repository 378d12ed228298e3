// Package logicgrid is logic-grid ("zebra") puzzles and the solver of seed
// 000 (Igarashi, Tajima, Inui, Kotani 2005): at every node, apply the clue
// with the fewest ways to be applied to the current grid — the smallest
// branching factor — compared with a fixed order of the clues and with an
// order sorted once at the start.
//
// A puzzle has entities (the values of its first category, the key) and
// categories of as many values each; a solution gives every entity one
// value of every category, each value to one entity. Clues are written in
// a small language (docs/logicgrid.md has its EBNF):
//
//	Tom = 12                      Tom != 13               Mary.age < 13
//	reading.age = max             Tom in sports           Tom in {baseball, soccer}
//	green.house = ivory.house + 1     |Norwegian.house - blue.house| = 1
//	Englishman = red or Spaniard = dog     not (Tom = 12 and Mary = reading)
//
// A value stands for the entity that has it; "X.cat" is that entity's
// value of a numeric category. The ways of a clue are the disjoint partial
// fillings of the grid that make it true (ways.go); the solver branches on
// them (solve.go), counts nodes as the paper does, and finds all
// solutions. ReadQuint imports the clue format of the quint-t puzzle
// generator; Compile builds the equivalent exact cover problem with
// colours for package xcover; Generate makes random puzzles with one
// solution and no redundant clue.
//
// The files are grouped by concern, each using only the names of its own
// and the earlier ones (layers_test.go checks it with go/types):
//
//   - parse: puzzle.go (the model), clue.go, lex.go, parse.go, formula.go
//     (the clue parser and its limits), quint.go (quint-t's format);
//   - solve: ways.go (a clue's ways, the grid), guard.go (limits of an
//     enumeration), propagate.go, solve.go, xcover.go (exact cover),
//     explain.go (--explain);
//   - generate: generate.go, options.go (sizes), generateset.go;
//   - experiment: corpus.go (corpus checks), experiment.go (the paper's
//     Table 2), clingo.go (the ASP bridge);
//   - report: report.go, what the logic commands print: SolveReport, the
//     clues' BranchingReport, CheckCorpora over several strategies and
//     RunExperiment, each result with its WriteTable.
package logicgrid
