package check

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/ir"
)

// A plain vertex shader and pixel shader with nothing wrong, which the
// cases below break one rule at a time.
const (
	okVS = `vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xy
dcl_texcoord1 o1.zw
mov o0, v0
mov o1, c0
`
	okPS = `ps_3_0
dcl_texcoord0 v0.xy
dcl_texcoord1 v0.zw
mov oC0, v0
`
)

func parse(t *testing.T, name, src string) *d3d9.Program {
	t.Helper()
	p, err := d3d9.Parse(name, []byte(src))
	require.NoError(t, err, src)
	return p
}

// problemLines spells a report's problems as "FILE:LINE: MESSAGE".
func problemLines(r *Report) []string {
	var out []string
	for _, e := range r.Problems {
		out = append(out, fmt.Sprintf("%s:%d: %s", e.Pos.File, e.Pos.Line, e.Msg))
	}
	return out
}

func TestRulesAcceptCorrectPrograms(t *testing.T) {
	r := Programs(parse(t, "vs.asm", okVS), parse(t, "ps.asm", okPS), "vs.asm", "ps.asm")
	assert.Empty(t, problemLines(r))
	require.Len(t, r.Runtimes, 4)
	for i, name := range RuntimeNames() {
		assert.Equal(t, name, r.Runtimes[i].Name)
	}
	// A pixel shader alone is not checked; a vertex shader alone is, with
	// no runtimes.
	r = Programs(parse(t, "vs.asm", okVS), nil, "vs.asm", "")
	assert.Empty(t, r.Problems)
	assert.Nil(t, r.Runtimes)
	assert.Nil(t, r.Lost(Wined3d))
}

