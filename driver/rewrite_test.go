package driver_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/ir"
)

// scalars returns a struct of n float members after POSITION: with n > 10
// it does not fit with one register per semantic.
func scalars(name string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "struct %s\n{\n    float4 Pos : POSITION;\n", name)
	for i := range n {
		fmt.Fprintf(&b, "    float M%d : TEXCOORD%d;\n", i, i)
	}
	b.WriteString("};\n")
	return b.String()
}

func TestRewritePairs(t *testing.T) {
	src := scalars("BIG", 11) + scalars("SMALL", 3) + `
BIG BigVS(float4 p : POSITION) { BIG o = (BIG)0; o.Pos = p; return o; }
SMALL SmallVS(float4 p : POSITION) { SMALL o = (SMALL)0; o.Pos = p; return o; }
float4 BigPS(BIG i) : COLOR0 { return i.M0 + i.M10; }
float4 SmallPS(SMALL i) : COLOR0 { return i.M2; }
technique Big { pass P0 { VertexShader = compile vs_3_0 BigVS(); PixelShader = compile ps_3_0 BigPS(); } }
technique Small { pass P0 { VertexShader = compile vs_3_0 SmallVS(); PixelShader = compile ps_3_0 SmallPS(); } }
technique Old { pass P0 { VertexShader = compile vs_2_0 SmallVS(); PixelShader = compile ps_2_0 SmallPS(); } }
`
	res, err := driver.Rewrite([]driver.Source{{Name: "fx.fx", Src: []byte(src)}}, driver.RewriteOptions{})
	require.NoError(t, err)
	out := string(res.Outputs[0])
	assert.Contains(t, out, "BigVS_Packed BigVS(")
	assert.Contains(t, out, "float4 BigPS(BigPS_Packed shpack_in /* BIG i */)")
	assert.NotContains(t, out, "SmallVS_Packed", "a pair that fits is left alone")
	require.Len(t, res.Pairs, 2)
	assert.Equal(t, driver.RewrittenPair{Technique: "Big", Pass: "P0", VS: "BigVS", PS: "BigPS", Rewritten: true},
		driver.RewrittenPair{Technique: res.Pairs[0].Technique, Pass: res.Pairs[0].Pass, VS: res.Pairs[0].VS, PS: res.Pairs[0].PS, Rewritten: res.Pairs[0].Rewritten})
	assert.Equal(t, 3, res.Pairs[0].VSLayout.GeneralRegisters())
	assert.False(t, res.Pairs[1].Rewritten)
	var notes []string
	for _, n := range res.Notes {
		notes = append(notes, n.String())
	}
	assert.Equal(t, []string{
		"fx.fx:24:1: note: BigVS: 12 outputs packed into 3 general registers (one register per semantic: 11)",
		"fx.fx:25:1: note: SmallVS fits with one register per semantic (3 of 10 general registers): left as it is, unless every pair is rewritten (all)",
	}, notes)

	// --all rewrites every set it can; SmallVS is also compiled for
	// vs_2_0, so it stays as it is, with a note saying why.
	res, err = driver.Rewrite([]driver.Source{{Name: "fx.fx", Src: []byte(src)}}, driver.RewriteOptions{All: true})
	require.NoError(t, err)
	assert.NotContains(t, string(res.Outputs[0]), "SmallVS_Packed")
	assert.Contains(t, res.Notes[1].String(), "fx.fx:30:57: note: left as it is (it fits with one register per semantic, and cannot be rewritten even with every pair asked for): technique Old, pass P0 compiles SmallVS for vs_2_0")

	// A vertex shader shpack cannot read is left as it is, and the note
	// does not claim that it fits: nothing says so.
	unread := strings.Replace(src, "SMALL SmallVS(float4 p : POSITION)", "SMALL SmallVS(float4 p : POSITION, out flaot2 q : TEXCOORD9)", 1)
	res, err = driver.Rewrite([]driver.Source{{Name: "fx.fx", Src: []byte(unread)}}, driver.RewriteOptions{})
	require.NoError(t, err)
	var got []string
	for _, n := range res.Notes {
		got = append(got, n.String())
	}
	assert.Contains(t, strings.Join(got, "\n"), "note: left as it is: shpack cannot read it (technique Small, pass P0: unknown type flaot2")
	assert.NotContains(t, strings.Join(got, "\n"), "SmallVS fits")
}

