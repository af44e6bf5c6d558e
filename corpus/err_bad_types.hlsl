// errors: types shpack cannot give a width to: unsigned applies to int
// only, vector<float, 5> has too many components, matrix<> needs a scalar
// type name (not a typedef), and a typedef of an unknown type is reported
// once, at the typedef, though Color uses it.
typedef texel4 Pixel;

struct VS_OUTPUT
{
    float4                Pos   : POSITION;
    unsigned float        Bad   : TEXCOORD0;
    vector<float, 5>      Wide  : TEXCOORD1;
    matrix<Pixel, 2, 2>   Mat   : TEXCOORD2;
    Pixel                 Color : COLOR0;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
