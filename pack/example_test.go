package pack_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// The whole pipeline from a build tool written in Go: parse, lower, pack
// with a strategy, check, print.
func Example() {
	src := []byte(`
struct VS_OUTPUT {
    float4 Pos   : POSITION;
    float  Depth : TEXCOORD0;
    float  Fade  : TEXCOORD1;
    float3 View  : TEXCOORD2;
    float3 Light : TEXCOORD3;
};`)
	u, err := hlsl.ParseFile("lit.hlsl", src, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	sig, err := u.Struct("VS_OUTPUT")
	if err != nil {
		fmt.Println(err)
		return
	}
	st, _ := pack.Lookup("optimal")
	layout, err := st.Pack(sig, ir.VS30Out(), ir.Constraints{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := ir.CheckLayout(layout); err != nil {
		fmt.Println(err)
		return
	}
	emit.Asm(os.Stdout, layout)
	fmt.Println("general registers:", layout.GeneralRegisters(), "optimal:", layout.Optimal())
	// Output:
	// vs_3_0
	// dcl_position o0      // VS_OUTPUT.Pos
	// dcl_texcoord2 o1.xyz // VS_OUTPUT.View
	// dcl_texcoord o1.w    // VS_OUTPUT.Depth
	// dcl_texcoord3 o2.xyz // VS_OUTPUT.Light
	// dcl_texcoord1 o2.w   // VS_OUTPUT.Fade
	// general registers: 2 optimal: true
}

// Every strategy on one signature, as shpack compare does.
func ExampleEvaluate() {
	u, _ := hlsl.ParseFile("s.hlsl", []byte(`struct S {
    float4 p : POSITION; float a : TEXCOORD0; float b : TEXCOORD1;
    float3 c : TEXCOORD2; float3 d : TEXCOORD3; };`), nil)
	sig, _ := u.Struct("S")
	results, _ := pack.Evaluate(sig, ir.VS30Out(), ir.Constraints{}, pack.Strategies())
	for _, r := range results {
		fmt.Printf("%-13s %d registers, optimal %v, prefix-stable %v\n", r.Strategy, r.GeneralRegisters, r.Optimal, r.PrefixStable)
	}
	// Output:
	// fxc           4 registers, optimal false, prefix-stable true
	// prefix-stable 3 registers, optimal false, prefix-stable true
	// vertical      3 registers, optimal false, prefix-stable true
	// optimal       2 registers, optimal true, prefix-stable false
	// exact         2 registers, optimal true, prefix-stable false
	// stable-fit    3 registers, optimal false, prefix-stable true
}

// A signature that does not fit returns ErrNoFit with the layout it would
// need, and a positioned message naming what would fit.
func ExampleOverflowError() {
	var fields string
	for i := range 11 {
		fields += fmt.Sprintf("float f%d : TEXCOORD%d;\n", i, i)
	}
	u, _ := hlsl.ParseFile("many.hlsl", []byte("struct S {\nfloat4 p : POSITION;\n"+fields+"};"), nil)
	sig, _ := u.Struct("S")
	layout, err := pack.FXC{}.Pack(sig, ir.VS30Out(), ir.Constraints{})
	fmt.Println(errors.Is(err, pack.ErrNoFit), layout.GeneralRegisters())
	fmt.Println(err)
	// Output:
	// true 11
	// many.hlsl:13:1: error: too many interpolators: S needs 11 general registers with fxc, but vs_3_0 has 10; optimal fits in 3 (not placed: f10)
}
