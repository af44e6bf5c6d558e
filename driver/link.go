package driver

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

// LinkOptions choose how LinkEffect lays out the passes.
type LinkOptions struct {
	PP       hlsl.PPOptions
	Strategy pack.Strategy // nil: optimal
	MixColor bool
	Portable bool
	// TexcoordNames declares every general register TEXCOORDn, in
	// register order (ir.Constraints.TexcoordNames).
	TexcoordNames bool
	// Layout, when not nil, lays out each vs_3_0 vertex shader of the
	// effect as the layout file's interface for it says (Find), instead
	// of packing: an effect whose pixel shaders are built in another
	// step from the same file.
	Layout *layoutfile.File
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

// LinkResult is the outcome of LinkEffect.
type LinkResult struct {
	Passes []LinkedPass
	Shared []SharedLayout
	// Notes say what the link skipped and which vertex shaders share a
	// layout (Shared), at what cost.
	Notes    []ir.Note
	Warnings ir.ErrorList
	Deps     []string
}

// ErrNoPasses is returned (wrapped) by LinkEffect for a source without a
// pass that sets both a vertex and a pixel shader compiled from a function.
var ErrNoPasses = errors.New("no pass sets both a vertex and a pixel shader")

// LinkEffect links every pass of an effect that sets a vertex and a pixel
// shader of a Direct3D 9 profile. A vertex shader gets one layout in all
// the passes that use it; the pixel shaders of vs_3_0/ps_3_0 passes are
// derived from it, and the vertex shaders a pixel shader meets are packed
// as one family when their own layouts disagree on what it reads. SM1/SM2
// passes sit in fixed registers and are checked. Every linkage fault is an
// error naming its pass (an ir.ErrorList, with nothing returned); every
// layout returned has passed ir.CheckLayout, as LinkPair's and Pack's.
func LinkEffect(src Source, opts LinkOptions) (*LinkResult, error) {
	if opts.Strategy == nil {
		opts.Strategy = pack.Optimal{}
	}
	var rr RewriteResult
	units, err := parseAll([]Source{src}, &opts.PP, &rr)
	if err != nil {
		return nil, err
	}
	res := &LinkResult{Warnings: rr.Warnings, Deps: rr.Deps}
	g := newGraph([]Source{src}, units)
	g.collect()
	if len(g.pairs) == 0 {
		if errs := unpairedPasses(units[0]); len(errs) > 0 {
			return nil, errs
		}
		return res, fmt.Errorf("%s: %w", src.Name, ErrNoPasses)
	}
	var errs ir.ErrorList
	type layouts struct{ vs, ps *ir.Layout }
	byPass := map[int]layouts{}
	var sm3 []int
	skipped := 0
	for i, p := range g.pairs {
		vp, vd3d9, vok := ir.CompileProfile(p.vsProfile)
		pp, pd3d9, pok := ir.CompileProfile(p.psProfile)
		switch {
		case !vd3d9 || !pd3d9:
			skipped++ // Shader Model 4 and later: not Direct3D 9
			continue
		case !vok || !pok:
			res.Notes = append(res.Notes, ir.Note{Pos: p.pos, Msg: fmt.Sprintf("%s: %s/%s is not linked: shpack models vs_1_1..vs_3_0 and ps_2_0..ps_3_0", p.where(), p.vsProfile, p.psProfile)})
			continue
		case vp.Major == 3 && pp.Major != 3:
			// A vs_3_0 shader needs a ps_3_0 one (sm3-signatures.md §3,
			// rule 10); the other way round is allowed, and Microsoft's
			// samples do it (LDPRT: vs_2_0 with ps_3_0).
			errs = append(errs, ir.Errorf(p.pos, nil, "%s: %s %s and %s %s do not link: a vs_3_0 vertex shader needs a ps_3_0 pixel shader",
				p.where(), p.vsProfile, p.vs.name, p.psProfile, p.ps.name))
			continue
		case vp.Major == 3:
			sm3 = append(sm3, i)
			continue
		}
		l, err := g.linkFixed(p, vp, pp, opts)
		if err != nil {
			errs = append(errs, p.context(err)...)
			continue
		}
		byPass[i] = l
	}
	// vs_3_0/ps_3_0 passes: by linked set.
	var pairs []pair
	index := map[int]int{} // position in pairs -> in g.pairs
	for _, i := range sm3 {
		index[len(pairs)] = i
		pairs = append(pairs, g.pairs[i])
	}
	at := map[pair][]int{} // positions in pairs, so that a set costs its own pairs
	for k, p := range pairs {
		at[p] = append(at[p], k)
	}
	cons := ir.Constraints{MixColor: opts.MixColor, Portable: opts.Portable, TexcoordNames: opts.TexcoordNames}
	// A pixel shader that reads an input wider than the vertex shader
	// writes it is legal Direct3D 9, which fxc builds: linked with the
	// output's width, and a warning (widerReads).
	so := setOptions{strategy: opts.Strategy, cons: cons, widen: true}
	var findErrs ir.ErrorList // vertex shaders the layout file does not hold
	if lf := opts.Layout; lf != nil {
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
	errs = append(errs, findErrs...)
	for _, comp := range components(pairs) {
		if len(findErrs) > 0 {
			break
		}
		set, serrs := g.layoutSet(comp, so)
		if len(serrs) > 0 {
			errs = append(errs, serrs...)
			continue
		}
		if set.family {
			sl := SharedLayout{}
			for _, n := range set.vsOrder {
				sl.VS = append(sl.VS, n.name)
				sl.Registers = append(sl.Registers, set.vs[n].layout.GeneralRegisters())
				sl.Own = append(sl.Own, set.vs[n].own)
			}
			res.Shared = append(res.Shared, sl)
		}
		for _, n := range set.psOrder {
			ps := set.ps[n]
			res.Warnings = append(res.Warnings, widerReads(ps.from.where()+": ", ps.ep.In, ps.vs, ps.widen)...)
		}
		for _, p := range comp {
			if set.vs[p.vs] == nil || set.ps[p.ps] == nil {
				continue
			}
			for _, k := range at[p] {
				byPass[index[k]] = layouts{set.vs[p.vs].layout, set.ps[p.ps].layout}
			}
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	for i, p := range g.pairs {
		l, ok := byPass[i]
		if !ok {
			continue
		}
		for _, each := range []*ir.Layout{l.vs, l.ps} {
			if err := ir.CheckLayout(each); err != nil {
				return nil, fmt.Errorf("internal error: invalid %s layout of technique %s, pass %s: %v", each.File.Profile.Name, p.tech, p.pass, err)
			}
		}
		res.Passes = append(res.Passes, LinkedPass{
			Technique: p.tech, Pass: p.pass, Pos: p.pos, VS: p.vs.name, PS: p.ps.name,
			VSProfile: p.vsProfile, PSProfile: p.psProfile, VSLayout: l.vs, PSLayout: l.ps,
		})
	}
	if skipped > 0 {
		res.Notes = append(res.Notes, ir.Note{Pos: ir.Pos{File: src.Name}, Msg: fmt.Sprintf("%d %s Shader Model 4 or later shaders: not Direct3D 9, not linked", skipped, plural(skipped, "pass compiles", "passes compile"))})
	}
	for _, sl := range res.Shared {
		var parts []string
		for i, vs := range sl.VS {
			parts = append(parts, fmt.Sprintf("%s %d (alone %d)", vs, sl.Registers[i], sl.Own[i]))
		}
		res.Notes = append(res.Notes, ir.Note{Pos: ir.Pos{File: src.Name}, Packed: true, Msg: fmt.Sprintf("%s share one layout for the pixel shaders they feed; general registers: %s",
			strings.Join(sl.VS, ", "), strings.Join(parts, ", "))})
	}
	if len(res.Passes) == 0 {
		return res, fmt.Errorf("%s: %w of a Direct3D 9 profile that shpack links", src.Name, ErrNoPasses)
	}
	return res, nil
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
func (g *graph) linkFixed(p pair, vp, pp ir.Profile, opts LinkOptions) (struct{ vs, ps *ir.Layout }, error) {
	var out struct{ vs, ps *ir.Layout }
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
	vl, err := pack.ForFile(opts.Strategy, vsEP.Out, vf, ir.Constraints{MixColor: opts.MixColor})
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

// PairOptions say how LinkPair lays out a vertex shader and the pixel
// shader it feeds.
type PairOptions struct {
	VS, PS   Selector
	Strategy pack.Strategy // nil: optimal
	Cons     ir.Constraints
	// Indexed names arrays of the vertex signature that the shader indexes
	// dynamically (--indexed): their rows stay in consecutive registers.
	Indexed []string
	// Layout, when not nil, is applied instead of packing (ApplyLayout).
	Layout *layoutfile.File
}

// LinkPair packs the outputs of the vs_3_0 vertex shader of vu that o.VS
// chooses (DefaultSignature), or applies o.Layout, and derives the inputs
// of the ps_3_0 pixel shader of pu that reads it (PixelSignature): the
// pair shpack link prints. vu and pu may be one unit. warnings (inputs the
// pixel shader reads wider than the vertex shader writes them) come with
// the layouts, and with a linkage error too.
func LinkPair(vu, pu *hlsl.Unit, o PairOptions) (vl, pl *ir.Layout, warnings ir.ErrorList, err error) {
	vsSig, err := DefaultSignature(vu, ir.VS30Out(), o.VS.Struct, o.VS.Entry)
	if err != nil {
		return nil, nil, nil, err
	}
	psFile, _ := ir.LookupRegisterFile("ps_3_0", ir.In)
	psSig, err := PixelSignature(vu, pu, psFile, o.PS, vsSig)
	if err != nil {
		return nil, nil, nil, err
	}
	cons := o.Cons
	for _, name := range o.Indexed {
		a, err := vsSig.IndexedArrays(name)
		if err != nil {
			return nil, nil, nil, fileError(vu.Name, "the array %s said to be indexed: %v", name, err)
		}
		if !slices.Contains(cons.Indexed, a[0]) {
			cons.Indexed = append(cons.Indexed, a[0])
		}
	}
	if o.Layout != nil {
		vl, err = ApplyLayout(o.Layout, vsSig, ir.VS30Out())
	} else {
		st := o.Strategy
		if st == nil {
			st = pack.Optimal{}
		}
		vl, err = pack.ForFile(st, vsSig, ir.VS30Out(), cons)
	}
	if err != nil {
		return nil, nil, nil, err
	}
	read, widen := narrowInputs(psSig, vl)
	warnings = widerReads("", psSig, vl, widen)
	if pl, err = pack.Derive(vl, read, psFile); err != nil {
		return nil, nil, warnings, err
	}
	for _, l := range []*ir.Layout{vl, pl} {
		if err := ir.CheckLayout(l); err != nil {
			return nil, nil, nil, fmt.Errorf("internal error: invalid %s layout: %v", l.File.Profile.Name, err)
		}
	}
	return vl, pl, warnings, nil
}