// TestRules breaks each rule once: the problem is reported on the line
// that breaks it, naming the instruction.
func TestRules(t *testing.T) {
	tests := []struct {
		name   string
		vs, ps string // "" keeps okVS / okPS
		want   string // "FILE:LINE: MESSAGE" of each problem expected, a line each
	}{
		{"temporary r32 (vertex)", okVS + "mov r32, c0\n", "",
			"vs.asm:9: mov r32, c0: r32 is out of range: vs_3_0 has r0 to r31"},
		{"temporary r40 (pixel)", "", okPS + "mov r40, v0\n",
			"ps.asm:5: mov r40, v0: r40 is out of range: ps_3_0 has r0 to r31"},
		{"output o12", strings.Replace(okVS, "mov o0, v0", "dcl_texcoord5 o12\nmov o0, v0", 1), "",
			"vs.asm:7: dcl_texcoord5 o12: o12 is out of range: vs_3_0 has o0 to o11"},
		{"pixel input v10", "", strings.Replace(okPS, "mov oC0, v0", "dcl_texcoord5 v10.x\nmov oC0, v0", 1),
			"ps.asm:4: dcl_texcoord5 v10.x: v10 is out of range: ps_3_0 has v0 to v9\n" +
				"ps.asm:4: dcl_texcoord5 v10.x: the vertex shader writes no TEXCOORD5: every semantic a pixel shader declares is a vertex output"},
		{"vertex input v16", strings.Replace(okVS, "dcl_position v0", "dcl_position v0\ndcl_normal v16", 1), "",
			"vs.asm:4: dcl_normal v16: v16 is out of range: vs_3_0 has v0 to v15"},
		{"vertex constant c256", okVS + "mov r0, c256\n", "",
			"vs.asm:9: mov r0, c256: c256 is out of range: vs_3_0 has c0 to c255"},
		{"pixel constant c224", "", okPS + "mov r0, c224\n",
			"ps.asm:5: mov r0, c224: c224 is out of range: ps_3_0 has c0 to c223"},
		{"integer constant i16", okVS + "rep i16\nendrep\n", "",
			"vs.asm:9: rep i16: i16 is out of range: vs_3_0 has i0 to i15"},
		{"boolean constant b16", "", okPS + "if b16\nendif\n",
			"ps.asm:5: if b16: b16 is out of range: ps_3_0 has b0 to b15"},
		{"vertex sampler s4", strings.Replace(okVS, "mov o0, v0", "dcl_2d s4\nmov o0, v0", 1), "",
			"vs.asm:7: dcl_2d s4: s4 is out of range: vs_3_0 has s0 to s3"},
		{"pixel sampler s16", "", strings.Replace(okPS, "mov oC0, v0", "dcl_2d s16\nmov oC0, v0", 1),
			"ps.asm:4: dcl_2d s16: s16 is out of range: ps_3_0 has s0 to s15"},
		{"not a register of the profile", "", okPS + "mov r0, t0\n",
			"ps.asm:5: mov r0, t0: t0 is not a ps_3_0 register"},
		{"POSITION0 without the full mask", strings.Replace(okVS, "dcl_position o0", "dcl_position o0.xyz", 1), "",
			"vs.asm:4: dcl_position o0.xyz: POSITION0 is declared .xyz: the position takes the full mask"},
		{"no POSITION0", strings.Replace(strings.Replace(okVS, "dcl_position o0\n", "", 1), "mov o0, v0\n", "", 1), "",
			"vs.asm:1: no POSITION0 output: a vs_3_0 program declares one (dcl_position o#)"},
		{"something shares the position register", strings.Replace(okVS, "mov o0, v0", "dcl_fog o0.w\nmov o0, v0", 1), "",
			"vs.asm:7: dcl_fog o0.w: FOG0 shares o0 with POSITION0: the position has its register to itself"},
		{"PSIZE shares its register (no overlap)", strings.Replace(okVS, "mov o0, v0", "dcl_psize o2.x\ndcl_texcoord2 o2.yzw\nmov o0, v0", 1), "",
			"vs.asm:8: dcl_texcoord2 o2.yzw: TEXCOORD2 shares o2 with PSIZE: the point size has its register to itself"},
		{"PSIZE shares its register (full mask)", strings.Replace(okVS, "mov o0, v0", "dcl_psize o2\ndcl_texcoord2 o2.y\nmov o0, v0", 1), "",
			"vs.asm:8: dcl_texcoord2 o2.y: TEXCOORD2 shares o2 with PSIZE: the point size has its register to itself"},
		{"PSIZE without .x", strings.Replace(okVS, "mov o0, v0", "dcl_psize o2.y\nmov o0, v0", 1), "",
			"vs.asm:7: dcl_psize o2.y: PSIZE is declared .y: the point size is the register's .x"},
		{"overlapping masks", strings.Replace(okVS, "dcl_texcoord1 o1.zw", "dcl_texcoord1 o1.yzw", 1), "",
			"vs.asm:6: dcl_texcoord1 o1.yzw: TEXCOORD1 overlaps TEXCOORD0 at .y: each component has one semantic"},
		{"overlapping masks (pixel)", "", strings.Replace(okPS, "dcl_texcoord1 v0.zw", "dcl_texcoord1 v0.yz", 1),
			"ps.asm:3: dcl_texcoord1 v0.yz: TEXCOORD1 overlaps TEXCOORD0 at .y: each component has one semantic\n" +
				"ps.asm:3: dcl_texcoord1 v0.yz: the pixel shader reads TEXCOORD1.y, which the vertex shader does not write (it writes .zw): a pixel input's letters are a subset of its output's"},
		{"semantic declared twice", strings.Replace(okVS, "mov o0, v0", "dcl_texcoord1 o2.x\nmov o0, v0", 1), "",
			"vs.asm:7: dcl_texcoord1 o2.x: TEXCOORD1 is declared twice: a semantic has one declaration"},
		{"dcl after the first instruction", okVS + "dcl_texcoord2 o2\n", "",
			"vs.asm:9: dcl_texcoord2 o2: a declaration after the first instruction: declarations (dcl, def) come first"},
		{"def after the first instruction", "", okPS + "def c1, 1, 1, 1, 1\n",
			"ps.asm:5: def c1, 1, 1, 1, 1: a declaration after the first instruction: declarations (dcl, def) come first"},
		{"output indexed with a0", okVS + "mova a0.x, c0.x\nmov o[a0.x + 1], c0\n", "",
			"vs.asm:10: mov o[a0.x + 1], c0: o[a0]: vs_3_0 indexes outputs only with aL"},
		{"indexed outputs need POSITION0 in o0", strings.Replace(strings.Replace(okVS, "dcl_position o0", "dcl_position o2", 1), "mov o0, v0", "defi i0, 1, 0, 1, 0\nmov o2, v0\nloop aL, i0\nmov o[aL + 1], c0\nendloop", 1), "",
			"vs.asm:4: dcl_position o2: POSITION0 is in o2, but the program indexes its outputs: then the position is o0"},
		{"output written without dcl", okVS + "mov o3, c0\n", "",
			"vs.asm:9: mov o3, c0: writes o3, which no dcl declares"},
		{"vertex input read without dcl", okVS + "mov r0, v1\n", "",
			"vs.asm:9: mov r0, v1: reads v1, which no dcl declares"},
		{"pixel input read without dcl", "", okPS + "add r0, v0, v3\n",
			"ps.asm:5: add r0, v0, v3: reads v3, which no dcl declares"},
		{"vFace read without dcl", "", okPS + "if_gt vFace, c0.x\nendif\n",
			"ps.asm:5: if_gt vFace, c0.x: reads vFace, which no dcl declares"},
		{"sampler without dcl", "", okPS + "texld r0, v0, s0\n",
			"ps.asm:5: texld r0, v0, s0: reads s0, which no dcl declares"},
		{"vPos mask", "", strings.Replace(okPS, "mov oC0, v0", "dcl vPos.xyz\nmov oC0, v0", 1),
			"ps.asm:4: dcl vPos.xyz: vPos is declared .xyz: its mask is .x, .y or .xy"},
		{"POSITION0 as a pixel input", "", strings.Replace(okPS, "mov oC0, v0", "dcl_position v1\nmov oC0, v0", 1),
			"ps.asm:4: dcl_position v1: POSITION0 is not a pixel shader input: the pixel's position is vPos"},
		{"call without label", okVS + "call l3\nret\nlabel l2\nret\n", "",
			"vs.asm:9: call l3: l3 is not defined: no label l3"},
		{"vertex shader of the wrong model", "vs_2_0\ndcl_position v0\nmov oPos, v0\n", "",
			"vs.asm:1: the vertex shader is vs_2_0: check reads vs_3_0"},
		{"pixel shader given as the vertex shader", okPS, "",
			"vs.asm:1: the vertex shader is ps_3_0: check reads vs_3_0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vs, ps := tc.vs, tc.ps
			if vs == "" {
				vs = okVS
			}
			if ps == "" {
				ps = okPS
			}
			r := Programs(parse(t, "vs.asm", vs), parse(t, "ps.asm", ps), "vs.asm", "ps.asm")
			assert.Equal(t, strings.Split(tc.want, "\n"), problemLines(r))
		})
	}
}

