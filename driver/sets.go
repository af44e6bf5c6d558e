package driver

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

// Laying out a linked set of vs_3_0/ps_3_0 pairs.
//
// Every vertex shader of the set is packed once, with the strategy; every
// pixel shader is derived from each vertex shader it meets (pack.Derive)
// and must read the same map from all of them. When the vertex shaders'
// own layouts disagree on what a pixel shader reads, they are packed again
// as one family (pack.Family): every semantic at one place in all of them.
// That costs registers only where the consistency needs them, and the
// family says how many.

// vsInfo is one vertex shader of a set.
type vsInfo struct {
	ep     *hlsl.EntryPoint
	sig    *ir.Signature // ep.Out, with the type groups of a typed set
	layout *ir.Layout
	own    int // general registers when packed alone (family members)
	first  pair
}

// psInfo is one pixel shader of a set.
type psInfo struct {
	ep     *hlsl.EntryPoint
	layout *ir.Layout   // derived from vs
	vs     *ir.Layout   // the first vertex layout it meets
	others []*ir.Layout // the other vertex layouts it is linked with
	key    string
	from   pair
	vsList []string
	// widen gives the pixel shader's own width of inputs it reads wider
	// than the vertex shader writes them (Sig of layout has the narrow one).
	widen map[int]int
}

// setLayout is a linked set laid out.
type setLayout struct {
	vsOrder []node
	vs      map[node]*vsInfo
	psOrder []node
	ps      map[node]*psInfo
	family  bool
}

// setOptions say how a set is laid out.
type setOptions struct {
	strategy pack.Strategy
	cons     ir.Constraints // of the vertex side
	// widen lets a pixel input be wider than the vertex output it reads
	// (the rewrite passes the missing components; the linker warns).
	widen bool
	// typed keeps apart, in registers of their own, outputs of different
	// kinds of type (float, int, uint, bool) on either stage: the rewrite
	// declares each register as one HLSL member, of one type on each
	// side, so that no value is converted on its way (see typeGroups).
	typed bool
	// apply gives, by vertex shader name, a layout to apply instead of
	// packing (a rewrite of variants' family layouts, a layout file given to
	// link); applyName names where it comes from, for messages.
	apply     map[string]*layoutfile.Interface
	applyName string
}

