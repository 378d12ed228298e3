package pdb

import (
	"syscall"
	"unsafe"
)

// AdviseHuge asks the kernel to back m with huge pages where transparent
// huge pages are on request (madvise): a builder reads and writes its
// bitmaps of hundreds of MB at random, and with 4 KB pages nearly every
// access would also miss the TLB. It is only advice; errors are ignored.
func AdviseHuge(m []uint64) {
	const page = 4096
	if len(m)*8 < 4*hugePage {
		return
	}
	start := uintptr(unsafe.Pointer(&m[0]))
	lo := (start + page - 1) &^ (page - 1)
	hi := (start + uintptr(len(m)*8)) &^ (page - 1)
	b := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(&m[0]), lo-start)), hi-lo)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