// TestRulesAccept are layouts the rules allow.
func TestRulesAccept(t *testing.T) {
	tests := []struct{ name, vs, ps string }{
		{"full-mask PSIZE (vkd3d, shpack)", strings.Replace(okVS, "mov o0, v0", "dcl_psize o2\nmov o0, v0", 1), ""},
		{"PSIZE .x", strings.Replace(okVS, "mov o0, v0", "dcl_psize o2.x\nmov o0, v0", 1), ""},
		{"def among the dcls", strings.Replace(okVS, "dcl_position o0", "dcl_position o0\ndef c1, 1, 2, 3, 4\ndefi i0, 1, 0, 1, 0", 1), ""},
		{"outputs indexed with aL", strings.Replace(okVS, "mov o0, v0", "dcl_texcoord2 o2\ndcl_texcoord3 o3\ndefi i0, 2, 0, 1, 0\nmov o0, v0\nloop aL, i0\nmov o[aL + 2], c0\nendloop", 1), ""},
		{"a call to a label", okVS + "call l1\nret\nlabel l1\nret\n", ""},
		{"vPos and vFace", "", strings.Replace(okPS, "mov oC0, v0", "dcl vPos.xy\ndcl vFace\nmov oC0, v0\nif_gt vFace, c0.x\nadd r0, vPos.xyxy, c0\nendif", 1)},
		{"sampler declared", "", strings.Replace(okPS, "mov oC0, v0", "dcl_2d s0\ntexld r0, v0, s0\nmov oC0, r0", 1)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vs, ps := tc.vs, tc.ps
			if vs == "" {
				vs = okVS
			}
			if ps == "" {
				ps = okPS
			}
			r := Programs(parse(t, "vs.asm", vs), parse(t, "ps.asm", ps), "vs.asm", "ps.asm")
			assert.Empty(t, problemLines(r))
		})
	}
}

