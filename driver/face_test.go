package driver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
)

// litSources are corpus/variants' uber shader and its permutations.
func litSources(t *testing.T) (driver.Source, []driver.Variant) {
	t.Helper()
	dir := filepath.Join("..", "corpus", "variants")
	src, err := os.ReadFile(filepath.Join(dir, "lit.hlsl"))
	require.NoError(t, err)
	vsrc, err := os.ReadFile(filepath.Join(dir, "lit.variants"))
	require.NoError(t, err)
	vars, err := driver.ParseVariants("lit.variants", vsrc)
	require.NoError(t, err)
	return driver.Source{Name: "lit.hlsl", Src: src}, vars
}

// TestRewriteVariantsLibrary: Rewrite with Variants makes one source that
// each permutation preprocesses without error, whose listed permutations
// share one layout (a note per vertex shader, with what each costs), that
// stops a permutation whose interface is none of theirs at an #error
// naming the variants file, and that comes out the same twice.
func TestRewriteVariantsLibrary(t *testing.T) {
	src, vars := litSources(t)
	o := driver.RewriteOptions{VSEntry: "VS", PSEntry: "PS", Variants: vars}
	res, err := driver.Rewrite([]driver.Source{src}, o)
	require.NoError(t, err)
	require.Len(t, res.Outputs, 1)
	out := res.Outputs[0]

	var packed []string
	for _, n := range res.Notes {
		if n.Packed {
			packed = append(packed, n.String())
		}
	}
	require.Len(t, packed, 1, "one note for the one vertex shader")
	assert.Contains(t, packed[0], "VS: 6 variants share one layout; general registers: base ")
	assert.NotEmpty(t, res.Panels, "the pairs' register maps")

	for _, v := range vars {
		pp := hlsl.PPOptions{Defines: v.Defines}
		_, errs := hlsl.Preprocess("lit.hlsl", out, &pp)
		assert.Empty(t, errs, "variant %s", v.Name)
	}
	// SHADOW without NUMCASCADES=2 or 4: no listed interface.
	pp := hlsl.PPOptions{Defines: []string{"SHADOW", "NUMCASCADES=3"}}
	_, errs := hlsl.Preprocess("lit.hlsl", out, &pp)
	require.NotEmpty(t, errs)
	assert.Contains(t, errs[0].Msg, "lit.variants")

	again, err := driver.Rewrite([]driver.Source{src}, o)
	require.NoError(t, err)
	assert.Equal(t, string(out), string(again.Outputs[0]))
}

// TestPackAndLinkVariants: a family packed alone (Pack) and linked with
// its pixel shader (Link) has one layout per variant, the same vertex
// layouts either way, each pixel variant derived from its own.
func TestPackAndLinkVariants(t *testing.T) {
	src, vars := litSources(t)
	p, err := driver.Pack(src, driver.PackOptions{
		Packing: driver.Packing{Portable: true}, Select: driver.Selector{Entry: "VS"}, Variants: vars, LayoutOut: true,
	})
	require.NoError(t, err)
	l, err := driver.Link([]driver.Source{src}, driver.LinkOptions{
		Packing: driver.Packing{Portable: true}, VS: driver.Selector{Entry: "VS"}, PS: driver.Selector{Entry: "PS"}, Variants: vars,
	})
	require.NoError(t, err)
	require.Len(t, p.Variants, len(vars))
	require.Len(t, l.Variants, len(vars))
	assert.Equal(t, p.Family, l.Family)
	assert.True(t, p.Family.Optimal)
	for i, v := range vars {
		assert.Equal(t, v.Name, p.Variants[i].Name)
		assert.Equal(t, p.Variants[i].Layout.Place, l.Variants[i].VS.Place, v.Name)
		assert.NoError(t, ir.CheckLayout(l.Variants[i].PS), v.Name)
	}
	require.NotEmpty(t, p.Notes)
	assert.True(t, p.Notes[0].Packed)
	assert.True(t, strings.HasPrefix(p.Notes[0].Msg, "6 variants share one layout"), p.Notes[0].Msg)
	assert.NotEmpty(t, p.Interfaces, "LayoutOut")
	assert.Empty(t, l.Interfaces, "no LayoutOut")
}

