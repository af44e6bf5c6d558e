ps_2_0
dcl v0     // VS_OUTPUT.Diffuse
dcl v1.xyz // VS_OUTPUT.Specular
dcl t0.xy  // VS_OUTPUT.UV
dcl t3     // VS_OUTPUT.Proj
