// shpack: rewrite
//
// The vertex shader is defined in an included header, which shpack leaves
// as it is: a macro renames the header's definition around the #include,
// and the edited copy follows it.
#include "entry_in_include.fxh"

float4 PS(VS_OUTPUT i) : COLOR0 { return i.A + i.K; }

technique T { pass P { VertexShader = compile vs_3_0 IncludedVS(); PixelShader = compile ps_3_0 PS(); } }
