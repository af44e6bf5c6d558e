//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// exitBySignal ends shpack by sig, as the signal would have ended it
// unhandled: a shell, make or ninja sees a step killed (and stops), not
// one that failed. It returns 128+N, a shell's status for it, if shpack
// is still there.
func exitBySignal(sig os.Signal) int {
	s, ok := sig.(syscall.Signal)
	if !ok {
		return exitInput
	}
	signal.Reset(s)
	syscall.Kill(os.Getpid(), s)
	time.Sleep(time.Second) // the signal is on its way
	return 128 + int(s)
}
