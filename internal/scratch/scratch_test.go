package scratch

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRemoveAll(t *testing.T) {
	dir, err := Dir("", "scratch-test-")
	require.NoError(t, err)
	for _, f := range []string{"a.fx", filepath.Join("sub", "b.fxh"), filepath.Join("sub", "deeper", "c.fxh")} {
		p := filepath.Join(dir, f)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte("x"), 0o644))
	}
	require.NoError(t, os.Chmod(filepath.Join(dir, "a.fx"), 0o444)) // read-only, as a checkout may leave it
	require.NoError(t, RemoveAll(dir))
	_, err = os.Stat(dir)
	assert.True(t, os.IsNotExist(err), "the folder is gone: %v", err)
	assert.NoError(t, RemoveAll(dir), "a folder that is gone already is no error")
	assert.NoError(t, RemoveAll(filepath.Join(dir, "never", "made")))
}
