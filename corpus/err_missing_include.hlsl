// error: an #include that cannot be found stops the run (without
// --allow-missing-includes); it is searched next to the including file,
// corpus/, and no -I directory is given.
#include "no_such_header.fxh"

struct VS_OUTPUT { float4 Pos : POSITION; };
