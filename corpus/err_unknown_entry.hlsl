// shpack: --entry=main
// error: --entry names a function the file does not define; a struct
// called main does not count, nor does a function declared in a comment:
// float4 main() : POSITION
struct main { float4 Pos : POSITION; };

float4 vs(float4 p : POSITION) : POSITION { return p; }
