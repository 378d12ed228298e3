// Package longtest says which size of cross-check a test runs. The
// default `go test ./...` runs smaller cross-checks that are still exact
// (within 3 minutes on two cores); built with `-tags long` the tests run
// their exhaustive versions as well (CI does: .ci/run), and with -short
// the smallest ones (the race detector's run).
package longtest

import "testing"

// Enabled reports whether the tests were built with -tags long.
func Enabled() bool { return enabled }

// Short reports whether a test runs its smaller cross-checks: with -short,
// or without -tags long. It replaces testing.Short in the tests whose
// long versions take more than a few seconds of CPU.
func Short() bool { return testing.Short() || !enabled }