// layoutSet lays out one linked set of vs_3_0/ps_3_0 pairs. Errors are
// prefixed with the pass they concern.
func (g *graph) layoutSet(comp []pair, o setOptions) (*setLayout, ir.ErrorList) {
	vsFile := ir.VS30Out()
	psFile, _ := ir.LookupRegisterFile("ps_3_0", ir.In)
	s := &setLayout{vs: map[node]*vsInfo{}}
	var errs ir.ErrorList
	for _, p := range comp {
		if _, ok := s.vs[p.vs]; ok {
			continue
		}
		ep, err := g.entry(p.vs)
		if err != nil {
			errs = append(errs, p.context(err)...)
			continue
		}
		sig := ep.Out
		if o.typed {
			if sig, err = g.typeGroups(comp, p.vs, ep.Out); err != nil {
				errs = append(errs, p.context(err)...)
				continue
			}
		}
		var l *ir.Layout
		if it := o.apply[p.vs.name]; it != nil {
			l, err = it.Apply(sig, cmp.Or(o.applyName, "the family layout of the variants"))
		} else {
			l, err = pack.ForFile(o.strategy, sig, vsFile, o.cons)
		}
		if err != nil {
			errs = append(errs, p.context(err)...)
			continue
		}
		s.vs[p.vs] = &vsInfo{ep: ep, sig: sig, layout: l, own: l.GeneralRegisters(), first: p}
		s.vsOrder = append(s.vsOrder, p.vs)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	derive := func() (conflicts, errs ir.ErrorList) {
		s.psOrder, s.ps = nil, map[node]*psInfo{}
		for _, p := range comp {
			v := s.vs[p.vs]
			ep, err := g.entry(p.ps)
			if err != nil {
				errs = append(errs, p.context(err)...)
				continue
			}
			in, widen := ep.In, map[int]int(nil)
			if o.widen {
				in, widen = narrowInputs(ep.In, v.layout)
			}
			pl, err := pack.Derive(v.layout, in, psFile)
			if err != nil {
				errs = append(errs, p.context(err)...)
				continue
			}
			key := readKey(pl, true)
			prev := s.ps[p.ps]
			switch {
			case prev == nil:
				s.ps[p.ps] = &psInfo{ep: ep, layout: pl, vs: v.layout, key: key, from: p, vsList: []string{p.vs.name}, widen: widen}
				s.psOrder = append(s.psOrder, p.ps)
			case prev.key != key:
				e := ir.Errorf(ep.Pos, nil, "pixel shader %s is linked with vertex shaders %s and %s, which pack the outputs it reads differently",
					p.ps.name, prev.from.vs.name, p.vs.name)
				e.Notes = append(e.Notes,
					ir.Note{Pos: s.vs[prev.from.vs].ep.Pos, Msg: fmt.Sprintf("%s, in %s", prev.from.vs.name, prev.from.where())},
					ir.Note{Pos: v.ep.Pos, Msg: fmt.Sprintf("%s, in %s", p.vs.name, p.where())})
				conflicts = append(conflicts, e)
			case !slices.Contains(prev.vsList, p.vs.name):
				prev.vsList = append(prev.vsList, p.vs.name)
				prev.others = append(prev.others, v.layout)
			}
		}
		return conflicts, errs
	}
	conflicts, errs := derive()
	if len(errs) > 0 {
		return nil, errs
	}
	if len(conflicts) == 0 {
		return s, nil
	}
	if len(o.apply) > 0 {
		// The layouts applied cannot be packed again as one family here.
		return nil, conflicts
	}
	var sigs []*ir.Signature
	for _, n := range s.vsOrder {
		sigs = append(sigs, s.vs[n].sig)
	}
	fl, err := pack.Family(sigs, nil, vsFile, o.cons)
	if err != nil {
		fe := ir.Errors(err)
		if fe == nil {
			fe = ir.ErrorList{&ir.Error{Pos: s.vs[s.vsOrder[0]].ep.Pos, Msg: err.Error()}}
		}
		for _, c := range conflicts {
			c.Msg += "; packed as one family, they do not fit: " + fe[0].Msg
		}
		return nil, conflicts
	}
	for k, n := range s.vsOrder {
		s.vs[n].layout = fl.Layouts[k]
		s.vs[n].own = fl.Own[k]
	}
	if conflicts, errs := derive(); len(conflicts) > 0 || len(errs) > 0 {
		return nil, append(errs, conflicts...)
	}
	s.family = true
	return s, nil
}

// typeGroups returns a copy of the outputs out of vertex shader vs whose
// elements are grouped by the kinds of type (ir.ScalarType.Kind) they have
// in vs and in every pixel shader of comp that reads them: a register then
// holds one kind on each side, which one HLSL struct member of that type
// can declare, and no value is converted on its way. Shader Model 3 has no
// integer interpolators: an int input reads the register as it arrives,
// and a float read into an int would be truncated. Outputs float on both
// sides (nearly all) are group 0.
func (g *graph) typeGroups(comp []pair, vs node, out *ir.Signature) (*ir.Signature, error) {
	type sem struct {
		u   ir.Usage
		idx int
	}
	read := map[sem]uint8{} // bit per kind the pixel shaders read it as
	for _, p := range comp {
		if p.vs != vs {
			continue
		}
		ep, err := g.entry(p.ps)
		if err != nil {
			return nil, err
		}
		for i := range ep.In.Elements {
			e := &ep.In.Elements[i]
			u, idx, _ := e.Semantic.D3D9()
			read[sem{u, idx}] |= 1 << e.Type.Kind()
		}
	}
	groups := map[[2]uint8]uint8{{1 << ir.TypeFloat, 1 << ir.TypeFloat}: 0, {1 << ir.TypeFloat, 0}: 0}
	c := *out
	c.Elements = slices.Clone(out.Elements)
	for i := range c.Elements {
		e := &c.Elements[i]
		u, idx, _ := e.Semantic.D3D9()
		key := [2]uint8{1 << e.Type.Kind(), read[sem{u, idx}]}
		grp, ok := groups[key]
		if !ok {
			grp = uint8(len(groups) - 1)
			groups[key] = grp
		}
		e.Group = grp
	}
	return &c, nil
}

// narrowInputs returns the pixel inputs as the vertex layout can feed
// them: an input wider than the vertex output of its semantic (a float4
// read of a float2, which fxc accepts and Direct3D leaves undefined) takes
// the output's width, and widen records its own. in itself is not changed.
func narrowInputs(in *ir.Signature, vs *ir.Layout) (*ir.Signature, map[int]int) {
	type sem struct {
		u   ir.Usage
		idx int
	}
	width := map[sem]int{}
	for i := range vs.Sig.Elements {
		u, idx, _ := vs.Sig.Elements[i].Semantic.D3D9()
		width[sem{u, idx}] = vs.Sig.Elements[i].Components
	}
	var widen map[int]int
	out := in
	for i := range in.Elements {
		u, idx, _ := in.Elements[i].Semantic.D3D9()
		n, ok := width[sem{u, idx}]
		if !ok || in.Elements[i].Components <= n || u == ir.UsagePosition && idx == 0 {
			continue
		}
		if widen == nil {
			c := *in
			c.Elements = slices.Clone(in.Elements)
			out, widen = &c, map[int]int{}
		}
		widen[i] = in.Elements[i].Components
		out.Elements[i].Components = n
	}
	return out, widen
}

// readKey describes what a pixel shader reads: for each input, its
// register (with regs), mask and declared semantic. Two vertex layouts
// that give a pixel shader the same key feed it alike; without the
// register numbers, as a family's do (ps_3_0 links by declared semantic).
func readKey(ps *ir.Layout, regs bool) string {
	var parts []string
	for _, p := range ps.Place {
		if regs {
			parts = append(parts, fmt.Sprintf("%v %v %v%d", p.Reg, p.Mask, p.Usage, p.Index))
		} else {
			parts = append(parts, fmt.Sprintf("%v %v%d", p.Mask, p.Usage, p.Index))
		}
	}
	return strings.Join(parts, ";")
}

// otherNames names the vertex shaders of a set other than n.
func otherNames(order []node, n node) []string {
	var names []string
	for _, o := range order {
		if o != n {
			names = append(names, o.name)
		}
	}
	return names
}

func joinList(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
