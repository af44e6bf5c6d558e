package outfile

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// clashPairs is Clash as it was before it was made linear: every output
// against every input, read and earlier output, by Same and SameAs. The
// property test holds Clash to it.
func clashPairs(files []File, inputs, reads []string) string {
	sameAs := func(path string, list []string) string {
		out, err := os.Stat(path)
		if err != nil {
			return ""
		}
		for _, in := range list {
			if in == "-" {
				continue
			}
			if st, err := os.Stat(in); err == nil && os.SameFile(st, out) {
				return in
			}
		}
		return ""
	}
	for i, w := range files {
		if w.Path == "-" {
			continue
		}
		if st, err := os.Stat(w.Path); err == nil && !st.Mode().IsRegular() && !st.IsDir() {
			continue // a device: written in place
		}
		if in := sameAs(w.Path, inputs); in != "" {
			return w.Path + ": input file is the same as output file"
		}
		if in := sameAs(w.Path, reads); in != "" {
			return fmt.Sprintf("%s: an output of this run would overwrite %s, which it reads (an include of its input)", w.Path, in)
		}
		for _, o := range files[:i] {
			st, err := os.Stat(o.Path)
			switch {
			case err == nil && !st.Mode().IsRegular() && !st.IsDir():
			case o.Path == "-" || !Same(o.Path, w.Path):
			case o.Path == w.Path:
				return w.Path + ": two outputs of this run name the same file"
			default:
				return fmt.Sprintf("%s: two outputs of this run name the same file (%s and %s)", w.Path, o.Path, w.Path)
			}
		}
	}
	return ""
}

// clashDir makes a folder of files and the names of one: a.hlsl and its
// hard link hard.hlsl, inc.fxh, a folder link, and files that do not
// exist.
func clashDir(t *testing.T) (dir string, names []string) {
	dir = testenv.TempDir(t)
	for _, f := range []string{"a.hlsl", "inc.fxh", "b.vsh"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte(f), 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	names = []string{"a.hlsl", "inc.fxh", "b.vsh", "new.vsh", "sub/new.vsh", "./new.vsh", "sub/../a.hlsl", "-"}
	if err := os.Link(filepath.Join(dir, "a.hlsl"), filepath.Join(dir, "hard.hlsl")); err == nil {
		names = append(names, "hard.hlsl")
	}
	if runtime.GOOS != "windows" {
		testenv.Symlink(t, "sub", filepath.Join(dir, "link"))
		testenv.Symlink(t, "b.vsh", filepath.Join(dir, "b.link"))
		testenv.Symlink(t, os.DevNull, filepath.Join(dir, "null.link"))
		names = append(names, "link/new.vsh", "b.link", "link/x", "null.link")
	}
	for i := range names {
		if names[i] != "-" {
			names[i] = dir + string(filepath.Separator) + filepath.FromSlash(names[i])
		}
	}
	return dir, append(names, os.DevNull)
}

// TestClash: the cases one by one, with the message each gives.
func TestClash(t *testing.T) {
	dir, _ := clashDir(t)
	// Joined as typed, not cleaned: sub/../a.hlsl stays so.
	p := func(name string) string { return dir + string(filepath.Separator) + filepath.FromSlash(name) }
	files := func(names ...string) []File {
		var out []File
		for _, n := range names {
			if n != "-" {
				n = p(n)
			}
			out = append(out, File{Path: n})
		}
		return out
	}
	tests := []struct {
		name  string
		outs  []File
		reads []string
		want  string
	}{
		{"distinct", files("new.vsh", "sub/new.vsh", "b.vsh", "-", "-"), nil, ""},
		{"the input", files("new.vsh", "sub/../a.hlsl"), nil, p("sub/../a.hlsl") + ": input file is the same as output file"},
		{"an include", files("inc.fxh"), []string{p("inc.fxh")}, p("inc.fxh") + ": an output of this run would overwrite " + p("inc.fxh") + ", which it reads (an include of its input)"},
		{"twice", files("new.vsh", "b.vsh", "new.vsh"), nil, p("new.vsh") + ": two outputs of this run name the same file"},
		{"twice, spelled two ways", files("b.vsh", "new.vsh", "sub/../new.vsh"), nil, p("sub/../new.vsh") + ": two outputs of this run name the same file (" + p("new.vsh") + " and " + p("sub/../new.vsh") + ")"},
		{"an existing file twice", files("sub/../b.vsh", "b.vsh"), nil, p("b.vsh") + ": two outputs of this run name the same file (" + p("sub/../b.vsh") + " and " + p("b.vsh") + ")"},
		{"the null device twice", []File{{Path: os.DevNull}, {Path: p("new.vsh")}, {Path: os.DevNull}}, []string{os.DevNull}, ""},
	}
	if runtime.GOOS != "windows" {
		tests = append(tests, struct {
			name  string
			outs  []File
			reads []string
			want  string
		}{"through a folder link", files("sub/new.vsh", "link/new.vsh"), nil, p("link/new.vsh") + ": two outputs of this run name the same file (" + p("sub/new.vsh") + " and " + p("link/new.vsh") + ")"})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Clash(tc.outs, []string{p("a.hlsl"), "-"}, tc.reads))
			assert.Equal(t, tc.want, clashPairs(tc.outs, []string{p("a.hlsl"), "-"}, tc.reads), "the pairwise reference agrees")
		})
	}
}

// TestClashAsPairs: on random sets of outputs, inputs and reads drawn from
// names of one file through links, of missing files, and of standard
// output, Clash says what the pairwise comparison says.
func TestClashAsPairs(t *testing.T) {
	_, names := clashDir(t)
	r := rand.New(rand.NewPCG(40, 6))
	pick := func(n int) []string {
		out := make([]string, r.IntN(n+1))
		for i := range out {
			out[i] = names[r.IntN(len(names))]
		}
		return out
	}
	for range 3000 {
		var outs []File
		for _, n := range pick(5) {
			outs = append(outs, File{Path: n})
		}
		inputs, reads := pick(2), pick(2)
		require.Equal(t, clashPairs(outs, inputs, reads), Clash(outs, inputs, reads), "outputs %v, inputs %v, reads %v", outs, inputs, reads)
	}
}

// BenchmarkClash checks n outputs of --out-dir against n inputs and their
// reads: linear in n (100 and 1,000 in BENCH.md's figures).
func BenchmarkClash(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			dir := testenv.TempDir(b)
			out := filepath.Join(dir, "out")
			require.NoError(b, os.Mkdir(out, 0o755))
			var inputs []string
			var files []File
			for i := range n {
				in := filepath.Join(dir, fmt.Sprintf("s%d.hlsl", i))
				require.NoError(b, os.WriteFile(in, []byte("x"), 0o644))
				inputs = append(inputs, in)
				o := filepath.Join(out, fmt.Sprintf("s%d.vsh", i))
				if i%2 == 0 { // half of them written by an earlier run
					require.NoError(b, os.WriteFile(o, []byte("x"), 0o644))
				}
				files = append(files, File{Path: o})
			}
			b.ResetTimer()
			for range b.N {
				if msg := Clash(files, inputs, inputs); msg != "" {
					b.Fatal(msg)
				}
			}
		})
	}
}
