package main

import "github.com/branchwise/branchwise/search"

// stoppedBy is the reason printed after a search that ended early with st:
// the error that stopped it (err, when the engine gave one), "" otherwise.
func stoppedBy(st search.Status, err error) string {
	if !st.Early() {
		return ""
	}
	if err != nil {
		return err.Error()
	}
	if err := st.Err(); err != nil {
		return err.Error()
	}
	return st.String()
}
