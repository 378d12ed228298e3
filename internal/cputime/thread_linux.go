//go:build linux

package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID: the CPU time of
// the calling thread.
const clockThreadCPUTime = 3

func thread() (int, time.Duration, bool) {
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, 0, false
	}
	return syscall.Gettid(), time.Duration(ts.Nano()), true
}
