package driver

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

// LinkOptions say what Link links, and how.
type LinkOptions struct {
	Packing
	// PP preprocesses the sources.
	PP hlsl.PPOptions
	// PixelPP, when not nil, preprocesses the pixel shader's source
	// instead of PP: a file may hold the stages apart under definitions of
	// their own (-DCOMPILEPS).
	PixelPP *hlsl.PPOptions
	// VS and PS pick a pair's signatures: the vertex outputs, and the
	// pixel inputs (by default the struct the vertex side packs). Either
	// set makes Link link a pair.
	VS, PS Selector
	// Variants, when set, links the pair in every permutation: the vertex
	// outputs of all of them packed as one family, each variant's pixel
	// inputs derived from its vertex layout.
	Variants []Variant
	// LayoutOut records the layouts as a layout file's interfaces
	// (LinkResult.Interfaces), for stages built in other steps.
	LayoutOut bool
}

// A LinkedPass is one pass of an effect with its two layouts.
type LinkedPass struct {
	Technique, Pass      string
	Pos                  ir.Pos
	VS, PS               string // the entry functions
	VSProfile, PSProfile string // as the pass compiles them
	VSLayout, PSLayout   *ir.Layout
}

// A SharedLayout records vertex shaders that were packed as one family so
// that the pixel shaders they share read one map, and what it cost.
type SharedLayout struct {
	VS []string
	// Registers and Own are, per vertex shader, the general registers it
	// uses in the family and alone.
	Registers, Own []int
}

// LinkResult is what Link linked: a pair (VS and PS), the passes of an
// effect (Passes), or a pair in every permutation (Variants).
type LinkResult struct {
	// VS and PS are a pair's layouts.
	VS, PS *ir.Layout
	// Passes are an effect's, in the order of its techniques; Shared the
	// vertex shaders packed as one family for the pixel shaders they
	// share.
	Passes []LinkedPass
	Shared []SharedLayout
	// Variants are the pair in each permutation, each with what its
	// vertex shader needs alone, and Family what the family costs.
	Variants []emit.VariantLayouts
	Family   emit.Family
	// Panels are the register maps of what was linked, each pair's
	// vertex and pixel side side by side (emit.RegisterMap).
	Panels []emit.MapPanel
	// Notes say what the link skipped and which vertex shaders share a
	// layout, at what cost; those with Packed set say what was packed.
	Notes []ir.Note
	// Warnings are the preprocessor's, and inputs a pixel shader reads
	// wider than its vertex shader writes them: legal, linked with the
	// output's width. They come with an error too.
	Warnings ir.ErrorList
	// Deps are the files read: the sources and their includes.
	Deps []string
	// Interfaces are the layouts as a layout file records them: one per
	// vs_3_0 vertex shader, with the pixel shaders it feeds (LayoutOut).
	Interfaces []layoutfile.Interface
}

// errNoPasses is what linkEffect returns (wrapped) for a source without a
// pass that sets both a vertex and a pixel shader compiled from a
// function: Link links it as a pair then.
var errNoPasses = errors.New("no pass sets both a vertex and a pixel shader")

// Link packs a vertex shader's outputs once (vs_3_0) and derives the
// pixel shader's inputs (ps_3_0) from the same layout, so that the two
// declare every semantic alike, as Direct3D 9 requires. srcs hold the
// vertex shader and, when it is in another file, the pixel shader. What
// it links:
//
//   - with o.Variants, the pair in every permutation (see LinkOptions);
//   - with one source, no selector and techniques, every pass of the
//     effect that sets a vertex and a pixel shader of a Direct3D 9
//     profile. A vertex shader gets one layout in all the passes that use
//     it; the pixel shaders of vs_3_0/ps_3_0 passes are derived from it,
//     and the vertex shaders a pixel shader meets are packed as one family
//     when their own layouts disagree on what it reads. SM1/SM2 passes sit
//     in fixed registers and are checked;
//   - otherwise one pair: the vertex shader o.VS selects (as Pack does),
//     or o.Layout applied, and the pixel shader that reads it.
//
// Every linkage fault is an error naming its pass (an ir.ErrorList), with
// the warnings in the result that comes with it; every layout returned
// has passed ir.CheckLayout. A register budget or indexed arrays given for
// the passes of an effect are an *OptionError: they describe one pair.
func Link(srcs []Source, o LinkOptions) (*LinkResult, error) {
	switch {
	case len(srcs) == 0 || len(srcs) > 2:
		return nil, fmt.Errorf("driver: Link takes a vertex shader's source and, in another file, its pixel shader's (%d given)", len(srcs))
	case len(o.Variants) > 0:
		return linkVariants(srcs, o)
	case len(srcs) == 1 && o.VS.isZero() && o.PS.isZero():
		res, err := linkEffect(srcs[0], o)
		if !errors.Is(err, errNoPasses) || res != nil && len(res.Notes) > 0 {
			return res, err
		}
	}
	return linkPair(srcs, o)
}

