package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

var commit = time.Date(2026, 12, 6, 1, 2, 3, 0, time.UTC)

// TestPack: an archive holds its entries in one folder named as it, in
// order, with the commit's time and fixed modes, and is the same bytes
// when made twice.
func TestPack(t *testing.T) {
	entries := []entry{{"shpack.exe", []byte("MZ program"), 0o755}, {"README.md", []byte("# shpack\n"), 0o644}}
	st := stamp{version: "v1.2.3", revision: "abc", time: commit}
	for _, p := range []platform{{"windows", "amd64"}, {"linux", "arm64"}} {
		name, data, err := pack(p, st, entries)
		require.NoError(t, err)
		_, again, err := pack(p, st, entries)
		require.NoError(t, err)
		assert.Equal(t, data, again, "%s: the same bytes twice", p)
		base := "shpack_v1.2.3_" + p.goos + "_" + p.goarch
		type file struct {
			name, data string
			mode       os.FileMode
			time       time.Time
		}
		var got []file
		if p.goos == "windows" {
			assert.Equal(t, base+".zip", name)
			zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
			require.NoError(t, err)
			for _, f := range zr.File {
				rc, err := f.Open()
				require.NoError(t, err)
				b, _ := io.ReadAll(rc)
				got = append(got, file{f.Name, string(b), f.Mode().Perm(), f.Modified.UTC()})
			}
		} else {
			assert.Equal(t, base+".tar.gz", name)
			gz, err := gzip.NewReader(bytes.NewReader(data))
			require.NoError(t, err)
			assert.Empty(t, gz.Name)
			assert.True(t, gz.ModTime.IsZero() || gz.ModTime.Unix() == 0, "no time in the gzip header")
			tr := tar.NewReader(gz)
			for {
				h, err := tr.Next()
				if err == io.EOF {
					break
				}
				require.NoError(t, err)
				b, _ := io.ReadAll(tr)
				assert.Zero(t, h.Uid)
				assert.Empty(t, h.Uname)
				got = append(got, file{h.Name, string(b), os.FileMode(h.Mode).Perm(), h.ModTime.UTC()})
			}
		}
		require.Len(t, got, 2)
		for i, e := range entries {
			assert.Equal(t, file{base + "/" + e.name, string(e.data), e.mode, commit}, got[i])
		}
	}
	name, _, err := pack(platform{"linux", "amd64"}, stamp{version: "v1.2.3+dirty", time: commit, dirty: true}, entries)
	require.NoError(t, err)
	assert.Equal(t, "shpack_v1.2.3_linux_amd64_dirty.tar.gz", name)
}

func TestChoose(t *testing.T) {
	all, err := choose("")
	require.NoError(t, err)
	assert.Equal(t, platforms, all)
	two, err := choose("windows/arm64, linux/amd64")
	require.NoError(t, err)
	assert.Equal(t, []platform{{"windows", "arm64"}, {"linux", "amd64"}}, two)
	_, err = choose("windows")
	assert.ErrorContains(t, err, `platform "windows": want GOOS/GOARCH`)
}

// TestReleaseReproducible builds the Windows and Linux archives twice
// from this checkout: the same bytes, and the Linux binary (this
// machine's) prints the checkout's revision as its version.
func TestReleaseReproducible(t *testing.T) {
	testenv.Heavy(t)
	if runtime.GOOS == "windows" {
		t.Skip("builds with the Go toolchain, which the Windows test run (under Wine) does not have; the Linux run builds the Windows archives")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: a release needs a git checkout")
	}
	rev, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not a git checkout (%v): a release is built from one", err)
	}
	todo := []platform{{"windows", "amd64"}, {runtime.GOOS, runtime.GOARCH}}
	a, b := testenv.TempDir(t), testenv.TempDir(t)
	var said bytes.Buffer
	require.NoError(t, release(a, todo, true, &said))
	require.NoError(t, release(b, todo, true, io.Discard))
	names, err := os.ReadDir(a)
	require.NoError(t, err)
	require.Len(t, names, 3, "two archives and SHA256SUMS")
	for _, n := range names {
		x, err := os.ReadFile(filepath.Join(a, n.Name()))
		require.NoError(t, err)
		y, err := os.ReadFile(filepath.Join(b, n.Name()))
		require.NoError(t, err)
		assert.True(t, bytes.Equal(x, y), "%s: byte-identical when built twice", n.Name())
	}
	assert.Equal(t, 2, strings.Count(said.String(), "\n"), "one line an archive: %s", said.String())

	// The native binary, out of its archive, says its revision.
	var native string
	for _, n := range names {
		if strings.Contains(n.Name(), "_"+runtime.GOOS+"_"+runtime.GOARCH) {
			native = filepath.Join(a, n.Name())
		}
	}
	require.NotEmpty(t, native)
	f, err := os.Open(native)
	require.NoError(t, err)
	defer f.Close()
	gz, err := gzip.NewReader(f)
	require.NoError(t, err)
	tr := tar.NewReader(gz)
	h, err := tr.Next()
	require.NoError(t, err)
	bin := filepath.Join(testenv.TempDir(t), "shpack")
	data, err := io.ReadAll(tr)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(bin, data, 0o755))
	assert.True(t, strings.HasSuffix(h.Name, "/shpack"))
	out, err := exec.Command(bin, "version").Output()
	require.NoError(t, err)
	assert.Contains(t, string(out), "shpack v")
	assert.Contains(t, string(out), strings.TrimSpace(string(rev))[:12])
}
