package hlsl

import (
	"flag"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/ir"
)

var update = flag.Bool("update", false, "rewrite golden files")

func parseSrc(t *testing.T, src string) *Unit {
	t.Helper()
	u, err := ParseFile("t.hlsl", []byte(src), nil)
	require.NoError(t, err)
	return u
}

// rows prints a signature's elements compactly: "name SEM<idx> <type><n> [mods] @line:col".
func rows(sig *ir.Signature) string {
	var b strings.Builder
	for _, e := range sig.Elements {
		fmt.Fprintf(&b, "%s %s%d %s%d", e.Name, e.Semantic.Name, e.Semantic.Index, e.Type, e.Components)
		if m := e.Mods.String(); m != "" {
			fmt.Fprintf(&b, " [%s]", m)
		}
		fmt.Fprintf(&b, " @%d:%d\n", e.Pos.Line, e.Pos.Col)
	}
	return b.String()
}

func TestLowerStruct(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"scalars and vectors, semantics case-insensitive, default index 0",
			"struct S {\n  float4 p : position;\n  half3 n : TexCoord5;\n  int i : texcoord;\n  bool b : COLOR1;\n};",
			"p POSITION0 float4 @2:3\nn TEXCOORD5 half3 @3:3\ni TEXCOORD0 int1 @4:3\nb COLOR1 bool1 @5:3\n"},
		{"arrays expand to consecutive indices (seed 003)",
			"struct S { float3 Tex[3] : TEXCOORD2; };",
			"Tex[0] TEXCOORD2 float3 @1:12\nTex[1] TEXCOORD3 float3 @1:12\nTex[2] TEXCOORD4 float3 @1:12\n"},
		{"multi-dimensional arrays flatten in order",
			"struct S { float a[2][2] : TEXCOORD0; };",
			"a[0][0] TEXCOORD0 float1 @1:12\na[0][1] TEXCOORD1 float1 @1:12\na[1][0] TEXCOORD2 float1 @1:12\na[1][1] TEXCOORD3 float1 @1:12\n"},
		{"column_major matrix: one vector per column",
			"struct S { float4x3 M : TEXCOORD0; };",
			"M[0] TEXCOORD0 float4 @1:12\nM[1] TEXCOORD1 float4 @1:12\nM[2] TEXCOORD2 float4 @1:12\n"},
		{"row_major matrix: one vector per row",
			"struct S { row_major float4x3 M : TEXCOORD0; };",
			"M[0] TEXCOORD0 float3 @1:12\nM[1] TEXCOORD1 float3 @1:12\nM[2] TEXCOORD2 float3 @1:12\nM[3] TEXCOORD3 float3 @1:12\n"},
		{"pragma pack_matrix changes the default",
			"#pragma pack_matrix(row_major)\nstruct S { float2x3 M : TEXCOORD0; column_major float2x3 C : TEXCOORD4; };",
			"M[0] TEXCOORD0 float3 @2:12\nM[1] TEXCOORD1 float3 @2:12\nC[0] TEXCOORD4 float2 @2:36\nC[1] TEXCOORD5 float2 @2:36\nC[2] TEXCOORD6 float2 @2:36\n"},
		{"template types",
			"struct S { vector<half, 2> v : TEXCOORD0; matrix<float, 2, 2> m : TEXCOORD1; };",
			"v TEXCOORD0 half2 @1:12\nm[0] TEXCOORD1 float2 @1:43\nm[1] TEXCOORD2 float2 @1:43\n"},
		{"typedefs, also of arrays",
			"typedef float2 uv_t;\ntypedef float3 tri_t[2];\nstruct S { uv_t a : TEXCOORD0; tri_t t : TEXCOORD1; };",
			"a TEXCOORD0 float2 @3:12\nt[0] TEXCOORD1 float3 @3:32\nt[1] TEXCOORD2 float3 @3:32\n"},
		{"array sizes are constant expressions",
			"#define MAX 8\nstatic const int N = 2;\nstruct S { float f[MAX/4 - N + 1] : FOG; };",
			"f[0] FOG0 float1 @3:12\n"},
		{"constants declared together, each one's value its own",
			"static const int N = 2, M = N + 1, K;\nstruct S { float f[M] : FOG; };",
			"f[0] FOG0 float1 @2:12\nf[1] FOG1 float1 @2:12\nf[2] FOG2 float1 @2:12\n"},
		{"?: and || evaluate only the operand that decides, as in C",
			"struct S { float f[1 ? 2 : 1/0] : FOG; float g[1 || 1<<64] : PSIZE; };",
			"f[0] FOG0 float1 @1:12\nf[1] FOG1 float1 @1:12\ng[0] PSIZE0 float1 @1:40\n"},
		{"several declarators in one member",
			"struct S { float2 a : TEXCOORD0, b : TEXCOORD1; };",
			"a TEXCOORD0 float2 @1:12\nb TEXCOORD1 float2 @1:34\n"},
		{"nested structs flatten depth-first; an outer semantic overrides",
			"struct In { float2 uv : TEXCOORD0; float f : FOG; };\nstruct S { In i; In j : TEXCOORD4; };",
			"i.uv TEXCOORD0 float2 @1:13\ni.f FOG0 float1 @1:36\nj.uv TEXCOORD4 float2 @1:13\nj.f TEXCOORD5 float1 @1:36\n"},
		{"modifiers and the _centroid suffix",
			"struct S { centroid float2 a : TEXCOORD0; float2 b : TEXCOORD1_centroid; nointerpolation precise float c : TEXCOORD2; };",
			"a TEXCOORD0 float2 [centroid] @1:12\nb TEXCOORD1 float2 [centroid] @1:43\nc TEXCOORD2 float1 [nointerpolation precise] @1:74\n"},
		{"macros in types, semantics and modifiers",
			"#define SampleMode_ centroid\n#define OUTPOSITION POSITION\n#define VEC float4\nstruct S { VEC p : OUTPOSITION; SampleMode_ float3 n : NORMAL; };",
			"p POSITION0 float4 @4:12\nn NORMAL0 float3 [centroid] @4:33\n"},
		{"SV_ semantics keep their names",
			"struct S { float4 p : SV_Position; float4 c : SV_Target1; };",
			"p SV_POSITION0 float4 @1:12\nc SV_TARGET1 float4 @1:36\n"},
		{"min-precision and other scalar types",
			"struct S { min16float2 a : TEXCOORD0; uint b : TEXCOORD1; unsigned int c : TEXCOORD2; dword d : TEXCOORD3; double e : TEXCOORD4; };",
			"a TEXCOORD0 min16float2 @1:12\nb TEXCOORD1 uint1 @1:39\nc TEXCOORD2 uint1 @1:59\nd TEXCOORD3 dword1 @1:87\ne TEXCOORD4 double1 @1:108\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := parseSrc(t, tc.src)
			sig, err := u.Struct("S")
			require.NoError(t, err)
			assert.Equal(t, tc.want, rows(sig))
		})
	}
}

