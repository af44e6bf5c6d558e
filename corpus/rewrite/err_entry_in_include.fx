// shpack: rewrite
//
// The vertex shader is defined in an included header, which is not one of
// the files shpack was given to rewrite.
#include "err_entry_in_include.fxh"

float4 PS(VS_OUTPUT i) : COLOR0 { return i.A + i.K; }

technique T { pass P { VertexShader = compile vs_3_0 IncludedVS(); PixelShader = compile ps_3_0 PS(); } }
