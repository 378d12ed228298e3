package main

import "github.com/branchwise/branchwise/search"

// statusWord is the word printed for a search that ended with st: its name,
// or "stopped" for any early end (the reason follows, from stoppedBy).
func statusWord(st search.Status) string {
	if st.Early() {
		return "stopped"
	}
	return st.String()
}

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
