// error: a struct that contains itself, here through another struct
// (Node -> Link -> Node), would flatten forever; each struct of the cycle is
// reported, once.
struct Link;

struct Node
{
    float4 Pos  : POSITION;
    Link   Next;
};

struct Link
{
    float2 Uv   : TEXCOORD0;
    Node   Back;
};

Node vs(float4 p : POSITION) { Node o = (Node)0; return o; }
