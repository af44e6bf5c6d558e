// errors: VPOS and VFACE are pixel shader inputs (vPos, vFace); a vertex
// shader output cannot carry them, and only one PSIZE may be declared
// (PSIZE1 is a second point size, not a varying).
struct VS_OUTPUT
{
    float4 Pos    : POSITION;
    float2 Screen : VPOS;
    float  Face   : VFACE;
    float  Size   : PSIZE0;
    float  Size2  : PSIZE1;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
