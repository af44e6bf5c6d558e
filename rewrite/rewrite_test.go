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

// TestRewriteShapes: the functions are edited in place, on their own
// lines; each gets a block before it (struct and macro), and #line gives
// its line its number back.
func TestRewriteShapes(t *testing.T) {
	got := apply(t, plan(t, pairSrc, "VS", "PS"))
	assert.Contains(t, got, "    float4 r0 : POSITION0;       // o0: p\n    float2 r1 : TEXCOORD0;       // o1: a = .x, b = .y\n")
	assert.Contains(t, got, "#define VS_RETURN(shpack_e) \\\n    { VS_Packed shpack_out; \\\n    shpack_out.r0 = (shpack_e).p; \\\n    shpack_out.r1 = float2((shpack_e).a, (shpack_e).b); \\\n    return shpack_out; }\n#line 2 \"main.fx\"\n")
	assert.Contains(t, got, "\nVS_Packed VS(float4 p : POSITION) { V o = (V)0; o.p = p; VS_RETURN(o) }\n")
	assert.Contains(t, got, "#define PS_UNPACK \\\n    V i = (V)0; \\\n    i.a = shpack_in.r1.x; \\\n    i.b = shpack_in.r1.y;\n#line 3 \"main.fx\"\n")
	assert.Contains(t, got, "\nfloat4 PS(PS_Packed shpack_in /* V i */) : COLOR0 { PS_UNPACK return i.a + i.b; }\n")
	assert.True(t, strings.HasPrefix(got, "struct V {"))
}

// TestRewriteNames: generated names never take a name the file uses (as
// an identifier or a macro); only calls of the entry function go to the
// copy of the original, not members, parameters or variables spelled like
// it; prototypes are edited with the definition.
func TestRewriteNames(t *testing.T) {
	src := `#define PS_Packed 1
#define shpack_out 2
struct V { float4 p : POSITION; float a : TEXCOORD0; float b : TEXCOORD1; float VS : TEXCOORD2; };
V VS(float4 p : POSITION);
float VS_unpacked;
V VS(float4 shpack_e : POSITION) { V o = (V)0; o.p = shpack_e; o.VS = 1.5; return o; }
V Other(float4 p : POSITION, float VS : TEXCOORD0) { V o = VS(p); o.VS = VS; return o; }
float4 PS(V shpack_in) : COLOR0 { float4 VSx = 0; return shpack_in.a + VSx + shpack_in.VS; }
`
	got := apply(t, plan(t, src, "VS", "PS"))
	// The copy for Other, under a free name, before the edited function.
	assert.Contains(t, got, "V VS_unpacked2(float4 p : POSITION);\n#line 4 \"main.fx\"\nVS_Packed VS(float4 p : POSITION);\n")
	assert.Contains(t, got, "V VS_unpacked2(float4 shpack_e : POSITION) { V o = (V)0; o.p = shpack_e; o.VS = 1.5; return o; }\n#line 6")
	assert.Contains(t, got, "VS_Packed VS(float4 shpack_e : POSITION) { V o = (V)0; o.p = shpack_e; o.VS = 1.5; VS_RETURN(o) }")
	assert.Contains(t, got, "V Other(float4 p : POSITION, float VS : TEXCOORD0) { V o = VS_unpacked2(p); o.VS = VS; return o; }")
	assert.Contains(t, got, "#define VS_RETURN(shpack_e2) \\\n    { VS_Packed shpack_out2; \\\n")
	assert.Contains(t, got, "struct PS_Packed2\n")
	assert.Contains(t, got, "float4 PS(PS_Packed2 shpack_in2 /* V shpack_in */) : COLOR0 { PS_UNPACK float4 VSx = 0;")
}

// TestRewriteFieldNames: the packed structs' members are r0, r1, ...
// unless the file defines macros of that form, which would replace them.
func TestRewriteFieldNames(t *testing.T) {
	got := apply(t, plan(t, "#define r0 r3\n#define r1\n"+pairSrc, "VS", "PS"))
	assert.Contains(t, got, "    float4 shpack_r0 : POSITION0;")
	assert.Contains(t, got, "shpack_out.shpack_r1 = float2((shpack_e).a, (shpack_e).b);")
	assert.Contains(t, got, "i.a = shpack_in.shpack_r1.x;")
	assert.NotContains(t, got, " r1 ")
}

// TestRewriteReturns: every return of a vertex shader goes through the
// macro; a returned expression that is not a variable is repeated (a
// compiler keeps a struct copy in temporaries), one with side effects is
// copied once; a void function gets a return before its end.
func TestRewriteReturns(t *testing.T) {
	src := `struct V { float4 p : POSITION; float a : TEXCOORD0; float b : TEXCOORD1; };
V Make(float4 p) { V o = (V)0; o.p = p; return o; }
V VS(float4 p : POSITION, uniform bool k)
{
    if (k)
        return Make(p);
    V o = (V)0;
    if (p.x > 0) return o;
    return (o.a = 2, o);
}
void VS2(float4 p : POSITION, out float4 oP : POSITION, out float a : TEXCOORD0, inout float b : TEXCOORD1)
{
    oP = p; a = 1;
    if (p.x > 0) return;
    b = b + 1;
}
float4 PS(V i) : COLOR0 { return i.a + i.b; }
`
	got := apply(t, plan(t, src, "VS", "PS"))
	assert.Contains(t, got, "        VS_RETURN(Make(p))\n")
	assert.Contains(t, got, "    if (p.x > 0) VS_RETURN(o)\n")
	assert.Contains(t, got, "    { V shpack_ret = (o.a = 2, o); VS_RETURN(shpack_ret) }\n")

	got = apply(t, plan(t, src, "VS2", "PS"))
	assert.Contains(t, got, "VS2_Packed VS2(float4 p : POSITION, /* out float4 oP : POSITION, out float a : TEXCOORD0 */ in float b : TEXCOORD1)\n{ float4 oP; float a;\n")
	assert.Contains(t, got, "    if (p.x > 0) VS2_RETURN\n    b = b + 1;\nVS2_RETURN }\n")
	assert.Contains(t, got, "shpack_out.r1 = float2(a, b);")
}

