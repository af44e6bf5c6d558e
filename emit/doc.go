// Package emit prints layouts: Direct3D 9 shader assembly declarations
// (dcl_usage lines, as fxc's disassembler spells them) and JSON for tools.
// It depends only on ir: it prints an ir.Layout whatever strategy made it.
package emit
