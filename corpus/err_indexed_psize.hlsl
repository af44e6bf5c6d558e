// shpack: --indexed=Sizes
// error: registers declared POSITION or PSIZE may not be indexed with aL,
// so an indexed array cannot hold PSIZE0 (and PSIZE1 would be a second
// point size anyway).
struct VS_OUTPUT
{
    float4 Pos      : POSITION;
    float  Sizes[2] : PSIZE0;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