func TestLowerArrays(t *testing.T) {
	u := parseSrc(t, "struct S { float4 p : POSITION; float2 t[3] : TEXCOORD0; float4x4 m : TEXCOORD3; float f : FOG; };")
	sig, err := u.Struct("S")
	require.NoError(t, err)
	require.Len(t, sig.Arrays, 2)
	assert.Equal(t, ir.Array{Name: "t", First: 1, Count: 3, Pos: ir.Pos{File: "t.hlsl", Line: 1, Col: 33}}, sig.Arrays[0])
	assert.Equal(t, "m", sig.Arrays[1].Name)
	assert.Equal(t, 4, sig.Arrays[1].Count)
	assert.Equal(t, 0, sig.Elements[2].Array)
	assert.Equal(t, -1, sig.Elements[8].Array)
	assert.Equal(t, 0, sig.FindArray("t"))
	assert.Equal(t, -1, sig.FindArray("f"))
}

func TestLowerErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"member without semantic", "struct S {\n  float4 p : POSITION;\n  float2 uv;\n};",
			"t.hlsl:3:3: error: member uv has no semantic"},
		{"unknown type", "struct S { vec2 uv : TEXCOORD0; };",
			"t.hlsl:1:12: error: unknown type vec2"},
		{"bad vector width", "struct S { float5 uv : TEXCOORD0; };",
			"t.hlsl:1:12: error: unknown type float5: vectors and matrices have 1 to 4 rows and columns"},
		{"bad template", "struct S { vector<float, 7> v : TEXCOORD0; };",
			"t.hlsl:1:12: error: invalid type vector<float, 7>"},
		{"array size not constant", "struct S { float a[N] : TEXCOORD0; };",
			"t.hlsl:1:20: error: N is not a constant (array sizes must be constant integer expressions)"},
		{"array size float", "struct S { float a[2.5] : TEXCOORD0; };",
			"t.hlsl:1:20: error: array size must be an integer, not 2.5"},
		{"array size zero", "struct S { float a[0] : TEXCOORD0; };",
			"t.hlsl:1:19: error: array size 0 must be at least 1"},
		{"huge array rejected without allocating", "struct S { float4 t[100000000] : TEXCOORD0; };",
			"t.hlsl:1:20: error: array size 100000000 is too large (a signature holds at most 128 rows)"},
		{"too many rows in total", "struct S { float4x4 t[40] : TEXCOORD0; };",
			"t.hlsl:1:12: error: t: too many rows (160; a signature holds at most 128)"},
		{"division by zero", "struct S { float a[4/0] : TEXCOORD0; };",
			"t.hlsl:1:21: error: division by zero in constant expression"},
		// The rules of #if (one evaluator): no wrapped values, no Go forms.
		{"shift count 64", "struct S { float a[1<<64] : TEXCOORD0; };",
			"t.hlsl:1:21: error: shift count 64 is outside 0..63 in constant expression"},
		{"shift count 65", "struct S { float a[1<<65] : TEXCOORD0; };",
			"t.hlsl:1:21: error: shift count 65 is outside 0..63 in constant expression"},
		{"overflow", "struct S { float a[9223372036854775807 + 2] : TEXCOORD0; };",
			"t.hlsl:1:40: error: integer overflow in constant expression"},
		{"Go binary literal", "struct S { float a[0b11] : TEXCOORD0; };",
			`t.hlsl:1:20: error: invalid constant expression: invalid integer literal "0b11"`},
		{"Go digit separator", "struct S { float a[1_0] : TEXCOORD0; };",
			`t.hlsl:1:20: error: invalid constant expression: invalid integer literal "1_0"`},
		{"recursive struct", "struct S { S s : TEXCOORD0; float f : FOG; };",
			"t.hlsl:1:1: error: struct S contains itself"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := parseSrc(t, tc.src)
			_, err := u.Struct("S")
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}

