package driver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
	"github.com/shpack/shpack/rewrite"
)

// Rewriting every permutation into one source.
//
// Rewrite with Variants rewrites the sources once per variant, and merges the
// rewrites into one file per source that compiles for each variant with
// the engine's own -D flags. Three passes:
//
//  1. Each variant's vertex shaders are planned on their own.
//  2. The vertex outputs of each vertex shader, across the variants, are
//     packed as one family (pack.Family): a semantic has one declared
//     semantic and one set of components in every variant that has it,
//     so the pixel shader of any variant reads the vertex shader of any
//     variant that writes what it reads (vs_3_0 and ps_3_0 link by
//     declared semantic).
//  3. Each variant is rewritten again with its family layouts applied,
//     and the rewrites are merged edit by edit (rewrite.Merge): where the
//     variants edit a line alike it is written once, where they differ
//     each variant's lines stand under an #if of the condition that
//     selects it: the macros its interface depends on (the permutation
//     guard's), so that a permutation that is not listed compiles when
//     its interface is one of theirs, and stops at an #error naming the
//     variants file otherwise.
//
// VSVariants and PSVariants do the same for an engine that compiles its
// vertex and pixel shaders with lists of permutations of their own
// (Urho3D's VS and PS defines): the vertex shaders of the vertex list are
// one family, and the pixel shader of each permutation of the pixel list
// reads the family's registers, derived from the vertex permutations
// that write everything it reads, as a pixel shader built from a layout
// file is. In one source, the stages' lines are told apart by the macros
// the lists use to say which stage they compile (a macro every vertex
// variant defines and no pixel variant does, or the reverse: Urho3D's
// COMPILEVS and COMPILEPS): a region a vertex permutation edits keeps the
// user's lines when a pixel shader is compiled.

// A variantSet is a list of permutations and the stages it compiles.
type variantSet struct {
	vars []Variant
	name string // the variants file, for messages
	// stage is the one stage the list compiles; both is false then.
	stage ir.Stage
	both  bool
	// cond selects this list's stage, for lists of one stage each.
	cond string
}

// rewriteVariants is Rewrite of opts.Variants: one list for both stages.
// All is implied: a variant that fits is rewritten too, so that any
// variant's pixel shader reads any variant's vertex shader.
func rewriteVariants(srcs []Source, opts RewriteOptions) (*RewriteResult, error) {
	return rewriteVariantSets(srcs, opts, []variantSet{{vars: opts.Variants, name: variantsName(opts.Variants), both: true}})
}

// rewriteStageVariants is Rewrite of opts.VSVariants and opts.PSVariants:
// the vertex shader opts.VSEntry in every permutation of one, the pixel
// shader opts.PSEntry in every permutation of the other.
func rewriteStageVariants(srcs []Source, opts RewriteOptions) (*RewriteResult, error) {
	vs, ps := opts.VSVariants, opts.PSVariants
	vsName, psName := variantsName(vs), variantsName(ps)
	vsCond, psCond, err := stageConditions(vs, ps, vsName, psName)
	if err != nil {
		return nil, err
	}
	return rewriteVariantSets(srcs, opts, []variantSet{
		{vars: vs, name: vsName, stage: ir.Vertex, cond: vsCond},
		{vars: ps, name: psName, stage: ir.Pixel, cond: psCond},
	})
}

// variantsName names a list of variants in messages: the file
// ParseVariants read it from.
func variantsName(vars []Variant) string {
	for _, v := range vars {
		if v.Pos.File != "" {
			return v.Pos.File
		}
	}
	return "the variants"
}

