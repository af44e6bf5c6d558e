package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// What real engines' shaders met, each from a case written for it (issue
// 38): silent or wrong results that must be a positioned error, or right.

const overflowingVS = `struct VO { float4 p : POSITION; float a : TEXCOORD0; float b : TEXCOORD1; float c : TEXCOORD2;
    float d : TEXCOORD3; float e : TEXCOORD4; float f : TEXCOORD5; float g : TEXCOORD6; float h : TEXCOORD7;
    float i : TEXCOORD8; float j : TEXCOORD9; float k : TEXCOORD10; };
VO main(float4 p : POSITION) { VO o = (VO)0; o.p = p; return o; }
`

// TestPixelEntryNotInPixelFile: --ps-entry names a function the pixel
// file does not have, but the vertex file does (its main): that function
// is a vertex shader, and it is not taken for the pixel shader (which made
// one function rewritten as both, and a panic).
func TestPixelEntryNotInPixelFile(t *testing.T) {
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	require.NoError(t, os.WriteFile("vs.hlsl", []byte(overflowingVS), 0o644))
	require.NoError(t, os.WriteFile("ps.hlsl", []byte("float4 main_ps(float a : TEXCOORD0) : COLOR0 { return a; }\n"), 0o644))
	require.NoError(t, os.Mkdir("out", 0o755))
	code, stdout, stderr := shpackRun("rewrite", "--vs-entry=main", "--ps-entry=main", "--out-dir=out", "vs.hlsl", "ps.hlsl")
	assert.Equal(t, exitInput, code, stderr)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, "vs.hlsl:4:1: error: main is a vertex shader (it writes POSITION), so it cannot be the pixel shader of the pair; ps.hlsl defines no function named main")
	left, _ := os.ReadDir("out")
	assert.Empty(t, left, "nothing written")

	code, _, stderr = shpackRun("link", "--vs-entry=main", "--ps-entry=main", "vs.hlsl", "ps.hlsl")
	assert.Equal(t, exitInput, code, stderr)
	assert.Contains(t, stderr, `ps.hlsl: error: no function named "main"`)
}

// TestSyntaxErrorBetweenDeclarations: a global without its ";" ran on into
// the declaration after it, which the parser then skipped with it: list
// said there was nothing and exited 0, shpack fxc that there was no main.
// Every command now reports the missing ";" where it is missing.
func TestSyntaxErrorBetweenDeclarations(t *testing.T) {
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	for name, src := range map[string]string{
		"struct.hlsl":    "float4x4 World\nstruct VO { float4 p : POSITION; float2 uv : TEXCOORD0; };\nVO main(float4 p : POSITION) { VO o = (VO)0; o.p = mul(p, World); return o; }\n",
		"function.hlsl":  "float4x4 World\nfloat4 main(float4 p : POSITION,\n    float2 uv : TEXCOORD0) : POSITION\n{ return mul(p, World); }\n",
		"technique.fx":   "float4 Tint\ntechnique T { pass P { VertexShader = compile vs_3_0 main(); } }\n",
		"one_line.hlsl":  "float4x4 World float4 main(float4 p : POSITION) : POSITION { return mul(p, World); }\n",
		"fine_cbuf.hlsl": "cbuffer C : register(b0) { float4x4 World; }\nfloat4 main(float4 p : POSITION) : POSITION { return mul(p, World); }\n",
	} {
		require.NoError(t, os.WriteFile(name, []byte(src), 0o644))
	}
	for _, tc := range []struct{ file, want string }{
		{"struct.hlsl", `struct.hlsl:1:15: error: expected ";" after "World" (the declaration that starts with "struct" runs into this one)`},
		{"function.hlsl", `function.hlsl:1:15: error: expected ";" after "World" (the declaration that starts with "float4" runs into this one)`},
		{"technique.fx", `technique.fx:1:12: error: expected ";" after "Tint" (the declaration that starts with "technique" runs into this one)`},
		{"one_line.hlsl", `one_line.hlsl:1:15: error: expected ";" after "World" (the declaration that starts with "float4" runs into this one)`},
	} {
		for _, cmd := range [][]string{{"list"}, {}, {"rewrite", "--all"}, {"compare"}} {
			code, _, stderr := shpackRun(append(cmd, tc.file)...)
			assert.Equal(t, exitInput, code, "%v %s: %s", cmd, tc.file, stderr)
			assert.Contains(t, stderr, tc.want, "%v %s", cmd, tc.file)
		}
	}
	code, stdout, stderr := shpackRun("list", "fine_cbuf.hlsl")
	assert.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stdout, "main", "a cbuffer's register(b0) before its block is no function's list")
}

