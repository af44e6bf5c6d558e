//go:build unix

package outfile

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// TestWriteFIFO: an output that is a FIFO is written when a process reads
// it, and is an error when none does within fifoWait (it blocked for
// ever, as a shell's > does); two outputs may name it, as /dev/null.
func TestWriteFIFO(t *testing.T) {
	defer func(w time.Duration) { fifoWait = w }(fifoWait)
	fifoWait = 200 * time.Millisecond
	dir := testenv.TempDir(t)
	fifo := filepath.Join(dir, "out.vso")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))

	done := make(chan error, 1)
	go func() { done <- Write([]File{{Path: fifo, Data: []byte("nobody reads")}}, false) }()
	select {
	case err := <-done:
		require.Error(t, err)
		assert.Equal(t, fifo+": error: cannot write: a FIFO that no process reads (shpack waited 200ms for one)", err.Error())
	case <-time.After(10 * time.Second):
		t.Fatal("Write waited for a reader of the FIFO")
	}

	// A reader (the FIFO's buffer holds what is written until it reads).
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	require.NoError(t, err)
	defer r.Close()
	assert.Empty(t, Clash([]File{{Path: fifo}, {Path: fifo}}, nil, nil), "a FIFO is no file two outputs clobber")
	require.NoError(t, Write([]File{{Path: fifo, Data: []byte("read")}}, false))
	b, err := io.ReadAll(r) // to the end: no writer holds the FIFO any more
	require.NoError(t, err)
	assert.Equal(t, "read", string(b))
}
