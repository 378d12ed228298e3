//go:build !race

package tiles

// raceEnabled: see race_test.go.
const raceEnabled = false
