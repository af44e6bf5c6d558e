package driver

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
	"github.com/shpack/shpack/rewrite"
)

// RewriteOptions say what Rewrite packs, and how.
type RewriteOptions struct {
	// Packing plans the layouts: its Strategy, MixColor and TexcoordNames
	// (the layout is always portable), or its Layout applied to a stage
	// rewritten alone (VSEntry or PSEntry): the vertex shader writes its
	// outputs where the layout file says, the pixel shader reads them from
	// there. Budget and Indexed do not apply.
	Packing
	// PP preprocesses the sources.
	PP hlsl.PPOptions
	// All rewrites every pair; by default only the pairs whose vertex
	// outputs do not fit in vs_3_0 with one register per semantic (fxc's
	// "too many interpolators") are rewritten.
	All bool
	// VSEntry and PSEntry name a pair to rewrite, for files without
	// techniques. The pair is linked with the passes of the files'
	// techniques that use either of them. One alone rewrites that stage
	// alone (stage.go): a vertex shader with Layout or LayoutOut, a pixel
	// shader with Layout.
	VSEntry, PSEntry string
	// LayoutOut records the interfaces planned in RewriteResult.Interfaces.
	// It implies All: a stage built later from the file reads packed
	// registers, so every shader the file describes is rewritten.
	LayoutOut bool
	// OutputPaths are where the outputs will be written, by source ("" or
	// "-": standard output, or not known). An output written into another
	// folder than its source's has the includes its source finds in its
	// own folder named from there, so that it compiles where it is.
	OutputPaths []string
	// Variants, when set, rewrites every permutation at once into one
	// source per file that compiles for each with its own definitions
	// (see rewrite_variants.go): the vertex outputs of all variants packed
	// as one family, so that any variant's pixel shader reads any
	// variant's vertex shader. All is implied. The variants file's name
	// (their Pos.File) names it in messages and in the #error of a
	// permutation that is not listed.
	Variants []Variant
	// VSVariants and PSVariants are each stage's own list of permutations
	// (Urho3D's VS and PS defines), for the pair VSEntry and PSEntry
	// name: the vertex shader in every permutation of one, the pixel
	// shader in every permutation of the other, one source for both.
	VSVariants, PSVariants []Variant
	// verifyMerge makes a rewrite of Variants check that each variant reads
	// the merged source as its own rewrite (the tests' property).
	verifyMerge bool
}

// A RewrittenPair is one vertex/pixel pair that Rewrite linked.
type RewrittenPair struct {
	Technique, Pass string // "" for the pair named by VSEntry/PSEntry
	VS, PS          string
	VSLayout        *ir.Layout
	PSLayout        *ir.Layout
	Rewritten       bool
	vsFile, psFile  int // the sources the two shaders are defined in
}

// RewriteResult is the outcome of Rewrite.
type RewriteResult struct {
	// Outputs are the new contents of the sources, in order; a source with
	// nothing to rewrite comes back byte for byte.
	Outputs [][]byte
	// Deps are the files read (the sources and their includes), for
	// depfiles: every output depends on all of them.
	Deps []string
	// Pairs are the pairs found, rewritten or not, in order.
	Pairs []RewrittenPair
	// Notes say what was done and what was left alone.
	Notes []ir.Note
	// Warnings are the preprocessor's (missing includes when allowed).
	Warnings ir.ErrorList
	// Interfaces are the layouts planned, one per vertex shader
	// rewritten, with the pixel shaders it feeds (LayoutOut).
	Interfaces []layoutfile.Interface
	// Panels are the register maps of the pairs rewritten (of every pair
	// found when none was), each pair's vertex and pixel side side by
	// side (emit.RegisterMap).
	Panels []emit.MapPanel
}

