// error: nested arrays of structs multiply rows (4 x 4 x 4 x 4 = 256 leaves)
// past the 128 rows a signature can hold. The expansion stops at the first
// row too many, reported once, instead of building every row.
struct Leaf  { float  V : TEXCOORD0; };
struct Twig  { Leaf   L[4]; };
struct Stem  { Twig   T[4]; };
struct Trunk { Stem   S[4]; };

struct VS_OUTPUT
{
    float4 Pos      : POSITION;
    Trunk  Tree[4]  : TEXCOORD0;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
