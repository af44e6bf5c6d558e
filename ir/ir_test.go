package ir

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseSemantic(t *testing.T) {
	tests := []struct {
		in   string
		want Semantic
	}{
		{"TEXCOORD", Semantic{Name: "TEXCOORD"}},
		{"texcoord", Semantic{Name: "TEXCOORD"}},
		{"TexCoord5", Semantic{Name: "TEXCOORD", Index: 5, HasIndex: true}},
		{"TEXCOORD0_centroid", Semantic{Name: "TEXCOORD", Index: 0, HasIndex: true, Centroid: true}},
		{"COLOR1_CENTROID", Semantic{Name: "COLOR", Index: 1, HasIndex: true, Centroid: true}},
		{"SV_Target3", Semantic{Name: "SV_TARGET", Index: 3, HasIndex: true}},
		{"POSITIONT", Semantic{Name: "POSITIONT"}},
		{"TEXCOORD99999999999999999999", Semantic{Name: "TEXCOORD", Index: 1 << 30, HasIndex: true}},
		{"TEXCOORD2000000", Semantic{Name: "TEXCOORD", Index: 2000000, HasIndex: true}},
		{"_centroid", Semantic{Name: "_CENTROID"}},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, ParseSemantic(tc.in), tc.in)
	}
}

func TestD3D9Mapping(t *testing.T) {
	tests := []struct {
		in    string
		usage Usage
		index int
		ok    bool
	}{
		{"POSITION", UsagePosition, 0, true},
		{"SV_Position", UsagePosition, 0, true},
		{"SV_Target2", UsageColor, 2, true},
		{"SV_Depth", UsageDepth, 0, true},
		{"SV_IsFrontFace", UsageVFace, 0, true},
		{"VPOS", UsageVPos, 0, true},
		{"fog", UsageFog, 0, true},
		{"BLENDINDICES3", UsageBlendIndices, 3, true},
		{"VELOCITY", 0, 0, false},
		{"TEXTURE0", 0, 0, false},
		{"SV_VertexID", 0, 0, false},
	}
	for _, tc := range tests {
		u, idx, ok := ParseSemantic(tc.in).D3D9()
		assert.Equal(t, tc.ok, ok, tc.in)
		if tc.ok {
			assert.Equal(t, tc.usage, u, tc.in)
			assert.Equal(t, tc.index, idx, tc.in)
		}
	}
	assert.Equal(t, "texcoord", UsageTexCoord.Asm())
	assert.Equal(t, "psize", UsagePSize.Asm())
	assert.Equal(t, "", UsageVPos.Asm())
}

func TestMask(t *testing.T) {
	assert.Equal(t, "xyzw", MaskXYZW.String())
	assert.Equal(t, "yz", MaskRun(1, 2).String())
	assert.Equal(t, "w", MaskRun(3, 1).String())
	assert.True(t, MaskRun(1, 3).Contiguous())
	assert.False(t, (MaskX | MaskZ).Contiguous())
	assert.False(t, Mask(0).Contiguous())
	assert.Equal(t, 1, MaskRun(1, 2).First())
	assert.Equal(t, -1, Mask(0).First())
	for _, s := range []string{"x", "xy", "yzw", "xw", "xyzw"} {
		m, ok := ParseMask(s)
		require.True(t, ok, s)
		assert.Equal(t, s, m.String())
	}
	for _, s := range []string{"", "yx", "xx", "X", "xyzwx", "q"} {
		_, ok := ParseMask(s)
		assert.False(t, ok, s)
	}
	assert.Panics(t, func() { MaskRun(3, 2) })
}

func TestRegString(t *testing.T) {
	assert.Equal(t, "o3", Reg{RegO, 3}.String())
	assert.Equal(t, "oT7", Reg{RegOT, 7}.String())
	assert.Equal(t, "vPos", Reg{RegVPos, 0}.String())
	assert.Equal(t, "oDepth", Reg{RegODepth, 0}.String())
	assert.Equal(t, "t2", Reg{RegT, 2}.String())
}

