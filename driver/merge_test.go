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
	"github.com/shpack/shpack/rewrite"
)

// TestMergeRewrites: the merge of several permutations' edits grows a
// region until each text in it stands between #if lines, keeps the lines
// edited alike once, numbers the lines after a chain as the user's, and
// refuses a region that would have to reach past the file.
func TestMergeRewrites(t *testing.T) {
	at := func(src, s string) int { return strings.Index(src, s) }
	variant := func(guard string, edits ...rewrite.Edit) mergeVariant {
		for i := range edits {
			edits[i].Entry = "E"
		}
		return mergeVariant{edits: edits, rewrote: []string{"E"}, guards: map[string]string{"E": guard}, fallback: "1"}
	}
	msg := func([]string) string { return "none" }
	tests := []struct {
		name, src string
		vars      func(src string) []mergeVariant
		want      string
		err       string
	}{{
		name: "alike once, apart under conditions",
		src:  "a\nb\nc\n",
		vars: func(src string) []mergeVariant {
			return []mergeVariant{
				variant("A", rewrite.Edit{Off: at(src, "a"), End: at(src, "a") + 1, Text: "A"}, rewrite.Edit{Off: at(src, "c"), End: at(src, "c") + 1, Text: "C1"}),
				variant("!A", rewrite.Edit{Off: at(src, "a"), End: at(src, "a") + 1, Text: "A"}, rewrite.Edit{Off: at(src, "c"), End: at(src, "c") + 1, Text: "C2"}),
			}
		},
		want: "A\nb\n#if (A)\n#line 3 \"f.hlsl\"\nC1\n#elif (!A)\n#line 3 \"f.hlsl\"\nC2\n#else\n#error \"none\"\n#endif\n",
	}, {
		name: "lines written around a region end as its first line does",
		src:  "a\nb\r\nc\r\n",
		vars: func(src string) []mergeVariant {
			return []mergeVariant{
				variant("A", rewrite.Edit{Off: at(src, "a"), End: at(src, "a") + 1, Text: "A"}, rewrite.Edit{Off: at(src, "c"), End: at(src, "c") + 1, Text: "C1"}),
				variant("!A", rewrite.Edit{Off: at(src, "a"), End: at(src, "a") + 1, Text: "A"}, rewrite.Edit{Off: at(src, "c"), End: at(src, "c") + 1, Text: "C2"}),
			}
		},
		want: "A\nb\r\n#if (A)\r\n#line 3 \"f.hlsl\"\r\nC1\r\n#elif (!A)\r\n#line 3 \"f.hlsl\"\r\nC2\r\n#else\r\n#error \"none\"\r\n#endif\r\n",
	}, {
		name: "grown to the #if and its #endif",
		src:  "#ifdef X\nx\n#else\ny\n#endif\nz\n",
		vars: func(src string) []mergeVariant {
			return []mergeVariant{
				variant("A", rewrite.Edit{Off: at(src, "x"), End: at(src, "y") + 1, Text: "x2\n#else\ny2"}),
				variant("!A"),
			}
		},
		want: "#if (A)\n#line 1 \"f.hlsl\"\n#ifdef X\nx2\n#else\ny2\n#endif\n#elif (!A)\n#line 1 \"f.hlsl\"\n#ifdef X\nx\n#else\ny\n#endif\n#else\n#error \"none\"\n#endif\n#line 6 \"f.hlsl\"\nz\n",
	}, {
		name: "grown past a comment",
		src:  "a /* c\n d */ e\nf\n",
		vars: func(src string) []mergeVariant {
			return []mergeVariant{variant("A", rewrite.Edit{Off: 0, End: 1, Text: "A"}), variant("!A")}
		},
		want: "#if (A)\n#line 1 \"f.hlsl\"\nA /* c\n d */ e\n#elif (!A)\n#line 1 \"f.hlsl\"\na /* c\n d */ e\n#else\n#error \"none\"\n#endif\n#line 3 \"f.hlsl\"\nf\n",
	}, {
		name: "refused at the file's start",
		src:  "x\n#endif\n",
		vars: func(src string) []mergeVariant {
			return []mergeVariant{variant("A", rewrite.Edit{Off: 0, End: at(src, "#endif") + 6, Text: "y\n#endif"}), variant("!A")}
		},
		err: "f.hlsl:1:1: error: the variants edit these lines differently",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := mergeRewrites("f.hlsl", []byte(tc.src), tc.vars(tc.src), msg)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(got))
		})
	}
}

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
				opts := RewriteOptions{PP: noIncludes, verifyMerge: true}
				_, err := RewriteVariants([]Source{{Name: e.Name(), Src: src}}, opts, vars, "v.variants")
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
		_, err := RewriteVariants([]Source{{Name: "f.fx", Src: src}}, RewriteOptions{PP: noIncludes, verifyMerge: true}, vars, "v.variants")
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
