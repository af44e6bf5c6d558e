package rewrite

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMergeRewrites: the merge of several permutations' edits grows a
// region until each text in it stands between #if lines, keeps the lines
// edited alike once, numbers the lines after a chain as the user's, and
// refuses a region that would have to reach past the file.
func TestMergeRewrites(t *testing.T) {
	at := func(src, s string) int { return strings.Index(src, s) }
	variant := func(guard string, edits ...Edit) MergeVariant {
		for i := range edits {
			edits[i].Entry = "E"
		}
		return MergeVariant{Edits: edits, Rewrote: []string{"E"}, Guards: map[string]string{"E": guard}, Fallback: "1"}
	}
	msg := func([]string) string { return "none" }
	tests := []struct {
		name, src string
		vars      func(src string) []MergeVariant
		want      string
		err       string
	}{{
		name: "alike once, apart under conditions",
		src:  "a\nb\nc\n",
		vars: func(src string) []MergeVariant {
			return []MergeVariant{
				variant("A", Edit{Off: at(src, "a"), End: at(src, "a") + 1, Text: "A"}, Edit{Off: at(src, "c"), End: at(src, "c") + 1, Text: "C1"}),
				variant("!A", Edit{Off: at(src, "a"), End: at(src, "a") + 1, Text: "A"}, Edit{Off: at(src, "c"), End: at(src, "c") + 1, Text: "C2"}),
			}
		},
		want: "A\nb\n#if (A)\n#line 3 \"f.hlsl\"\nC1\n#elif (!A)\n#line 3 \"f.hlsl\"\nC2\n#else\n#error \"none\"\n#endif\n",
	}, {
		name: "lines written around a region end as its first line does",
		src:  "a\nb\r\nc\r\n",
		vars: func(src string) []MergeVariant {
			return []MergeVariant{
				variant("A", Edit{Off: at(src, "a"), End: at(src, "a") + 1, Text: "A"}, Edit{Off: at(src, "c"), End: at(src, "c") + 1, Text: "C1"}),
				variant("!A", Edit{Off: at(src, "a"), End: at(src, "a") + 1, Text: "A"}, Edit{Off: at(src, "c"), End: at(src, "c") + 1, Text: "C2"}),
			}
		},
		want: "A\nb\r\n#if (A)\r\n#line 3 \"f.hlsl\"\r\nC1\r\n#elif (!A)\r\n#line 3 \"f.hlsl\"\r\nC2\r\n#else\r\n#error \"none\"\r\n#endif\r\n",
	}, {
		name: "grown to the #if and its #endif",
		src:  "#ifdef X\nx\n#else\ny\n#endif\nz\n",
		vars: func(src string) []MergeVariant {
			return []MergeVariant{
				variant("A", Edit{Off: at(src, "x"), End: at(src, "y") + 1, Text: "x2\n#else\ny2"}),
				variant("!A"),
			}
		},
		want: "#if (A)\n#line 1 \"f.hlsl\"\n#ifdef X\nx2\n#else\ny2\n#endif\n#elif (!A)\n#line 1 \"f.hlsl\"\n#ifdef X\nx\n#else\ny\n#endif\n#else\n#error \"none\"\n#endif\n#line 6 \"f.hlsl\"\nz\n",
	}, {
		name: "grown past a comment",
		src:  "a /* c\n d */ e\nf\n",
		vars: func(src string) []MergeVariant {
			return []MergeVariant{variant("A", Edit{Off: 0, End: 1, Text: "A"}), variant("!A")}
		},
		want: "#if (A)\n#line 1 \"f.hlsl\"\nA /* c\n d */ e\n#elif (!A)\n#line 1 \"f.hlsl\"\na /* c\n d */ e\n#else\n#error \"none\"\n#endif\n#line 3 \"f.hlsl\"\nf\n",
	}, {
		name: "refused at the file's start",
		src:  "x\n#endif\n",
		vars: func(src string) []MergeVariant {
			return []MergeVariant{variant("A", Edit{Off: 0, End: at(src, "#endif") + 6, Text: "y\n#endif"}), variant("!A")}
		},
		err: "f.hlsl:1:1: error: the variants edit these lines differently",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Merge("f.hlsl", []byte(tc.src), tc.vars(tc.src), msg)
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
