package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// Windows text. Every case of the rewrite corpus is rewritten again with
// its files saved as Windows editors save them (CRLF, a UTF-8 byte-order
// mark), as a Unix file that includes Windows headers and the reverse,
// and with line ends that alternate. Against the rewrite of the files as
// they are (LF, which the golden files, the compilers and the render
// checks prove), the rewrite must be the same text: the same notes and
// errors at the same lines and columns, and the same output once its line
// ends are made LF and its byte-order mark is dropped. And it must keep
// the user's text as it is: no doubled CR (which breaks a continued macro
// line), every line of a file that is all CRLF or all LF ending as the
// file's lines do, and a byte-order mark where it was and nowhere else.

// A textForm saves a source as an editor might: main says whether the
// file is the command's input (the others are the headers it includes).
type textForm struct {
	name string
	save func(src []byte, main bool) []byte
	// uniform: every line of a rewritten file ends as its input's do.
	uniform bool
}

const bom = "\xEF\xBB\xBF"

func crlf(src []byte) []byte { return bytes.ReplaceAll(src, []byte("\n"), []byte("\r\n")) }

var textForms = []textForm{
	{"crlf", func(src []byte, _ bool) []byte { return crlf(src) }, true},
	{"bom-crlf", func(src []byte, _ bool) []byte { return append([]byte(bom), crlf(src)...) }, true},
	{"bom-lf", func(src []byte, _ bool) []byte { return append([]byte(bom), src...) }, true},
	{"crlf-main-lf-headers", func(src []byte, main bool) []byte {
		if main {
			return crlf(src)
		}
		return src
	}, true},
	{"lf-main-bom-crlf-headers", func(src []byte, main bool) []byte {
		if main {
			return src
		}
		return append([]byte(bom), crlf(src)...)
	}, true},
	{"alternating", func(src []byte, _ bool) []byte {
		var b bytes.Buffer
		for i, line := range bytes.SplitAfter(src, []byte("\n")) {
			if i%2 == 1 {
				line = crlf(line)
			}
			b.Write(line)
		}
		return b.Bytes()
	}, false},
}

// copyRewriteCorpus copies corpus/rewrite into dir/corpus/rewrite, each
// shader source saved by save (main: the case names it as an input).
func copyRewriteCorpus(t *testing.T, root, dir string, inputs []string, save func([]byte, bool) []byte) {
	t.Helper()
	src := filepath.Join(root, "corpus", "rewrite")
	dst := filepath.Join(dir, "corpus", "rewrite")
	require.NoError(t, os.MkdirAll(dst, 0o755))
	entries, err := os.ReadDir(src)
	require.NoError(t, err)
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		require.NoError(t, err)
		main := false
		for _, in := range inputs {
			main = main || filepath.Base(in) == e.Name()
		}
		require.NoError(t, os.WriteFile(filepath.Join(dst, e.Name()), save(data, main), 0o644))
	}
}

// rewriteCopy rewrites case c in a copy of the corpus saved by save and
// returns the exit code, the diagnostics and the outputs by input.
func rewriteCopy(t *testing.T, root string, c rewriteCase, save func([]byte, bool) []byte) (int, string, map[string][]byte, map[string][]byte) {
	t.Helper()
	dir := testenv.TempDir(t)
	copyRewriteCorpus(t, root, dir, c.inputs, save)
	out := filepath.Join(dir, "out")
	require.NoError(t, os.Mkdir(out, 0o755))
	t.Chdir(dir)
	args := append([]string{"rewrite"}, c.flags...)
	args = append(args, "--out-dir=out")
	for _, in := range c.inputs {
		args = append(args, "corpus/rewrite/"+filepath.Base(in))
	}
	code, stdout, stderr := shpackRun(args...)
	assert.Empty(t, stdout)
	inputs, outputs := map[string][]byte{}, map[string][]byte{}
	for _, in := range c.inputs {
		base := filepath.Base(in)
		inputs[base], _ = os.ReadFile(filepath.Join(dir, "corpus", "rewrite", base))
		outputs[base], _ = os.ReadFile(filepath.Join(out, base))
	}
	return code, stderr, inputs, outputs
}

// asLF is text with its byte-order mark dropped and CRLF made LF.
func asLF(b []byte) string {
	return strings.ReplaceAll(strings.TrimPrefix(string(b), bom), "\r\n", "\n")
}

func TestRewriteLineEnds(t *testing.T) {
	root := testenv.Root(t)
	for _, c := range rewriteCases(t) {
		t.Run(c.name, func(t *testing.T) {
			code, stderr, _, want := rewriteCopy(t, root, c, func(b []byte, _ bool) []byte { return b })
			for _, form := range textForms {
				t.Run(form.name, func(t *testing.T) {
					gotCode, gotErr, inputs, got := rewriteCopy(t, root, c, form.save)
					require.Equal(t, code, gotCode, gotErr)
					assert.Equal(t, stderr, gotErr, "the same diagnostics at the same places")
					for name, out := range got {
						in := inputs[name]
						if code != exitOK {
							assert.Empty(t, out, "nothing written on error")
							continue
						}
						assert.Equal(t, asLF(want[name]), asLF(out), "%s: the same rewrite, line ends aside", name)
						assert.NotContains(t, string(out), "\r\r", "%s: a doubled CR", name)
						hasBOM := bytes.HasPrefix(in, []byte(bom))
						assert.Equal(t, hasBOM, bytes.HasPrefix(out, []byte(bom)), "%s: the byte-order mark stays where it was", name)
						assert.Equal(t, boolInt(hasBOM), bytes.Count(out, []byte(bom)), "%s: and nowhere else", name)
						if form.uniform {
							isCRLF := bytes.Contains(in, []byte("\r\n"))
							lfOnly := bytes.Count(out, []byte("\n")) - bytes.Count(out, []byte("\r\n"))
							if isCRLF {
								assert.Zero(t, lfOnly, "%s: every line ends with CRLF, as the file's do", name)
							} else {
								assert.NotContains(t, string(out), "\r", "%s: every line ends with LF, as the file's do", name)
							}
						}
					}
				})
			}
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
