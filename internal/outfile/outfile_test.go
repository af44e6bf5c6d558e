package outfile

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// files returns the names in dir, sorted.
func files(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteNewAndChanged(t *testing.T) {
	dir := testenv.TempDir(t)
	a, b := filepath.Join(dir, "a.fx"), filepath.Join(dir, "b.fx")
	require.NoError(t, os.WriteFile(b, []byte("old b"), 0o644))
	require.NoError(t, Write([]File{{a, []byte("new a")}, {b, []byte("new b")}}, false))
	for path, want := range map[string]string{a: "new a", b: "new b"} {
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, want, string(got))
	}
	assert.Equal(t, []string{"a.fx", "b.fx"}, files(t, dir), "no temporary file or old contents left beside the outputs")
}

func TestWriteUnchangedKeepsTime(t *testing.T) {
	dir := testenv.TempDir(t)
	a := filepath.Join(dir, "a.fx")
	require.NoError(t, os.WriteFile(a, []byte("same"), 0o644))
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	require.NoError(t, os.Chtimes(a, old, old))
	require.NoError(t, Write([]File{{a, []byte("same")}}, false))
	st, err := os.Stat(a)
	require.NoError(t, err)
	assert.True(t, st.ModTime().Equal(old), "an unchanged output keeps its time: %v", st.ModTime())
	require.NoError(t, Write([]File{{a, []byte("same")}}, true))
	st, err = os.Stat(a)
	require.NoError(t, err)
	assert.True(t, st.ModTime().After(old), "--touch gives it the current time")
}

// A rename that fails part way (on Windows, a target another program
// holds open) leaves every target as it was: the ones replaced before
// get their old contents back, a new one is removed, and nothing of the
// run stays in the folder.
func TestWriteAllOrNothing(t *testing.T) {
	for fail := range 3 {
		dir := testenv.TempDir(t)
		paths := []string{filepath.Join(dir, "a.fx"), filepath.Join(dir, "new.fx"), filepath.Join(dir, "c.fx")}
		require.NoError(t, os.WriteFile(paths[0], []byte("old a"), 0o644))
		require.NoError(t, os.WriteFile(paths[2], []byte("old c"), 0o644))
		n := 0
		rename := func(from, to string) error {
			if n == fail {
				return &os.LinkError{Op: "rename", Old: from, New: to, Err: errors.New("held open")}
			}
			n++
			return os.Rename(from, to)
		}
		err := write([]File{{paths[0], []byte("new a")}, {paths[1], []byte("new")}, {paths[2], []byte("new c")}}, false, rename)
		require.Error(t, err)
		assert.Equal(t, paths[fail]+": error: cannot write: held open", err.Error())
		for i, want := range []string{"old a", "", "old c"} {
			got, err := os.ReadFile(paths[i])
			if want == "" {
				assert.True(t, os.IsNotExist(err), "%s did not exist and must not now", paths[i])
				continue
			}
			require.NoError(t, err)
			assert.Equal(t, want, string(got), "rename %d failed: %s keeps its contents", fail, paths[i])
		}
		assert.Equal(t, []string{"a.fx", "c.fx"}, files(t, dir), "rename %d failed: nothing of the run is left", fail)
	}
}

func TestWriteKeepsPermissions(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows files have no permission bits beyond read-only")
	}
	dir := testenv.TempDir(t)
	a := filepath.Join(dir, "a.fx")
	require.NoError(t, os.WriteFile(a, []byte("old"), 0o600))
	require.NoError(t, os.Chmod(a, 0o640))
	require.NoError(t, Write([]File{{a, []byte("new")}}, false))
	st, err := os.Stat(a)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o640), st.Mode().Perm())
}

func TestWriteMissingDirectory(t *testing.T) {
	dir := testenv.TempDir(t)
	a := filepath.Join(dir, "a.fx")
	missing := filepath.Join(dir, "no", "b.fx")
	err := Write([]File{{a, []byte("a")}, {missing, []byte("b")}}, false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "directory "+filepath.Join(dir, "no")+" does not exist")
	assert.Empty(t, files(t, dir), "the first output is not written either")
}

func TestDepfile(t *testing.T) {
	drive := filepath.VolumeName(`C:\x`) != "" // Windows
	tests := []struct {
		name          string
		out           string
		deps          []string
		want, windows string // windows: where it differs there
	}{{
		name: "headers become targets of their own",
		out:  "build/a.vso",
		deps: []string{"a.fx", "common.fxh"},
		want: "build/a.vso: \\\n  a.fx \\\n  common.fxh\n\ncommon.fxh:\n",
	}, {
		name: "spaces, hash, dollar and colon",
		out:  "o.vso",
		deps: []string{"a.fx", "my dir/#1$.fxh", "g:h.fxh"},
		want: "o.vso: \\\n  a.fx \\\n  my\\ dir/\\#1$$.fxh \\\n  g\\:h.fxh\n\nmy\\ dir/\\#1$$.fxh:\n\ng\\:h.fxh:\n",
		// On Windows g: is a drive, and g:h.fxh a file on it.
		windows: "o.vso: \\\n  a.fx \\\n  my\\ dir/\\#1$$.fxh \\\n  g:h.fxh\n\nmy\\ dir/\\#1$$.fxh:\n\ng:h.fxh:\n",
	}, {
		name:    "drive letters and backslashes",
		out:     `C:\Build Out\a.vso`,
		deps:    []string{"a.fx", `C:\Program Files (x86)\Kit\inc.fxh`, `D:/mixed\sep.fxh`},
		want:    "C\\:\\Build\\ Out\\a.vso: \\\n  a.fx \\\n  C\\:\\Program\\ Files\\ (x86)\\Kit\\inc.fxh \\\n  D\\:/mixed\\sep.fxh\n\nC\\:\\Program\\ Files\\ (x86)\\Kit\\inc.fxh:\n\nD\\:/mixed\\sep.fxh:\n",
		windows: "C:\\Build\\ Out\\a.vso: \\\n  a.fx \\\n  C:\\Program\\ Files\\ (x86)\\Kit\\inc.fxh \\\n  D:/mixed\\sep.fxh\n\nC:\\Program\\ Files\\ (x86)\\Kit\\inc.fxh:\n\nD:/mixed\\sep.fxh:\n",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Depfile([]string{tc.out}, [][]string{tc.deps}, []string{"a.fx"}, "-")
			require.NoError(t, err)
			want := tc.want
			if drive && tc.windows != "" {
				want = tc.windows
			}
			assert.Equal(t, want, string(got))
		})
	}
	_, err := Depfile([]string{"o"}, [][]string{{"a\tb.fxh"}}, nil, "-")
	assert.ErrorContains(t, err, "holds a tab or a line break")
}
