//go:build !linux

package pdb

// adviseHuge does nothing where there is no madvise.
func adviseHuge([]uint64) {}