func TestLowerStructBombs(t *testing.T) {
	// A binary tree of struct types 40 levels deep: 2^40 leaves if expanded.
	var b strings.Builder
	b.WriteString("struct S0 { float f : TEXCOORD0; };\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "struct S%d { S%d a; S%d b; };\n", i, i-1, i-1)
	}
	u := parseSrc(t, b.String())
	_, err := u.Struct("S40")
	assert.EqualError(t, err, "t.hlsl:41:1: error: S40 nests structs more than 32 levels deep (struct S7 is at level 33)")
	// Ten levels: 1024 leaves, stopped at 128 rows.
	_, err = u.Struct("S10")
	assert.EqualError(t, err, "t.hlsl:1:13: error: a.a.b.a.a.a.a.a.a.a.f: too many rows (a signature holds at most 128)")

	// Mutually recursive structs with two members each.
	u = parseSrc(t, "struct t { t s : N; t l : L; };\nstruct A { B b; }; struct B { A a : TEXCOORD0; A c; };")
	_, err = u.Struct("t")
	assert.EqualError(t, err, "t.hlsl:1:1: error: struct t contains itself")
	_, err = u.Struct("A")
	assert.EqualError(t, err, "t.hlsl:2:1: error: struct A contains itself")
	for _, li := range u.List() {
		assert.Error(t, li.Err, li.Name)
	}
}