func TestErrorText(t *testing.T) {
	e := Errorf(Pos{File: "inc.fxh", Line: 3, Col: 5}, []Pos{{File: "a.fx", Line: 2, Col: 1}}, "bad %s", "thing")
	assert.Equal(t, "inc.fxh:3:5: error: bad thing\na.fx:2:1: note: in file included from here", e.Error())
	var l ErrorList
	l.Add(Pos{File: "b", Line: 2, Col: 1}, nil, "second")
	l.Add(Pos{File: "b", Line: 1, Col: 9}, nil, "first")
	l.Add(Pos{File: "b", Line: 1, Col: 9}, nil, "first")
	l.Add(Pos{File: "a"}, nil, "file level")
	l.Sort()
	assert.Equal(t, "a: error: file level\nb:1:9: error: first\nb:2:1: error: second", l.Error())
	assert.Len(t, Errors(l.Err()), 3)
	assert.Nil(t, ErrorList(nil).Err())
}

// layoutOf builds a layout by hand: each placement is "reg mask".
func layoutOf(elems []Element, regs []Reg, masks []string, cons Constraints) *Layout {
	s := &Signature{Name: "S", Elements: elems}
	f := VS30Out()
	l := &Layout{Sig: s, File: f, Cons: cons, LowerBound: -1}
	for i, e := range elems {
		u, idx, _ := e.Semantic.D3D9()
		m, _ := ParseMask(masks[i])
		l.Place = append(l.Place, Placement{Reg: regs[i], Mask: m, Usage: u, Index: idx, Role: f.RoleOf(u, idx)})
	}
	return l
}

func el(sem string, comps int) Element {
	return Element{Name: sem, Semantic: ParseSemantic(sem), Components: comps, Array: -1}
}

func o(n int) Reg { return Reg{RegO, n} }

