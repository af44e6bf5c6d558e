package rewrite_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
	"github.com/shpack/shpack/rewrite"
)

// plan parses src and plans the rewrite of the pair vs/ps in it.
func plan(t *testing.T, src, vs, ps string) *rewrite.Plan {
	t.Helper()
	u, err := hlsl.ParseFile("main.fx", []byte(src), nil)
	require.NoError(t, err)
	vep, err := u.EntryPoint(vs)
	require.NoError(t, err)
	pep, err := u.EntryPoint(ps)
	require.NoError(t, err)
	vl, err := pack.ForFile(pack.Optimal{}, vep.Out, ir.VS30Out(), ir.Constraints{Portable: true})
	require.NoError(t, err)
	psFile, _ := ir.LookupRegisterFile("ps_3_0", ir.In)
	pl, err := pack.Derive(vl, pep.In, psFile)
	require.NoError(t, err)
	return &rewrite.Plan{
		Files:  []rewrite.File{{Name: "main.fx", Src: []byte(src), Unit: u}},
		Vertex: []rewrite.Vertex{{EP: vep, Layout: vl, Unpacked: len(vep.Out.Elements) - 1}},
		Pixel:  []rewrite.Pixel{{EP: pep, VS: vl, Layout: pl, VSNames: []string{vs}}},
	}
}

func apply(t *testing.T, p *rewrite.Plan) string {
	t.Helper()
	out, err := rewrite.Apply(p)
	require.NoError(t, err)
	require.Len(t, out, 1)
	return string(out[0])
}

const pairSrc = `struct V { float4 p : POSITION; float a : TEXCOORD0; float b : TEXCOORD1; };
V VS(float4 p : POSITION) { V o = (V)0; o.p = p; return o; }
float4 PS(V i) : COLOR0 { return i.a + i.b; }
`

func TestRewriteShapes(t *testing.T) {
	got := apply(t, plan(t, pairSrc, "VS", "PS"))
	// The originals are renamed where they are defined; the wrappers
	// follow them on lines of their own, and #line gives the next line its
	// own number back.
	assert.Contains(t, got, "V VS_unpacked(float4 p : POSITION) { V o = (V)0; o.p = p; return o; }\n\n// Added by shpack: VS writes its 3 outputs packed into 1 general register\n")
	assert.Contains(t, got, "    float4 r0 : POSITION0;       // o0: p\n    float2 r1 : TEXCOORD0;       // o1: a = .x, b = .y\n")
	assert.Contains(t, got, "VS_Packed VS(float4 p : POSITION)\n{\n    V shpack_ret = VS_unpacked(p);\n")
	assert.Contains(t, got, "}\n#line 3 \"main.fx\"\nfloat4 PS_unpacked(V i) : COLOR0")
	assert.Contains(t, got, "float4 PS(PS_Packed shpack_in) : COLOR0\n{\n    V i = (V)0;\n    i.a = shpack_in.r1.x;\n    i.b = shpack_in.r1.y;\n    return PS_unpacked(i);\n}\n#line 4 \"main.fx\"\n")
	assert.True(t, strings.HasSuffix(got, "#line 4 \"main.fx\"\n"))
}

// TestRewriteNames: generated names never take a name the file uses (as
// an identifier or a macro), and prototypes and calls are renamed with the
// definition, but not other words that contain the name.
func TestRewriteNames(t *testing.T) {
	src := `#define PS_Packed 1
struct V { float4 p : POSITION; float a : TEXCOORD0; float b : TEXCOORD1; };
V VS(float4 p : POSITION);
float VS_unpacked;
V VS(float4 shpack_ret : POSITION) { V o = (V)0; o.p = shpack_ret; return o; }
V Other(float4 p : POSITION) { return VS(p); }
float4 PS(V shpack_in) : COLOR0 { float4 VSx = 0; return shpack_in.a + VSx; }
`
	got := apply(t, plan(t, src, "VS", "PS"))
	assert.Contains(t, got, "V VS_unpacked2(float4 p : POSITION);\n")
	assert.Contains(t, got, "V VS_unpacked2(float4 shpack_ret : POSITION) {")
	assert.Contains(t, got, "{ return VS_unpacked2(p); }")
	assert.Contains(t, got, "    V shpack_ret2 = VS_unpacked2(shpack_ret);\n")
	assert.Contains(t, got, "struct PS_Packed2\n")
	assert.Contains(t, got, "float4 PS(PS_Packed2 shpack_in2) : COLOR0\n")
	assert.Contains(t, got, "float4 VSx = 0;")
}

// TestRewriteSameLine: code after a function's "}" on its line stays on a
// line numbered as before.
func TestRewriteSameLine(t *testing.T) {
	src := strings.Replace(pairSrc, "return o; }\n", "return o; } float g;\n", 1)
	got := apply(t, plan(t, src, "VS", "PS"))
	assert.Contains(t, got, "return o; }\n\n// Added by shpack")
	assert.Contains(t, got, "}\n#line 2 \"main.fx\"\n float g;\n")
}

// TestRewriteCRLF keeps a file's CRLF line ends in what it adds.
func TestRewriteCRLF(t *testing.T) {
	src := strings.ReplaceAll(pairSrc, "\n", "\r\n")
	got := apply(t, plan(t, src, "VS", "PS"))
	assert.NotContains(t, strings.ReplaceAll(got, "\r\n", ""), "\n", "every line ends with CRLF")
	assert.Contains(t, got, "#line 3 \"main.fx\"\r\nfloat4 PS_unpacked")
}

// TestRewriteNotEditable: a name that is not spelled in the file (a macro
// made it) or is in an include is an error, positioned there.
func TestRewriteNotEditable(t *testing.T) {
	src := "#define NAME VS\n" + strings.Replace(pairSrc, "V VS(", "V NAME(", 1)
	_, err := rewrite.Apply(plan(t, src, "VS", "PS"))
	require.Error(t, err)
	assert.Equal(t, "main.fx:3:3: error: VS comes from a macro expansion here: shpack can only rename what is spelled in the file", err.Error())
}