func TestLowerEntry(t *testing.T) {
	src := `struct VS_OUT { float4 p : POSITION; float2 uv : TEXCOORD0; };
struct VS_IN { float4 p : POSITION; float3 n : NORMAL; };
float4x4 M;
VS_OUT main(VS_IN i, float2 uv : TEXCOORD0, uniform float k, float helper,
            out float fog : FOG, inout float4 c : COLOR0) { VS_OUT o; return o; }
float4 bare(float4 p : POSITION) : POSITION { return p; }
float4 nosem(float4 p : POSITION) { return p; }
void params(in float4 p : POSITION, out float4 op : POSITION, out float2 t[2] : TEXCOORD1) {}
`
	u := parseSrc(t, src)
	in, out, err := u.Entry("main")
	require.NoError(t, err)
	assert.Equal(t, "i.p POSITION0 float4 @2:16\ni.n NORMAL0 float3 @2:37\nuv TEXCOORD0 float2 @4:22\nc COLOR0 float4 @5:34\n", rows(in))
	assert.Equal(t, "p POSITION0 float4 @1:17\nuv TEXCOORD0 float2 @1:38\nfog FOG0 float1 @5:13\nc COLOR0 float4 @5:34\n", rows(out))
	assert.Equal(t, "main", out.Name)
	assert.Equal(t, "function", out.Kind)
	assert.Equal(t, ir.Out, out.Dir)
	assert.Equal(t, ir.In, in.Dir)

	_, out, err = u.Entry("bare")
	require.NoError(t, err)
	assert.Equal(t, "return POSITION0 float4 @6:1\n", rows(out))

	_, _, err = u.Entry("nosem")
	require.Error(t, err)
	assert.Equal(t, "t.hlsl:7:1: error: the return value of nosem has no semantic", err.Error())

	in, out, err = u.Entry("params")
	require.NoError(t, err)
	assert.Equal(t, "p POSITION0 float4 @8:13\n", rows(in))
	assert.Equal(t, "op POSITION0 float4 @8:37\nt[0] TEXCOORD1 float2 @8:63\nt[1] TEXCOORD2 float2 @8:63\n", rows(out))

	// A missing name is an ir.ErrorList like every other error, and a
	// *NotFoundError.
	_, _, err = u.Entry("missing")
	assert.EqualError(t, err, `t.hlsl: error: no function named "missing"`)
	assert.Len(t, ir.Errors(err), 1)
	var nf *NotFoundError
	require.ErrorAs(t, err, &nf)
	assert.Equal(t, "function", nf.Kind)
	_, err = u.Struct("Nope")
	require.ErrorAs(t, err, &nf)
	assert.Equal(t, `no struct named "Nope"`, nf.Message())
	assert.Equal(t, ir.Pos{File: "t.hlsl"}, ir.Errors(err)[0].Pos)
	_, err = u.EntryPoint("missing")
	require.ErrorAs(t, err, &nf)
}

// TestEntryPointUnsplittable: a parameter list the parameter parser reads
// with a bracket left open across a "," cannot be split into the tokens of
// each parameter (which the rewrite needs); EntryPoint says so instead of
// indexing past the split.
func TestEntryPointUnsplittable(t *testing.T) {
	for src, at := range map[string]string{
		"float4 main(float4 p : POSITION, float a[4, float b[2], float c) : POSITION { return p; }\n":                                      "1:12",
		"struct VO { float4 p : POSITION; };\nVO main(float4 p : POSITION, float a[4, float b[2], float c) { VO o; o.p = p; return o; }\n": "2:8",
	} {
		u, err := ParseFile("t.hlsl", []byte(src), nil)
		require.NoError(t, err, src)
		_, err = u.EntryPoint("main")
		assert.EqualError(t, err, "t.hlsl:"+at+`: error: cannot tell the parameters of main apart: a bracket in its parameter list stays open across a ","`, src)
	}
}

func TestEntryMatchesStruct(t *testing.T) {
	// --entry packs an entry point's outputs exactly as the struct path does.
	u := parseSrc(t, "struct O { float4 p : POSITION; float3 t[2] : TEXCOORD0; row_major float2x2 m : TEXCOORD2; };\nO vs() { O o; return o; }")
	s, err := u.Struct("O")
	require.NoError(t, err)
	_, out, err := u.Entry("vs")
	require.NoError(t, err)
	assert.Equal(t, s.Elements, out.Elements)
	assert.Equal(t, s.Arrays, out.Arrays)
}

