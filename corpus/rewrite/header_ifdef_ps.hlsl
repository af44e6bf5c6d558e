// shpack: part-of header_ifdef_vs.hlsl
// The pixel stage's wrapper: the full variant of the header's shader.
#define FULL
#include "header_ifdef.psh"
