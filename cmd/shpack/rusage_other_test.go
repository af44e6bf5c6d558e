//go:build !unix

package main

import (
	"os"
	"testing"
)

// peakRSS skips: the peak resident size comes from getrusage, which
// Windows does not have (its process's peak working set would need a
// handle the process no longer has once os/exec has waited for it).
func peakRSS(tb testing.TB, ps *os.ProcessState) int64 {
	tb.Skip("peak memory is measured with getrusage, which this system does not have")
	return 0
}
