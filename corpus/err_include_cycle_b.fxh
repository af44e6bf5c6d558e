// Half of an include cycle for err_include_cycle.hlsl: includes the first
// half again, which is still open.
#include "err_include_cycle_a.fxh"
struct CYCLE_B { float2 Uv : TEXCOORD0; };
