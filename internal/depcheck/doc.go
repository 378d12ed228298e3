// Package depcheck holds no code, only tests of the module's house rules:
// the dependencies point one way (no library package imports cmd/, and
// the engines and analysis packages import no puzzles/... package: `go
// list -deps` on the module), the import table of docs/architecture.md is
// the code's, and the error messages of the library packages start with
// their package's name (parsed from the sources; see TestErrorPrefixes).
package depcheck
