//go:build long

package longtest

// enabled: built with -tags long.
const enabled = true
