package emit_test

import (
	"os"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/ir"
)

// Printing a layout built by hand: the seed's dcl_usage example.
func ExampleAsm() {
	sig := &ir.Signature{Name: "OUT", Elements: []ir.Element{
		{Name: "c", Semantic: ir.Semantic{Name: "COLOR", Index: 4}, Components: 1},
		{Name: "t", Semantic: ir.Semantic{Name: "TEXCOORD", Index: 3}, Components: 2},
		{Name: "f", Semantic: ir.Semantic{Name: "FOG"}, Components: 1},
		{Name: "p", Semantic: ir.Semantic{Name: "POSITION"}, Components: 4},
	}}
	o3 := ir.Reg{Kind: ir.RegO, Num: 3}
	l := &ir.Layout{Sig: sig, File: ir.VS30Out(), Cons: ir.Constraints{MixColor: true}, Place: []ir.Placement{
		{Reg: o3, Mask: ir.MaskX, Usage: ir.UsageColor, Index: 4},
		{Reg: o3, Mask: ir.MaskRun(1, 2), Usage: ir.UsageTexCoord, Index: 3},
		{Reg: o3, Mask: ir.MaskW, Usage: ir.UsageFog},
		{Reg: ir.Reg{Kind: ir.RegO, Num: 7}, Mask: ir.MaskXYZW, Usage: ir.UsagePosition, Role: ir.RolePosition},
	}}
	if err := ir.CheckLayout(l); err != nil {
		panic(err)
	}
	emit.Asm(os.Stdout, l)
	// Output:
	// vs_3_0
	// dcl_color4 o3.x     // OUT.c
	// dcl_texcoord3 o3.yz // OUT.t
	// dcl_fog o3.w        // OUT.f
	// dcl_position o7     // OUT.p
}
