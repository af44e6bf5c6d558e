// errors: malformed directives are reported where they stand and the rest
// of the file is still read: an #else and an #endif with no #if, an
// unknown directive (#pragma once is a known one and ignored, as are other
// pragmas but pack_matrix), and a macro called with the wrong number of
// arguments. Preprocessor errors end the run before the struct is parsed.
#define MEMBER(t, n, s) t n : s;
#else
#endif
#pragma once
#warn "not a directive"

struct VS_OUTPUT
{
    float4 Pos : POSITION;
    MEMBER(float2, Uv)
};
