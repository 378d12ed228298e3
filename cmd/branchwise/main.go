// Command branchwise searches combinatorial puzzles: sliding-tile puzzles,
// packing puzzles, logic grids, Gaps solitaire; it measures branching factors
// and estimates the size of searches too large to finish.
//
// Run "branchwise help" for the commands and their shared flags (--json,
// --seed, -j, --max-nodes, --max-time, --max-mem, --progress). Progress goes
// to standard error when it is a terminal, or with --progress always as a
// line every 30 s to a log; Ctrl-C stops a search with its partial results
// (exit status 130). Exit status 1 means bad input or a failed run, 2 a
// usage error (a mistyped command or flag). "-" names standard input
// wherever a file is read.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
