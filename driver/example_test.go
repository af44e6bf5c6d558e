package driver_test

import (
	"fmt"
	"os"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
	"github.com/shpack/shpack/repack"
)

// ExampleDefaultSignature takes the path of a build tool: a shader file,
// the signature shpack FILE would choose, its layout, and the assembly.
func ExampleDefaultSignature() {
	src := `struct VS_OUTPUT {
    float4 Pos   : POSITION;
    float3 View  : TEXCOORD2;
    float  Depth : TEXCOORD0;
};
VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
`
	u, err := hlsl.ParseFile("water.hlsl", []byte(src), &hlsl.PPOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	f := ir.VS30Out()
	sig, err := driver.DefaultSignature(u, f, "", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	l, err := pack.ForFile(pack.Optimal{}, sig, f, ir.Constraints{Portable: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := emit.Asm(os.Stdout, l); err != nil {
		fmt.Println(err)
	}
	// Output:
	// vs_3_0
	// dcl_position o0  // VS_OUTPUT.Pos
	// dcl_texcoord2 o1 // VS_OUTPUT.View = .xyz, VS_OUTPUT.Depth = .w
}

// ExampleLinkEffect links every pass of an effect: each pass's vertex
// outputs and the pixel inputs read from the same map.
func ExampleLinkEffect() {
	src := `struct V { float4 Pos : POSITION; float2 UV : TEXCOORD0; float Fog : TEXCOORD1; };
V vs(float4 p : POSITION) { V o = (V)0; o.Pos = p; return o; }
float4 ps(V i) : COLOR0 { return i.UV.xyxy * i.Fog; }
technique T { pass P0 { VertexShader = compile vs_3_0 vs(); PixelShader = compile ps_3_0 ps(); } }
`
	res, err := driver.LinkEffect(driver.Source{Name: "fog.fx", Src: []byte(src)}, driver.LinkOptions{Portable: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range res.Passes {
		fmt.Printf("technique %s, pass %s: %s -> %s\n", p.Technique, p.Pass, p.VS, p.PS)
		emit.Asm(os.Stdout, p.VSLayout)
		emit.Asm(os.Stdout, p.PSLayout)
	}
	// Output:
	// technique T, pass P0: vs -> ps
	// vs_3_0
	// dcl_position o0 // vs.Pos
	// dcl_texcoord o1 // vs.UV = .xy, vs.Fog = .z
	// ps_3_0
	// dcl_texcoord v0 // ps.i.UV = .xy, ps.i.Fog = .z
}

// ExampleLinkPair links a vertex shader with the pixel shader it feeds, as
// shpack link does: the vertex outputs packed, the pixel inputs read from
// the same registers and components.
func ExampleLinkPair() {
	src := `struct V2P {
    float4 Pos  : POSITION;
    float2 UV   : TEXCOORD0;
    float  Fog  : TEXCOORD1;
    float3 View : TEXCOORD2;
};
V2P VS(float4 p : POSITION) { V2P o = (V2P)0; o.Pos = p; return o; }
float4 PS(float2 uv : TEXCOORD0, float fog : TEXCOORD1) : COLOR { return float4(uv, fog, 1); }
`
	u, err := hlsl.ParseFile("pair.hlsl", []byte(src), &hlsl.PPOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	vl, pl, _, err := driver.LinkPair(u, u, driver.PairOptions{
		VS: driver.Selector{Entry: "VS"}, PS: driver.Selector{Entry: "PS"}, Cons: ir.Constraints{Portable: true},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("vertex general registers:", vl.GeneralRegisters())
	if err := emit.Asm(os.Stdout, pl); err != nil {
		fmt.Println(err)
	}
	// Output:
	// vertex general registers: 2
	// ps_3_0
	// dcl_texcoord2 v0 // PS.fog = .w
	// dcl_texcoord v1  // PS.uv = .xy
}

// ExampleRepackPair repacks a compiled pair whose vertex shader gives each
// output a register of its own: the two texture coordinates share one,
// both programs are rewritten, and shpack check has passed them.
func ExampleRepackPair() {
	vs := `vs_3_0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xy
dcl_texcoord1 o2.xy
mov o0, v0
mov o1.xy, v0.xy
mov o2.xy, v0.zw
`
	ps := `ps_3_0
dcl_texcoord0 v0.xy
dcl_texcoord1 v1.xy
add r0.xy, v0, v1
mov oC0, r0.xyxy
`
	res, err := driver.RepackPair(driver.Source{Name: "scene.vsh", Src: []byte(vs)}, driver.Source{Name: "scene.psh", Src: []byte(ps)},
		driver.RepackOptions{Options: repack.Options{Portable: true}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, n := range res.Notes {
		fmt.Println(n)
	}
	if err := d3d9.Print(os.Stdout, res.VS); err != nil {
		fmt.Println(err)
	}
	// Output:
	// scene.vsh: note: 2 general output registers repacked into 1 (optimal, portable)
	// vs_3_0
	// dcl_position v0
	// dcl_position o0
	// dcl_texcoord o1
	// mov o0, v0
	// mov o1.xy, v0.xyyy
	// mov o1.zw, v0.zzzw
}
