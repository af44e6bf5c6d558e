// error: an #if (here #ifdef) without its #endif is reported at the
// directive that opened it, the outer one, after the inner pair closed.
#ifdef HIGH_QUALITY
#if 1
#endif
struct VS_OUTPUT { float4 Pos : POSITION; };