// TestMisspeltSemanticOverflowing: a misspelt semantic in a vertex
// shader's outputs that overflow is the error fxc and pack make of it,
// not a pair "left as it is" because it "fits".
func TestMisspeltSemanticOverflowing(t *testing.T) {
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	src := `struct VO { float4 p : POSITION; float a : TEXCOORD0; float b : TEXCOORD1; float c : TEXCOORD2; float d : TEXCOORD3;
    float e : TEXCOORD4; float f : TEXCOORD5; float g : TEXCOORD6; float h : TEXCOORD7; float i : TEXCOORD8;
    float j : TEXCORD9; float k : TEXCOORD10; };
VO VS(float4 p : POSITION) { VO o = (VO)0; o.p = p; return o; }
float4 PS(VO i) : COLOR0 { return i.a; }
technique T { pass P { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }
`
	require.NoError(t, os.WriteFile("a.fx", []byte(src), 0o644))
	want := "a.fx:3:5: error: technique T, pass P: j: semantic TEXCORD9 is not a Direct3D 9 usage; did you mean TEXCOORD9?"
	for _, args := range [][]string{{"rewrite", "a.fx"}, {"rewrite", "--all", "a.fx"}, {"rewrite", "-o", "out.fx", "a.fx"}} {
		code, stdout, stderr := shpackRun(args...)
		assert.Equal(t, exitInput, code, "%v: %s", args, stderr)
		assert.Empty(t, stdout, "%v", args)
		assert.Contains(t, stderr, want, "%v", args)
		assert.NotContains(t, stderr, "left as it is")
	}
	_, err := os.Stat(filepath.Join(dir, "out.fx"))
	assert.True(t, os.IsNotExist(err), "nothing written")
	code, _, stderr := shpackRun("compare", "a.fx")
	assert.Equal(t, exitInput, code, stderr)
}

// TestLinkWiderPixelInput: a pixel shader that reads float4 uv from a
// float2 output is legal Direct3D 9, which fxc builds: link lays the pair
// out with the output's width and warns, for an effect's passes and for a
// named pair alike (rewrite already took it, passing the rest).
func TestLinkWiderPixelInput(t *testing.T) {
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	src := `struct VO { float4 p : POSITION; float2 uv : TEXCOORD0; float f : TEXCOORD1; };
VO VS(float4 p : POSITION) { VO o = (VO)0; o.p = p; o.uv = p.xy; o.f = 1; return o; }
float4 PS(float4 uv : TEXCOORD0, float f : TEXCOORD1) : COLOR0 { return uv * f; }
`
	require.NoError(t, os.WriteFile("pair.hlsl", []byte(src), 0o644))
	require.NoError(t, os.WriteFile("effect.fx", []byte(src+"technique T { pass P { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }\n"), 0o644))
	warning := "pixel input TEXCOORD0 (PS.uv) has 4 components, but the vertex shader writes 2: Direct3D 9 leaves .zw undefined, and the runtimes differ in what they give; the layout reads .xy only (shpack rewrite passes .z as 0 and .w as 1)"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"link", "--vs-entry=VS", "--ps-entry=PS", "pair.hlsl"}, "pair.hlsl:3:11: warning: " + warning},
		{[]string{"link", "effect.fx"}, "effect.fx:3:11: warning: technique T, pass P: " + warning},
	} {
		code, stdout, stderr := shpackRun(tc.args...)
		assert.Equal(t, exitOK, code, "%v: %s", tc.args, stderr)
		assert.Contains(t, stderr, tc.want, "%v", tc.args)
		assert.Contains(t, stdout, "dcl_texcoord v0 // PS.uv = .xy", "%v: the pixel shader reads the output's width", tc.args)
	}
}

