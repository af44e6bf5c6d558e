// The pair of the README's link example: the pixel shader reads a subset
// of the vertex outputs, in a struct of its own, and the pixel position.
struct VS_OUT { float4 Pos : POSITION; float2 UV : TEXCOORD0; float3 N : NORMAL; float Fog : TEXCOORD1; };
VS_OUT vs(float4 p : POSITION) { VS_OUT o = (VS_OUT)0; return o; }
struct PS_IN { float3 N : NORMAL; float Fog : TEXCOORD1; float2 screen : VPOS; };
float4 ps(PS_IN i) : COLOR0 { return 1; }
