package pack

// Register files other than vs_3_0 outputs.
//
// Only vs_3_0 outputs are packed freely. The other sides of the Direct3D 9
// profiles follow from rules or from the vertex side:
//
//   - vertex inputs (any profile) take one register per element, v0, v1, ...
//     in declaration order: the input assembler does not pack;
//   - SM1/SM2 vertex outputs, ps_2_0 inputs and pixel shader outputs sit in
//     the register their semantic names (TEXCOORD3 is oT3 or t3, COLOR1 is
//     oD1, v1 or oC1);
//   - ps_3_0 inputs must mirror the vertex shader's packing: Direct3D 9
//     links by semantic, and semantics the vertex shader packs into one
//     register must be read from one register, at the same component letters
//     ("Match Semantics", sm3-signatures.md §4). So a pixel layout is derived
//     from a vertex layout (Derive): each input takes the register of its
//     vertex output, renumbered v0, v1, ... in the order of the vertex
//     registers the pixel shader reads, and a mask at the same letters.
//     POSITION0 and PSIZE cannot be read (they are left out), VPOS and VFACE
//     go to vPos and vFace.

import (
	"errors"
	"fmt"
	"slices"

	"github.com/shpack/shpack/ir"
)

// ForFile lays out sig in f: with strategy st where f packs (vs_3_0 outputs;
// ps_3_0 inputs are packed as the vertex outputs they mirror, then derived),
// by f's rule elsewhere.
func ForFile(st Strategy, sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Layout, error) {
	switch {
	case f.Mode == ir.ModeFixed:
		return Fixed(sig, f, c)
	case f.Mode == ir.ModeSequential:
		return Sequential(sig, f, c)
	case f.Profile.Stage == ir.Pixel:
		return PixelInputs(st, sig, f, c)
	}
	l, err := st.Pack(sig, f, c)
	if err != nil || !c.Portable {
		return l, err
	}
	return Portable(l)
}

// Fixed places every element in the register its semantic names, in a
// fixed register file (SM1/SM2 vertex outputs, ps_2_0 inputs, pixel shader
// outputs).
func Fixed(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Layout, error) {
	if errs := ir.ValidateSignature(sig, f, c); len(errs) > 0 {
		return nil, errs
	}
	l := &ir.Layout{Sig: sig, File: f, Cons: c, Strategy: "fixed", Place: make([]ir.Placement, len(sig.Elements))}
	for i := range sig.Elements {
		e := &sig.Elements[i]
		u, idx, _ := e.Semantic.D3D9()
		if role := f.RoleOf(u, idx); role == ir.RoleOmitted {
			l.Place[i] = ir.Placement{Usage: u, Index: idx, Role: role}
			continue
		}
		reg, mask, _ := f.Fixed(u, idx, e.Components)
		l.Place[i] = ir.Placement{Reg: reg, Mask: mask, Usage: u, Index: idx}
	}
	l.LowerBound = l.GeneralRegisters() // the only layout there is
	return l, nil
}

// Sequential gives every element of a vertex input signature a register of
// its own, v0, v1, ... in declaration order, declared with the full mask.
func Sequential(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Layout, error) {
	if errs := ir.ValidateSignature(sig, f, c); len(errs) > 0 {
		return nil, errs
	}
	l := &ir.Layout{Sig: sig, File: f, Cons: c, Strategy: "sequential", Place: make([]ir.Placement, len(sig.Elements))}
	for i := range sig.Elements {
		u, idx, _ := sig.Elements[i].Semantic.D3D9()
		l.Place[i] = ir.Placement{Reg: ir.Reg{Kind: f.Kind, Num: i}, Mask: ir.MaskXYZW, Usage: u, Index: idx}
	}
	l.LowerBound = len(sig.Elements)
	return l, nil
}