// TestEnginesSmaller: the smaller things real engines met.
func TestEnginesSmaller(t *testing.T) {
	dir := testenv.TempDir(t)
	t.Chdir(dir)

	// check on the empty object file a failed compile leaves.
	require.NoError(t, os.WriteFile("empty.vso", nil, 0o644))
	code, _, stderr := shpackRun("check", "empty.vso")
	assert.Equal(t, exitInput, code)
	assert.Equal(t, "empty.vso: error: the file is empty: there is no program to check (did the compiler that was to write it fail?)\n", stderr)

	// Cg's sampler parameter with a semantic: a known type, not an
	// unknown one, which no signature holds.
	require.NoError(t, os.WriteFile("cg.hlsl", []byte("struct VO { float4 p : POSITION; float2 uv : TEXCOORD0; };\nfloat4 main(VO i, in sampler2D s : TEXUNIT0) : COLOR { return tex2D(s, i.uv); }\n"), 0o644))
	code, _, stderr = shpackRun("--entry=main", "--direction=in", "--profile=ps_3_0", "cg.hlsl")
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, "cg.hlsl:2:22: error: sampler2D is a sampler or texture, which no signature holds")
	assert.NotContains(t, stderr, "unknown type")

	// An include guard spelled #if !defined(X) is no dependency of the
	// interface: the rewrite's guard names FOG alone, and the rewrite
	// reads back in the permutation it was made for (the guard macro
	// is defined there, and was not when its #if was read).
	for _, guard := range []string{"#ifndef COMMON_H\n#define COMMON_H\n", "#if !defined(COMMON_H)\n#define COMMON_H\n", "#if !defined COMMON_H\n#define COMMON_H 1\n"} {
		header := guard + "struct VO { float4 p : POSITION; float a : TEXCOORD0;\n#ifdef FOG\n    float f : TEXCOORD1;\n#endif\n};\n#endif\n"
		require.NoError(t, os.WriteFile("common.h", []byte(header), 0o644))
		require.NoError(t, os.WriteFile("g.hlsl", []byte("#include \"common.h\"\nVO main(float4 p : POSITION) { VO o = (VO)0; o.p = p; return o; }\nfloat4 ps(VO i) : COLOR0 { return i.a; }\n"), 0o644))
		code, _, stderr = shpackRun("rewrite", "-v", "--all", "--vs-entry=main", "--ps-entry=ps", "-o", "g.out.hlsl", "g.hlsl")
		require.Equal(t, exitOK, code, stderr)
		assert.Contains(t, stderr, "its interface depends on FOG (", "%q", guard)
		assert.NotContains(t, stderr, "COMMON_H", "%q", guard)
		code, _, stderr = shpackRun("list", "g.out.hlsl")
		assert.Equal(t, exitOK, code, "%q: the rewrite reads back in its own permutation: %s", guard, stderr)
	}

	// MonoGame's Macros.fxh: SV_POSITION defined as POSITION under #if
	// OPENGL. The interface depends on what the user gave (-DOPENGL) and
	// the #if that reads it, not on SV_POSITION.
	mono := `#if OPENGL
#define SV_POSITION POSITION
#define VS_SHADERMODEL vs_3_0
#define PS_SHADERMODEL ps_3_0
#else
#define VS_SHADERMODEL vs_4_0_level_9_1
#define PS_SHADERMODEL ps_4_0_level_9_1
#endif
struct VO { float4 Position : SV_POSITION; float4 Color : COLOR0; float2 uv : TEXCOORD0; float a : TEXCOORD1;
    float b : TEXCOORD2; float c : TEXCOORD3; float d : TEXCOORD4; float e : TEXCOORD5; float f : TEXCOORD6;
    float g : TEXCOORD7; float h : TEXCOORD8; float i : TEXCOORD9; };
VO MainVS(float4 p : POSITION) { VO o = (VO)0; o.Position = p; o.Color = p; return o; }
float4 MainPS(VO i) : COLOR { return i.Color; }
technique T { pass P { VertexShader = compile VS_SHADERMODEL MainVS(); PixelShader = compile PS_SHADERMODEL MainPS(); } }
`
	require.NoError(t, os.WriteFile("mono.fx", []byte(mono), 0o644))
	code, _, stderr = shpackRun("rewrite", "-v", "-DOPENGL", "-o", "mono.out.fx", "mono.fx")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stderr, "mono.fx:12:1: note: MainVS: its interface depends on OPENGL (the #if at mono.fx:1:1)")
	assert.NotContains(t, stderr, "depends on SV_POSITION")
	out, err := os.ReadFile("mono.out.fx")
	require.NoError(t, err)
	assert.Contains(t, string(out), "#if !((OPENGL) == 1)\n#error \"shpack rewrote MainVS for one permutation (-DOPENGL): its interface depends on OPENGL.")
	code, _, stderr = shpackRun("list", "-DOPENGL", "mono.out.fx")
	assert.Equal(t, exitOK, code, "the rewrite reads back with -DOPENGL: %s", stderr)
}

