vs_3_0
dcl_position o0   // VS_OUTPUT.Pos
dcl_texcoord o1   // VS_OUTPUT.A = .x, VS_OUTPUT.B = .y, VS_OUTPUT.C = .z, VS_OUTPUT.D = .w
dcl_texcoord4 o2  // VS_OUTPUT.E = .x, VS_OUTPUT.F = .y, VS_OUTPUT.G = .z, VS_OUTPUT.H = .w
dcl_texcoord8 o3  // VS_OUTPUT.I = .x, VS_OUTPUT.J = .y, VS_OUTPUT.K = .z, VS_OUTPUT.L = .w
dcl_texcoord12 o4 // VS_OUTPUT.UV = .xy
