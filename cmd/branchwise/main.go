// Command branchwise searches combinatorial puzzles: sliding-tile puzzles,
// packing puzzles, logic grids, Gaps solitaire; it measures branching factors
// and estimates the size of searches too large to finish.
//
// Usage:
//
//	branchwise COMMAND [flags] [arguments]
//
// Run "branchwise help" for the list of commands and "branchwise help COMMAND"
// for one command's manual.
//
// Conventions shared by every command:
//
//	--json            print one JSON object (snake_case keys) instead of tables
//	--seed S          seed of every random choice; equal seeds give equal output
//	-j, --workers N   worker goroutines (default: the number of CPUs)
//	--max-nodes N     stop after N generated nodes
//	--max-time D      stop after duration D (e.g. 90s, 10m)
//	--max-mem M       stop when the search holds about M bytes (e.g. 4GB, 512MiB)
//
// Progress is written to standard error only when it is a terminal. Ctrl-C
// stops a search: the statistics gathered so far are printed and the exit
// status is 130. Exit status 1 means bad input or a failed run, 2 a usage
// error.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
