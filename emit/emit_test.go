package emit

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/ir"
)

func layout() *ir.Layout {
	s := &ir.Signature{Name: "VS_OUTPUT", Elements: []ir.Element{
		{Name: "uv", Semantic: ir.Semantic{Name: "TEXCOORD", Index: 3}, Components: 2, Pos: ir.Pos{File: "inc.fxh", Line: 4, Col: 5}},
		{Name: "Pos", Semantic: ir.Semantic{Name: "SV_POSITION"}, Components: 4, Pos: ir.Pos{File: "a.fx", Line: 3, Col: 5}},
		{Name: "fog", Semantic: ir.Semantic{Name: "FOG"}, Components: 1, Mods: ir.ModCentroid, Pos: ir.Pos{File: "a.fx", Line: 5, Col: 5}},
		{Name: "size", Semantic: ir.Semantic{Name: "PSIZE"}, Components: 1, Pos: ir.Pos{File: "a.fx", Line: 6, Col: 5}},
	}}
	return &ir.Layout{Sig: s, File: ir.VS30Out(), Strategy: "optimal", LowerBound: 1, Place: []ir.Placement{
		{Reg: ir.Reg{Kind: ir.RegO, Num: 2}, Mask: ir.MaskRun(1, 2), Usage: ir.UsageTexCoord, Index: 3},
		{Reg: ir.Reg{Kind: ir.RegO, Num: 0}, Mask: ir.MaskXYZW, Usage: ir.UsagePosition, Role: ir.RolePosition},
		{Reg: ir.Reg{Kind: ir.RegO, Num: 2}, Mask: ir.MaskX, Usage: ir.UsageFog},
		{Reg: ir.Reg{Kind: ir.RegO, Num: 1}, Mask: ir.MaskXYZW, Usage: ir.UsagePSize, Role: ir.RolePSize},
	}}
}

func TestAsm(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Asm(&b, layout()))
	assert.Equal(t, `vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_psize o1        // VS_OUTPUT.size
dcl_fog o2.x        // VS_OUTPUT.fog
dcl_texcoord3 o2.yz // VS_OUTPUT.uv
`, b.String())
}

// TestSingle: each format of Single is its printer's output, and no
// format (shpack FILE's default) is asm.
func TestSingle(t *testing.T) {
	l := layout()
	title, sub := MapTitles(l, "shown/a.fx")
	for _, tc := range []struct {
		format string
		direct func(w *bytes.Buffer) error
	}{
		{"asm", func(w *bytes.Buffer) error { return Asm(w, l) }},
		{"", func(w *bytes.Buffer) error { return Asm(w, l) }},
		{"json", func(w *bytes.Buffer) error { return JSON(w, l, "a.fx") }},
		{"svg", func(w *bytes.Buffer) error {
			return RegisterMap(w, title, sub, []MapPanel{{Heading: SideHeading(l.File), Layout: l}}, 0)
		}},
		{"hlsl", func(w *bytes.Buffer) error { return HLSL(w, l, "a.fx") }},
	} {
		var got, want bytes.Buffer
		gotErr, wantErr := Single(&got, tc.format, l, "a.fx", "shown/a.fx", nil), tc.direct(&want)
		assert.Equal(t, wantErr, gotErr, tc.format)
		assert.Equal(t, want.String(), got.String(), tc.format)
		if tc.format != "hlsl" {
			assert.NotEmpty(t, got.String(), tc.format)
		}
	}
}

func TestJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, JSON(&b, layout(), "a.fx"))
	var got map[string]any
	require.NoError(t, json.Unmarshal(b.Bytes(), &got))
	assert.Equal(t, "a.fx", got["source"])
	assert.Equal(t, "vs_3_0", got["profile"])
	assert.Equal(t, "out", got["direction"])
	assert.Equal(t, float64(3), got["registers"])
	assert.Equal(t, float64(1), got["general_registers"])
	assert.Equal(t, true, got["optimal"])
	els := got["elements"].([]any)
	require.Len(t, els, 4)
	first := els[0].(map[string]any)
	assert.Equal(t, map[string]any{
		"name": "uv", "semantic": "TEXCOORD", "index": float64(3), "components": float64(2),
		"register": "o2", "mask": "yz", "interpolation": "linear", "centroid": false,
		"file": "inc.fxh", "line": float64(4), "column": float64(5),
		"declared_as": map[string]any{"semantic": "TEXCOORD", "index": float64(3)},
	}, first)
	pos := els[1].(map[string]any)
	assert.Equal(t, "POSITION", pos["semantic"], "the D3D9 usage, not SV_POSITION")
	assert.Equal(t, "xyzw", pos["mask"])
	assert.Equal(t, "xyzw", els[3].(map[string]any)["mask"], "PSIZE's mask is spelled out")
	assert.Equal(t, true, els[2].(map[string]any)["centroid"])
}

func TestList(t *testing.T) {
	l := layout()
	entries := []Entry{{Kind: "struct", Name: "VS_OUTPUT", Pos: ir.Pos{File: "a.fx", Line: 2, Col: 1}, Sig: l.Sig}}
	var b bytes.Buffer
	require.NoError(t, ListText(&b, "a.fx", entries, nil))
	assert.Equal(t, `struct VS_OUTPUT  (a.fx:2:1)
  uv    TEXCOORD3     float2  -         inc.fxh:4:5
  Pos   SV_POSITION0  float4  -         a.fx:3:5
  fog   FOG0          float   centroid  a.fx:5:5
  size  PSIZE0        float   -         a.fx:6:5
`, b.String())
	b.Reset()
	require.NoError(t, ListJSONTo(&b, "a.fx", entries, nil))
	var got ListJSON
	require.NoError(t, json.Unmarshal(b.Bytes(), &got))
	require.Len(t, got.Signatures, 1)
	assert.Equal(t, "SV_POSITION", (*got.Signatures[0].Elements)[1].Semantic, "list shows the semantic as written")
	assert.Nil(t, got.Signatures[0].Inputs)
}
