// Half of an include cycle for err_include_cycle.hlsl: includes the other half.
#include "err_include_cycle_b.fxh"
struct CYCLE_A { float4 Pos : POSITION; };
