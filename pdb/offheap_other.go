//go:build !linux

package pdb

// offHeapWords returns nil: without mmap the tables stay on the Go heap.
func offHeapWords(*Table, int) ([]uint64, func()) { return nil, nil }
