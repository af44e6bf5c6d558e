// shpack: --struct=VSOut
// error: --struct names a struct the file does not define (the name is
// case-sensitive); the message lists the structs with semantics.
struct VS_OUTPUT { float4 Pos : POSITION; float2 Uv : TEXCOORD0; };
struct vsout     { float4 Pos : POSITION; };