// Rewrite reads the sources, finds the vertex/pixel pairs of their
// techniques (or the pair opts names), packs every vertex shader that
// needs it (portable layout, opts.Strategy) and rewrites the sources so
// that the vertex shaders write the packed registers and their pixel
// shaders read them, under their own names (see package rewrite). Every
// pass that uses a rewritten shader is rewritten with it, so each pass
// stays linked. With opts.Variants (or VSVariants and PSVariants) every
// permutation is rewritten into one source. Errors about the input are an
// ir.ErrorList; no output is returned then (a result that comes with one
// carries the warnings).
func Rewrite(srcs []Source, opts RewriteOptions) (*RewriteResult, error) {
	alone := (opts.VSEntry == "") != (opts.PSEntry == "")
	stageVariants := len(opts.VSVariants) > 0 || len(opts.PSVariants) > 0
	switch {
	case opts.Budget > 0:
		return nil, &OptionError{Option: ir.OptRegisters, Msg: "does not apply to a rewrite: it packs for vs_3_0's registers"}
	case len(opts.Indexed) > 0:
		return nil, &OptionError{Option: ir.OptIndexed, Msg: "does not apply to a rewrite: it packs every array a shader indexes in consecutive registers"}
	case stageVariants && (len(opts.Variants) > 0 || len(opts.VSVariants) == 0 || len(opts.PSVariants) == 0 || opts.VSEntry == "" || opts.PSEntry == "" || opts.Layout != nil):
		return nil, &OptionError{Option: ir.OptVSVariants, Msg: "and ps-variants go together, for a named vertex and pixel shader, without variants of both stages or a layout file to apply"}
	case len(opts.Variants) > 0 && (alone || opts.Layout != nil):
		return nil, &OptionError{Option: ir.OptVariants, Msg: "are rewritten as pairs (both entries, or the techniques), without a layout file to apply"}
	case alone && opts.VSEntry != "" && opts.Layout == nil && !opts.LayoutOut:
		return nil, &OptionError{Option: ir.OptVSEntry, Msg: "alone rewrites the vertex stage alone: it needs a layout file to write (layout-out) or to apply (layout)"}
	case alone && opts.PSEntry != "" && opts.Layout == nil:
		return nil, &OptionError{Option: ir.OptPSEntry, Msg: "alone rewrites the pixel stage alone: it needs the layout file of its vertex shader (layout)"}
	case !alone && opts.Layout != nil:
		return nil, &OptionError{Option: ir.OptLayout, Msg: "is applied to one stage rewritten alone (vs-entry or ps-entry)"}
	}
	var res *RewriteResult
	var err error
	switch {
	case len(opts.Variants) > 0:
		res, err = rewriteVariants(srcs, opts)
	case stageVariants:
		res, err = rewriteStageVariants(srcs, opts)
	default:
		if opts.LayoutOut {
			opts.All = true
		}
		res, err = rewriteHooked(srcs, opts, &rewriteHooks{})
	}
	if err == nil {
		res.Panels = pairPanels(res.Pairs)
	}
	return res, err
}

// rewriteHooks change what a rewrite does for a rewrite of variants
// (rewrite_variants.go).
type rewriteHooks struct {
	// apply gives, by vertex shader name, the layout to apply instead of
	// planning one.
	apply map[string]*layoutfile.Interface
	// edits, when not nil, receives the edits of every file
	// (rewrite.Edits) instead of Outputs.
	edits *[][]rewrite.Edit
	// guards, when not nil, collects the permutation guard of each entry
	// point by name ("" if its interface depends on no macro) instead of
	// writing it into its block.
	guards map[string]string
	// planOnly stops before the sources are edited: the result has the
	// pairs and their layouts, no Outputs.
	planOnly bool
	// parsed, when not nil, keeps the sources as parsed for another run
	// with the same options (filled by the first, reused by the next).
	parsed *parsedSources
}

// parsedSources are sources as parseAll left them.
type parsedSources struct {
	units    []*hlsl.Unit
	warnings ir.ErrorList
	deps     []string
}

