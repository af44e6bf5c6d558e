package hlsl_test

import (
	"fmt"

	"github.com/shpack/shpack/hlsl"
)

// Parse a file and lower a struct to its signature: arrays and matrices
// expand into one element per row, with consecutive semantic indices.
func ExampleParseFile() {
	src := []byte(`
#define UV_SETS 2
struct VS_OUTPUT {
    float4   Pos          : POSITION;
    float2   UV[UV_SETS]  : TEXCOORD0;
    float3x2 Basis        : TEXCOORD2;
};`)
	u, err := hlsl.ParseFile("water.hlsl", src, &hlsl.PPOptions{Defines: []string{"UNUSED=1"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	sig, err := u.Struct("VS_OUTPUT")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range sig.Elements {
		fmt.Printf("%-8s %s%d float%d  line %d\n", e.Name, e.Semantic.Name, e.Semantic.Index, e.Components, e.Pos.Line)
	}
	// Output:
	// Pos      POSITION0 float4  line 4
	// UV[0]    TEXCOORD0 float2  line 5
	// UV[1]    TEXCOORD1 float2  line 5
	// Basis[0] TEXCOORD2 float3  line 6
	// Basis[1] TEXCOORD3 float3  line 6
}

// Lowering errors are positioned diagnostics (ir.ErrorList).
func ExampleUnit_Struct_error() {
	u, _ := hlsl.ParseFile("bad.hlsl", []byte("struct S {\n  float4 p : POSITION;\n  float2 uv;\n};"), nil)
	_, err := u.Struct("S")
	fmt.Println(err)
	// Output:
	// bad.hlsl:3:3: error: member uv has no semantic
}
