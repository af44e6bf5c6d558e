// Array sizes may be constant expressions over #define macros, static const
// ints and uints, and literals: Taps[TAPS] is 3 rows (TEXCOORD0..2),
// Rings[RINGS * 2 - 1] 3 rows (TEXCOORD3..5), Bands[BANDS + (TAPS > 2 ? 1 :
// 0)] 2 rows (NORMAL0..1). Optimal: the two float3s take a tap each in w,
// the three float2s a register and a half, the last tap after them: 4.
#define TAPS 3
static const int RINGS = 2;
static const uint BANDS = RINGS - 1;

struct VS_OUTPUT
{
    float4 Pos                               : POSITION;
    float  Taps[TAPS]                        : TEXCOORD0;
    float2 Rings[RINGS * 2 - 1]              : TEXCOORD3;
    float3 Bands[BANDS + (TAPS > 2 ? 1 : 0)] : NORMAL0;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