func rewriteHooked(srcs []Source, opts RewriteOptions, h *rewriteHooks) (*RewriteResult, error) {
	res := &RewriteResult{}
	var units []*hlsl.Unit
	if h.parsed != nil && h.parsed.units != nil {
		units = h.parsed.units
		res.Warnings, res.Deps = slices.Clone(h.parsed.warnings), slices.Clone(h.parsed.deps)
	} else {
		pp := opts.PP
		pp.Record = true // the permutation guards read what the text depends on
		var err error
		if units, res.Warnings, res.Deps, err = parseAll(srcs, &pp); err != nil {
			return nil, err
		}
		if h.parsed != nil {
			*h.parsed = parsedSources{units, slices.Clone(res.Warnings), slices.Clone(res.Deps)}
		}
	}
	w := &rewriter{graph: newGraph(srcs, units), opts: opts, res: res, hooks: h}
	return w.run()
}

type rewriter struct {
	*graph
	opts  RewriteOptions
	res   *RewriteResult
	hooks *rewriteHooks
}

func (w *rewriter) run() (*RewriteResult, error) {
	w.collect()
	plan := &rewrite.Plan{ReadInclude: w.opts.PP.ReadFile}
	if plan.ReadInclude == nil {
		plan.ReadInclude = os.ReadFile
	}
	for i, s := range w.srcs {
		plan.Files = append(plan.Files, rewrite.File{Name: s.Name, Src: s.Src, Unit: w.units[i]})
	}
	if (w.opts.VSEntry == "") != (w.opts.PSEntry == "") {
		w.rewriteStage(plan)
		return w.apply(plan)
	}
	if w.opts.VSEntry != "" {
		w.addExplicit(w.opts.VSEntry, w.opts.PSEntry)
	}
	if len(w.errs) > 0 {
		return nil, w.sorted()
	}
	pairs := only(w.pairs, pair.sm3)
	if len(pairs) == 0 {
		for i, s := range w.srcs {
			if len(w.units[i].Techniques()) == 0 {
				w.res.Notes = append(w.res.Notes, ir.Note{Pos: ir.Pos{File: s.Name}, Msg: "no technique here pairs a vs_3_0 vertex shader with a ps_3_0 pixel shader: nothing to rewrite unless a pair is named", Hints: []ir.Hint{ir.PairHint()}})
			} else {
				w.note(ir.Pos{File: s.Name}, "no pass of the techniques here compiles a vs_3_0 vertex shader and a ps_3_0 pixel shader: nothing to rewrite")
			}
		}
	}
	for _, comp := range components(pairs) {
		if w.opts.VSEntry != "" && !hasExplicit(comp) {
			continue // the caller names one pair: its set alone
		}
		w.component(comp, plan)
	}
	return w.apply(plan)
}

// apply edits the sources as planned, unless errors were found.
func (w *rewriter) apply(plan *rewrite.Plan) (*RewriteResult, error) {
	if len(w.errs) > 0 {
		return nil, w.sorted()
	}
	if w.hooks.planOnly {
		return w.res, nil
	}
	if w.hooks.edits != nil {
		edits, err := rewrite.Edits(plan)
		if err != nil {
			return nil, err
		}
		*w.hooks.edits = edits
		return w.res, nil
	}
	out, err := rewrite.Apply(plan)
	if err != nil {
		return nil, err
	}
	relocateOutputs(w.srcs, out, w.opts.OutputPaths)
	w.res.Outputs = out
	return w.res, nil
}

func (w *rewriter) sorted() ir.ErrorList {
	w.errs.Sort()
	return w.errs
}

