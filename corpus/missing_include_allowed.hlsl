// shpack: --allow-missing-includes
// A header the tree does not have (a host application's constants):
// with --allow-missing-includes it is a warning on stderr and the struct,
// which does not depend on it, still packs.
#include "host_constants.h"

struct VS_OUTPUT
{
    float4 Pos : POSITION;
    float2 UV  : TEXCOORD0;
    float  Fog : FOG;
};
