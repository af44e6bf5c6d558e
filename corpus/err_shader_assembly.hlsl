// error: this is vertex shader assembly, not HLSL (a .hlsl name does
// not make it so). shpack says what it is, at the version token, instead
// of reporting a syntax error.
vs_3_0
dcl_position v0
dcl_position o0
mov o0, v0
