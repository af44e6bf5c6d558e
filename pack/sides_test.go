package pack

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/ir"
)

func file(t *testing.T, profile string, dir ir.Direction) *ir.RegisterFile {
	f, err := ir.LookupRegisterFile(profile, dir)
	require.NoError(t, err)
	return f
}

func TestFixedAndSequential(t *testing.T) {
	tests := []struct {
		profile string
		dir     ir.Direction
		spec    string
		want    string
		err     string
	}{
		{"vs_2_0", ir.Out, "POSITION0:4 COLOR1:3 TEXCOORD7:2 FOG:1 PSIZE:1", "e0:oPos.xyzw e1:oD1.xyz e2:oT7.xy e3:oFog.x e4:oPts.x", ""},
		{"vs_1_1", ir.Out, "POSITION0:4 TEXCOORD8:2", "", "t.hlsl:3:5: error: e1: TEXCOORD8 has no output register in vs_1_1 (outputs: POSITION0, COLOR0..1, TEXCOORD0..7, FOG, PSIZE)"},
		{"vs_2_x", ir.Out, "TEXCOORD0:2", "", "t.hlsl:1:1: error: S has no POSITION0 member: a vs_2_x output must declare the position"},
		{"ps_2_0", ir.In, "POSITION0:4 COLOR1:4 TEXCOORD3:2c FOG:1", "e0:. e1:v1.xyzw e2:t3.xy e3:.", ""},
		{"ps_2_0", ir.In, "NORMAL0:3", "", "t.hlsl:2:5: error: e0: NORMAL0 has no input register in ps_2_0 (inputs: COLOR0..1, TEXCOORD0..7)"},
		{"ps_3_0", ir.Out, "COLOR0:4 SV_Target1:4 DEPTH:1", "e0:oC0.xyzw e1:oC1.xyzw e2:oDepth.x", ""},
		{"ps_2_0", ir.Out, "COLOR1:4", "", "t.hlsl:2:5: error: e0: COLOR1 without COLOR0: pixel shader color outputs must be contiguous from COLOR0"},
		{"vs_3_0", ir.In, "POSITION0:3 NORMAL0:3 TEXCOORD0:2", "e0:v0.xyzw e1:v1.xyzw e2:v2.xyzw", ""},
		{"vs_2_0", ir.In, "VPOS:2", "", "t.hlsl:2:5: error: e0: VPOS is a pixel shader input; a vs_2_0 input cannot carry it"},
	}
	for _, tc := range tests {
		t.Run(tc.profile+" "+tc.spec, func(t *testing.T) {
			f := file(t, tc.profile, tc.dir)
			l, err := ForFile(Optimal{}, sig(tc.spec), f, ir.Constraints{})
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
				return
			}
			require.NoError(t, err)
			require.NoError(t, ir.CheckLayout(l))
			assert.Equal(t, tc.want, placements(l))
		})
	}
}

func TestPixelInputsMirrorVertexPacking(t *testing.T) {
	spec := "POSITION0:4 TEXCOORD0:2 TEXCOORD1:1 NORMAL0:3 TEXCOORD2:2c"
	vs, err := Optimal{}.Pack(sig(spec), ir.VS30Out(), ir.Constraints{})
	require.NoError(t, err)
	assert.Equal(t, "e0:o0.xyzw e1:o2.xy e2:o1.w e3:o1.xyz e4:o3.xy", placements(vs))

	ps, err := ForFile(Optimal{}, sig(spec+" VPOS:2 VFACE:1"), file(t, "ps_3_0", ir.In), ir.Constraints{})
	require.NoError(t, err)
	require.NoError(t, ir.CheckLayout(ps))
	assert.Equal(t, "e0:. e1:v1.xy e2:v0.w e3:v0.xyz e4:v2.xy e5:vPos.xy e6:vFace.xyzw", placements(ps))
	assert.Equal(t, ir.RoleOmitted, ps.Place[0].Role)
}

func TestDerive(t *testing.T) {
	vs, err := Optimal{}.Pack(sig("POSITION0:4 TEXCOORD0:2 TEXCOORD1:1 NORMAL0:3 TEXCOORD2:2"), ir.VS30Out(), ir.Constraints{})
	require.NoError(t, err)
	f := file(t, "ps_3_0", ir.In)

	// A subset: only registers the pixel shader reads are numbered.
	pl, err := Derive(vs, sig("TEXCOORD2:2 TEXCOORD1:1"), f)
	require.NoError(t, err)
	require.NoError(t, ir.CheckLayout(pl))
	assert.Equal(t, "e0:v1.zw e1:v0.w", placements(pl))

	// A narrower read keeps the letters of the output's first components.
	pl, err = Derive(vs, sig("NORMAL0:2"), f)
	require.NoError(t, err)
	assert.Equal(t, "e0:v0.xy", placements(pl))

	_, err = Derive(vs, sig("TEXCOORD5:2 TEXCOORD0:3"), f)
	require.Error(t, err)
	assert.Equal(t, "t.hlsl:2:5: error: pixel input TEXCOORD5 (S.e0) is not among the vertex outputs S\n"+
		"t.hlsl:1:1: note: S is declared here\n"+
		"t.hlsl:3:5: error: pixel input TEXCOORD0 (S.e1) has 3 components, but the vertex output (S.e1) has 2\n"+
		"t.hlsl:3:5: note: e1 is declared here", err.Error())

	_, err = Derive(vs, sig("TEXCOORD1:1c"), f)
	require.Error(t, err)
	assert.Equal(t, "t.hlsl:2:5: error: e0: the pixel shader reads TEXCOORD1 with centroid, but the vertex shader packs it in o1 with NORMAL0 (e3), which is not centroid\n"+
		"t.hlsl:5:5: note: e3 is declared here", err.Error())
}

// TestReader checks that a Reader, validated once, derives what Derive
// derives, against several vertex layouts, and reports what Derive does.
func TestReader(t *testing.T) {
	f := file(t, "ps_3_0", ir.In)
	ps := sig("TEXCOORD2:2 TEXCOORD1:1")
	r, err := NewReader(ps, f, false)
	require.NoError(t, err)
	for _, spec := range []string{"POSITION0:4 TEXCOORD0:2 TEXCOORD1:1 NORMAL0:3 TEXCOORD2:2", "POSITION0:4 TEXCOORD2:2 TEXCOORD1:1"} {
		vs, err := Optimal{}.Pack(sig(spec), ir.VS30Out(), ir.Constraints{})
		require.NoError(t, err)
		want, werr := Derive(vs, ps, f)
		got, gerr := r.Derive(vs)
		require.NoError(t, werr)
		require.NoError(t, gerr)
		assert.Equal(t, placements(want), placements(got), spec)
	}
	vs, err := Optimal{}.Pack(sig("POSITION0:4 TEXCOORD0:2"), ir.VS30Out(), ir.Constraints{})
	require.NoError(t, err)
	_, werr := Derive(vs, ps, f)
	_, gerr := r.Derive(vs)
	assert.Equal(t, werr.Error(), gerr.Error())
	_, err = NewReader(sig("NOPE0:2"), f, false)
	assert.NotEmpty(t, ir.Errors(err))
}
