//go:build !linux

package pdb

// AdviseHuge does nothing where there is no madvise.
func AdviseHuge([]uint64) {}