func (w *rewriter) note(pos ir.Pos, format string, args ...any) {
	w.res.Notes = append(w.res.Notes, ir.Note{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// componentResult is what one linked set adds to the plan.
type componentResult struct {
	rewrite.Plan
	pairs      []RewrittenPair
	notes      []ir.Note
	interfaces []layoutfile.Interface
	// unread is set when a vertex shader's outputs could not be read:
	// whether the set fits is then not known.
	unread bool
}

// component packs one linked set and adds it to the plan if it needs
// rewriting (or opts.All). What stops a set that fits anyway (rewritten
// only because of opts.All) is a note that leaves it as it is, not an
// error: the file still builds and runs.
func (w *rewriter) component(comp []pair, plan *rewrite.Plan) {
	var sub componentResult
	need, errs := w.componentPlan(comp, &sub)
	switch {
	case len(errs) == 0:
		plan.Vertex = append(plan.Vertex, sub.Vertex...)
		plan.Pixel = append(plan.Pixel, sub.Pixel...)
		w.res.Pairs = append(w.res.Pairs, sub.pairs...)
		w.res.Notes = append(w.res.Notes, sub.notes...)
		w.res.Interfaces = append(w.res.Interfaces, sub.interfaces...)
	case need:
		w.errs = append(w.errs, errs...)
	case sub.unread:
		// shpack cannot read the shader (a type or a construct it does
		// not model): it does not know that the set fits, and says so
		// rather than claim it; the compiler reports what is wrong.
		errs.Sort()
		e := errs[0]
		w.note(e.Pos, "left as it is: shpack cannot read it (%s), so it does not know whether its outputs fit with one register per semantic", e.Msg)
	default:
		errs.Sort()
		e := errs[0]
		w.note(e.Pos, "left as it is (it fits with one register per semantic, and cannot be rewritten even with every pair asked for): %s", e.Msg)
	}
}

// componentPlan lays out one linked set and says whether it needs
// rewriting (a vertex shader overflows with one register per semantic).
func (w *rewriter) componentPlan(comp []pair, plan *componentResult) (need bool, errs ir.ErrorList) {
	vsFile := ir.VS30Out()
	note := func(pos ir.Pos, format string, args ...any) {
		plan.notes = append(plan.notes, ir.Note{Pos: pos, Msg: fmt.Sprintf(format, args...)})
	}
	// One register per semantic: does the set need the rewrite?
	unpacked := map[node]int{}
	var order []node
	for _, p := range comp {
		if _, ok := unpacked[p.vs]; ok {
			continue
		}
		ep, err := w.entry(p.vs)
		if err != nil {
			errs = append(errs, p.context(err)...)
			plan.unread = true
			continue
		}
		fxc, ferr := pack.ForFile(pack.FXC{}, ep.Out, vsFile, ir.Constraints{MixColor: w.opts.MixColor})
		var oe *pack.OverflowError
		switch {
		case ferr == nil:
			unpacked[p.vs] = fxc.GeneralRegisters()
		case errors.As(ferr, &oe):
			need = true
			unpacked[p.vs] = oe.Needed
		default:
			// Outputs no compiler takes for vs_3_0 (a misspelt semantic, two
			// outputs of one semantic): an error whether or not they fit,
			// as fxc's is; the set is not "left as it is".
			need = true
			errs = append(errs, p.context(ferr)...)
			continue
		}
		order = append(order, p.vs)
	}
	if len(errs) > 0 {
		return need, errs
	}
	if !need && !w.opts.All {
		for _, n := range order {
			plan.notes = append(plan.notes, ir.Note{Pos: w.eps[n].Pos, Msg: fmt.Sprintf("%s fits with one register per semantic (%d of %d general registers): left as it is, unless every pair is rewritten",
				n.name, unpacked[n], vsFile.General), Hints: []ir.Hint{{Option: ir.OptAll}}})
		}
		for _, p := range comp {
			plan.pairs = append(plan.pairs, RewrittenPair{Technique: p.tech, Pass: p.pass, VS: p.vs.name, PS: p.ps.name})
		}
		return need, nil
	}
	opts := setOptions{
		strategy: w.opts.strategy(), cons: ir.Constraints{MixColor: w.opts.MixColor, Portable: true, TexcoordNames: w.opts.TexcoordNames}, widen: true, typed: true,
		apply: w.hooks.apply,
	}
	set, errs := w.layoutSet(comp, opts)
	if len(errs) > 0 {
		// Outputs of other kinds of type (int, bool) kept in registers of
		// their own can cost the registers that let a set fit: then they
		// share, and travel converted (to float and back), with a note.
		opts.typed = false
		s, untypedErrs := w.layoutSet(comp, opts)
		if len(untypedErrs) > 0 {
			return need, errs
		}
		set = s
		for _, n := range set.vsOrder {
			note(set.vs[n].ep.Pos, "%s: its int, uint or bool outputs share registers with outputs of other types, or it would not fit vs_3_0 (%s): they are converted to float and back on their way, which keeps whole numbers and truth values but not a float read as an int",
				n.name, errs[0].Msg)
		}
	}
	if errs := w.checkUses(comp); len(errs) > 0 {
		return need, errs
	}
	for _, p := range comp {
		plan.pairs = append(plan.pairs, RewrittenPair{
			Technique: p.tech, Pass: p.pass, VS: p.vs.name, PS: p.ps.name,
			VSLayout: set.vs[p.vs].layout, PSLayout: set.ps[p.ps].layout, Rewritten: true, vsFile: p.vs.file, psFile: p.ps.file,
		})
	}
	for _, n := range set.vsOrder {
		v := set.vs[n]
		plan.Vertex = append(plan.Vertex, rewrite.Vertex{File: n.file, EP: v.ep, Layout: v.layout, Unpacked: unpacked[n],
			Guard: w.guardFor(n.file, v.ep, v.ep.Out, &plan.notes)})
		if w.opts.LayoutOut {
			var ps []string
			for _, p := range comp {
				if p.vs == n && !slices.Contains(ps, p.ps.name) {
					ps = append(ps, p.ps.name)
				}
			}
			it, err := layoutfile.FromLayout(v.layout, []string{n.name}, ps)
			if err != nil {
				return need, ir.ErrorList{&ir.Error{Pos: v.ep.Pos, Msg: err.Error()}}
			}
			plan.interfaces = append(plan.interfaces, it)
		}
		packed := ir.Note{Pos: v.ep.Pos, Packed: true, Msg: fmt.Sprintf("%s: %d outputs packed into %d general registers (one register per semantic: %d)",
			n.name, len(v.ep.Out.Elements), v.layout.GeneralRegisters(), unpacked[n])}
		if set.family {
			packed.Msg = fmt.Sprintf("%s: %d outputs packed into %d general registers, in one layout with %s for the pixel shaders they share (alone: %d; one register per semantic: %d)",
				n.name, len(v.ep.Out.Elements), v.layout.GeneralRegisters(), joinList(otherNames(set.vsOrder, n)), v.own, unpacked[n])
		}
		plan.notes = append(plan.notes, packed)
	}
	for _, n := range set.psOrder {
		ps := set.ps[n]
		// Inputs a ps_3_0 shader cannot read (POSITION0, PSIZE: a struct
		// shared with the vertex shader) reach the original as zero; it
		// compiled only because it does not read them.
		plan.Pixel = append(plan.Pixel, rewrite.Pixel{File: n.file, EP: ps.ep, VS: ps.vs, Others: ps.others, Layout: ps.layout, VSNames: ps.vsList, Widen: ps.widen,
			Guard: w.guardFor(n.file, ps.ep, ps.ep.In, &plan.notes)})
		for _, i := range slices.Sorted(maps.Keys(ps.widen)) {
			e := &ps.ep.In.Elements[i]
			note(e.Pos, "%s: %s reads %d components of %s, but %s writes %d: the rewrite passes the others as 0 (w as 1)",
				e.Name, n.name, e.Components, e.Semantic, joinList(ps.vsList), ps.layout.Sig.Elements[i].Components)
		}
	}
	return need, nil
}

// pairPanels are the register-map panels of the pairs a rewrite packed
// (all pairs found when it packed none), each pair's VS and PS side by
// side: what shpack rewrite --svg draws.
func pairPanels(pairs []RewrittenPair) []emit.MapPanel {
	var panels []emit.MapPanel
	for _, rewritten := range []bool{true, false} {
		for _, p := range pairs {
			if p.Rewritten != rewritten || p.VSLayout == nil || p.PSLayout == nil {
				continue
			}
			at := ""
			if p.Technique != "" || p.Pass != "" {
				at = emit.PassHeading(p.Technique, p.Pass)
			}
			panels = append(panels,
				emit.MapPanel{Heading: at + "vertex shader " + p.VS, Layout: p.VSLayout},
				emit.MapPanel{Heading: at + "pixel shader " + p.PS, Layout: p.PSLayout})
		}
		if len(panels) > 0 {
			break
		}
	}
	return panels
}
