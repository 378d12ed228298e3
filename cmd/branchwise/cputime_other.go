//go:build !unix

package main

import "time"

// cpuTime cannot be read here: the callers keep their own figures.
func cpuTime() (time.Duration, bool) { return 0, false }
