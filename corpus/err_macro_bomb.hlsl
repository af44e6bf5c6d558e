// error: an exponential macro: each D level doubles the identifier that
// CAT pastes together, so D32(x) would make a name 2^32 characters long.
// The preprocessor charges pasted text to its work budget and stops with a
// positioned error at the use, quickly and without exhausting memory.
#define CAT_(a, b) a ## b
#define CAT(a, b)  CAT_(a, b)
#define D1(t)      CAT(t, t)
#define D2(t)      D1(D1(t))
#define D4(t)      D2(D2(t))
#define D8(t)      D4(D4(t))
#define D16(t)     D8(D8(t))
#define D32(t)     D16(D16(t))

struct VS_OUTPUT
{
    float4 Pos    : POSITION;
    float  D32(x) : TEXCOORD0;
};
