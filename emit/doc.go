// Package emit prints layouts: Direct3D 9 shader assembly declarations
// (dcl_usage lines, as fxc's disassembler spells them), JSON for tools,
// packed HLSL and SVG register maps; for one layout, a linked pair, an
// effect's passes (effect.go) and a family of variants (variants.go). It
// depends only on ir: it prints an ir.Layout whatever strategy made it.
package emit
