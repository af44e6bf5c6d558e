// error: no function returns a struct and two have POSITION0: shpack asks
// which one to pack.
struct A { float4 Pos : POSITION; float2 UV : TEXCOORD0; };
struct B { float4 Pos : POSITION; float3 N : NORMAL; };