func TestList(t *testing.T) {
	src := `struct A { float4 p : POSITION; };
struct NoSem { float x; };
struct B { float2 uv : TEXCOORD0; vec3 bad : TEXCOORD1; };
A vs(float4 p : POSITION) { A a; return a; }
float helper(float x) { return x; }
float4 ps(A a) : COLOR0 { return 0; }
`
	u := parseSrc(t, src)
	list := u.List()
	var got []string
	for _, li := range list {
		s := li.Kind + " " + li.Name
		if li.Returned {
			s += " returned"
		}
		if li.Err != nil {
			s += " error: " + li.Err.Error()
		}
		got = append(got, s)
	}
	assert.Equal(t, []string{
		"struct A returned",
		"struct B error: t.hlsl:3:35: error: unknown type vec3",
		"function vs",
		"function ps",
	}, got)
}

func TestRedefinition(t *testing.T) {
	u := parseSrc(t, "struct S { float f : FOG; };\nstruct S { float g : FOG; };")
	list := u.List()
	require.Len(t, list, 2)
	assert.NoError(t, list[0].Err)
	require.Error(t, list[1].Err)
	assert.Equal(t, "t.hlsl:2:8: error: struct S is defined more than once (first at t.hlsl:1:8)", list[1].Err.Error())
}

func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"missing semicolon in struct", "struct S {\n  float4 p : POSITION\n};",
			`t.hlsl:2:22: error: expected ";" after "POSITION"`},
		{"unterminated struct", "struct S {\n  float4 p : POSITION;\n",
			`t.hlsl:3:1: error: unexpected end of file (expected "}")`},
		{"stray closing brace", "float x;\n}\n",
			`t.hlsl:2:1: error: unexpected token "}"`},
		{"unterminated block", "float4 f() {\n return 0;\n",
			`t.hlsl:1:12: error: "{" has no matching "}"`},
		{"global without semicolon at the end", "float4x4 World : WORLD",
			`t.hlsl:1:23: error: unexpected end of file (expected ";")`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseFile("t.hlsl", []byte(tc.src), nil)
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}

func TestSkipsEffectSyntax(t *testing.T) {
	src := "\xEF\xBB\xBF" + `// effect syntax around one struct
cbuffer cb : register(b0) { float4x4 W; struct Inner { float x; } inner; }
float4x4 WVP : WORLDVIEWPROJECTION < string UIName = "{braces} in a string"; >;
texture T < string ResourceName = "a.dds"; >;
sampler S = sampler_state { Texture = <T>; MinFilter = Linear; };
Texture2D tex : register(t0);
SamplerState ss { Filter = MIN_MAG_MIP_LINEAR; };
static const float3 K = normalize(float3(1, 2, 3));
VertexShader vsArray[2] = { compile vs_2_0 VS(1), compile vs_2_0 VS(2) };
struct V { float4 p : SV_Position; float2 uv : TEXCOORD0; };` + "\r\n" + `
[maxvertexcount(3)]
void GS(triangle V input[3], inout TriangleStream<V> stream) { }
float4 f(float a = 1.0f, float2 b = float2(1, 2)) : COLOR { return a; }
technique11 T { pass P { SetVertexShader(CompileShader(vs_5_0, VS())); SetPixelShader(NULL); } }
technique T2 < string x = "y"; > { pass P { VertexShader = compile vs_3_0 VS(); } }
float last;
`
	u := parseSrc(t, src)
	sig, err := u.Struct("V")
	require.NoError(t, err)
	assert.Equal(t, "p SV_POSITION0 float4 @10:12\nuv TEXCOORD0 float2 @10:36\n", rows(sig))
	in, _, err := u.Entry("GS")
	require.NoError(t, err)
	assert.Len(t, in.Elements, 6, "triangle V input[3] flattens")
}

func TestGrammarGolden(t *testing.T) {
	testenv.Golden(t, "testdata/grammar.ebnf", []byte(Grammar()+"\n"), *update)
}

// TestLowerRowLimit checks the row limit at what --registers=32 can hold:
// 128 rows lower, 129 do not.
func TestLowerRowLimit(t *testing.T) {
	usages := []string{"TEXCOORD", "NORMAL", "TANGENT", "BINORMAL", "BLENDWEIGHT", "BLENDINDICES", "TESSFACTOR", "DEPTH", "SAMPLE"}
	src := func(rows int) string {
		var b strings.Builder
		b.WriteString("struct S {\n")
		for i := range rows {
			fmt.Fprintf(&b, "    float m%d : %s%d;\n", i, usages[i/16], i%16)
		}
		b.WriteString("};\n")
		return b.String()
	}
	u, err := ParseFile("t.hlsl", []byte(src(128)), nil)
	require.NoError(t, err)
	sig, err := u.Struct("S")
	require.NoError(t, err)
	assert.Len(t, sig.Elements, 128)
	u, err = ParseFile("t.hlsl", []byte(src(129)), nil)
	require.NoError(t, err)
	_, err = u.Struct("S")
	assert.EqualError(t, err, "t.hlsl:130:5: error: m128: too many rows (a signature holds at most 128)")
}

