//go:build unix

package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// fifoWait is how long an output that is a FIFO waits for a process to
// open it for reading (a reader started after shpack: "shpack -o p &
// cat p"); then the write is an error. A shell's > waits for ever.
var fifoWait = 10 * time.Second

// openInPlace opens an output that is not a regular file for writing. A
// FIFO is opened without blocking, again until a process reads it or
// fifoWait has passed; what is written then waits for the reader as any
// write to a pipe does.
func openInPlace(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil || st.Mode()&fs.ModeNamedPipe == 0 {
		return os.OpenFile(path, os.O_WRONLY, 0)
	}
	deadline := time.Now().Add(fifoWait)
	for pause := time.Millisecond; ; pause = min(2*pause, 100*time.Millisecond) {
		f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if !errors.Is(err, syscall.ENXIO) {
			return f, err
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("a FIFO that no process reads (shpack waited %v for one)", fifoWait)
		}
		time.Sleep(pause)
	}
}
