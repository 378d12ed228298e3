//go:build race

package polyform

// raceEnabled is set under the race detector, which slows the kernel's
// loops some twenty times: the long exact counts, checked in the plain
// run, are left to it, and the race run keeps the parallel paths.
const raceEnabled = true
