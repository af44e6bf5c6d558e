// errors: SV_ system values other than SV_Position, SV_Target, SV_Depth and
// SV_IsFrontFace have no Direct3D 9 meaning (SV_InstanceID, SV_ClipDistance),
// and an SV_ name no system knows is no better (SV_Custom).
struct VS_OUTPUT
{
    float4 Pos  : SV_Position;
    uint   Inst : SV_InstanceID;
    float  Clip : SV_ClipDistance0;
    float2 Any  : SV_Custom;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
