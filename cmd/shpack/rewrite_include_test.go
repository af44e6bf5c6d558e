package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
)

// includeHeader is a shared header that defines an overflowing vertex
// shader (12 outputs, 11 registers unpacked) and a function of its own
// that calls it.
const includeHeader = `float4 Offset;
struct VS_OUT {
    float4 Pos : POSITION;
    float4 A : TEXCOORD0;
    float B : TEXCOORD1;
    float C : TEXCOORD2;
    float D : TEXCOORD3;
    float E : TEXCOORD4;
    float F : TEXCOORD5;
    float G : TEXCOORD6;
    float H : TEXCOORD7;
    float I : TEXCOORD8;
    float J : TEXCOORD9;
    float K : TEXCOORD10;
};
VS_OUT mainVS(float4 p : POSITION)
{
    VS_OUT o;
    o.Pos = p;
    o.A = float4(1.25, 1.5, 1.75, 2.25);
    o.B = 2.5; o.C = 2.75; o.D = 3.25; o.E = 3.5;
    o.F = 3.75; o.G = 4.25; o.H = 4.5; o.I = 4.75;
    o.J = 5.25; o.K = 5.5;
    return o;
}
VS_OUT shiftedVS(float4 p : POSITION)
{
    VS_OUT o = mainVS(p);
    o.Pos += Offset;
    return o;
}
`

// includeMain includes the header, reads every output in its pixel
// shader and calls the vertex shader from a function of its own.
const includeMain = `#include "common.fxh"
struct PS_OUT { float4 c0 : COLOR0; float4 c1 : COLOR1; float4 c2 : COLOR2; float4 c3 : COLOR3; };
PS_OUT mainPS(VS_OUT i)
{
    PS_OUT o;
    o.c0 = i.A;
    o.c1 = float4(i.B, i.C, i.D, i.E);
    o.c2 = float4(i.F, i.G, i.H, i.I);
    o.c3 = float4(i.J, i.K, 0, 0);
    return o;
}
float4 probe(float4 p) { return mainVS(p).A; }
technique T { pass P { VertexShader = compile vs_3_0 mainVS(); PixelShader = compile ps_3_0 mainPS(); } }
`

// TestRewriteIncludedEntry: a vertex shader defined in an included header
// (issue 25) is rewritten without touching the header: a macro renames
// the header's definition (and its calls there) around the #include, and
// an edited copy follows it, with #line pointing at the header. Both
// stages compile (glslang); with vkd3d, the program fits, shpack check
// passes, and the pixel shader draws every value on Wine and MojoShader.
func TestRewriteIncludedEntry(t *testing.T) {
	root, dir := testenv.Root(t), testenv.TempDir(t)
	t.Chdir(dir)
	require.NoError(t, os.WriteFile("common.fxh", []byte(includeHeader), 0o644))
	require.NoError(t, os.WriteFile("main.fx", []byte(includeMain), 0o644))
	code, _, stderr := shpackRun("rewrite", "-o", "out.fx", "main.fx")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, includeHeader, string(got0(t, "common.fxh")), "the header is left as it is")
	out := string(got0(t, "out.fx"))
	assert.True(t, strings.HasPrefix(out, "#define mainVS mainVS_unpacked\n#line 1 \"main.fx\"\n#include \"common.fxh\"\n#undef mainVS\n"), out)
	assert.Contains(t, out, "#line 16 \"common.fxh\"\nmainVS_Packed mainVS(float4 p : POSITION)")
	assert.Contains(t, out, "float4 probe(float4 p) { return mainVS_unpacked(p).A; }", "the file's own call goes to the original")
	assert.Contains(t, out, "#line 2 \"main.fx\"\nstruct PS_OUT")

	t.Run("glslang", func(t *testing.T) {
		for _, st := range [][2]string{{"mainVS", "vert"}, {"mainPS", "frag"}} {
			assert.NoError(t, glslang(t, filepath.Join(dir, "out.fx"), st[0], st[1]))
		}
	})
	// A call in another header, included after, would reach the packed
	// copy: refused, positioned.
	require.NoError(t, os.WriteFile("other.fxh", []byte("float4 other(float4 p) { return mainVS(p).A; }\n"), 0o644))
	require.NoError(t, os.WriteFile("two.fx", []byte(strings.Replace(includeMain, "#include \"common.fxh\"\n", "#include \"common.fxh\"\n#include \"other.fxh\"\n", 1)), 0o644))
	code, _, stderr = shpackRun("rewrite", "-o", "two.out.fx", "two.fx")
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, "other.fxh:1:33: error: mainVS is called in other.fxh, which two.fx includes after common.fxh")
	assert.NoFileExists(t, "two.out.fx")
	if vkd3d.Path() == "" {
		t.Skipf("%s is unset: the rewrite is not compiled to bytecode nor drawn", vkd3d.Env)
	}
	testenv.Heavy(t)
	t.Chdir(root)
	asmcheck.Tool(t)
	_, err := vkd3d.Compile(t, dir, "out.fx", "mainVS", "vs_3_0", "vs.cso")
	require.NoError(t, err)
	_, err = vkd3d.Compile(t, dir, "out.fx", "mainPS", "ps_3_0", "ps.cso")
	require.NoError(t, err)
	vso, pso := filepath.Join(dir, "vs.cso"), filepath.Join(dir, "ps.cso")
	assert.LessOrEqual(t, diffGeneral(readProgram(t, vso)), 10)
	assert.Empty(t, checkFiles(t, vso, pso).Problems)
	want := []float64{1.25, 1.5, 1.75, 2.25, 2.5, 2.75, 3.25, 3.5, 3.75, 4.25, 4.5, 4.75, 5.25, 5.5, 0, 0}
	res := render(t, renderTool(t), vso, pso, want)
	assert.True(t, res.pass, "%s", res.output)
}
