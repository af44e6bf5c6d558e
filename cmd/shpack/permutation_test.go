package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// uberShader's interface depends on NORMALMAP (two members) and on
// NUM_LIGHTS (an array of that size, if more than 2); its include guard
// and the #ifdef in a helper do not make it depend on anything else.
const uberShader = `#ifndef UBER_FXH
#define UBER_FXH
#endif
struct VS_OUT {
    float4 Pos : POSITION;
    float2 UV : TEXCOORD0;
#ifdef NORMALMAP
    float3 Tangent : TEXCOORD1;
    float3 Binormal : TEXCOORD2;
#endif
    float3 Normal : TEXCOORD3;
#if NUM_LIGHTS > 2
    float4 Light[NUM_LIGHTS] : TEXCOORD4;
#endif
    float Fog : TEXCOORD12;
};
float helper(float x)
{
#ifdef FAST
    return x;
#else
    return x * 2;
#endif
}
VS_OUT VS(float4 p : POSITION)
{
    VS_OUT o = (VS_OUT)0;
    o.Pos = p;
    o.Fog = helper(p.x);
    return o;
}
float4 PS(VS_OUT i) : COLOR
{
    return float4(i.Normal, i.Fog);
}
`

// TestRewritePermutationGuard: a rewrite made with one set of macros
// (issue 25: "-DNORMALMAP -DNUM_LIGHTS=4 uber.hlsl") compiles in that
// permutation and stops every other at an #error that says why, instead
// of failing on a missing field or reading the wrong registers.
func TestRewritePermutationGuard(t *testing.T) {
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	require.NoError(t, os.WriteFile("uber.hlsl", []byte(uberShader), 0o644))
	code, _, stderr := shpackRun("rewrite", "--all", "--vs-entry=VS", "--ps-entry=PS", "-DNORMALMAP", "-DNUM_LIGHTS=4", "-DFAST", "-o", "out.hlsl", "uber.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, "uber.hlsl:25:1: note: VS: 10 outputs packed into 8 general registers (one register per semantic: 9)\n", stderr,
		"quiet as a compiler: one line for what was packed; the guards' notes are -v's")
	code, _, stderr = shpackRun("rewrite", "-v", "--all", "--vs-entry=VS", "--ps-entry=PS", "-DNORMALMAP", "-DNUM_LIGHTS=4", "-DFAST", "-o", "out.hlsl", "uber.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stderr, "uber.hlsl:25:1: note: VS: its interface depends on NORMALMAP, NUM_LIGHTS (the #if at uber.hlsl:7:1)")
	assert.Contains(t, stderr, "uber.hlsl:32:1: note: PS: its interface depends on NORMALMAP, NUM_LIGHTS")
	out := string(got0(t, "out.hlsl"))
	assert.Equal(t, 2, strings.Count(out, "#if !(defined(NORMALMAP) && (NUM_LIGHTS) == 4)\n#error \"shpack rewrote "), out)
	assert.NotContains(t, out, "FAST) ", "the helper's #ifdef is not part of the interface")

	// Without the macros, the interface is another: the guard says so too.
	code, _, stderr = shpackRun("rewrite", "--all", "--vs-entry=VS", "--ps-entry=PS", "-o", "none.hlsl", "uber.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, string(got0(t, "none.hlsl")), "#if !(!defined(NORMALMAP) && (NUM_LIGHTS) == 0)\n")

	// An interface that no conditional touches has no guard.
	plain := strings.NewReplacer("#ifdef NORMALMAP\n", "", "#if NUM_LIGHTS > 2\n", "", "#endif\n    float3 Normal", "    float3 Normal", "#endif\n    float Fog", "    float Fog", "[NUM_LIGHTS]", "[4]").Replace(uberShader)
	require.NoError(t, os.WriteFile("plain.hlsl", []byte(plain), 0o644))
	code, _, stderr = shpackRun("rewrite", "--all", "--vs-entry=VS", "--ps-entry=PS", "-o", "plain.out.hlsl", "plain.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.NotContains(t, string(got0(t, "plain.out.hlsl")), "#error")
	assert.NotContains(t, stderr, "depends on")

	// glslang compiles the permutation the rewrite read, and stops at the
	// #error in the others.
	tool := glslangTool(t)
	for _, c := range []struct {
		defines []string
		ok      bool
	}{
		{[]string{"-DNORMALMAP", "-DNUM_LIGHTS=4", "-DFAST"}, true},
		{[]string{"-DNORMALMAP", "-DNUM_LIGHTS=4"}, true}, // FAST is not the interface's
		{[]string{"-DNUM_LIGHTS=4"}, false},
		{[]string{"-DNORMALMAP", "-DNUM_LIGHTS=3"}, false},
		{[]string{"-DNORMALMAP"}, false},
	} {
		for _, st := range []struct{ stage, entry string }{{"vert", "VS"}, {"frag", "PS"}} {
			args := append([]string{"-V", "-D", "--hlsl-dx9-compatible", "-S", st.stage, "-e", st.entry, "-o", os.DevNull}, c.defines...)
			msg, err := exec.Command(tool, append(args, filepath.Join(dir, "out.hlsl"))...).CombinedOutput()
			if c.ok {
				assert.NoError(t, err, "%v %s:\n%s", c.defines, st.entry, msg)
				continue
			}
			assert.Error(t, err, "%v %s", c.defines, st.entry)
			assert.Contains(t, string(msg), "for one permutation (-DNORMALMAP -DNUM_LIGHTS=4): its interface depends on NORMALMAP, NUM_LIGHTS", "%v", c.defines)
		}
	}
}

// paramListShader is Urho3D's style: the parameter lists hold #ifdef
// lines between parameters, and the output semantics are macros.
const paramListShader = `#ifdef D3D11
#define OUTPOSITION SV_POSITION
#else
#define OUTPOSITION POSITION
#endif
void VS(float4 iPos : POSITION,
    #ifdef SKINNED
        float4 iBlendWeights : BLENDWEIGHT,
    #endif
    #ifndef NORMALMAP
        out float2 oTexCoord : TEXCOORD0,
    #else
        out float4 oTexCoord : TEXCOORD0,
        out float4 oTangent : TEXCOORD3,
    #endif
    out float3 oNormal : TEXCOORD1,
    #ifdef FOG
        out float oFog : TEXCOORD2,
    #endif
    out float4 oPos : OUTPOSITION)
{
    oPos = iPos;
    oTexCoord = iPos.xyxy;
    #ifdef NORMALMAP
    oTangent = iPos;
    #endif
    oNormal = iPos.xyz;
    #ifdef FOG
    oFog = iPos.w;
    #endif
}
void PS(
    #ifndef NORMALMAP
        float2 iTexCoord : TEXCOORD0,
    #else
        float4 iTexCoord : TEXCOORD0,
        float4 iTangent : TEXCOORD3,
    #endif
    float3 iNormal : TEXCOORD1,
    #ifdef FOG
        float iFog : TEXCOORD2,
    #endif
    out float4 oColor : COLOR0)
{
    oColor = float4(iNormal, iTexCoord.x);
    #ifdef FOG
    oColor.w += iFog;
    #endif
}
`

// TestRewriteParameterDirectives: a parameter list with #ifdef lines
// between its parameters and a macro for a semantic is rewritten (the
// removed parameters become comments, the directives stay as they are, so
// the conditionals stay balanced) and compiles in the permutation read.
func TestRewriteParameterDirectives(t *testing.T) {
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	require.NoError(t, os.WriteFile("urho.hlsl", []byte(paramListShader), 0o644))
	permutations := [][]string{{"-DFOG"}, {"-DNORMALMAP"}, {"-DNORMALMAP", "-DFOG", "-DSKINNED"}, nil}
	for _, defs := range permutations {
		out := "out" + strings.Join(defs, "") + ".hlsl"
		args := append([]string{"rewrite", "--all", "--vs-entry=VS", "--ps-entry=PS", "-o", out}, defs...)
		code, _, stderr := shpackRun(append(args, "urho.hlsl")...)
		require.Equal(t, exitOK, code, "%v: %s", defs, stderr)
		text := string(got0(t, out))
		assert.Equal(t, strings.Count(paramListShader, "#if"), strings.Count(text, "#if")-2, "%v: every directive of the source stays, and each entry point has its guard:\n%s", defs, text)
	}
	t.Run("glslang", func(t *testing.T) {
		tool := glslangTool(t)
		for _, defs := range permutations {
			out := "out" + strings.Join(defs, "") + ".hlsl"
			for _, st := range [][2]string{{"vert", "VS"}, {"frag", "PS"}} {
				gargs := append([]string{"-V", "-D", "--hlsl-dx9-compatible", "-S", st[0], "-e", st[1], "-o", os.DevNull}, defs...)
				msg, err := exec.Command(tool, append(gargs, filepath.Join(dir, out))...).CombinedOutput()
				assert.NoError(t, err, "%v %s:\n%s\n%s", defs, st[1], msg, got0(t, out))
			}
		}
	})
}
