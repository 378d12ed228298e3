//go:build race

package tiles

// raceEnabled is set under the race detector, which slows the generic
// pattern build some twenty times: the block build's comparisons on the
// larger patterns are left to the plain run, and the race run keeps the
// parallel paths on the small ones.
const raceEnabled = true
