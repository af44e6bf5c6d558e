package main

import (
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// A shader of the Source engine's kind: its combos are passed as
// -DNAME=0 or -DNAME=1 and tested with #if NAME.
const comboShader = `struct VS_OUTPUT
{
    float4 Pos : POSITION;
    float A : TEXCOORD0; float B : TEXCOORD1; float C : TEXCOORD2; float D : TEXCOORD3;
    float E : TEXCOORD4; float F : TEXCOORD5; float G : TEXCOORD6; float H : TEXCOORD7;
    float I : TEXCOORD8; float J : TEXCOORD9;
#if SKINNING
    float4 Weights : TEXCOORD10;
#endif
    float K : COLOR0;
};
VS_OUTPUT main(float4 p : POSITION)
{
    VS_OUTPUT o = (VS_OUTPUT)0;
    o.Pos = p;
    o.A = 1; o.K = 2;
#if SKINNING
    o.Weights = p;
#endif
    return o;
}
float4 ps_main(VS_OUTPUT i) : COLOR0 { return i.A + i.K; }
`

// TestRewriteCombos: a permutation guard tests what the source tests. The
// source reads SKINNING's value alone (#if SKINNING), to which -DSKINNING=0
// and no SKINNING at all are one permutation: the rewrite made for either
// compiles in both, and stops at its #error with -DSKINNING=1; the one
// made for -DSKINNING=1 compiles there and stops in the others.
func TestRewriteCombos(t *testing.T) {
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	require.NoError(t, os.WriteFile("combo.hlsl", []byte(comboShader), 0o644))
	for _, tc := range []struct {
		made []string // the -D of the rewrite
		ok   [][]string
		stop [][]string
	}{
		{made: []string{"-DSKINNING=0"}, ok: [][]string{{"-DSKINNING=0"}, nil}, stop: [][]string{{"-DSKINNING=1"}}},
		{made: nil, ok: [][]string{{"-DSKINNING=0"}, nil}, stop: [][]string{{"-DSKINNING=1"}}},
		{made: []string{"-DSKINNING=1"}, ok: [][]string{{"-DSKINNING=1"}}, stop: [][]string{{"-DSKINNING=0"}, nil}},
	} {
		args := append([]string{"rewrite", "--all", "--vs-entry=main", "--ps-entry=ps_main", "-o", "out.hlsl"}, tc.made...)
		code, _, stderr := shpackRun(append(args, "combo.hlsl")...)
		require.Equal(t, exitOK, code, stderr)
		for _, d := range tc.ok {
			code, _, stderr := shpackRun(append(append([]string{"list"}, d...), "out.hlsl")...)
			assert.Equal(t, exitOK, code, "made with %v, read with %v: %s", tc.made, d, stderr)
		}
		for _, d := range tc.stop {
			code, _, stderr := shpackRun(append(append([]string{"list"}, d...), "out.hlsl")...)
			assert.Equal(t, exitInput, code, "made with %v, read with %v", tc.made, d)
			assert.Contains(t, stderr, "#error", "made with %v, read with %v", tc.made, d)
		}
		if tool := glslangIfAny(t); tool != "" {
			for _, d := range tc.ok {
				for _, s := range []struct{ entry, stage string }{{"main", "vert"}, {"ps_main", "frag"}} {
					cmd := exec.Command(tool, append(append([]string{"-V", "-D", "--hlsl-dx9-compatible", "-S", s.stage, "-e", s.entry, "-o", os.DevNull}, d...), "out.hlsl")...)
					out, err := cmd.CombinedOutput()
					assert.NoError(t, err, "glslang %v -e %s on the rewrite made with %v: %s", d, s.entry, tc.made, out)
				}
			}
		}
	}
}

// glslangIfAny is glslangTool for a test whose other checks run without
// it: "" where the test would skip.
func glslangIfAny(t *testing.T) string {
	var path string
	t.Run("glslang", func(t *testing.T) { path = glslangTool(t) })
	return path
}