// TestRewriteSameLine: code before a function on its line stays on a line
// numbered as before, and so does the function.
func TestRewriteSameLine(t *testing.T) {
	src := strings.Replace(pairSrc, "\nV VS(", " float g; V VS(", 1)
	got := apply(t, plan(t, src, "VS", "PS"))
	assert.Contains(t, got, "struct V { float4 p : POSITION; float a : TEXCOORD0; float b : TEXCOORD1; }; float g; \n// Added by shpack")
	assert.Contains(t, got, "#line 1 \"main.fx\"\n                                                                                      VS_Packed VS(")
}

// TestRewriteCRLF keeps a file's CRLF line ends in what it adds.
func TestRewriteCRLF(t *testing.T) {
	src := strings.ReplaceAll(pairSrc, "\n", "\r\n")
	got := apply(t, plan(t, src, "VS", "PS"))
	assert.NotContains(t, strings.ReplaceAll(got, "\r\n", ""), "\n", "every line ends with CRLF")
	assert.Contains(t, got, "#line 3 \"main.fx\"\r\nfloat4 PS(PS_Packed")
}

// TestRewriteBOMFirstLine: a function on the first line of a file that
// starts with a UTF-8 byte-order mark gets its block after the mark, on
// lines of its own, as in the file without the mark: the mark stays the
// file's first bytes, once.
func TestRewriteBOMFirstLine(t *testing.T) {
	src := "void VS(float4 p : POSITION, out float4 oP : POSITION, out float a : TEXCOORD0, out float b : TEXCOORD1) { oP = p; a = 1; b = 2; }\r\n" +
		"float4 PS(float a : TEXCOORD0, float b : TEXCOORD1) : COLOR0 { return a + b; }\r\n"
	plain := apply(t, plan(t, src, "VS", "PS"))
	got := apply(t, plan(t, "\xEF\xBB\xBF"+src, "VS", "PS"))
	assert.Equal(t, "\xEF\xBB\xBF"+plain, got)
	assert.True(t, strings.HasPrefix(plain, "// Added by shpack"), "the block starts the file: %q", plain[:40])
}

// TestRewriteNotEditable: a part of the function the rewrite edits that
// is not spelled in the file (a macro made it) or is in an include is an
// error, positioned there, one per function, and nothing is written.
func TestRewriteNotEditable(t *testing.T) {
	src := "#define RET return o;\n" + strings.Replace(pairSrc, "return o; }", "RET }", 1)
	_, err := rewrite.Apply(plan(t, src, "VS", "PS"))
	require.Error(t, err)
	assert.Equal(t, "main.fx:3:50: error: VS: this part of it comes from a macro expansion: shpack can only edit what is spelled in the file", err.Error())

	src = "#define NAME VS\n" + strings.Replace(pairSrc, "V VS(", "V NAME(", 1)
	got := apply(t, plan(t, src, "VS", "PS"))
	assert.Contains(t, got, "VS_Packed NAME(float4 p : POSITION)", "the name is not edited, so a macro may make it")
}

// TestRewriteStructOfOneMember: a pixel shader's struct input of one
// member is declared as the struct and filled member by member, not
// assigned the register as if it were the member.
func TestRewriteStructOfOneMember(t *testing.T) {
	src := `struct V { float4 p : POSITION; float2 a : TEXCOORD0; float b : TEXCOORD1; };
struct PIN { float2 a : TEXCOORD0; };
V VS(float4 p : POSITION) { V o = (V)0; o.p = p; return o; }
float4 PS(PIN i) : COLOR0 { return i.a.xyxy; }
`
	got := apply(t, plan(t, src, "VS", "PS"))
	assert.Contains(t, got, "#define PS_UNPACK \\\n    PIN i; \\\n    i.a = shpack_in.r1.xy;\n")
}

// TestRewriteColumnMajor: a column of a column_major matrix is read and
// written element by element, not through a matrix swizzle (which Wine's
// D3DCompile refuses and glslang lacks).
func TestRewriteColumnMajor(t *testing.T) {
	src := `struct V { float4 p : POSITION; column_major float2x2 m : TEXCOORD0; };
V VS(float4 p : POSITION) { V o = (V)0; o.p = p; return o; }
float4 PS(V i) : COLOR0 { return float4(i.m[0], i.m[1]); }
`
	got := apply(t, plan(t, src, "VS", "PS"))
	assert.Contains(t, got, "shpack_out.r1 = float4(float2((shpack_e).m[0][0], (shpack_e).m[1][0]), float2((shpack_e).m[0][1], (shpack_e).m[1][1]));")
	assert.Contains(t, got, "i.m[0][0] = (shpack_in.r1.xy).x; i.m[1][0] = (shpack_in.r1.xy).y;")
	assert.NotContains(t, got, "._m")
}
