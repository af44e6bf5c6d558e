package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// recorder is a testing.TB that records how a helper ended the test:
// Skipf and Fatalf stop the helper (as runtime.Goexit does for a real
// test) by a panic that outcome recovers.
type recorder struct {
	testing.TB
	how, msg string
}

type stopped struct{}

func (r *recorder) Helper() {}
func (r *recorder) Skipf(format string, args ...any) {
	r.how, r.msg = "skip", fmt.Sprintf(format, args...)
	panic(stopped{})
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.how, r.msg = "fatal", fmt.Sprintf(format, args...)
	panic(stopped{})
}

// outcome runs f with a recorder and says how it ended: "return" (with
// the value f gave), "skip" or "fatal" (with the message).
func outcome(t *testing.T, f func(tb testing.TB) string) (how, msg string) {
	r := &recorder{TB: t}
	func() {
		defer func() {
			if v := recover(); v != nil {
				if _, ok := v.(stopped); !ok {
					panic(v)
				}
			}
		}()
		msg = f(r)
		r.how = "return"
	}()
	if r.how != "return" {
		msg = r.msg
	}
	return r.how, msg
}

// TestLinuxTool: on Windows every tool skips the test, saying what it
// would have checked and that the Linux run checks it; elsewhere a tool on
// PATH is found, a missing one skips outside CI and fails in CI, and a
// missing path always fails.
func TestLinuxTool(t *testing.T) {
	const checks = "that the sky is blue"
	tool := func(name string) func(tb testing.TB) string {
		return func(tb testing.TB) string { return LinuxTool(tb, name, checks) }
	}
	missing := "shpack-no-such-tool-" + t.Name()
	self, err := os.Executable()
	assert.NoError(t, err)
	if runtime.GOOS == "windows" {
		for _, name := range []string{"sh", missing, self} {
			how, msg := outcome(t, tool(name))
			assert.Equal(t, "skip", how, name)
			for _, want := range []string{"skipped on Windows", name, checks, "the Linux run of this test checks it"} {
				assert.Contains(t, msg, want)
			}
		}
		return
	}
	how, path := outcome(t, tool("sh"))
	if assert.Equal(t, "return", how, path) {
		assert.True(t, filepath.IsAbs(path), path)
	}
	how, path = outcome(t, tool(self))
	assert.Equal(t, "return", how, path)
	assert.Equal(t, self, path)

	t.Setenv("CI", "")
	how, msg := outcome(t, tool(missing))
	assert.Equal(t, "skip", how)
	assert.True(t, strings.Contains(msg, missing) && strings.Contains(msg, checks), msg)
	how, msg = outcome(t, tool(filepath.Join(TempDir(t), "vkd3d-compiler")))
	assert.Equal(t, "fatal", how, "a path asked for and missing fails: %s", msg)

	t.Setenv("CI", "1")
	how, msg = outcome(t, tool(missing))
	assert.Equal(t, "fatal", how)
	assert.Contains(t, msg, ".ci/run must install it")
}

// TestSymlink: a link that is made is a link; where os.Symlink makes
// none and says it did (Wine), the test skips.
func TestSymlink(t *testing.T) {
	dir := TempDir(t)
	target := filepath.Join(dir, "a.fxh")
	assert.NoError(t, os.WriteFile(target, []byte("x"), 0o644))
	link := filepath.Join(dir, "link.fxh")
	how, msg := outcome(t, func(tb testing.TB) string { Symlink(tb, target, link); return "" })
	if how == "skip" {
		assert.Contains(t, msg, "Wine")
		_, err := os.Lstat(link)
		assert.Error(t, err, "skipped only where there is no link")
		return
	}
	assert.Equal(t, "return", how, msg)
	st, err := os.Lstat(link)
	if assert.NoError(t, err) {
		assert.NotZero(t, st.Mode()&os.ModeSymlink)
	}
}

// TestShared: a part of ../shared that is not there skips the test
// outside CI, saying which test would have checked shpack against what,
// and fails it in CI, which keeps ../shared beside the repository.
func TestShared(t *testing.T) {
	shared := func(rel string) func(tb testing.TB) string {
		return func(tb testing.TB) string { return Shared(tb, rel) }
	}
	t.Setenv("CI", "")
	how, msg := outcome(t, shared("corpus-real/no such folder"))
	assert.Equal(t, "skip", how)
	assert.Equal(t, "testenv: skipped: TestShared checks shpack against ../shared/corpus-real/no such folder (real-world shaders of 7 projects), which CI keeps beside the repository and this checkout has not (CI unset)", msg)
	how, msg = outcome(t, shared("tools/d3d9-render-check/no such file"))
	assert.Equal(t, "skip", how)
	assert.Contains(t, msg, "(a pair drawn on Wine's Direct3D 9, and the runtimes' measured tables)")
	t.Setenv("CI", "1")
	how, msg = outcome(t, shared("corpus-real/no such folder"))
	assert.Equal(t, "fatal", how)
	assert.Contains(t, msg, "is missing")
}
