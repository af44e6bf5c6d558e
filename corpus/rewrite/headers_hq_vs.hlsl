// shpack: rewrite --vs-entry=main --ps-entry=main headers_hq_ps.hlsl
// render: main main@headers_hq_ps.hlsl = 0.125 0.25 0.375 0.5 0.625 0.75 0.875 1 1.125 1.25 1.375 1.5 1.625 1.75 1.875 2
//
// An engine that builds quality levels: each stage is a two-line wrapper
// that sets the level and includes the stage's header, where the entry
// point is (both named main). The headers are shared by every level and
// stay as they are; each wrapper gets the edited copy of its stage.
#define HQ 1
#include "headers_lit.vsh"
