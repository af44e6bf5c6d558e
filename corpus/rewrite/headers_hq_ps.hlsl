// shpack: part-of headers_hq_vs.hlsl
// The pixel stage's wrapper of headers_hq_vs.hlsl.
#define HQ 1
#include "headers_lit.psh"