// TestTwoMainsPixelVoid: two files whose entry points are both main
// (the Source SDK's fillrate_vs11/fillrate_ps11), the pixel shader
// taking no inputs (main(void)): the vertex shader is the one that
// writes POSITION, and the pair is rewritten, not refused as ambiguous.
func TestTwoMainsPixelVoid(t *testing.T) {
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	require.NoError(t, os.WriteFile("vs.hlsl", []byte("float4 main(float4 p : POSITION) : POSITION { return p; }\n"), 0o644))
	require.NoError(t, os.WriteFile("ps.hlsl", []byte("float4 c0 : register(c0);\nfloat4 main(void) : COLOR { return c0 / 2.0; }\n"), 0o644))
	require.NoError(t, os.Mkdir("out", 0o755))
	code, _, stderr := shpackRun("rewrite", "--all", "--vs-entry=main", "--ps-entry=main", "--out-dir=out", "vs.hlsl", "ps.hlsl")
	require.Equal(t, exitOK, code, stderr)
	ps, err := os.ReadFile(filepath.Join("out", "ps.hlsl"))
	require.NoError(t, err)
	assert.Contains(t, string(ps), "float4 main(void) : COLOR", "a pixel shader that reads nothing keeps its list")
}

// TestGuardsOfDefaults: a header that defines a type unless the user did,
// choosing it by another macro (NVIDIA's Quad.fxh: #ifndef QUAD_REAL /
// #ifdef QUAD_FLOAT / #define QUAD_REAL float / #else / #define QUAD_REAL
// half ...), and a header with an include guard included twice: the
// rewrite reads back in the permutation it was made for (it stopped at
// its own #error there, demanding !defined(QUAD_REAL) after the header
// defined it), stops in another, and names no include guard.
func TestGuardsOfDefaults(t *testing.T) {
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	writeProject(t, dir, map[string]string{
		"quad.fxh": "#ifndef QUAD_REAL4\n#ifdef QUAD_FLOAT\n#define QUAD_REAL4 float4\n#else\n#define QUAD_REAL4 half4\n#endif\n#endif\n",
		"common.h": "#ifndef COMMON_H\n#define COMMON_H\nstruct VOut { float4 pos : POSITION; QUAD_REAL4 uv : TEXCOORD0; float3 n : TEXCOORD1; };\n#endif\n",
		"skin.h":   "#include \"common.h\"\nfloat4 skin(float4 p) { return p; }\n",
		"effect.fx": "#include \"quad.fxh\"\n#include \"common.h\"\n#include \"skin.h\"\n" +
			"VOut VS(float4 p : POSITION) { VOut o; o.pos = skin(p); o.uv = p * 2; o.n = p.xyz; return o; }\n" +
			"float4 PS(VOut i) : COLOR { return i.uv + i.n.x; }\n" +
			"technique T { pass P { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }\n",
	})
	code, _, stderr := shpackRun("rewrite", "-v", "--all", "-o", "out.fx", "effect.fx")
	require.Equal(t, exitOK, code, stderr)
	assert.NotContains(t, stderr, "COMMON_H", "an include guard is no dependency, however often its header is included")
	out, err := os.ReadFile("out.fx")
	require.NoError(t, err)
	assert.Contains(t, string(out), "#if !(defined(QUAD_REAL4) && !defined(QUAD_FLOAT))\n")
	code, _, stderr = shpackRun("list", "out.fx")
	assert.Equal(t, exitOK, code, "the rewrite reads back where it was made: %s", stderr)
	code, _, stderr = shpackRun("list", "-DQUAD_FLOAT", "out.fx")
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, "#error")
	if tool := glslangIfAny(t); tool != "" {
		// glslang on what shpack's preprocessor reads, as the campaign
		// compiled it: the rewrite compiles in its own permutation.
		for _, s := range []struct{ entry, stage string }{{"VS", "vert"}, {"PS", "frag"}} {
			assert.NoError(t, glslang(t, filepath.Join(dir, "out.fx"), s.entry, s.stage), s.entry)
		}
	}
}