// PixelInputs lays out a ps_3_0 input signature on its own: its elements are
// packed with st as the vertex outputs they are meant to mirror (the same
// struct on both sides packs the same), and the pixel layout is derived
// from that. A pixel shader that reads a subset of a vertex output struct
// must be laid out against the vertex layout instead: see Derive.
func PixelInputs(st Strategy, sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Layout, error) {
	sig = svPositionAsVPos(sig, f)
	if errs := ir.ValidateSignature(sig, f, c); len(errs) > 0 {
		return nil, errs
	}
	vs, vf, vc := vertexView(sig, f, c) // valid: the general inputs of a valid pixel signature
	vl, err := packValidated(st, vs, vf, vc)
	if err != nil {
		var oe *OverflowError
		if errors.As(err, &oe) {
			oe.ForProfile(f.Profile.Name)
		}
		return nil, err
	}
	if c.Portable {
		if vl, err = Portable(vl); err != nil {
			return nil, err
		}
	}
	pl, err := derive(vl, sig, f)
	if err != nil {
		return nil, err
	}
	pl.Cons = c
	pl.LowerBound = vl.LowerBound // the pixel side reads every register the vertex side packs
	return pl, nil
}

// Derive lays out the pixel shader inputs ps against the vertex shader's
// output layout vs (sm3-signatures.md §4): every input takes the register
// and component letters of the vertex output with the same semantic; the
// registers are numbered v0, v1, ... in the order of the vertex registers the
// pixel shader reads. It reports, positioned at the pixel input with a note
// at the vertex output, every input no vertex output provides, every input
// wider than its output, and every input whose vertex register holds outputs
// interpolated otherwise (centroid against not centroid).
func Derive(vs *ir.Layout, ps *ir.Signature, f *ir.RegisterFile) (*ir.Layout, error) {
	ps = svPositionAsVPos(ps, f)
	if errs := ir.ValidateSignature(ps, f, ir.Constraints{MixColor: vs.Cons.MixColor, Partial: true}); len(errs) > 0 {
		return nil, errs
	}
	return derive(vs, ps, f)
}

// A Reader is a pixel shader's input signature validated once, to be laid
// out against many vertex layouts (every pairing of a family's variants)
// without validating it again each time.
type Reader struct {
	ps       *ir.Signature
	f        *ir.RegisterFile
	mixColor bool
}

// NewReader validates the pixel inputs ps for f (with COLOR mixed into
// other registers when mixColor) and returns their Reader.
func NewReader(ps *ir.Signature, f *ir.RegisterFile, mixColor bool) (*Reader, error) {
	ps = svPositionAsVPos(ps, f)
	if errs := ir.ValidateSignature(ps, f, ir.Constraints{MixColor: mixColor, Partial: true}); len(errs) > 0 {
		return nil, errs
	}
	return &Reader{ps: ps, f: f, mixColor: mixColor}, nil
}

// Derive lays out the inputs against the vertex layout vs, as Derive does.
func (r *Reader) Derive(vs *ir.Layout) (*ir.Layout, error) {
	if vs.Cons.MixColor != r.mixColor {
		return Derive(vs, r.ps, r.f) // validated under other constraints
	}
	return derive(vs, r.ps, r.f)
}

