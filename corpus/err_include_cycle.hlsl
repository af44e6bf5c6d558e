// error: two headers that include each other (a.fxh -> b.fxh -> a.fxh) form
// a cycle, reported at the #include that closes it, with notes giving the
// include chain back to this file.
#include "err_include_cycle_a.fxh"

CYCLE_A vs(float4 p : POSITION) { CYCLE_A o = (CYCLE_A)0; o.Pos = p; return o; }
