package driver

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
	"github.com/shpack/shpack/rewrite"
)

// RewriteOptions choose what Rewrite packs and how.
type RewriteOptions struct {
	PP       hlsl.PPOptions
	Strategy pack.Strategy // nil: optimal
	MixColor bool
	// All rewrites every pair; by default only the pairs whose vertex
	// outputs do not fit in vs_3_0 with one register per semantic (fxc's
	// "too many interpolators") are rewritten.
	All bool
	// VSEntry and PSEntry name a pair to rewrite, for files without
	// techniques; both or neither. The pair is linked with the passes of
	// the files' techniques that use either of them.
	VSEntry, PSEntry string
}

// A RewrittenPair is one vertex/pixel pair that Rewrite linked.
type RewrittenPair struct {
	Technique, Pass string // "" for the pair named by VSEntry/PSEntry
	VS, PS          string
	VSLayout        *ir.Layout
	PSLayout        *ir.Layout
	Rewritten       bool
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
}

// A node is one entry function of one unit as one stage.
type node struct {
	file  int
	name  string
	stage ir.Stage
}

// A use is one place a technique's pass sets a shader.
type use struct {
	tech, pass string
	passPos    ir.Pos
	ref        ir.ShaderRef
	stage      ir.Stage
	file       int
	// partner is the other stage's shaders of the pass.
	partner []ir.ShaderRef
}

// pair is an edge: a vertex node and a pixel node that a pass (or the
// command line) links.
type pair struct {
	vs, ps     node
	tech, pass string
	pos        ir.Pos // the pass, or the zero Pos for the command line's pair
	explicit   bool   // the command line's pair
}

// Rewrite reads the sources, finds the vertex/pixel pairs of their
// techniques (or the pair opts names), packs every vertex shader that
// needs it (portable layout, opts.Strategy) and rewrites the sources so
// that the vertex shaders write the packed registers and their pixel
// shaders read them, under their own names (see package rewrite). Every
// pass that uses a rewritten shader is rewritten with it, so each pass
// stays linked. Errors are an ir.ErrorList; nothing is returned then.
func Rewrite(srcs []Source, opts RewriteOptions) (*RewriteResult, error) {
	if opts.Strategy == nil {
		opts.Strategy = pack.Optimal{}
	}
	if (opts.VSEntry == "") != (opts.PSEntry == "") {
		return nil, errors.New("driver: VSEntry and PSEntry go together")
	}
	res := &RewriteResult{}
	units, err := parseAll(srcs, &opts.PP, res)
	if err != nil {
		return nil, err
	}
	w := &rewriter{srcs: srcs, units: units, opts: opts, res: res, eps: map[node]*hlsl.EntryPoint{}}
	return w.run()
}

type rewriter struct {
	srcs  []Source
	units []*hlsl.Unit
	opts  RewriteOptions
	res   *RewriteResult
	uses  []use
	pairs []pair
	eps   map[node]*hlsl.EntryPoint
	errs  ir.ErrorList
}