// TestParseRefusesHandMadeResults: Parse needs a PPResult as Preprocess
// makes it, and says so about one it would index past.
func TestParseRefusesHandMadeResults(t *testing.T) {
	toks, errs := Scan("t.hlsl", []byte("float4 a;"))
	require.Empty(t, errs)
	for name, pp := range map[string]*PPResult{
		"nil":      nil,
		"no names": {Tokens: toks},
		"no end":   {Tokens: toks[:len(toks)-1], Names: []string{"t.hlsl"}},
	} {
		_, err := Parse("t.hlsl", pp)
		assert.ErrorContains(t, err, "t.hlsl: error: not a preprocessed unit (make it with Preprocess)", name)
	}
	u, err := Parse("t.hlsl", &PPResult{Tokens: toks, Names: []string{"t.hlsl"}})
	require.NoError(t, err)
	assert.Len(t, u.syntax.Decls, 1)
}

// TestAnonymousAndTypedefStructs: the struct forms vkd3d and fxc take and
// real code uses: an anonymous struct variable (no signature: nothing
// names its type), a struct defined in a typedef, named or not, and a
// typedef of a struct defined later.
func TestAnonymousAndTypedefStructs(t *testing.T) {
	src := `struct { float4x4 m; } UserData;
typedef struct VO_ { float4 p : POSITION; float2 uv : TEXCOORD0; } VO;
typedef struct { float4 p : POSITION; float3 n : NORMAL; } VN;
typedef struct Later_ Later;
struct Later_ { float4 p : POSITION; float c : FOG; };
VO a(float4 p : POSITION) { VO o = (VO)0; return o; }
VN b(float4 p : POSITION) { VN o = (VN)0; return o; }
Later c(float4 p : POSITION) { Later o = (Later)0; return o; }
`
	u, err := ParseFile("t.hlsl", []byte(src), nil)
	require.NoError(t, err)
	for _, c := range []struct{ entry, want string }{
		{"a", "POSITION0 TEXCOORD0"}, {"b", "POSITION0 NORMAL0"}, {"c", "POSITION0 FOG0"},
	} {
		ep, err := u.EntryPoint(c.entry)
		require.NoError(t, err, c.entry)
		var sems []string
		for _, e := range ep.Out.Elements {
			sems = append(sems, e.Semantic.String())
		}
		assert.Equal(t, c.want, strings.Join(sems, " "), c.entry)
	}
	s, err := u.Struct("VO_")
	require.NoError(t, err)
	assert.Len(t, s.Elements, 2)
	_, err = u.Struct("VN")
	assert.NoError(t, err, "an unnamed struct of a typedef takes the typedef's name")
	_, err = ParseFile("t.hlsl", []byte("typedef struct VO;\n"), nil)
	assert.ErrorContains(t, err, "t.hlsl:1:18: error: unexpected token \";\"", "a typedef names its type")
}

// TestNumericLike holds numericLike to the regular expression it replaced,
// on every name made of a scalar type's prefix or a near miss and a suffix
// of digits and x's.
func TestNumericLike(t *testing.T) {
	re := regexp.MustCompile(`^(float|half|int|uint|bool|double|dword|min16float|min10float|min16int|min16uint)([0-9]+)(x[0-9]+)?$`)
	heads := append(scalarTypes[:], "", "flot", "floatt", "in", "uin", "min16", "x", "f")
	tails := []string{"", "0", "4", "5", "12", "x", "4x", "x4", "4x4", "4x4x4", "4xx4", "44x0", "a", "4a", "4x4a", " 4", "4 ", "-1", "０"}
	for _, h := range heads {
		for _, tl := range tails {
			for _, name := range []string{h + tl, h + tl + tl, tl + h} {
				assert.Equal(t, re.MatchString(name), numericLike(name), "%q", name)
			}
		}
	}
}
