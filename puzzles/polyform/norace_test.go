//go:build !race

package polyform

// raceEnabled: see race_test.go.
const raceEnabled = false