func (w *rewriter) run() (*RewriteResult, error) {
	w.collect()
	if len(w.errs) > 0 {
		return nil, w.sorted()
	}
	comps := w.components()
	plan := &rewrite.Plan{}
	for i, s := range w.srcs {
		plan.Files = append(plan.Files, rewrite.File{Name: s.Name, Src: s.Src, Unit: w.units[i]})
	}
	if len(w.pairs) == 0 {
		for i, s := range w.srcs {
			if len(w.units[i].Techniques()) == 0 {
				w.note(ir.Pos{File: s.Name}, "no technique here pairs a vs_3_0 vertex shader with a ps_3_0 pixel shader: nothing to rewrite (name a pair with --vs-entry and --ps-entry)")
			} else {
				w.note(ir.Pos{File: s.Name}, "no pass of the techniques here compiles a vs_3_0 vertex shader and a ps_3_0 pixel shader: nothing to rewrite")
			}
		}
	}
	for _, comp := range comps {
		if w.opts.VSEntry != "" && !slices.ContainsFunc(comp, func(p pair) bool { return p.explicit }) {
			continue // the command line names one pair: its set alone
		}
		w.component(comp, plan)
	}
	if len(w.errs) > 0 {
		return nil, w.sorted()
	}
	out, err := rewrite.Apply(plan)
	if err != nil {
		return nil, err
	}
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

// entry returns a node's entry point, lowering it once.
func (w *rewriter) entry(n node) (*hlsl.EntryPoint, error) {
	if ep, ok := w.eps[n]; ok {
		return ep, nil
	}
	ep, err := w.units[n.file].EntryPoint(n.name)
	if err != nil {
		return nil, err
	}
	w.eps[n] = ep
	return ep, nil
}

// collect finds the pairs: every pass of every technique that compiles a
// vs_3_0 vertex shader and a ps_3_0 pixel shader, and the command line's.
func (w *rewriter) collect() {
	for fi, u := range w.units {
		for _, t := range u.Techniques() {
			for _, p := range t.Passes {
				for _, r := range p.VS {
					w.uses = append(w.uses, use{t.Name, p.Name, p.Pos, r, ir.Vertex, fi, p.PS})
				}
				for _, r := range p.PS {
					w.uses = append(w.uses, use{t.Name, p.Name, p.Pos, r, ir.Pixel, fi, p.VS})
				}
				for _, vs := range p.VS {
					for _, ps := range p.PS {
						if vs.Profile == "vs_3_0" && ps.Profile == "ps_3_0" && vs.Entry != "" && ps.Entry != "" {
							w.pairs = append(w.pairs, pair{
								vs: node{fi, vs.Entry, ir.Vertex}, ps: node{fi, ps.Entry, ir.Pixel},
								tech: t.Name, pass: p.Name, pos: p.Pos,
							})
						}
					}
				}
			}
		}
	}
	if w.opts.VSEntry == "" {
		return
	}
	vs, okV := w.find(w.opts.VSEntry, ir.Vertex)
	ps, okP := w.find(w.opts.PSEntry, ir.Pixel)
	if okV && okP {
		w.pairs = append(w.pairs, pair{vs: vs, ps: ps, explicit: true})
	}
}

// find locates the one source that defines the entry point name.
func (w *rewriter) find(name string, stage ir.Stage) (node, bool) {
	var found []node
	for fi, u := range w.units {
		if _, err := u.EntryPoint(name); err == nil || ir.Errors(err) != nil {
			found = append(found, node{fi, name, stage})
		}
	}
	switch len(found) {
	case 0:
		var files []string
		for _, s := range w.srcs {
			files = append(files, s.Name)
		}
		w.errs = append(w.errs, &ir.Error{Pos: ir.Pos{File: w.srcs[0].Name}, Msg: fmt.Sprintf("no function named %s in %s", name, strings.Join(files, ", "))})
		return node{}, false
	case 1:
		return found[0], true
	}
	e := &ir.Error{Pos: ir.Pos{File: w.srcs[found[1].file].Name}, Msg: fmt.Sprintf("%s is defined in %s and in %s: shpack cannot tell which one is the entry point", name, w.srcs[found[0].file].Name, w.srcs[found[1].file].Name)}
	w.errs = append(w.errs, e)
	return node{}, false
}

// components groups the pairs into linked sets: a vertex shader, all the
// pixel shaders it is paired with, all the vertex shaders those are paired
// with, and so on. Each set is packed and rewritten as a whole.
func (w *rewriter) components() [][]pair {
	parent := map[node]node{}
	var findRoot func(n node) node
	findRoot = func(n node) node {
		p, ok := parent[n]
		if !ok || p == n {
			parent[n] = n
			return n
		}
		r := findRoot(p)
		parent[n] = r
		return r
	}
	for _, p := range w.pairs {
		a, b := findRoot(p.vs), findRoot(p.ps)
		if a != b {
			parent[b] = a
		}
	}
	var roots []node
	byRoot := map[node][]pair{}
	for _, p := range w.pairs {
		r := findRoot(p.vs)
		if _, ok := byRoot[r]; !ok {
			roots = append(roots, r)
		}
		byRoot[r] = append(byRoot[r], p)
	}
	var comps [][]pair
	for _, r := range roots {
		comps = append(comps, byRoot[r])
	}
	return comps
}

// where describes a pair for notes: "technique T, pass P" or "the pair VS/PS".
func (p pair) where() string {
	if p.explicit {
		return fmt.Sprintf("the pair %s/%s", p.vs.name, p.ps.name)
	}
	return fmt.Sprintf("technique %s, pass %s", orUnnamed(p.tech), orUnnamed(p.pass))
}

func orUnnamed(s string) string {
	if s == "" {
		return "(unnamed)"
	}
	return s
}

// context adds a note naming the pair to the diagnostics of err.
func (p pair) context(err error) ir.ErrorList {
	errs := ir.Errors(err)
	if errs == nil {
		return ir.ErrorList{&ir.Error{Pos: p.pos, Msg: fmt.Sprintf("%s: %v", p.where(), err)}}
	}
	out := make(ir.ErrorList, len(errs))
	for i, e := range errs {
		c := *e
		c.Notes = e.Notes
		if !p.explicit {
			c.Notes = append(slices.Clone(e.Notes), ir.Note{Pos: p.pos, Msg: "in " + p.where()})
		}
		out[i] = &c
	}
	return out
}

// componentResult is what one linked set adds to the plan.
type componentResult struct {
	rewrite.Plan
	pairs []RewrittenPair
}

// component packs one linked set and adds it to the plan if it needs
// rewriting (or opts.All). What stops a set that fits anyway (rewritten
// only because of opts.All) is a note that leaves it as it is, not an
// error: the file still builds and runs.
func (w *rewriter) component(comp []pair, plan *rewrite.Plan) {
	saved, notes := w.errs, len(w.res.Notes)
	w.errs = nil
	var sub componentResult
	need := w.componentPlan(comp, &sub)
	errs := w.errs
	w.errs = saved
	if len(errs) > 0 {
		w.res.Notes = w.res.Notes[:notes]
	}
	switch {
	case len(errs) == 0:
		plan.Vertex = append(plan.Vertex, sub.Vertex...)
		plan.Pixel = append(plan.Pixel, sub.Pixel...)
		w.res.Pairs = append(w.res.Pairs, sub.pairs...)
	case need:
		w.errs = append(w.errs, errs...)
	default:
		errs.Sort()
		e := errs[0]
		w.note(e.Pos, "left as it is (it fits with one register per semantic, and --all cannot rewrite it): %s", e.Msg)
	}
}

// componentPlan does the work of component on a plan of its own and says
// whether the set needs rewriting (a vertex shader overflows unpacked).
func (w *rewriter) componentPlan(comp []pair, plan *componentResult) (need bool) {
	vsFile := ir.VS30Out()
	psFile, _ := ir.LookupRegisterFile("ps_3_0", ir.In)
	cons := ir.Constraints{MixColor: w.opts.MixColor, Portable: true}

	type vsInfo struct {
		ep       *hlsl.EntryPoint
		layout   *ir.Layout
		unpacked int
		own      int // general registers packed alone, when a family packs it
		first    pair
	}
	family := false
	var vsOrder []node
	vss := map[node]*vsInfo{}
	for _, p := range comp {
		if _, ok := vss[p.vs]; ok {
			continue
		}
		ep, err := w.entry(p.vs)
		if err != nil {
			w.errs = append(w.errs, p.context(w.entryErr(p.vs, err))...)
			continue
		}
		fxc, ferr := pack.ForFile(pack.FXC{}, ep.Out, vsFile, ir.Constraints{MixColor: w.opts.MixColor})
		var oe *pack.OverflowError
		switch {
		case ferr == nil:
		case errors.As(ferr, &oe):
			need = true
		default:
			w.errs = append(w.errs, p.context(ferr)...)
			continue
		}
		unpacked := 0
		if fxc != nil {
			unpacked = fxc.GeneralRegisters()
		} else if oe != nil {
			unpacked = oe.Needed
		}
		vss[p.vs] = &vsInfo{ep: ep, unpacked: unpacked, first: p}
		vsOrder = append(vsOrder, p.vs)
	}
	if len(w.errs) > 0 {
		return need
	}
	rewriteIt := need || w.opts.All
	for _, n := range vsOrder {
		v := vss[n]
		l, err := pack.ForFile(w.opts.Strategy, v.ep.Out, vsFile, cons)
		if err != nil {
			if rewriteIt {
				w.errs = append(w.errs, v.first.context(err)...)
			}
			continue
		}
		v.layout = l
	}
	// Pixel shaders: derive each from every vertex shader it is paired
	// with; they must all agree on the registers it reads. When packed
	// alone they do not, the vertex shaders are packed again as one family
	// (pack.Family): every semantic at one place in all of them.
	type psInfo struct {
		ep     *hlsl.EntryPoint
		layout *ir.Layout
		vs     *ir.Layout
		others []*ir.Layout
		key    string
		from   pair
		vsList []string
		widen  map[int]int
	}
	var psOrder []node
	var pss map[node]*psInfo
	derive := func() (conflicts ir.ErrorList) {
		psOrder, pss = nil, map[node]*psInfo{}
		for _, p := range comp {
			v := vss[p.vs]
			if v == nil || v.layout == nil {
				continue
			}
			ep, err := w.entry(p.ps)
			if err != nil {
				w.errs = append(w.errs, p.context(w.entryErr(p.ps, err))...)
				continue
			}
			in, widen := narrowInputs(ep.In, v.layout)
			pl, err := pack.Derive(v.layout, in, psFile)
			if err != nil {
				w.errs = append(w.errs, p.context(err)...)
				continue
			}
			key := readKey(v.layout, pl)
			prev := pss[p.ps]
			switch {
			case prev == nil:
				pss[p.ps] = &psInfo{ep: ep, layout: pl, vs: v.layout, key: key, from: p, vsList: []string{p.vs.name}, widen: widen}
				psOrder = append(psOrder, p.ps)
			case prev.key != key:
				e := ir.Errorf(ep.Pos, nil, "pixel shader %s is linked with vertex shaders %s and %s, which pack the outputs it reads differently",
					p.ps.name, prev.from.vs.name, p.vs.name)
				e.Notes = append(e.Notes,
					ir.Note{Pos: vss[prev.from.vs].ep.Pos, Msg: fmt.Sprintf("%s, in %s", prev.from.vs.name, prev.from.where())},
					ir.Note{Pos: v.ep.Pos, Msg: fmt.Sprintf("%s, in %s", p.vs.name, p.where())})
				conflicts = append(conflicts, e)
			case !slices.Contains(prev.vsList, p.vs.name):
				prev.vsList = append(prev.vsList, p.vs.name)
				prev.others = append(prev.others, v.layout)
			}
		}
		return conflicts
	}
	conflicts := derive()
	if len(w.errs) > 0 {
		return need
	}
	if len(conflicts) > 0 {
		var sigs []*ir.Signature
		for _, n := range vsOrder {
			sigs = append(sigs, vss[n].ep.Out)
		}
		fl, err := pack.Family(sigs, vsFile, cons)
		if err != nil {
			if rewriteIt {
				e := ir.Errors(err)
				if e == nil {
					e = ir.ErrorList{&ir.Error{Pos: vss[vsOrder[0]].ep.Pos, Msg: err.Error()}}
				}
				for _, c := range conflicts {
					c.Notes = append(c.Notes, ir.Note{Pos: c.Pos, Msg: "packed as one family, they do not fit: " + firstLine(e)})
				}
				w.errs = append(w.errs, conflicts...)
			}
			return need
		}
		for k, n := range vsOrder {
			vss[n].layout = fl.Layouts[k]
			vss[n].own = fl.Own[k]
		}
		if conflicts := derive(); len(conflicts) > 0 {
			w.errs = append(w.errs, &ir.Error{Pos: conflicts[0].Pos, Msg: "internal error: a family layout does not agree: " + conflicts[0].Msg})
			return need
		}
		family = true
	}
	if len(w.errs) > 0 {
		return need
	}
	for _, p := range comp {
		plan.pairs = append(plan.pairs, RewrittenPair{
			Technique: p.tech, Pass: p.pass, VS: p.vs.name, PS: p.ps.name,
			VSLayout: vss[p.vs].layout, PSLayout: pss[p.ps].layout, Rewritten: rewriteIt,
		})
	}
	if !rewriteIt {
		for _, n := range vsOrder {
			v := vss[n]
			w.note(v.ep.Pos, "%s fits with one register per semantic (%d of %d general registers): left as it is (--all rewrites it anyway)",
				n.name, v.unpacked, vsFile.General)
		}
		return need
	}
	w.checkUses(comp)
	if len(w.errs) > 0 {
		return need
	}
	for _, n := range vsOrder {
		v := vss[n]
		plan.Vertex = append(plan.Vertex, rewrite.Vertex{File: n.file, EP: v.ep, Layout: v.layout, Unpacked: v.unpacked})
		if family {
			w.note(v.ep.Pos, "%s: %d outputs packed into %d general registers, in one layout with %s for the pixel shaders they share (alone: %d; one register per semantic: %d)",
				n.name, len(v.ep.Out.Elements), v.layout.GeneralRegisters(), joinList(otherNames(vsOrder, n)), v.own, v.unpacked)
			continue
		}
		w.note(v.ep.Pos, "%s: %d outputs packed into %d general registers (one register per semantic: %d)",
			n.name, len(v.ep.Out.Elements), v.layout.GeneralRegisters(), v.unpacked)
	}
	for _, n := range psOrder {
		ps := pss[n]
		// Inputs a ps_3_0 shader cannot read (POSITION0, PSIZE: a struct
		// shared with the vertex shader) reach the original as zero; it
		// compiled only because it does not read them.
		plan.Pixel = append(plan.Pixel, rewrite.Pixel{File: n.file, EP: ps.ep, VS: ps.vs, Others: ps.others, Layout: ps.layout, VSNames: ps.vsList, Widen: ps.widen})
		for _, i := range slices.Sorted(maps.Keys(ps.widen)) {
			e := &ps.ep.In.Elements[i]
			w.note(e.Pos, "%s: %s reads %d components of %s, but %s writes %d: the rewrite passes the others as 0 (w as 1)",
				e.Name, n.name, e.Components, e.Semantic, joinList(ps.vsList), ps.layout.Sig.Elements[i].Components)
		}
	}
	return need
}

// entryErr turns a missing function into a positioned error.
func (w *rewriter) entryErr(n node, err error) error {
	if ir.Errors(err) != nil {
		return err
	}
	return &ir.Error{Pos: ir.Pos{File: w.srcs[n.file].Name}, Msg: err.Error()}
}

// checkUses refuses to rewrite shaders that some pass uses in a way the
// rewrite would break: compiled for another profile, or paired with a
// shader of the other stage that is not rewritten with them.
func (w *rewriter) checkUses(comp []pair) {
	in := map[node]bool{}
	linked := map[[2]node]bool{}
	for _, p := range comp {
		in[p.vs], in[p.ps] = true, true
		linked[[2]node{p.vs, p.ps}] = true
	}
	for _, u := range w.uses {
		n := node{u.file, u.ref.Entry, u.stage}
		if u.ref.Entry == "" || !in[n] {
			continue
		}
		want := "vs_3_0"
		if u.stage == ir.Pixel {
			want = "ps_3_0"
		}
		where := fmt.Sprintf("technique %s, pass %s", orUnnamed(u.tech), orUnnamed(u.pass))
		if u.ref.Profile != want {
			w.errs = append(w.errs, ir.Errorf(u.ref.EntryPos, nil, "%s compiles %s for %s, but %s must be packed for %s: the rewritten %s would not link here (give this pass a shader of its own)",
				where, u.ref.Entry, u.ref.Profile, u.ref.Entry, want, u.ref.Entry))
			continue
		}
		for _, o := range u.partner {
			if o.Null || o.Entry == "" && !o.Asm {
				continue
			}
			other := node{u.file, o.Entry, ir.Pixel}
			key := [2]node{n, other}
			if u.stage == ir.Pixel {
				other.stage = ir.Vertex
				key = [2]node{other, n}
			}
			if o.Asm || !linked[key] {
				what := o.Entry
				if o.Asm {
					what = "an asm shader"
				}
				w.errs = append(w.errs, ir.Errorf(u.ref.EntryPos, nil, "%s pairs %s with %s, which is not rewritten with it: the pair would not link",
					where, u.ref.Entry, what))
			}
		}
	}
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

func joinList(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// readKey describes what a pixel shader reads of a vertex layout: for each
// input, its register, mask and declared semantic. Two vertex layouts that
// give a pixel shader the same key can share one rewrite of it.
func readKey(vs *ir.Layout, ps *ir.Layout) string {
	var parts []string
	for _, p := range ps.Place {
		parts = append(parts, fmt.Sprintf("%v %v %v%d", p.Reg, p.Mask, p.Usage, p.Index))
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

// firstLine is the first diagnostic of a list, without its notes.
func firstLine(errs ir.ErrorList) string {
	if len(errs) == 0 {
		return ""
	}
	return errs[0].Msg
}
