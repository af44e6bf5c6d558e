// error: two structs with a POSITION0 member are returned by functions (a
// vertex shader per technique), so shpack cannot pick one and lists both as
// candidates; --struct or --entry chooses.
struct SKY_OUT   { float4 Pos : POSITION; float3 Dir : TEXCOORD0; };
struct TERR_OUT  { float4 Pos : POSITION; float2 Uv  : TEXCOORD0; };

SKY_OUT  SkyVS(float4 p : POSITION)     { SKY_OUT o = (SKY_OUT)0; o.Pos = p; return o; }
TERR_OUT TerrainVS(float4 p : POSITION) { TERR_OUT o = (TERR_OUT)0; o.Pos = p; return o; }
