// Package depcheck holds no code, only a test that the dependencies of the
// module point one way: no library package imports cmd/, and the engines
// and analysis packages (branching, search, xcover, estimate, dedup, pdb) import
// no puzzles/... package. The test runs `go list -deps` on the module.
package depcheck
