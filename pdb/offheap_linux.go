package pdb

import (
	"runtime"
	"syscall"
	"unsafe"
)

// offHeapWords returns n zeroed words mapped outside the Go heap, which
// are unmapped when owner is collected, and a function that unmaps them
// at once (for a load that fails); nil words if the mapping fails. The
// collector paces itself on the live heap: a table of hundreds of MB in
// it let the heap grow to twice the table before the next collection
// (rubik's 325 MB coset table: 457 to 729 MB of RSS).
func offHeapWords(owner *Table, n int) ([]uint64, func()) {
	b, err := syscall.Mmap(-1, 0, 8*n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS)
	if err != nil {
		return nil, nil
	}
	c := runtime.AddCleanup(owner, func(b []byte) { _ = syscall.Munmap(b) }, b)
	free := func() {
		c.Stop()
		_ = syscall.Munmap(b)
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(b))), n), free
}
