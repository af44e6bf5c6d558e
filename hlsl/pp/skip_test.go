package pp

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/corpus"
	"github.com/shpack/shpack/internal/realcorpus"
)

// sameAsTokenSkip preprocesses src twice, skipping #if groups with
// skipToDirective and token by token, and fails unless everything the
// caller sees is the same: tokens (text, kind, position, flags, offsets),
// errors and warnings, files, names, contexts, conditionals, uses.
func sameAsTokenSkip(t testing.TB, name string, src []byte, opts Options) {
	t.Helper()
	fast, fastErrs := Preprocess(name, src, &opts)
	opts.tokenSkip = true
	slow, slowErrs := Preprocess(name, src, &opts)
	require.Equal(t, slowErrs.Error(), fastErrs.Error(), name)
	require.Equal(t, slow.Tokens, fast.Tokens, name)
	require.Equal(t, slow.Warnings.Error(), fast.Warnings.Error(), name)
	require.Equal(t, slow.Files, fast.Files, name)
	require.Equal(t, slow.Names, fast.Names, name)
	require.Equal(t, slow.Contexts, fast.Contexts, name)
	require.Equal(t, slow.Conditionals, fast.Conditionals, name)
	require.Equal(t, slow.Uses, fast.Uses, name)
	require.Equal(t, slow.Macros, fast.Macros, name)
}

// TestSkipToDirectiveSameOutput: over both corpora (corpus-real with its
// projects' include directories and definitions), and every variant of
// a few lines that make skipping subtle, the fast skip changes nothing.
func TestSkipToDirectiveSameOutput(t *testing.T) {
	for _, src := range []string{
		"#if 0\n/* # not a directive\n#endif */\n#endif\nx",
		"#if 0\n\"#endif\" '#' // #endif\n  # endif\ny",
		"#if 0\nint a; # define X\n#endif\nX",
		"#if 0\n/* a\n*/ #else\nz\n#endif",
		"#if 0\n/* open\n",
		"#if 0\n\"open\n#else\nw\n#endif",
		"#if 0\r\n#elif 1\r\nv\r\n#endif",
		"#if 0\r#else\rcr\r#endif",
		"#if 0\nab/cd/*x*/ef // g\n\t #\tendif\nu",
		"#if 0\n#if 1\n#else\n#endif\n#elif 2\nt\n#endif",
		"#if 0\n'\\'' \"\\\"#endif\n#endif\ns",
		"#if 0\nq \\\n#endif\n#endif\nr",
		"#if 0\n\"open   ",
		"#if 0\nx \"ab\"  ",
	} {
		sameAsTokenSkip(t, "main.fx", []byte(src), Options{})
	}
	for _, name := range corpus.Names() {
		src, err := fs.ReadFile(corpus.FS(), name)
		require.NoError(t, err)
		sameAsTokenSkip(t, name, src, Options{ReadFile: func(string) ([]byte, error) { return nil, fs.ErrNotExist }, AllowMissingIncludes: true})
	}
	root := realcorpus.Root(t)
	for _, rel := range realcorpus.Files(t, root) {
		path := filepath.Join(root, rel)
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		o := realcorpus.Options(root, rel)
		sameAsTokenSkip(t, path, src, Options{IncludeDirs: o.IncludeDirs, Defines: o.Defines, AllowMissingIncludes: o.AllowMissingIncludes, Record: true})
	}
}

// FuzzSkipToDirective: the same on any input, with the files and options
// of FuzzPreprocess.
func FuzzSkipToDirective(f *testing.F) {
	for _, s := range ppFuzzSeeds {
		f.Add([]byte("#if 0\n" + s + "\n#endif\n" + s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		files := map[string]string{
			"inc.fxh":   string(src),
			"inc/b.fxh": "#pragma once\n#if 0\n#include \"../inc.fxh\"\n#endif\n#define B(x) x##x\n",
		}
		sameAsTokenSkip(t, "main.fx", src, Options{
			ReadFile: ppFS(files), Defines: []string{"D=1", "E"}, Record: true,
			Limits: Limits{MaxTokens: 1 << 16, MaxIncludeDepth: 16, MaxExpansionDepth: 64},
		})
	})
}
