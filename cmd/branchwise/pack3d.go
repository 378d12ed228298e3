package main

import (
	"fmt"

	"github.com/branchwise/branchwise/puzzles/polyform"
)

// loadBurr reads problem k (from 1) of a BurrTools .xmpuzzle file and
// says on stderr what of it branchwise leaves out.
func loadBurr(e *env, file string, k int) (*polyform.Packing, error) {
	pz, err := polyform.OpenBurr(file)
	if err != nil {
		return nil, err
	}
	if k < 1 || k > len(pz.Problems) {
		return nil, usagef("--problem %d: %s has problems 1 to %d", k, file, len(pz.Problems))
	}
	pk, err := pz.Packing(k - 1)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	fmt.Fprint(e.stderr, pz.About(file, k-1))
	return pk, nil
}
