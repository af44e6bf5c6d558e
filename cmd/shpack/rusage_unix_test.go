//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
	"testing"
)

// peakRSS is the peak resident size of a process that has ended, in
// bytes, from getrusage.
func peakRSS(tb testing.TB, ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		tb.Skip("no resource usage for the process")
	}
	if runtime.GOOS == "darwin" {
		return ru.Maxrss // macOS reports bytes
	}
	return ru.Maxrss * 1024 // Linux and the BSDs report KiB
}
