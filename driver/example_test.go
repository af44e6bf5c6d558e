package driver_test

import (
	"fmt"
	"os"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/pack"
)

// ExamplePack takes the path of a build tool: a shader file, the
// signature shpack FILE would choose, its layout, and the assembly.
func ExamplePack() {
	src := `struct VS_OUTPUT {
    float4 Pos   : POSITION;
    float3 View  : TEXCOORD2;
    float  Depth : TEXCOORD0;
};
VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
`
	res, err := driver.Pack(driver.Source{Name: "water.hlsl", Src: []byte(src)}, driver.PackOptions{
		Packing: driver.Packing{Portable: true},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := emit.Asm(os.Stdout, res.Layout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// vs_3_0
	// dcl_position o0  // VS_OUTPUT.Pos
	// dcl_texcoord2 o1 // VS_OUTPUT.View = .xyz, VS_OUTPUT.Depth = .w
}

// ExamplePack_overflow: a signature that does not fit comes back with the
// error and the layout it would need, which a register map or JSON can
// show.
func ExamplePack_overflow() {
	src := `struct V { float4 Pos : POSITION; float4 T[11] : TEXCOORD0; };`
	res, err := driver.Pack(driver.Source{Name: "big.hlsl", Src: []byte(src)}, driver.PackOptions{})
	fmt.Println(err != nil, res.Layout.GeneralRegisters())
	// Output:
	// true 11
}

// ExampleLink links every pass of an effect: each pass's vertex outputs
// and the pixel inputs read from the same map.
func ExampleLink() {
	src := `struct V { float4 Pos : POSITION; float2 UV : TEXCOORD0; float Fog : TEXCOORD1; };
V vs(float4 p : POSITION) { V o = (V)0; o.Pos = p; return o; }
float4 ps(V i) : COLOR0 { return i.UV.xyxy * i.Fog; }
technique T { pass P0 { VertexShader = compile vs_3_0 vs(); PixelShader = compile ps_3_0 ps(); } }
`
	res, err := driver.Link([]driver.Source{{Name: "fog.fx", Src: []byte(src)}}, driver.LinkOptions{
		Packing: driver.Packing{Portable: true},
	})
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

// ExampleLink_pair links a vertex shader with the pixel shader it feeds,
// as shpack link does: the vertex outputs packed, the pixel inputs read
// from the same registers and components.
func ExampleLink_pair() {
	src := `struct V2P {
    float4 Pos  : POSITION;
    float2 UV   : TEXCOORD0;
    float  Fog  : TEXCOORD1;
    float3 View : TEXCOORD2;
};
V2P VS(float4 p : POSITION) { V2P o = (V2P)0; o.Pos = p; return o; }
float4 PS(float2 uv : TEXCOORD0, float fog : TEXCOORD1) : COLOR { return float4(uv, fog, 1); }
`
	res, err := driver.Link([]driver.Source{{Name: "pair.hlsl", Src: []byte(src)}}, driver.LinkOptions{
		Packing: driver.Packing{Portable: true},
		VS:      driver.Selector{Entry: "VS"}, PS: driver.Selector{Entry: "PS"},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("vertex general registers:", res.VS.GeneralRegisters())
	if err := emit.Asm(os.Stdout, res.PS); err != nil {
		fmt.Println(err)
	}
	// Output:
	// vertex general registers: 2
	// ps_3_0
	// dcl_texcoord2 v0 // PS.fog = .w
	// dcl_texcoord v1  // PS.uv = .xy
}

// ExampleRepack repacks a compiled pair whose vertex shader gives each
// output a register of its own: the two texture coordinates share one,
// both programs are rewritten, and shpack check has passed them.
func ExampleRepack() {
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
	res, err := driver.Repack([]driver.Source{{Name: "scene.vsh", Src: []byte(vs)}, {Name: "scene.psh", Src: []byte(ps)}},
		driver.RepackOptions{Packing: driver.Packing{Portable: true}})
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

// ExampleCompare measures every strategy on each signature of a file.
func ExampleCompare() {
	src := `struct V { float4 Pos : POSITION; float2 A : TEXCOORD0; float2 B : TEXCOORD1; float3 C : TEXCOORD2; };`
	for _, c := range driver.Compare(driver.Source{Name: "v.hlsl", Src: []byte(src)}, driver.CompareOptions{
		Strategies: []pack.Strategy{pack.Optimal{}},
	}) {
		for _, r := range c.Results {
			fmt.Printf("%s %s: %s %d registers (fxc %d)\n", c.Kind, c.Name, r.Strategy, r.GeneralRegisters, r.FXCRegisters)
		}
	}
	// Output:
	// struct V: optimal 2 registers (fxc 3)
}
