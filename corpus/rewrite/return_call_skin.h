// shpack: part-of return_call_skin.fx
// The entry point of return_call_skin.fx, as skin_main.h holds it.
#ifndef SKIN_MAIN_INCLUDED
#define SKIN_MAIN_INCLUDED
SKIN_VF VS(float4 p : POSITION) { return _main(p, 2.0); }
#endif