func TestRewriteTwoSources(t *testing.T) {
	common := scalars("VSOUT", 12)
	vs := common + "VSOUT MainVS(float4 p : POSITION) { VSOUT o = (VSOUT)0; o.Pos = p; return o; }\n"
	ps := common + "float4 MainPS(VSOUT i) : COLOR0 { return i.M11; }\n"
	res, err := driver.Rewrite([]driver.Source{{Name: "vs.hlsl", Src: []byte(vs)}, {Name: "ps.hlsl", Src: []byte(ps)}},
		driver.RewriteOptions{VSEntry: "MainVS", PSEntry: "MainPS"})
	require.NoError(t, err)
	assert.Contains(t, string(res.Outputs[0]), "MainVS_Packed MainVS(float4 p : POSITION)")
	assert.Contains(t, string(res.Outputs[1]), "float4 MainPS(MainPS_Packed shpack_in /* VSOUT i */) : COLOR0")
	assert.Equal(t, []string{"vs.hlsl", "ps.hlsl"}, res.Deps)

	_, err = driver.Rewrite([]driver.Source{{Name: "vs.hlsl", Src: []byte(vs)}, {Name: "vs2.hlsl", Src: []byte(vs)}},
		driver.RewriteOptions{VSEntry: "MainVS", PSEntry: "MainPS"})
	require.Error(t, err)
	assert.Equal(t, "vs.hlsl: error: no function named MainPS in vs.hlsl, vs2.hlsl\n"+
		"vs2.hlsl: error: MainVS is defined in vs.hlsl and in vs2.hlsl: shpack cannot tell which one is the entry point", err.Error())

	_, err = driver.Rewrite([]driver.Source{{Name: "vs.hlsl", Src: []byte(vs)}}, driver.RewriteOptions{VSEntry: "MainVS"})
	var oe *driver.OptionError
	require.ErrorAs(t, err, &oe)
	assert.Equal(t, ir.OptVSEntry, oe.Option)
	assert.EqualError(t, err, "vs-entry alone rewrites the vertex stage alone: it needs a layout file to write (layout-out) or to apply (layout)")
}

func TestRewriteNothing(t *testing.T) {
	src := []byte(scalars("S", 2) + "S VS(float4 p : POSITION) { S o = (S)0; return o; }\n")
	res, err := driver.Rewrite([]driver.Source{{Name: "a.hlsl", Src: src}}, driver.RewriteOptions{})
	require.NoError(t, err)
	assert.Equal(t, string(src), string(res.Outputs[0]))
	require.Len(t, res.Notes, 1)
	assert.Equal(t, "a.hlsl: note: no technique here pairs a vs_3_0 vertex shader with a ps_3_0 pixel shader: nothing to rewrite unless a pair is named (vs-entry=NAME ps-entry=NAME)", res.Notes[0].String())
}

