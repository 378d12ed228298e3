// Package cliflag holds what the branchwise command's subcommands share
// besides their own flags: flag values and parsers for memory sizes ("4GB",
// "512MiB"), counts ("2e7", "20_000_000"), instance selections ("1,3,5-9"), board sizes ("4x4"), ranges
// ("4..8"), relative widths ("10%") and lists of numbers ("0,3,1"); the
// policy every numeric flag obeys (Check); the shared flag groups (the
// search limits, --json, --seed, -j); the output conventions (one JSON
// object, files written whole, a status line on a terminal only); and the
// command tree's usage policy (IsUsage, RejectUnknown, CheckCommand). It
// knows flags, commands and terminals, never puzzles or searches: those are
// the library's.
package cliflag
