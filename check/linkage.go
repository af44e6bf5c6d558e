package check

import "github.com/shpack/shpack/ir"

// Linkage: a pixel shader's inputs against the vertex shader's outputs.
// Direct3D 9 links "by semantic, not by register number", but the packing
// must agree ([MS:dcl-usage---ps], [MS:shader-model-3] "Match Semantics",
// summarized in ../shared/docs/sm3-signatures.md §4):
//
//   - every semantic the pixel shader declares is output by the vertex
//     shader;
//   - its letters are a subset of the vertex shader's for that semantic
//     ("Mask can be any subset of mask from vshader semantic"), as far as
//     the pixel shader reads them: the DirectX SDK's samples declare a
//     float4 TEXCOORD0 where the vertex shader writes a float2, and fxc and
//     every runtime take that; a component read that nothing writes is
//     undefined (Wine gives 0);
//   - semantics the pixel shader reads from one register are written to
//     one register ("Has to be same reg# as texcoord1, to match
//     vshader"), and semantics it reads from different registers are not
//     written to one.
//
// vPos and vFace are not linked (they are not v# registers). These are the
// rules the "valid" column of the render tools' results tables follows;
// no runtime checks them, and a pair that breaks them reads zeros or other
// values silently.
func (r *Report) linkage() {
	vs, ps := r.vs, r.ps
	read := reads(ps.p)
	for _, d := range ps.decls {
		e, ok := vs.bySem[d.sem]
		switch {
		case !ok:
			r.problem(ps, d.in, "the vertex shader writes no %s: every semantic a pixel shader declares is a vertex output", d.sem)
		case d.mask&^e.mask&read[d.reg] != 0:
			p := r.problem(ps, d.in, "the pixel shader reads %s.%s, which the vertex shader does not write (it writes .%s): a pixel input's letters are a subset of its output's", d.sem, d.mask&^e.mask&read[d.reg], e.mask)
			r.note(p, vs, e.in, "%s is declared here", d.sem)
		}
	}
	// Grouping: each pixel declaration against the earlier ones, reported
	// once, at the later declaration.
	for i, d := range ps.decls {
		e, ok := vs.bySem[d.sem]
		if !ok {
			continue
		}
		for _, o := range ps.decls[:i] {
			oe, ok := vs.bySem[o.sem]
			if !ok || o.sem == d.sem {
				continue
			}
			var p *ir.Error
			switch {
			case o.reg == d.reg && oe.reg != e.reg:
				p = r.problem(ps, d.in, "%s shares v%d with %s, but the vertex shader writes them to different registers, o%d and o%d: semantics read from one register are written to one", d.sem, d.reg, o.sem, e.reg, oe.reg)
			case o.reg != d.reg && oe.reg == e.reg:
				p = r.problem(ps, d.in, "%s and %s are read from v%d and v%d, but the vertex shader packs both into o%d: semantics written to one register are read from one", d.sem, o.sem, d.reg, o.reg, e.reg)
			default:
				continue
			}
			r.note(p, vs, oe.in, "%s is declared here", o.sem)
			r.note(p, vs, e.in, "%s is declared here", d.sem)
			break
		}
	}
}
