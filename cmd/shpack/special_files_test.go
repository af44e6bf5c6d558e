//go:build unix

// FIFOs, devices and sockets as inputs and outputs: POSIX files Windows
// has no counterpart of in a folder.

package main

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

const specialInput = "struct VS_OUTPUT { float4 Pos : POSITION; float2 UV : TEXCOORD0; };\n"

// TestOutputsThatAreNotFiles: -o onto a FIFO writes into it (a reader gets
// the output, the FIFO stays), onto a device node writes into the device
// and keeps the node, through a dangling link creates the file the link
// names and keeps the link.
func TestOutputsThatAreNotFiles(t *testing.T) {
	dir := testenv.TempDir(t)
	in := filepath.Join(dir, "in.hlsl")
	require.NoError(t, os.WriteFile(in, []byte(specialInput), 0o644))
	_, want, _ := shpackRun(in)
	require.NotEmpty(t, want)

	t.Run("fifo", func(t *testing.T) {
		fifo := filepath.Join(dir, "out.fifo")
		require.NoError(t, syscall.Mkfifo(fifo, 0o644))
		got := make(chan string, 1)
		go func() {
			f, err := os.Open(fifo)
			if err != nil {
				got <- err.Error()
				return
			}
			b, _ := io.ReadAll(f)
			f.Close()
			got <- string(b)
		}()
		code, _, stderr := shpackRun("-o", fifo, in)
		require.Equal(t, exitOK, code, stderr)
		select {
		case s := <-got:
			assert.Equal(t, want, s)
		case <-time.After(10 * time.Second):
			t.Fatal("the reader got nothing")
		}
		st, err := os.Lstat(fifo)
		require.NoError(t, err)
		assert.NotZero(t, st.Mode()&os.ModeNamedPipe, "still a FIFO")
	})

	t.Run("device node", func(t *testing.T) {
		null := filepath.Join(dir, "null")
		// A copy of /dev/null (character device 1, 3): only root may make one.
		if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
			t.Skipf("cannot make a device node here: %v", err)
		}
		code, _, stderr := shpackRun("-o", null, in)
		require.Equal(t, exitOK, code, stderr)
		st, err := os.Lstat(null)
		require.NoError(t, err)
		assert.NotZero(t, st.Mode()&os.ModeCharDevice, "still a device, not replaced by a file")
	})

	t.Run("dangling link", func(t *testing.T) {
		link := filepath.Join(dir, "link.vsh")
		require.NoError(t, os.Symlink("made.vsh", link))
		code, _, stderr := shpackRun("-o", link, in)
		require.Equal(t, exitOK, code, stderr)
		got, err := os.ReadFile(filepath.Join(dir, "made.vsh"))
		require.NoError(t, err)
		assert.Equal(t, want, string(got))
		st, err := os.Lstat(link)
		require.NoError(t, err)
		assert.NotZero(t, st.Mode()&os.ModeSymlink, "the link is kept")
	})

	t.Run("link loop", func(t *testing.T) {
		a, b := filepath.Join(dir, "a.vsh"), filepath.Join(dir, "b.vsh")
		require.NoError(t, os.Symlink("b.vsh", a))
		require.NoError(t, os.Symlink("a.vsh", b))
		code, _, stderr := shpackRun("-o", a, in)
		assert.Equal(t, exitInput, code)
		assert.Contains(t, stderr, "a.vsh: error: cannot write: too many levels of symbolic links")
	})
}

// TestInputsThatAreNotFiles: compare skips a FIFO in a directory (naming
// it with -v) instead of blocking on it; a socket named on the command
// line is a clear error.
func TestInputsThatAreNotFiles(t *testing.T) {
	dir := testenv.TempDir(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.hlsl"), []byte(specialInput), 0o644))
	fifo := filepath.Join(dir, "stuck.hlsl")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	done := make(chan struct{})
	var code int
	var stdout, stderr string
	go func() {
		code, stdout, stderr = shpackRun("compare", "-v", dir)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		// Unblock the stuck reader so the test process can end.
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		t.Fatal("compare blocked on a FIFO")
	}
	assert.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stdout, "VS_OUTPUT")
	assert.Contains(t, stderr, "stuck.hlsl: note: skipped: not a regular file")

	sock := filepath.Join(dir, "s.hlsl")
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	require.NoError(t, err)
	defer syscall.Close(fd)
	require.NoError(t, syscall.Bind(fd, &syscall.SockaddrUnix{Name: sock}))
	code, _, stderr = shpackRun(sock)
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, "s.hlsl: error: cannot read: not a regular file")
	code, _, stderr = shpackRun("compare", sock)
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, "s.hlsl: error: cannot read: not a regular file")
}
