// error: an #error directive in a live branch reports its text at the
// directive; the one in the branch not taken is ignored.
#define QUALITY 3
#if QUALITY > 2
#error "QUALITY 3 needs shader model 4"
#else
#error never seen
#endif

struct VS_OUTPUT { float4 Pos : POSITION; };
