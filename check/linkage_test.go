package check

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// vsOf is a vertex shader declaring POSITION0 in o0 and the given output
// dcls, writing each output register whole.
func vsOf(dcls string, regs ...string) string {
	src := "vs_3_0\ndef c0, 0.125, 0.25, 0.375, 0.5\ndcl_position v0\ndcl_position o0\n" + dcls + "mov o0, v0\n"
	for _, r := range regs {
		src += "mov " + r + ", c0\n"
	}
	return src
}

// TestLinkage: the pixel shader's declarations against the vertex
// shader's, by semantic, letters and grouping ([MS:dcl-usage---ps],
// "Match Semantics").
func TestLinkage(t *testing.T) {
	tests := []struct {
		name, vs, ps string
		want         []string // problem lines; nil: linkage is valid
	}{
		{"same layout",
			vsOf("dcl_texcoord0 o1.xy\ndcl_texcoord1 o1.zw\n", "o1"),
			"ps_3_0\ndcl_texcoord0 v0.xy\ndcl_texcoord1 v0.zw\nmov oC0, v0\n", nil},
		{"a subset of the letters, other register numbers",
			vsOf("dcl_texcoord0 o3.xyz\n", "o3"),
			"ps_3_0\ndcl_texcoord0 v5.y\nmov oC0, v5.y\n", nil},
		{"a subset of the semantics of a packed register",
			vsOf("dcl_texcoord0 o1.xy\ndcl_texcoord1 o1.zw\n", "o1"),
			"ps_3_0\ndcl_texcoord1 v0.zw\nmov oC0, v0\n", nil},
		{"vPos and vFace are not linked",
			vsOf("dcl_texcoord0 o1\n", "o1"),
			"ps_3_0\ndcl_texcoord0 v0\ndcl vPos.xy\ndcl vFace\nmov oC0, v0\n", nil},
		{"a semantic the vertex shader does not write",
			vsOf("dcl_texcoord0 o1\n", "o1"),
			"ps_3_0\ndcl_texcoord0 v0\ndcl_texcoord5 v1.xy\nmov oC0, v0\n",
			[]string{"ps.asm:3: dcl_texcoord5 v1.xy: the vertex shader writes no TEXCOORD5: every semantic a pixel shader declares is a vertex output"}},
		{"other letters",
			vsOf("dcl_texcoord1 o2.zw\n", "o2"),
			"ps_3_0\ndcl_texcoord1 v1.xy\nmov oC0, v1\n",
			[]string{"ps.asm:2: dcl_texcoord1 v1.xy: the pixel shader reads TEXCOORD1.xy, which the vertex shader does not write (it writes .zw): a pixel input's letters are a subset of its output's"}},
		{"wider than the output, read",
			vsOf("dcl_texcoord0 o1.xy\n", "o1.xy"),
			"ps_3_0\ndcl_texcoord0 v0\nmov oC0, v0\n",
			[]string{"ps.asm:2: dcl_texcoord v0: the pixel shader reads TEXCOORD0.zw, which the vertex shader does not write (it writes .xy): a pixel input's letters are a subset of its output's"}},
		{"wider than the output, as the SDK declares it, not read",
			vsOf("dcl_texcoord0 o1.xy\n", "o1.xy"),
			"ps_3_0\ndcl_texcoord0 v0\nmov oC0, v0.xyxy\n", nil},
		{"one pixel register, two vertex registers",
			vsOf("dcl_texcoord0 o1.x\ndcl_texcoord1 o2.yz\n", "o1.x", "o2.yz"),
			"ps_3_0\ndcl_texcoord0 v0.x\ndcl_texcoord1 v0.yz\nmov oC0, v0\n",
			[]string{"ps.asm:3: dcl_texcoord1 v0.yz: TEXCOORD1 shares v0 with TEXCOORD0, but the vertex shader writes them to different registers, o2 and o1: semantics read from one register are written to one"}},
		{"one vertex register, two pixel registers",
			vsOf("dcl_texcoord0 o3.x\ndcl_texcoord1 o3.yz\ndcl_texcoord2 o3.w\n", "o3"),
			"ps_3_0\ndcl_texcoord0 v0.x\ndcl_texcoord1 v0.yz\ndcl_texcoord2 v1.w\nmov oC0, v0\nmov oC1, v1\n",
			[]string{"ps.asm:4: dcl_texcoord2 v1.w: TEXCOORD2 and TEXCOORD0 are read from v1 and v0, but the vertex shader packs both into o3: semantics written to one register are read from one"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Programs(parse(t, "vs.asm", tc.vs), parse(t, "ps.asm", tc.ps), "vs.asm", "ps.asm")
			assert.Equal(t, tc.want, problemLines(r))
		})
	}
}
