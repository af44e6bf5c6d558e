package outfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// holdOpen opens path as a program that shares nothing does (an editor
// that locks its file, a build step that writes it).
func holdOpen(t *testing.T, path string) (release func()) {
	t.Helper()
	p, err := syscall.UTF16PtrFromString(path)
	require.NoError(t, err)
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ, 0, nil, syscall.OPEN_EXISTING, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	require.NoError(t, err)
	return func() { syscall.CloseHandle(h) }
}

// On Windows a file another program holds open cannot be replaced: the
// run fails naming it and saying so, and every output stays as it was.
func TestWriteHeldOpen(t *testing.T) {
	dir := testenv.TempDir(t)
	a, b := filepath.Join(dir, "a.fx"), filepath.Join(dir, "b.fx")
	require.NoError(t, os.WriteFile(a, []byte("old a"), 0o644))
	require.NoError(t, os.WriteFile(b, []byte("old b"), 0o644))
	release := holdOpen(t, b)
	err := Write([]File{{a, []byte("new a")}, {b, []byte("new b")}}, false)
	release()
	require.Error(t, err)
	assert.Contains(t, err.Error(), b+": error: cannot write: ")
	assert.Contains(t, err.Error(), "open in another program")
	for path, want := range map[string]string{a: "old a", b: "old b"} {
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, want, string(got))
	}
}

func TestWriteReadOnly(t *testing.T) {
	dir := testenv.TempDir(t)
	a := filepath.Join(dir, "a.fx")
	require.NoError(t, os.WriteFile(a, []byte("old"), 0o444))
	err := Write([]File{{a, []byte("new")}}, false)
	require.Error(t, err)
	assert.Equal(t, a+": error: cannot write: it is read-only", err.Error())
	got, err := os.ReadFile(a)
	require.NoError(t, err)
	assert.Equal(t, "old", string(got))
}