func TestCheckLayout(t *testing.T) {
	pos := el("POSITION0", 4)
	tests := []struct {
		name  string
		elems []Element
		regs  []Reg
		masks []string
		cons  Constraints
		want  string // "" for valid
	}{
		{"valid packed (the dcl_usage page's example)",
			[]Element{el("COLOR4", 1), el("TEXCOORD3", 2), el("FOG", 1), el("TANGENT", 3), pos, el("PSIZE", 1)},
			[]Reg{o(3), o(3), o(3), o(4), o(7), o(6)}, []string{"x", "yz", "w", "xyz", "xyzw", "xyzw"},
			Constraints{MixColor: true}, ""},
		{"position partial mask",
			[]Element{pos}, []Reg{o(0)}, []string{"xyz"}, Constraints{},
			"POSITION0: POSITION0 needs four components and the full mask, has 4 in .xyz"},
		{"sharing the position register",
			[]Element{pos, el("FOG", 1)}, []Reg{o(0), o(0)}, []string{"xyzw", "w"}, Constraints{},
			"FOG: components .w of o0 are already taken"},
		{"sharing the psize register",
			[]Element{pos, el("PSIZE", 1), el("COLOR", 1)}, []Reg{o(0), o(2), o(2)}, []string{"xyzw", "xyzw", "w"}, Constraints{MixColor: true},
			"COLOR: components .w of o2 are already taken"},
		{"same semantic twice",
			[]Element{pos, el("TEXCOORD1", 2), el("TEXCOORD1", 1)}, []Reg{o(0), o(3), o(4)}, []string{"xyzw", "zw", "x"}, Constraints{},
			"TEXCOORD1: semantic TEXCOORD1 already declared for TEXCOORD1"},
		{"overlap",
			[]Element{pos, el("TEXCOORD2", 2), el("NORMAL", 2)}, []Reg{o(0), o(5), o(5)}, []string{"xyzw", "yz", "zw"}, Constraints{},
			"NORMAL: components .z of o5 are already taken"},
		{"register out of range",
			[]Element{pos, el("TEXCOORD5", 4)}, []Reg{o(0), o(12)}, []string{"xyzw", "xyzw"}, Constraints{},
			"TEXCOORD5: register o12 does not exist (o0..o11)"},
		{"non-contiguous mask",
			[]Element{pos, el("TEXCOORD0", 2)}, []Reg{o(0), o(1)}, []string{"xyzw", "xz"}, Constraints{},
			"TEXCOORD0: mask .xz is not a contiguous run of 2 components"},
		{"wrong width",
			[]Element{pos, el("TEXCOORD0", 2)}, []Reg{o(0), o(1)}, []string{"xyzw", "xyz"}, Constraints{},
			"TEXCOORD0: mask .xyz is not a contiguous run of 2 components"},
		{"color mixed without permission",
			[]Element{pos, el("COLOR0", 2), el("TEXCOORD0", 2)}, []Reg{o(0), o(1), o(1)}, []string{"xyzw", "xy", "zw"}, Constraints{},
			"TEXCOORD0: register o1 mixes packing classes"},
		{"no position",
			[]Element{el("TEXCOORD0", 2)}, []Reg{o(1)}, []string{"xy"}, Constraints{},
			"0 POSITION0 outputs, want exactly one"},
		{"wrong register kind",
			[]Element{pos}, []Reg{{RegOPos, 0}}, []string{"xyzw"}, Constraints{},
			"POSITION0: register oPos is not of kind o"},
		{"too many general registers",
			[]Element{pos, el("TEXCOORD0", 1), el("TEXCOORD1", 1), el("TEXCOORD2", 1)}, []Reg{o(0), o(1), o(2), o(3)},
			[]string{"xyzw", "x", "x", "x"}, Constraints{Budget: 2},
			"3 general registers, limit 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckLayout(layoutOf(tc.elems, tc.regs, tc.masks, tc.cons))
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestCheckLayoutIndexed(t *testing.T) {
	elems := []Element{el("POSITION0", 4), el("TEXCOORD0", 2), el("TEXCOORD1", 2)}
	elems[1].Array, elems[2].Array = 0, 0
	mk := func(regs []Reg, masks []string) *Layout {
		l := layoutOf(elems, regs, masks, Constraints{Indexed: []int{0}})
		l.Sig.Arrays = []Array{{Name: "T", First: 1, Count: 2}}
		return l
	}
	assert.NoError(t, CheckLayout(mk([]Reg{o(0), o(1), o(2)}, []string{"xyzw", "yz", "yz"})))
	err := CheckLayout(mk([]Reg{o(0), o(1), o(3)}, []string{"xyzw", "yz", "yz"}))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "T: row 1 at o3.yz breaks the indexed block starting at o1.yz")
	err = CheckLayout(mk([]Reg{o(0), o(1), o(2)}, []string{"xyzw", "yz", "zw"}))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "T: row 1 at o2.zw breaks the indexed block")
	err = CheckLayout(mk([]Reg{o(2), o(0), o(1)}, []string{"xyzw", "yz", "yz"}))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "POSITION0 in o2: an indexed output needs it in o0")
}

func TestLookupUsageTable(t *testing.T) {
	for u := Usage(0); u < numUsages; u++ {
		got, ok := LookupUsage(u.String())
		assert.True(t, ok, u.String())
		assert.Equal(t, u, got)
	}
	_, ok := LookupUsage("TEXCOORDS")
	assert.False(t, ok)
}

func TestUsageAsmTable(t *testing.T) {
	for u := Usage(0); u < UsageVPos; u++ {
		assert.Equal(t, strings.ToLower(u.String()), u.Asm())
	}
}

// TestFileFor checks the register file of a profile and a direction as the
// command line names them.
func TestFileFor(t *testing.T) {
	for _, c := range []struct{ profile, dir, want string }{
		{"vs_3_0", "", "vs_3_0 output"}, {"ps_3_0", "", "ps_3_0 input"}, {"vs_3_0", "in", "vs_3_0 input"}, {"ps_2_0", "out", "ps_2_0 output"},
	} {
		f, err := FileFor(c.profile, c.dir)
		require.NoError(t, err)
		assert.Equal(t, c.want, f.Profile.Name+" "+f.Dir.Word())
	}
	_, err := FileFor("vs_9_0", "")
	assert.ErrorContains(t, err, `unknown profile "vs_9_0"`)
	_, err = FileFor("vs_3_0", "sideways")
	assert.EqualError(t, err, `unknown direction "sideways" (known: in, out)`)
}
