//go:build !long

package longtest

// enabled: built without -tags long.
const enabled = false
