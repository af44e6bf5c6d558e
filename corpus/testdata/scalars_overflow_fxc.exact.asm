vs_3_0
dcl_position o0   // VS_OUTPUT.Pos
dcl_texcoord12 o1 // VS_OUTPUT.UV = .xy, VS_OUTPUT.A = .z, VS_OUTPUT.B = .w
dcl_texcoord2 o2  // VS_OUTPUT.C = .x, VS_OUTPUT.D = .y, VS_OUTPUT.E = .z, VS_OUTPUT.F = .w
dcl_texcoord6 o3  // VS_OUTPUT.G = .x, VS_OUTPUT.H = .y, VS_OUTPUT.I = .z, VS_OUTPUT.J = .w
dcl_texcoord10 o4 // VS_OUTPUT.K = .x, VS_OUTPUT.L = .y