// stageConditions finds what tells the stages' lists apart: the macros
// every variant of one list defines and no variant of the other.
func stageConditions(vs, ps []Variant, vsName, psName string) (string, string, error) {
	only := func(a, b []Variant) []string {
		var out []string
		for i, v := range a {
			for _, d := range v.Defines {
				n, _, _ := strings.Cut(d, "=")
				if i > 0 || slices.Contains(out, n) {
					continue
				}
				all := true
				for _, w := range a[1:] {
					all = all && slices.ContainsFunc(w.Defines, func(d string) bool { m, _, _ := strings.Cut(d, "="); return m == n })
				}
				none := true
				for _, w := range b {
					none = none && !slices.ContainsFunc(w.Defines, func(d string) bool { m, _, _ := strings.Cut(d, "="); return m == n })
				}
				if all && none {
					out = append(out, n)
				}
			}
		}
		return out
	}
	vsOnly, psOnly := only(vs, ps), only(ps, vs)
	if len(vsOnly) == 0 && len(psOnly) == 0 {
		return "", "", ir.ErrorList{ir.Errorf(ir.Pos{File: vsName}, nil, "no macro tells the stages apart: one source compiled for both needs a macro that every variant of %s defines and no variant of %s does, or the reverse (as Urho3D's COMPILEVS and COMPILEPS); add one to every line of a list",
			vsName, psName)}
	}
	cond := func(def, undef []string) string {
		var terms []string
		for _, n := range def {
			terms = append(terms, "defined("+n+")")
		}
		for _, n := range undef {
			terms = append(terms, "!defined("+n+")")
		}
		return strings.Join(terms, " && ")
	}
	return cond(vsOnly, psOnly), cond(psOnly, vsOnly), nil
}

// A variantRewrite rewrites every variant of its sets (one list for both
// stages, or one list per stage) into one source per file, in the three
// passes told above: the state of rewriteVariantSets.
type variantRewrite struct {
	srcs []Source
	opts RewriteOptions // every variant's, but for its definitions
	sets []variantSet
	n    int // the variants of the list that compiles vertex shaders

	// parsed and classes are each set's: each variant's sources as parsed
	// (pass 1 fills them, pass 3 reuses them), and its classes.
	parsed  [][]parsedSources
	classes []variantClasses

	// Pass 1: per vertex shader, its signature in each variant, in the
	// order met; every pair rewritten, in every variant.
	sigs  map[vsKey][]*ir.Signature
	order []vsKey
	links []pair

	// Pass 2: per variant, the family layouts to apply by vertex shader;
	// every interface; the notes that say what the families cost.
	applied []map[string]*layoutfile.Interface
	family  []layoutfile.Interface
	notes   []ir.Note

	// Pass 3: per file, each variant's edits; the first variant's result,
	// which gathers the files read and the pairs.
	per [][]rewrite.MergeVariant
	res *RewriteResult
}

// A vsKey is a vertex shader: the file it is defined in and its name.
type vsKey struct {
	file int
	name string
}

// rewriteVariantSets rewrites every variant of sets into one source per
// file.
func rewriteVariantSets(srcs []Source, opts RewriteOptions, sets []variantSet) (*RewriteResult, error) {
	for _, set := range sets {
		if len(set.vars) == 0 {
			return nil, fmt.Errorf("driver: no variants in %s", set.name)
		}
	}
	// The merged outputs are relocated once, at the end, and the
	// interfaces recorded are the families'.
	paths, layoutOut := opts.OutputPaths, opts.LayoutOut
	opts.OutputPaths, opts.LayoutOut, opts.All = nil, false, true
	r := &variantRewrite{srcs: srcs, opts: opts, sets: sets, n: len(sets[0].vars), sigs: map[vsKey][]*ir.Signature{}}
	r.parsed = make([][]parsedSources, len(sets))
	r.classes = make([]variantClasses, len(sets))
	for s, set := range sets {
		r.parsed[s] = make([]parsedSources, len(set.vars))
		r.classes[s].rep = make([]int, len(set.vars))
	}
	if err := r.planVertex(); err != nil {
		return nil, err
	}
	if err := r.packFamilies(); err != nil {
		return nil, err
	}
	if err := r.rewriteEach(); err != nil {
		return nil, err
	}
	merged, err := r.merge()
	if err != nil {
		return nil, err
	}
	if opts.verifyMerge {
		if err := r.verify(merged); err != nil {
			return nil, err
		}
	}
	res := r.res
	relocateOutputs(srcs, merged, paths)
	res.Outputs = merged
	// The first variant's notes stand for every variant's, but for what
	// it packed: the family notes say that of all of them.
	res.Notes = append(r.notes, slices.DeleteFunc(res.Notes, func(n ir.Note) bool { return n.Packed })...)
	if layoutOut {
		res.Interfaces = r.family
	}
	return res, nil
}