// TestOptionErrors: an option that does not apply to the input is an
// *OptionError naming it, whatever the call.
func TestOptionErrors(t *testing.T) {
	effect := driver.Source{Name: "fx.fx", Src: []byte(`struct V { float4 p : POSITION; float2 uv : TEXCOORD0; };
V VS(float4 p : POSITION) { V o = (V)0; o.p = p; return o; }
float4 PS(V i) : COLOR0 { return i.uv.xyxy; }
technique T { pass P { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }
`)}
	src, vars := litSources(t)
	tests := []struct {
		name string
		call func() error
		opt  ir.Option
	}{
		{"budget for an effect", func() error {
			_, err := driver.Link([]driver.Source{effect}, driver.LinkOptions{Packing: driver.Packing{Budget: 4}})
			return err
		}, ir.OptRegisters},
		{"indexed arrays for an effect", func() error {
			_, err := driver.Link([]driver.Source{effect}, driver.LinkOptions{Packing: driver.Packing{Indexed: []string{"uv"}}})
			return err
		}, ir.OptIndexed},
		{"variants of pixel inputs", func() error {
			f, _ := ir.LookupRegisterFile("ps_3_0", ir.In)
			_, err := driver.Pack(src, driver.PackOptions{File: f, Variants: vars})
			return err
		}, ir.OptVariants},
		{"a budget for a rewrite", func() error {
			_, err := driver.Rewrite([]driver.Source{effect}, driver.RewriteOptions{Packing: driver.Packing{Budget: 4}})
			return err
		}, ir.OptRegisters},
		{"variants and a stage alone", func() error {
			_, err := driver.Rewrite([]driver.Source{src}, driver.RewriteOptions{VSEntry: "VS", LayoutOut: true, Variants: vars})
			return err
		}, ir.OptVariants},
		{"a budget for a repack", func() error {
			_, err := driver.Repack([]driver.Source{{Name: "a.vsh"}, {Name: "a.psh"}}, driver.RepackOptions{Packing: driver.Packing{Budget: 4}})
			return err
		}, ir.OptRegisters},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var oe *driver.OptionError
			require.ErrorAs(t, tc.call(), &oe)
			assert.Equal(t, tc.opt, oe.Option)
			assert.True(t, strings.HasPrefix(oe.Error(), string(tc.opt)+" "), oe.Error())
		})
	}
}

// TestLinkFallsBackToPair: one file whose techniques set no pass of both
// stages, and no selector, is linked as the pair its signatures make.
func TestLinkFallsBackToPair(t *testing.T) {
	src := driver.Source{Name: "pair.hlsl", Src: []byte(`struct V { float4 p : POSITION; float2 uv : TEXCOORD0; float f : TEXCOORD1; };
V VS(float4 p : POSITION) { V o = (V)0; o.p = p; return o; }
float4 PS(V i) : COLOR0 { return i.uv.xyxy * i.f; }
`)}
	res, err := driver.Link([]driver.Source{src}, driver.LinkOptions{})
	require.NoError(t, err)
	assert.Empty(t, res.Passes)
	require.NotNil(t, res.VS)
	require.NotNil(t, res.PS)
	assert.Equal(t, 1, res.VS.GeneralRegisters(), "uv and f share a register")
	assert.Len(t, res.Panels, 2)
	assert.Equal(t, []string{"pair.hlsl"}, res.Deps)
}

// TestPackSelectsTechnique: a technique names the entry point whose
// signature is packed, by the stage of the register file.
func TestPackSelectsTechnique(t *testing.T) {
	src := driver.Source{Name: "fx.fx", Src: []byte(`struct A { float4 p : POSITION; float2 uv : TEXCOORD0; };
struct B { float4 p : POSITION; float3 n : TEXCOORD0; float f : TEXCOORD1; };
A VSA(float4 p : POSITION) { A o = (A)0; return o; }
B VSB(float4 p : POSITION) { B o = (B)0; return o; }
float4 PS(float2 uv : TEXCOORD0) : COLOR0 { return uv.xyxy; }
technique TA { pass { VertexShader = compile vs_3_0 VSA(); PixelShader = compile ps_3_0 PS(); } }
technique TB { pass { VertexShader = compile vs_3_0 VSB(); PixelShader = compile ps_3_0 PS(); } }
`)}
	res, err := driver.Pack(src, driver.PackOptions{Select: driver.Selector{Technique: "TB"}})
	require.NoError(t, err)
	assert.Equal(t, "VSB", res.Layout.Sig.Name)
	_, err = driver.Pack(src, driver.PackOptions{Select: driver.Selector{Technique: "TC"}})
	assert.EqualError(t, err, "fx.fx: error: no technique named TC")
}

// TestSameNameNeitherStage: two files whose main is of neither stage's
// shape (their POSITION is spelled through a macro of an include that was
// not found) are refused saying so, with the include skipped as a note.
func TestSameNameNeitherStage(t *testing.T) {
	vs := driver.Source{Name: "boxV.hlsl", Src: []byte("#include \"../ShaderModel.hlsl\"\nstruct V { float4 p : TORQUE_POSITION; float2 uv : TEXCOORD0; };\nV main(float4 p : TORQUE_POSITION) { V o = (V)0; o.p = p; return o; }\n")}
	ps := driver.Source{Name: "boxP.hlsl", Src: []byte("float4 main(float2 uv : TEXCOORD0) : COLOR0 { return uv.xyxy; }\n")}
	_, err := driver.Rewrite([]driver.Source{vs, ps}, driver.RewriteOptions{
		PP:      hlsl.PPOptions{AllowMissingIncludes: true, ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }},
		VSEntry: "main", PSEntry: "main",
	})
	errs := ir.Errors(err)
	require.Len(t, errs, 1, "%v", err)
	assert.Equal(t, "main is defined in boxV.hlsl and in boxP.hlsl, and neither writes POSITION, as a vertex shader does: shpack cannot tell which one is the vertex shader", errs[0].Msg)
	require.Len(t, errs[0].Notes, 1)
	assert.Equal(t, "boxV.hlsl:1:1", errs[0].Notes[0].Pos.String())
	assert.Contains(t, errs[0].Notes[0].Msg, `include file "../ShaderModel.hlsl" not found`)
	assert.Contains(t, errs[0].Notes[0].Msg, "what it defines may be what tells them apart")
}