// ExampleRewrite rewrites an effect in memory, as a build tool would.
func ExampleRewrite() {
	var src strings.Builder
	src.WriteString(scalars("VS_OUTPUT", 11))
	src.WriteString(`VS_OUTPUT WaterVS(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
float4 WaterPS(VS_OUTPUT i) : COLOR0 { return i.M0 * i.M10; }
technique Water { pass P0 { VertexShader = compile vs_3_0 WaterVS(); PixelShader = compile ps_3_0 WaterPS(); } }
`)
	res, err := driver.Rewrite([]driver.Source{{Name: "water.fx", Src: []byte(src.String())}}, driver.RewriteOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range res.Pairs {
		fmt.Printf("technique %s, pass %s: %s writes %d general registers, %s reads %d\n",
			p.Technique, p.Pass, p.VS, p.VSLayout.GeneralRegisters(), p.PS, p.PSLayout.GeneralRegisters())
	}
	for _, line := range strings.Split(string(res.Outputs[0]), "\n") {
		if strings.HasPrefix(line, "float4 WaterPS(") || strings.HasPrefix(line, "WaterVS_Packed WaterVS") {
			fmt.Println(line)
		}
	}
	// Output:
	// technique Water, pass P0: WaterVS writes 3 general registers, WaterPS reads 3
	// WaterVS_Packed WaterVS(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; WaterVS_RETURN(o) }
	// float4 WaterPS(WaterPS_Packed shpack_in /* VS_OUTPUT i */) : COLOR0 { WaterPS_UNPACK return i.M0 * i.M10; }
}

// TestPackedHLSLOutputs checks what packed HLSL is written for: the struct
// a function returns when it writes nothing else, and otherwise the return
// value and the out parameters with their access paths.
func TestPackedHLSLOutputs(t *testing.T) {
	src := `struct S { float4 p : POSITION; float2 uv : TEXCOORD0; };
S onlyStruct(float4 p : POSITION) { S o = (S)0; return o; }
S withOut(float4 p : POSITION, out float fog : FOG) { S o = (S)0; fog = 0; return o; }
float4 plain(float4 p : POSITION, out float2 uv : TEXCOORD0) : POSITION { uv = 0; return p; }
`
	pack := func(entry string) (*driver.PackResult, error) {
		return driver.Pack(driver.Source{Name: "a.hlsl", Src: []byte(src)}, driver.PackOptions{Select: driver.Selector{Entry: entry}, HLSL: true})
	}
	res, err := pack("onlyStruct")
	require.NoError(t, err)
	assert.Equal(t, "S", res.Layout.Sig.Name)
	assert.Nil(t, res.Vars)

	res, err = pack("withOut")
	require.NoError(t, err)
	require.Len(t, res.Vars, 2)
	assert.Equal(t, "S ret", res.Vars[0].Decl)
	assert.Equal(t, "float fog", res.Vars[1].Decl)
	var access []string
	for _, e := range res.Layout.Sig.Elements {
		access = append(access, e.Access)
	}
	assert.Equal(t, []string{"ret.p", "ret.uv", "fog"}, access)

	res, err = pack("plain")
	require.NoError(t, err)
	assert.Equal(t, "ret", res.Layout.Sig.Elements[0].Access)
	assert.Equal(t, "float4", res.Vars[0].Type)
	_, err = pack("missing")
	assert.Error(t, err)
}

// TestLinkUnpairedPasses: an effect whose passes set shaders but none
// pairs a vertex with a pixel shader is an error at each pass, naming the
// technique and the pass and what it lacks.
func TestLinkUnpairedPasses(t *testing.T) {
	src := `struct V { float4 p : POSITION; float2 uv : TEXCOORD0; };
V VS(float4 p : POSITION) { V o = (V)0; o.p = p; return o; }
float4 PS(V i) : COLOR0 { return i.uv.xyxy; }
technique T { pass P0 { VertexShader = compile vs_3_0 VS(); } pass { PixelShader = compile ps_3_0 PS(); } }
`
	_, err := driver.Link([]driver.Source{{Name: "fx.fx", Src: []byte(src)}}, driver.LinkOptions{})
	require.Error(t, err)
	assert.Equal(t, "fx.fx:4:15: error: technique T, pass P0 sets a vertex shader and no pixel shader: link pairs the two, unless a pair is named (vs-entry=NAME ps-entry=NAME)\n"+
		"fx.fx:4:63: error: technique T, pass (unnamed) sets a pixel shader and no vertex shader: link pairs the two, unless a pair is named (vs-entry=NAME ps-entry=NAME)", err.Error())
}

// TestLinkFamilyNote: two vertex shaders whose own layouts disagree on
// what the pixel shader they both feed reads share one layout, and a note
// says what each pays for it.
func TestLinkFamilyNote(t *testing.T) {
	src := `struct V1 { float4 pos : POSITION; float2 b : TEXCOORD1; float2 c : TEXCOORD2; };
struct V2 { float4 pos : POSITION; float2 b : TEXCOORD1; float3 c : TEXCOORD2; };
struct P { float2 b : TEXCOORD1; float2 c : TEXCOORD2; };
V1 VS1(float4 p : POSITION) { V1 o = (V1)0; o.pos = p; return o; }
V2 VS2(float4 p : POSITION) { V2 o = (V2)0; o.pos = p; return o; }
float4 PS(P i) : COLOR0 { return float4(i.b, i.c); }
technique T {
  pass A { VertexShader = compile vs_3_0 VS1(); PixelShader = compile ps_3_0 PS(); }
  pass B { VertexShader = compile vs_3_0 VS2(); PixelShader = compile ps_3_0 PS(); }
}
`
	res, err := driver.Link([]driver.Source{{Name: "fam.fx", Src: []byte(src)}}, driver.LinkOptions{Packing: driver.Packing{Portable: true}})
	require.NoError(t, err)
	require.Len(t, res.Shared, 1)
	assert.Equal(t, []int{2, 2}, res.Shared[0].Registers)
	assert.Equal(t, []int{1, 2}, res.Shared[0].Own)
	var notes []string
	for _, n := range res.Notes {
		notes = append(notes, n.String())
	}
	assert.Equal(t, []string{"fam.fx: note: VS1, VS2 share one layout for the pixel shaders they feed; general registers: VS1 2 (alone 1), VS2 2 (alone 2)"}, notes)
}

// TestRewriteTypesShareToFit: outputs of another kind of type (a bool)
// get registers of their own, unless that makes the set overflow: then
// they share, converted, and a note says so.
func TestRewriteTypesShareToFit(t *testing.T) {
	var b strings.Builder
	b.WriteString("struct V\n{\n    float4 Pos : POSITION;\n")
	for i := range 10 {
		fmt.Fprintf(&b, "    float3 M%d : TEXCOORD%d;\n", i, i)
	}
	b.WriteString("    bool Lit : TEXCOORD10;\n};\n")
	b.WriteString("V VS(float4 p : POSITION) { V o = (V)0; o.Pos = p; return o; }\n")
	b.WriteString("float4 PS(V i) : COLOR0 { return float4(i.M0, i.Lit); }\n")
	res, err := driver.Rewrite([]driver.Source{{Name: "a.hlsl", Src: []byte(b.String())}}, driver.RewriteOptions{VSEntry: "VS", PSEntry: "PS"})
	require.NoError(t, err)
	assert.Equal(t, 10, res.Pairs[0].VSLayout.GeneralRegisters())
	var notes []string
	for _, n := range res.Notes {
		notes = append(notes, n.String())
	}
	assert.Contains(t, strings.Join(notes, "\n"), "a.hlsl:16:1: note: VS: its int, uint or bool outputs share registers with outputs of other types, or it would not fit vs_3_0 (too many interpolators")
	assert.Contains(t, string(res.Outputs[0]), "i.Lit = (bool)(shpack_in.")
}