// An effectLink links the passes of one effect: the state of linkEffect.
type effectLink struct {
	*graph
	o      LinkOptions
	res    *LinkResult
	errs   ir.ErrorList
	byPass map[int]passLayouts // by index in g.pairs
	sm3    []int               // the vs_3_0/ps_3_0 pairs, by index in g.pairs
}

// passLayouts are one pass's two layouts.
type passLayouts struct{ vs, ps *ir.Layout }

// linkEffect links every pass of an effect (Link).
func linkEffect(src Source, o LinkOptions) (*LinkResult, error) {
	units, warnings, deps, err := parseAll([]Source{src}, &o.PP)
	if err != nil {
		return nil, err
	}
	res := &LinkResult{Warnings: warnings, Deps: deps}
	g := newGraph([]Source{src}, units)
	g.collect()
	if len(g.pairs) == 0 {
		if errs := unpairedPasses(units[0]); len(errs) > 0 {
			return res, errs
		}
		return res, fmt.Errorf("%s: %w", src.Name, errNoPasses)
	}
	l := &effectLink{graph: g, o: o, res: res, byPass: map[int]passLayouts{}}
	l.fixed(src.Name)
	l.linkSets()
	if len(l.errs) > 0 {
		l.errs.Sort()
		return res, l.errs
	}
	if err := l.passes(); err != nil {
		return nil, err
	}
	if len(res.Passes) == 0 {
		return res, fmt.Errorf("%s: %w of a Direct3D 9 profile that shpack links", src.Name, errNoPasses)
	}
	switch {
	case o.Budget > 0:
		return nil, &OptionError{Option: ir.OptRegisters, Msg: "applies to one pair, not to an effect's passes"}
	case len(o.Indexed) > 0:
		return nil, &OptionError{Option: ir.OptIndexed, Msg: "applies to one pair, not to an effect's passes"}
	}
	for _, sl := range res.Shared {
		var parts []string
		for i, vs := range sl.VS {
			parts = append(parts, fmt.Sprintf("%s %d (alone %d)", vs, sl.Registers[i], sl.Own[i]))
		}
		res.Notes = append(res.Notes, ir.Note{Pos: ir.Pos{File: src.Name}, Packed: true, Msg: fmt.Sprintf("%s share one layout for the pixel shaders they feed; general registers: %s",
			strings.Join(sl.VS, ", "), strings.Join(parts, ", "))})
	}
	var passes []emit.PassLayouts
	for _, p := range res.Passes {
		passes = append(passes, emit.PassLayouts{Technique: p.Technique, Pass: p.Pass, VS: p.VSLayout, PS: p.PSLayout, VSName: p.VS, Pos: p.Pos})
	}
	res.Panels = emit.EffectPanels(passes)
	if o.LayoutOut {
		if res.Interfaces, err = effectInterfaces(res.Passes); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// fixed links the SM1/SM2 passes, each in fixed registers, notes the
// passes it leaves alone, and lists the vs_3_0/ps_3_0 ones for linkSets.
func (l *effectLink) fixed(file string) {
	skipped := 0
	for i, p := range l.pairs {
		vp, vd3d9, vok := ir.CompileProfile(p.vsProfile)
		pp, pd3d9, pok := ir.CompileProfile(p.psProfile)
		switch {
		case !vd3d9 || !pd3d9:
			skipped++ // Shader Model 4 and later: not Direct3D 9
			continue
		case !vok || !pok:
			l.res.Notes = append(l.res.Notes, ir.Note{Pos: p.pos, Msg: fmt.Sprintf("%s: %s/%s is not linked: shpack models vs_1_1..vs_3_0 and ps_2_0..ps_3_0", p.where(), p.vsProfile, p.psProfile)})
			continue
		case vp.Major == 3 && pp.Major != 3:
			// A vs_3_0 shader needs a ps_3_0 one (sm3-signatures.md §3,
			// rule 10); the other way round is allowed, and Microsoft's
			// samples do it (LDPRT: vs_2_0 with ps_3_0).
			l.errs = append(l.errs, ir.Errorf(p.pos, nil, "%s: %s %s and %s %s do not link: a vs_3_0 vertex shader needs a ps_3_0 pixel shader",
				p.where(), p.vsProfile, p.vs.name, p.psProfile, p.ps.name))
			continue
		case vp.Major == 3:
			l.sm3 = append(l.sm3, i)
			continue
		}
		ls, err := l.linkFixed(p, vp, pp, l.o.Packing)
		if err != nil {
			l.errs = append(l.errs, p.context(err)...)
			continue
		}
		l.byPass[i] = ls
	}
	if skipped > 0 {
		l.res.Notes = append(l.res.Notes, ir.Note{Pos: ir.Pos{File: file}, Msg: fmt.Sprintf("%d %s Shader Model 4 or later shaders: not Direct3D 9, not linked", skipped, plural(skipped, "pass compiles", "passes compile"))})
	}
}

// linkSets lays out the vs_3_0/ps_3_0 passes by linked set (layoutSet).
func (l *effectLink) linkSets() {
	var pairs []pair
	index := map[int]int{} // position in pairs -> in g.pairs
	for _, i := range l.sm3 {
		index[len(pairs)] = i
		pairs = append(pairs, l.pairs[i])
	}
	at := map[pair][]int{} // positions in pairs, so that a set costs its own pairs
	for k, p := range pairs {
		at[p] = append(at[p], k)
	}
	// A pixel shader that reads an input wider than the vertex shader
	// writes it is legal Direct3D 9, which fxc builds: linked with the
	// output's width, and a warning (widerReads).
	cons := l.o.constraints()
	cons.Budget = 0
	so := setOptions{strategy: l.o.strategy(), cons: cons, widen: true}
	var findErrs ir.ErrorList // vertex shaders the layout file does not hold
	if lf := l.o.Layout; lf != nil {
		so.apply, so.applyName = map[string]*layoutfile.Interface{}, lf.Name
		for _, p := range pairs {
			if so.apply[p.vs.name] != nil {
				continue
			}
			it, err := lf.Find(p.vs.name, ir.Vertex)
			if err != nil {
				findErrs = append(findErrs, p.context(err)...)
				continue
			}
			so.apply[p.vs.name] = it
		}
	}
	l.errs = append(l.errs, findErrs...)
	if len(findErrs) > 0 {
		return
	}
	for _, comp := range components(pairs) {
		set, serrs := l.layoutSet(comp, so)
		if len(serrs) > 0 {
			l.errs = append(l.errs, serrs...)
			continue
		}
		if set.family {
			sl := SharedLayout{}
			for _, n := range set.vsOrder {
				sl.VS = append(sl.VS, n.name)
				sl.Registers = append(sl.Registers, set.vs[n].layout.GeneralRegisters())
				sl.Own = append(sl.Own, set.vs[n].own)
			}
			l.res.Shared = append(l.res.Shared, sl)
		}
		for _, n := range set.psOrder {
			ps := set.ps[n]
			l.res.Warnings = append(l.res.Warnings, widerReads(ps.from.where()+": ", ps.ep.In, ps.vs, ps.widen)...)
		}
		for _, p := range comp {
			if set.vs[p.vs] == nil || set.ps[p.ps] == nil {
				continue
			}
			for _, k := range at[p] {
				l.byPass[index[k]] = passLayouts{set.vs[p.vs].layout, set.ps[p.ps].layout}
			}
		}
	}
}

// passes checks every layout and lists the passes linked.
func (l *effectLink) passes() error {
	for i, p := range l.pairs {
		ls, ok := l.byPass[i]
		if !ok {
			continue
		}
		for _, each := range []*ir.Layout{ls.vs, ls.ps} {
			if err := ir.CheckLayout(each); err != nil {
				return fmt.Errorf("internal error: invalid %s layout of technique %s, pass %s: %v", each.File.Profile.Name, p.tech, p.pass, err)
			}
		}
		l.res.Passes = append(l.res.Passes, LinkedPass{
			Technique: p.tech, Pass: p.pass, Pos: p.pos, VS: p.vs.name, PS: p.ps.name,
			VSProfile: p.vsProfile, PSProfile: p.psProfile, VSLayout: ls.vs, PSLayout: ls.ps,
		})
	}
	return nil
}

// unpairedPasses says, for an effect whose passes set shaders but none
// sets both a vertex and a pixel shader, what each pass lacks: link has
// nothing to pair there, and guessing a signature of the file would answer
// another question.
func unpairedPasses(u *hlsl.Unit) ir.ErrorList {
	var errs ir.ErrorList
	for _, t := range u.Techniques() {
		for _, p := range t.Passes {
			var has, lacks string
			switch {
			case len(p.VS) > 0 && len(p.PS) == 0:
				has, lacks = "a vertex shader", "no pixel shader"
			case len(p.PS) > 0 && len(p.VS) == 0:
				has, lacks = "a pixel shader", "no vertex shader"
			default:
				continue
			}
			e := ir.Errorf(p.Pos, nil, "technique %s, pass %s sets %s and %s: link pairs the two, unless a pair is named",
				techName(t.Name), techName(p.Name), has, lacks)
			e.Hints = []ir.Hint{ir.PairHint()}
			errs = append(errs, e)
		}
	}
	return errs
}

// techName spells a technique's or a pass's name, "(unnamed)" for none.
func techName(name string) string {
	if name == "" {
		return "(unnamed)"
	}
	return name
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// linkFixed lays out an SM1/SM2 pass: both sides in fixed registers, every
// pixel input checked against the vertex outputs.
func (g *graph) linkFixed(p pair, vp, pp ir.Profile, o Packing) (passLayouts, error) {
	var out passLayouts
	vsEP, err := g.entry(p.vs)
	if err != nil {
		return out, err
	}
	psEP, err := g.entry(p.ps)
	if err != nil {
		return out, err
	}
	vf, _ := ir.LookupRegisterFile(vp.Name, ir.Out)
	pf, _ := ir.LookupRegisterFile(pp.Name, ir.In)
	vl, err := pack.ForFile(o.strategy(), vsEP.Out, vf, ir.Constraints{MixColor: o.MixColor})
	if err != nil {
		return out, err
	}
	pl, err := pack.LinkFixed(vl, psEP.In, pf)
	if err != nil {
		return out, err
	}
	out.vs, out.ps = vl, pl
	return out, nil
}

// widerReads warns of each input of a pixel shader (in, its signature as
// declared) that it reads wider than the vertex shader of vs writes it
// (widen, from narrowInputs): the layout gives it the output's width.
func widerReads(where string, in *ir.Signature, vs *ir.Layout, widen map[int]int) ir.ErrorList {
	var out ir.ErrorList
	for _, i := range slices.Sorted(maps.Keys(widen)) {
		e := &in.Elements[i]
		u, idx, _ := e.Semantic.D3D9()
		n := 0
		for _, ve := range vs.Sig.Elements {
			if vu, vidx, _ := ve.Semantic.D3D9(); vu == u && vidx == idx {
				n = ve.Components
			}
		}
		unwritten := "xyzw"[n:e.Components]
		var pads []string // what shpack rewrite passes instead
		if zeros := strings.TrimSuffix(unwritten, "w"); zeros != "" {
			pads = append(pads, "."+zeros+" as 0")
		}
		if strings.HasSuffix(unwritten, "w") {
			pads = append(pads, ".w as 1")
		}
		w := ir.Errorf(e.Pos, e.Include, "%spixel input %s%d (%s) has %d components, but the vertex shader writes %d: Direct3D 9 leaves .%s undefined, and the runtimes differ in what they give; the layout reads .%s only (shpack rewrite passes %s)",
			where, u, idx, in.Name+"."+e.Name, e.Components, n, unwritten, "xyzw"[:n], strings.Join(pads, " and "))
		w.Warning = true
		out = append(out, w)
	}
	return out
}

// pairUnits parses a pair's sources: the vertex shader's, and the pixel
// shader's when it is another file or preprocessed otherwise (else the
// vertex shader's unit serves both).
func pairUnits(srcs []Source, o LinkOptions, res *LinkResult) (vu, pu *hlsl.Unit, err error) {
	vs, ps := srcs[0], srcs[len(srcs)-1]
	pp := o.PP
	units, warnings, deps, err := parseAll([]Source{vs}, &pp)
	res.Warnings, res.Deps = warnings, deps
	if err != nil {
		return nil, nil, err
	}
	vu, pu = units[0], units[0]
	if sameSource(srcs) && o.PixelPP == nil {
		return vu, pu, nil
	}
	if o.PixelPP != nil {
		pp = *o.PixelPP
	}
	if units, warnings, deps, err = parseAll([]Source{ps}, &pp); err != nil {
		return nil, nil, err
	}
	res.Warnings = addWarnings(res.Warnings, warnings...)
	res.Deps = addDeps(res.Deps, deps...)
	return vu, units[0], nil
}

// sameSource says whether a pair's sources are one: one given, or the
// same file twice.
func sameSource(srcs []Source) bool {
	return len(srcs) == 1 || srcs[0].Name == srcs[1].Name && bytes.Equal(srcs[0].Src, srcs[1].Src)
}

// linkPair links one pair (Link): the vertex outputs o.VS selects, packed
// or laid out as o.Layout says, and the inputs of the pixel shader that
// reads them.
func linkPair(srcs []Source, o LinkOptions) (*LinkResult, error) {
	res := &LinkResult{}
	vu, pu, err := pairUnits(srcs, o, res)
	if err != nil {
		return res, err
	}
	vsSig, err := selectSignature(vu, ir.VS30Out(), o.VS)
	if err != nil {
		return res, err
	}
	psFile, _ := ir.LookupRegisterFile("ps_3_0", ir.In)
	psSig, err := pixelSignature(vu, pu, psFile, o.PS, vsSig)
	if err != nil {
		return res, err
	}
	cons, err := withIndexed(o.Packing, vsSig, vu.Name)
	if err != nil {
		return res, err
	}
	var vl, pl *ir.Layout
	if o.Layout != nil {
		vl, err = applyLayout(o.Layout, vsSig, ir.VS30Out())
	} else {
		vl, err = pack.ForFile(o.strategy(), vsSig, ir.VS30Out(), cons)
	}
	if err != nil {
		return res, err
	}
	read, widen := narrowInputs(psSig, vl)
	res.Warnings = append(res.Warnings, widerReads("", psSig, vl, widen)...)
	if pl, err = pack.Derive(vl, read, psFile); err != nil {
		return res, err
	}
	for _, l := range []*ir.Layout{vl, pl} {
		if err := ir.CheckLayout(l); err != nil {
			return nil, fmt.Errorf("internal error: invalid %s layout: %v", l.File.Profile.Name, err)
		}
	}
	res.VS, res.PS = vl, pl
	res.Notes = omittedNotes(pl, vl)
	res.Panels = []emit.MapPanel{{Heading: "vertex shader " + vl.Sig.Name, Layout: vl}, {Heading: "pixel shader " + pl.Sig.Name, Layout: pl}}
	if o.LayoutOut {
		it, err := layoutfile.FromLayout(vl, []string{vl.Sig.Name}, []string{pl.Sig.Name})
		if err != nil {
			return nil, err
		}
		res.Interfaces = []layoutfile.Interface{it}
	}
	return res, nil
}