// variantOpts are the options of variant v of set: its definitions after
// the run's, and in a list of one stage that stage's entry alone.
func (r *variantRewrite) variantOpts(set variantSet, v Variant) RewriteOptions {
	o := r.opts
	o.PP.Defines = append(slices.Clone(r.opts.PP.Defines), v.Defines...)
	if !set.both {
		if set.stage == ir.Vertex {
			o.PSEntry = ""
		} else {
			o.VSEntry = ""
		}
	}
	return o
}

// planVertex is pass 1: each variant's vertex shaders planned on their
// own. Variants that give every macro their preprocessing reads the same
// definition preprocess, plan and rewrite alike: each is done once, for
// the first of its class (an engine's permutations often differ in macros
// a file never reads).
func (r *variantRewrite) planVertex() error {
	vsSet := r.sets[0] // the list that compiles vertex shaders
	planned := make([]*RewriteResult, r.n)
	var errs ir.ErrorList
	for vi, v := range vsSet.vars {
		defs := r.variantOpts(vsSet, v).PP.Defines
		res := planned[r.classes[0].of(vi, defs)]
		if res == nil {
			var err error
			res, err = rewriteHooked(r.srcs, r.variantOpts(vsSet, v), &rewriteHooks{planOnly: true, parsed: &r.parsed[0][vi]})
			if err != nil {
				errs = append(errs, inVariant(v, err)...)
				continue
			}
			planned[vi] = res
			r.classes[0].add(vi, defs, r.parsed[0][vi].units)
		}
		seen := map[vsKey]bool{}
		for _, p := range res.Pairs {
			if !p.Rewritten || p.VS == "" {
				continue
			}
			ps := node{p.psFile, p.PS, ir.Pixel}
			if !vsSet.both {
				ps = node{-1, r.opts.PSEntry, ir.Pixel}
			}
			r.links = append(r.links, pair{vs: node{p.vsFile, p.VS, ir.Vertex}, ps: ps})
			k := vsKey{p.vsFile, p.VS}
			if seen[k] {
				continue
			}
			seen[k] = true
			if _, ok := r.sigs[k]; !ok {
				r.order = append(r.order, k)
			}
			r.sigs[k] = append(r.sigs[k], p.VSLayout.Sig)
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return errs
	}
	for _, k := range r.order {
		if len(r.sigs[k]) != r.n {
			at := r.sigs[k][0] // the vertex shader, where a variant that rewrites it has it
			return ir.ErrorList{ir.Errorf(at.Pos, at.Include, "%s is rewritten in %d of the %d variants of %s: each variant must have the same pairs", k.name, len(r.sigs[k]), r.n, vsSet.name)}
		}
	}
	return nil
}

// packFamilies is pass 2: one family per linked set (vertex shaders that
// feed one pixel shader), over every variant of each: a semantic at one
// place in all.
func (r *variantRewrite) packFamilies() error {
	vars := r.sets[0].vars
	cons := ir.Constraints{MixColor: r.opts.MixColor, Portable: true, TexcoordNames: r.opts.TexcoordNames}
	r.applied = make([]map[string]*layoutfile.Interface, r.n)
	for i := range r.applied {
		r.applied[i] = map[string]*layoutfile.Interface{}
	}
	for _, comp := range components(r.links) {
		var group []vsKey
		var psNames []string
		for _, p := range comp {
			if k := (vsKey{p.vs.file, p.vs.name}); !slices.Contains(group, k) {
				group = append(group, k)
			}
			if !slices.Contains(psNames, p.ps.name) {
				psNames = append(psNames, p.ps.name)
			}
		}
		var famSigs []*ir.Signature
		var labels []string
		for _, k := range group {
			for i, v := range vars {
				famSigs = append(famSigs, r.sigs[k][i])
				labels = append(labels, k.name+" (variant "+v.Name+")")
			}
		}
		fl, err := pack.Family(famSigs, labels, ir.VS30Out(), cons)
		if err != nil {
			return err
		}
		for g, k := range group {
			var own []string
			for i := range vars {
				m := g*r.n + i
				it, err := layoutfile.FromLayout(fl.Layouts[m], []string{k.name}, psNames)
				if err != nil {
					return err
				}
				it.Variants = []string{vars[i].Name}
				r.applied[i][k.name] = &it
				r.family = layoutfile.AddVariant(r.family, it)
				own = append(own, fmt.Sprintf("%s %d (alone %d)", vars[i].Name, fl.Layouts[m].GeneralRegisters(), fl.Own[m]))
			}
			with := ""
			if len(group) > 1 {
				var others []string
				for _, o := range group {
					if o != k {
						others = append(others, o.name)
					}
				}
				with = ", with " + joinList(others) + " for the pixel shaders they share"
			}
			r.notes = append(r.notes, ir.Note{Pos: r.sigs[k][0].Pos, Packed: true, Msg: fmt.Sprintf("%s: %d variants share one layout%s; general registers: %s", k.name, r.n, with, strings.Join(own, ", "))})
		}
	}
	return nil
}

// rewriteEach is pass 3: each variant rewritten with its family layouts
// applied, its edits kept for the merge.
func (r *variantRewrite) rewriteEach() error {
	r.per = make([][]rewrite.MergeVariant, len(r.srcs))
	var errs ir.ErrorList
	for s, set := range r.sets {
		names := macroNames(set.vars)
		done := make([][]rewrite.MergeVariant, len(set.vars)) // per variant, per file
		for i, v := range set.vars {
			defs := r.variantOpts(set, v).PP.Defines
			// A variant of another's class, with the same family
			// layouts, rewrites as that one did.
			if c := r.classes[s].of(i, defs); c != i && done[c] != nil && (s > 0 || sameApplied(r.applied[c], r.applied[i])) {
				for f := range r.srcs {
					mv := done[c][f]
					mv.Fallback = defineCondition(names, v)
					r.per[f] = append(r.per[f], mv)
				}
				done[i] = done[c]
				continue
			}
			mvs, err := r.rewriteOne(s, i, names)
			if err != nil {
				errs = append(errs, inVariant(v, err)...)
				continue
			}
			for f, mv := range mvs {
				r.per[f] = append(r.per[f], mv)
			}
			done[i] = mvs
			r.classes[s].add(i, defs, r.parsed[s][i].units)
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return errs
	}
	return nil
}

// rewriteOne rewrites variant i of set s with its family layouts, and
// returns its edits of each file; the first result gathers the files read
// and the pairs of every variant.
func (r *variantRewrite) rewriteOne(s, i int, names []string) ([]rewrite.MergeVariant, error) {
	set, v := r.sets[s], r.sets[s].vars[i]
	var edits [][]rewrite.Edit
	h := &rewriteHooks{guards: map[string]string{}, parsed: &r.parsed[s][i], edits: &edits}
	o := r.variantOpts(set, v)
	switch {
	case set.both:
		h.apply = r.applied[i]
	case set.stage == ir.Vertex:
		o.Layout = &layoutfile.File{Name: set.name, Interfaces: []layoutfile.Interface{*r.applied[i][r.opts.VSEntry]}}
	default:
		o.Layout = &layoutfile.File{Name: r.sets[0].name, Interfaces: r.family}
	}
	res, err := rewriteHooked(r.srcs, o, h)
	if err != nil {
		return nil, err
	}
	var rewrote []string
	for _, fe := range edits {
		for _, e := range fe {
			if !slices.Contains(rewrote, e.Entry) {
				rewrote = append(rewrote, e.Entry)
			}
		}
	}
	mvs := make([]rewrite.MergeVariant, len(r.srcs))
	for f := range r.srcs {
		mvs[f] = rewrite.MergeVariant{Edits: edits[f], Rewrote: rewrote, Guards: h.guards, Stage: set.cond, Fallback: defineCondition(names, v)}
	}
	if !set.both {
		// A stage alone notes the layout file it applies: here, the
		// family, which the notes of pass 2 describe.
		res.Notes = nil
	}
	if r.res == nil {
		r.res = res
		return mvs, nil
	}
	r.res.Deps = addDeps(r.res.Deps, res.Deps...)
	if !set.both && set.stage == ir.Pixel && i == 0 {
		r.res.Pairs = append(r.res.Pairs, res.Pairs...)
		r.notes = append(r.notes, ir.Note{Pos: res.Pairs[0].PSLayout.Sig.Pos, Msg: fmt.Sprintf("%s: the %d variants of %s read the family's registers, each from the vertex variants that write everything it reads",
			r.opts.PSEntry, len(set.vars), set.name)})
	}
	return mvs, nil
}

// merge merges each file's variants (rewrite.Merge).
func (r *variantRewrite) merge() ([][]byte, error) {
	listOf := func(entry string) string {
		for _, set := range r.sets {
			if set.both || (set.stage == ir.Vertex) == (entry == r.opts.VSEntry) {
				return set.name
			}
		}
		return r.sets[0].name
	}
	merged := make([][]byte, len(r.srcs))
	for f, src := range r.srcs {
		m, err := rewrite.Merge(src.Name, src.Src, r.per[f], func(entries []string) string { return errorMessage(entries, listOf) })
		if err != nil {
			return nil, err
		}
		merged[f] = m
	}
	return merged, nil
}

// verify checks the tests' property: each variant compiles the merge as
// it would its own rewrite (the same tokens once preprocessed with its
// definitions), and a variant taken for another (variantClasses)
// preprocesses every source into that one's tokens.
func (r *variantRewrite) verify(merged [][]byte) error {
	k := 0
	for _, set := range r.sets {
		for _, v := range set.vars {
			pp := r.variantOpts(set, v).PP
			for f, src := range r.srcs {
				own := rewrite.ApplyEdits(src.Src, r.per[f][k].Edits)
				if a, b := tokenTexts(src.Name, own, pp), tokenTexts(src.Name, merged[f], pp); !slices.Equal(a, b) {
					return fmt.Errorf("internal error: variant %s of %s reads the merge otherwise than its own rewrite", v.Name, src.Name)
				}
			}
			k++
		}
	}
	for s, set := range r.sets {
		for i, v := range set.vars {
			c := r.classes[s].rep[i]
			if c == i {
				continue
			}
			for _, src := range r.srcs {
				if a, b := tokenTexts(src.Name, src.Src, r.variantOpts(set, v).PP), tokenTexts(src.Name, src.Src, r.variantOpts(set, set.vars[c]).PP); !slices.Equal(a, b) {
					return fmt.Errorf("internal error: variant %s was taken for %s, which preprocesses %s otherwise", v.Name, set.vars[c].Name, src.Name)
				}
			}
		}
	}
	return nil
}

// tokenTexts preprocesses src and returns its tokens' texts, or the
// first error's message (a variant stopped by an #error reads as it).
func tokenTexts(name string, src []byte, opts hlsl.PPOptions) []string {
	res, errs := hlsl.Preprocess(name, src, &opts)
	if len(errs) > 0 {
		return []string{"error: " + errs[0].Msg}
	}
	out := make([]string, 0, len(res.Tokens))
	for i := range res.Tokens {
		out = append(out, res.Tokens[i].Text)
	}
	return out
}

// variantClasses sorts a list's variants into classes of variants that
// preprocess alike: those that give every macro the first's preprocessing
// read the same -D definition take the same path through every file, read
// the same macros, and so make the same tokens and records. A name counts
// as read when a condition tested it, the text invoked it, or an
// identifier of the output spells it: the first left it as it was, not
// defined, and a variant that defines it would expand it (FuzzRewrite-
// Variants found "A A;" read as the same as "1 1;" under -DA).
type variantClasses struct {
	rep    []int // per variant, the first of its class (set by of)
	firsts map[int]bool
	// groups are the firsts by the names their preprocessing read (a
	// name counts as read as above), one group per set of names, in
	// the order of their first first: a variant is of a first's class
	// when its definitions of the group's names are the first's, which
	// a map finds, so that sorting n variants into classes costs n
	// look-ups per group, not n per class (4,000 variants of one read
	// set took 2.3 s in pairwise comparisons).
	groups  []*readGroup
	byNames map[string]*readGroup
	order   int // the number of firsts added, their rank
}

// A readGroup is the firsts whose preprocessing read the same names.
type readGroup struct {
	read map[string]bool
	// firsts are the firsts by their definitions of the read names
	// (projection), with their rank among all firsts.
	firsts map[string]rankedFirst
}

type rankedFirst struct{ first, rank int }

// projection spells definitions st restricted to the names read: the
// key two variants alike by those names share.
func projection(st map[string]string, read map[string]bool) string {
	var names []string
	for n := range st {
		if read[n] {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	var b strings.Builder
	for _, n := range names {
		b.WriteString(n)
		b.WriteString(st[n]) // "=" and the value: names hold no '='
		b.WriteByte(0)
	}
	return b.String()
}

// of returns the first variant of the class of variant i, whose
// definitions are defs (the caller's and the variant's): i itself when
// none admits it (then add records its reads once it is parsed). Two
// variants are alike when every name whose definition differs between
// them is one the first did not read; of several firsts that admit it,
// the one added first.
func (c *variantClasses) of(i int, defs []string) int {
	st := defineStates(defs)
	best := rankedFirst{first: i, rank: -1}
	for _, g := range c.groups {
		if f, ok := g.firsts[projection(st, g.read)]; ok && (best.rank < 0 || f.rank < best.rank) {
			best = f
		}
	}
	c.rep[i] = best.first
	return best.first
}

// add records variant i, whose definitions are defs, as the first of a
// class, with the names its preprocessing of units read.
func (c *variantClasses) add(i int, defs []string, units []*hlsl.Unit) {
	if c.firsts[i] {
		return
	}
	if c.firsts == nil {
		c.firsts, c.byNames = map[int]bool{}, map[string]*readGroup{}
	}
	read := map[string]bool{}
	for _, u := range units {
		for _, cond := range u.PP.Conditionals {
			for _, m := range cond.Macros {
				read[m.Name] = true
			}
		}
		for _, d := range u.PP.Definitions {
			read[d.Name] = true
		}
		for k := range u.PP.Tokens {
			if t := &u.PP.Tokens[k]; t.Kind == hlsl.TokIdent {
				read[t.Text] = true
			}
		}
	}
	names := make([]string, 0, len(read))
	for n := range read {
		names = append(names, n)
	}
	slices.Sort(names)
	key := strings.Join(names, "\x00")
	g := c.byNames[key]
	if g == nil {
		g = &readGroup{read: read, firsts: map[string]rankedFirst{}}
		c.byNames[key] = g
		c.groups = append(c.groups, g)
	}
	first(g.firsts, projection(defineStates(defs), g.read), rankedFirst{i, c.order})
	c.firsts[i] = true
	c.order++
}

// first records v under k unless k has a value.
func first[K comparable, V any](m map[K]V, k K, v V) {
	if _, ok := m[k]; !ok {
		m[k] = v
	}
}

// defineStates maps each macro -D defines to its value ("=" and the
// value; the last definition counts), for comparing variants.
func defineStates(defs []string) map[string]string {
	st := map[string]string{}
	for _, d := range defs {
		n, v, _ := strings.Cut(d, "=")
		st[n] = "=" + v
	}
	return st
}

// sameApplied says whether two variants have the family apply the same
// interfaces.
func sameApplied(a, b map[string]*layoutfile.Interface) bool {
	if len(a) != len(b) {
		return false
	}
	for k, x := range a {
		y, ok := b[k]
		if !ok || !slices.Equal(x.Outputs, y.Outputs) {
			return false
		}
	}
	return true
}

// macroNames lists every macro a variant of vars defines, in order of
// first definition.
func macroNames(vars []Variant) []string {
	var names []string
	seen := map[string]bool{}
	for _, v := range vars {
		for _, d := range v.Defines {
			if n, _, _ := strings.Cut(d, "="); !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	return names
}

// defineCondition is the condition of variant v from the definitions
// alone: what it defines, and what the other variants define (names,
// macroNames of them all) that it does not, for an interface whose
// dependence on them was not seen.
func defineCondition(names []string, v Variant) string {
	own := map[string]hlsl.MacroState{}
	for _, d := range v.Defines {
		n, value, given := strings.Cut(d, "=")
		own[n] = hlsl.MacroState{Name: n, Defined: true, Value: value, ValueRead: given, DefinedRead: true} // the last counts
	}
	var terms []string
	for _, n := range names {
		m, ok := own[n]
		if !ok {
			m = hlsl.MacroState{Name: n, DefinedRead: true}
		}
		terms = append(terms, rewrite.MacroCondition(m))
	}
	if len(terms) == 0 {
		return "1"
	}
	return strings.Join(terms, " && ")
}

// errorMessage is the #error of a merged region.
func errorMessage(entries []string, varsName func(entry string) string) string {
	var names []string
	for _, e := range entries {
		if n := varsName(e); !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return fmt.Sprintf("shpack rewrote %s for the variants of %s only, and this permutation is none of them: add it there and rewrite",
		joinList(entries), strings.Join(names, " and "))
}