// TestRulesUsageIndex: the parser and the decoder cannot give an index
// above 15, a program built in memory can.
func TestRulesUsageIndex(t *testing.T) {
	vs := parse(t, "vs.asm", okVS)
	for _, in := range vs.Insts {
		if in.Op == d3d9.OpDcl && in.Usage == ir.UsageTexCoord && in.UsageIndex == 1 {
			in.UsageIndex = 16
		}
	}
	r := Programs(vs, nil, "vs.asm", "")
	assert.Equal(t, []string{"vs.asm:6: dcl_texcoord16 o1.zw: usage index 16 is out of range: an index is 0 to 15"}, problemLines(r))
}

// TestRulesBytecode: in bytecode a problem names the instruction's token
// offset, as d3d9.Decode positions its errors, and Offset returns it.
func TestRulesBytecode(t *testing.T) {
	data, err := d3d9.Encode(parse(t, "vs.asm", okVS+"mov r32, c0\n"))
	require.NoError(t, err)
	vs, err := d3d9.Decode("vs.cso", data)
	require.NoError(t, err)
	r := Programs(vs, nil, "vs.cso", "")
	require.Len(t, r.Problems, 1)
	e := r.Problems[0]
	// version 0; def 1-6; four dcls of 3 tokens 7-18; mov o0 19-21; mov o1 22-24.
	assert.Equal(t, "vs.cso: error: token 25 (mov r32, c0): r32 is out of range: vs_3_0 has r0 to r31", e.Error())
	assert.Equal(t, 25, r.Offset(e))
	assert.Equal(t, vs.Insts[len(vs.Insts)-1].Offset, r.Offset(e))
}

// TestRulesNotes: a clash names the other declaration in a note.
func TestRulesNotes(t *testing.T) {
	vs := strings.Replace(okVS, "dcl_texcoord1 o1.zw", "dcl_texcoord1 o1.yzw", 1)
	r := Programs(parse(t, "vs.asm", vs), nil, "vs.asm", "")
	require.Len(t, r.Problems, 1)
	assert.Equal(t, "vs.asm:6:1: error: dcl_texcoord1 o1.yzw: TEXCOORD1 overlaps TEXCOORD0 at .y: each component has one semantic\n"+
		"vs.asm:5:1: note: dcl_texcoord o1.xy: TEXCOORD0 is declared here", r.Problems[0].Error())
}

// TestProblemOrder: problems come in file order, then line.
func TestProblemOrder(t *testing.T) {
	ps := okPS + "mov r32, v0\n"
	vs := okVS + "mov r33, c0\n"
	r := Programs(parse(t, "vs.asm", vs), parse(t, "ps.asm", ps), "vs.asm", "ps.asm")
	assert.Equal(t, []string{
		"vs.asm:9: mov r33, c0: r33 is out of range: vs_3_0 has r0 to r31",
		"ps.asm:5: mov r32, v0: r32 is out of range: ps_3_0 has r0 to r31",
	}, problemLines(r))
}

// TestOverflowing: repack's reading of a program accepts the outputs a
// compiler numbers on past o11 once o0 to o11 are all declared (and the
// pixel inputs past v9 once v0 to v9 are), and nothing else past the end.
func TestOverflowing(t *testing.T) {
	var vs, ps strings.Builder
	vs.WriteString("vs_3_0\ndcl_position v0\ndcl_position o0\n")
	ps.WriteString("ps_3_0\n")
	for n := 1; n <= 13; n++ {
		fmt.Fprintf(&vs, "dcl_texcoord%d o%d.x\n", n, n)
		fmt.Fprintf(&ps, "dcl_texcoord%d v%d.x\n", n, n-1)
	}
	vs.WriteString("mov o0, v0\nmov o13.x, v0.x\n")
	ps.WriteString("mov oC0, v12.x\n")
	assert.Empty(t, Overflowing(parse(t, "vs.asm", vs.String()), "vs.asm"))
	assert.Empty(t, Overflowing(parse(t, "ps.asm", ps.String()), "ps.asm"))
	assert.NotEmpty(t, Program(parse(t, "vs.asm", vs.String()), "vs.asm"), "past o11 for the check itself")
	gap := parse(t, "gap.asm", "vs_3_0\ndcl_position v0\ndcl_position o0\ndcl_texcoord0 o99\nmov o0, v0\nmov o99, v0\n")
	assert.Equal(t, "gap.asm:4:1: error: dcl_texcoord o99: o99 is out of range: vs_3_0 has o0 to o11",
		Overflowing(gap, "gap.asm")[0].Error())
}
