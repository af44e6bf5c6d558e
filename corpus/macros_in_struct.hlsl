// Macros may stand for any part of a member: the type (VEC3), a modifier
// (CENTROID), the semantic (SEM_DETAIL) or a whole member (FADE_MEMBER), and
// a macro may expand to another macro (TINT_SEM -> COLOR_BASE). After
// expansion: float3 View : TEXCOORD0; centroid float2 Detail : TEXCOORD1;
// float Fade : TEXCOORD2; float4 Tint : COLOR0.
#define VEC3         float3
#define CENTROID     centroid
#define SEM_DETAIL   TEXCOORD1
#define FADE_MEMBER  float Fade : TEXCOORD2;
#define COLOR_BASE   COLOR0
#define TINT_SEM     COLOR_BASE

struct VS_OUTPUT
{
    float4          Pos    : POSITION;
    VEC3            View   : TEXCOORD0;
    CENTROID float2 Detail : SEM_DETAIL;
    FADE_MEMBER
    float4          Tint   : TINT_SEM;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