// derive is Derive of a pixel signature already validated (its SV_Position
// read as VPOS).
func derive(vs *ir.Layout, ps *ir.Signature, f *ir.RegisterFile) (*ir.Layout, error) {
	type semKey struct {
		u   ir.Usage
		idx int
	}
	out := map[semKey]int{} // vertex output element by its own semantic
	for i, p := range vs.Place {
		if p.Reg != ir.NoReg {
			u, idx, _ := vs.Sig.Elements[i].Semantic.D3D9()
			out[semKey{u, idx}] = i
		}
	}
	l := &ir.Layout{
		Sig: ps, File: f, Strategy: vs.Strategy, LowerBound: -1,
		Cons:  ir.Constraints{MixColor: vs.Cons.MixColor, Partial: true, Portable: vs.Cons.Portable},
		Place: make([]ir.Placement, len(ps.Elements)),
	}
	var errs ir.ErrorList
	source := make([]int, len(ps.Elements)) // vertex element of each general input, -1 otherwise
	var vsRegs []int                        // vertex register numbers the pixel shader reads
	for i := range ps.Elements {
		e := &ps.Elements[i]
		source[i] = -1
		u, idx, _ := e.Semantic.D3D9()
		role := f.RoleOf(u, idx)
		pl := ir.Placement{Usage: u, Index: idx, Role: role}
		switch role {
		case ir.RoleOmitted:
		case ir.RoleVPos:
			pl.Reg, pl.Mask = ir.Reg{Kind: ir.RegVPos}, ir.MaskRun(0, e.Components)
		case ir.RoleVFace:
			pl.Reg, pl.Mask = ir.Reg{Kind: ir.RegVFace}, ir.MaskXYZW // a scalar declared whole, like PSIZE
		default:
			j, ok := out[semKey{u, idx}]
			if !ok {
				err := ir.Errorf(e.Pos, e.Include, "pixel input %s%d (%s) is %s", u, idx, qualified(ps, e), notWrittenBy(vs.Sig))
				err.Notes = append(err.Notes, ir.Note{Pos: vs.Sig.Pos, Msg: fmt.Sprintf("%s is declared here", vs.Sig.Name)})
				errs = append(errs, err)
				continue
			}
			ve := &vs.Sig.Elements[j]
			if e.Components > ve.Components {
				err := ir.Errorf(e.Pos, e.Include, "pixel input %s%d (%s) has %d components, but the vertex output (%s) has %d",
					u, idx, qualified(ps, e), e.Components, qualified(vs.Sig, ve), ve.Components)
				err.Notes = append(err.Notes, ir.Note{Pos: ve.Pos, Msg: fmt.Sprintf("%s is declared here", ve.Name)})
				errs = append(errs, err)
				continue
			}
			source[i] = j
			vp := vs.Place[j]
			pl.Mask = ir.MaskRun(vp.Mask.First(), e.Components)
			if vs.Cons.Portable {
				// Read the register under the name the vertex shader gave it.
				pl.Usage, pl.Index = vp.Usage, vp.Index
			}
			if !slices.Contains(vsRegs, vp.Reg.Num) {
				vsRegs = append(vsRegs, vp.Reg.Num)
			}
		}
		l.Place[i] = pl
	}
	slices.Sort(vsRegs)
	// COLOR inputs are centroid by nature; with --mix-color the user accepts
	// COLOR sharing a register with other inputs.
	centroid := func(e *ir.Element, u ir.Usage) bool {
		return e.Centroid() || u == ir.UsageColor && !vs.Cons.MixColor
	}
	// Number the registers, and check that no input is interpolated
	// differently from what the vertex shader packed with it: an input read
	// with centroid must not share a vertex register with outputs that are
	// not centroid, nor the other way round.
	for i, j := range source {
		if j < 0 {
			continue
		}
		vr := vs.Place[j].Reg
		l.Place[i].Reg = ir.Reg{Kind: f.Kind, Num: slices.Index(vsRegs, vr.Num)}
		e := &ps.Elements[i]
		c := centroid(e, l.Place[i].Usage)
		for k, vp := range vs.Place {
			if k == j || vp.Reg != vr {
				continue
			}
			ve := &vs.Sig.Elements[k]
			if centroid(ve, vp.Usage) == c {
				continue
			}
			reads, other := "with", "not centroid"
			if !c {
				reads, other = "without", "centroid"
			}
			// Name both by their own semantics: in a portable layout the
			// placements carry the register's name.
			eu, eidx, _ := e.Semantic.D3D9()
			vu, vidx, _ := ve.Semantic.D3D9()
			err := ir.Errorf(e.Pos, e.Include, "%s: the pixel shader reads %s%d %s centroid, but the vertex shader packs it in %s with %s%d (%s), which is %s",
				e.Name, eu, eidx, reads, vr, vu, vidx, ve.Name, other)
			err.Notes = append(err.Notes, ir.Note{Pos: ve.Pos, Msg: ve.Name + " is declared here"})
			errs = append(errs, err)
			break
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return l, nil
}

// qualified names an element with its signature: "FogPS.extra",
// "VS_OUTPUT.uv".
// svPositionAsVPos reads an SV_Position pixel input as fxc does for
// ps_3_0: the pixel's position, declared "dcl vPos.xy" (VPOS), not the
// vertex shader's POSITION0, which a pixel shader cannot read. The
// signature is copied when it changes.
func svPositionAsVPos(sig *ir.Signature, f *ir.RegisterFile) *ir.Signature {
	if f.Profile.Stage != ir.Pixel || f.Dir != ir.In || f.Profile.Major < 3 {
		return sig
	}
	var out *ir.Signature
	for i, e := range sig.Elements {
		if e.Semantic.Name != "SV_POSITION" {
			continue
		}
		if out == nil {
			c := *sig
			c.Elements = append([]ir.Element(nil), sig.Elements...)
			out = &c
		}
		out.Elements[i].Semantic = ir.Semantic{Name: "VPOS", Index: 0, HasIndex: e.Semantic.HasIndex}
		out.Elements[i].Components = min(e.Components, 2) // vPos.xy: a float4 reads x, y
	}
	if out == nil {
		return sig
	}
	return out
}

func qualified(sig *ir.Signature, e *ir.Element) string { return sig.Name + "." + e.Name }

// notWrittenBy says that the vertex side lacks an input: "not written by
// vertex shader LitVS", or "not among the vertex outputs VS_OUTPUT" for a
// struct.
func notWrittenBy(sig *ir.Signature) string {
	if sig.Kind == "function" {
		return "not written by vertex shader " + sig.Name
	}
	return "not among the vertex outputs " + sig.Name
}

// LinkFixed lays out the inputs ps of a pixel shader for a vertex shader
// whose outputs sit in fixed registers (vs_1_1, vs_2_0, vs_2_x: one
// register per semantic, so nothing is derived) and checks them: every
// input must be a vertex output. A ps_2_0 shader's inputs sit in fixed
// registers too; a ps_3_0 shader's take one register each, as the vertex
// side's do (Microsoft's samples pair vs_2_0 with ps_3_0). An input read
// wider than it is written (float4 t0 after oT0.xy, common in SM2 effects)
// is not an error here: the register is the semantic's alone, so the other
// components hold nothing else. Errors are positioned at the pixel input,
// with a note at the vertex side.
func LinkFixed(vs *ir.Layout, ps *ir.Signature, f *ir.RegisterFile) (*ir.Layout, error) {
	var pl *ir.Layout
	var err error
	if f.Mode == ir.ModeFixed {
		pl, err = Fixed(ps, f, ir.Constraints{Partial: true})
	} else {
		pl, err = PixelInputs(FXC{}, ps, f, ir.Constraints{Partial: true})
	}
	if err != nil {
		return nil, err
	}
	type semKey struct {
		u   ir.Usage
		idx int
	}
	out := map[semKey]bool{}
	for i, p := range vs.Place {
		if p.Reg != ir.NoReg {
			u, idx, _ := vs.Sig.Elements[i].Semantic.D3D9()
			out[semKey{u, idx}] = true
		}
	}
	var errs ir.ErrorList
	for i, p := range pl.Place {
		if p.Role != ir.RoleGeneral {
			continue
		}
		e := &ps.Elements[i]
		if u, idx, _ := e.Semantic.D3D9(); !out[semKey{u, idx}] {
			err := ir.Errorf(e.Pos, e.Include, "pixel input %s%d (%s) is %s", u, idx, qualified(ps, e), notWrittenBy(vs.Sig))
			err.Notes = append(err.Notes, ir.Note{Pos: vs.Sig.Pos, Msg: fmt.Sprintf("%s is declared here", vs.Sig.Name)})
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return pl, nil
}
