// Package cliflag holds the flag parsing the branchwise command shares
// between its subcommands: memory sizes ("4GB", "512MiB"), instance
// selections ("1,3,5-9"), board sizes ("4x4"), ranges ("4..8"), relative
// widths ("10%"), lists of numbers ("0,3,1"), and the policy every numeric
// flag obeys (Check). It knows flags, never puzzles or searches: those are
// the library's.
package cliflag
