package driver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/internal/testenv"
)

// TestMergeReadsAsOwn: for every file of the rewrite and variants corpora,
// rewritten for two permutations at once (a macro the file tests, and
// its absence), each permutation preprocesses the merged source into the
// tokens of its own rewrite: the merge loses and adds nothing a compiler
// sees.
func TestMergeReadsAsOwn(t *testing.T) {
	root := testenv.Root(t)
	noIncludes := hlsl.PPOptions{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }}
	merged := 0
	for _, d := range []string{filepath.Join(root, "corpus", "rewrite"), filepath.Join(root, "corpus", "variants")} {
		entries, err := os.ReadDir(d)
		require.NoError(t, err)
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".fx") && !strings.HasSuffix(e.Name(), ".hlsl") {
				continue
			}
			src, err := os.ReadFile(filepath.Join(d, e.Name()))
			require.NoError(t, err)
			for _, macro := range []string{"FOG", "SHADOW", "LIGHTMAP", "NORMALMAP"} {
				// Two variants of base's class (a macro no file reads) and
				// of on's (another value of it, read as defined only).
				vars := []Variant{{Name: "base"}, {Name: "on", Defines: []string{macro}},
					{Name: "unread", Defines: []string{"SHPACK_UNREAD_MACRO"}}, {Name: "on2", Defines: []string{macro + "=2"}}}
				opts := RewriteOptions{PP: noIncludes, Variants: vars, verifyMerge: true}
				_, err := Rewrite([]Source{{Name: e.Name(), Src: src}}, opts)
				if err != nil {
					assert.NotContains(t, err.Error(), "internal error", "%s -D%s", e.Name(), macro)
					continue
				}
				merged++
			}
		}
	}
	assert.Positive(t, merged)
	t.Logf("%d merges read as their permutations' own rewrites", merged)
}

// FuzzMergeReadsAsOwn is TestMergeReadsAsOwn on arbitrary sources and
// macros: a merge that some permutation reads otherwise than its own
// rewrite is an internal error, never written.
func FuzzMergeReadsAsOwn(f *testing.F) {
	for _, src := range testenv.Sources(f, "corpus/rewrite", "corpus/variants") {
		f.Add(src, "FOG")
	}
	noIncludes := hlsl.PPOptions{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }}
	f.Fuzz(func(t *testing.T, src []byte, macro string) {
		if macro == "" || len(macro) > 16 || strings.ContainsFunc(macro, func(r rune) bool { return !(r == '_' || r >= 'A' && r <= 'Z') }) {
			return
		}
		vars := []Variant{{Name: "base"}, {Name: "on", Defines: []string{macro}}}
		_, err := Rewrite([]Source{{Name: "f.fx", Src: src}}, RewriteOptions{PP: noIncludes, Variants: vars, verifyMerge: true})
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("%v\n%s", err, src)
		}
	})
}

// TestVariantClasses: a variant shares the first's preprocessing only
// when every name their definitions differ in is one the first did not
// read: not tested by a condition, not invoked, and not spelled as an
// identifier the first left alone (FuzzRewriteVariants: "A A;" was taken
// for what -DA makes of it, "1 1;", and the error in that variant was
// never seen).
func TestVariantClasses(t *testing.T) {
	src := "#ifdef FOG\nfloat f;\n#endif\nfloat4 main(float4 A : POSITION) : POSITION { return A * SCALE; }\n#define SCALE 2\n"
	opts := hlsl.PPOptions{Defines: []string{"SCALE=3"}, Record: true} // as the rewrite parses
	u, err := hlsl.ParseFile("v.hlsl", []byte(src), &opts)
	require.NoError(t, err)
	tests := []struct {
		defs []string
		same bool
	}{
		{[]string{"SCALE=3"}, true},
		{[]string{"SCALE=3", "UNUSED"}, true},
		{[]string{"SCALE=3", "FOG"}, false},        // tested by #ifdef
		{[]string{"SCALE=4"}, false},               // invoked
		{nil, false},                               // invoked in the first, an identifier here
		{[]string{"SCALE=3", "A=v"}, false},        // an identifier the first left alone
		{[]string{"SCALE=3", "POSITION=x"}, false}, // a semantic is an identifier too
	}
	for i, tc := range tests {
		c := variantClasses{rep: make([]int, 2)}
		require.Equal(t, 0, c.of(0, opts.Defines))
		c.add(0, opts.Defines, []*hlsl.Unit{u})
		assert.Equal(t, tc.same, c.of(1, tc.defs) == 0, "case %d: %v", i, tc.defs)
	}
}
