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
// RewriteVariants rewrites the sources once per variant, and merges the
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
// RewriteStageVariants is the same for an engine that compiles its
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

// RewriteVariants is Rewrite for every variant of vars at once (see
// above). opts.All is implied: a variant that fits is rewritten too, so
// that any variant's pixel shader reads any variant's vertex shader.
// varsName names the variants file in messages and in the #error.
func RewriteVariants(srcs []Source, opts RewriteOptions, vars []Variant, varsName string) (*RewriteResult, error) {
	if (opts.VSEntry == "") != (opts.PSEntry == "") || opts.Layout != nil {
		return nil, fmt.Errorf("driver: variants are rewritten as pairs (both entries or techniques), without a layout file to apply")
	}
	return rewriteVariantSets(srcs, opts, []variantSet{{vars: vars, name: varsName, both: true}})
}

// RewriteStageVariants is RewriteVariants for lists of permutations of
// each stage (see above): vs the vertex shader opts.VSEntry is compiled
// in, ps the pixel shader opts.PSEntry; vsName and psName name their
// files.
func RewriteStageVariants(srcs []Source, opts RewriteOptions, vs, ps []Variant, vsName, psName string) (*RewriteResult, error) {
	if opts.VSEntry == "" || opts.PSEntry == "" || opts.Layout != nil {
		return nil, fmt.Errorf("driver: variants of each stage are rewritten for a named vertex and pixel shader, without a layout file to apply")
	}
	vsCond, psCond, err := stageConditions(vs, ps, vsName, psName)
	if err != nil {
		return nil, err
	}
	return rewriteVariantSets(srcs, opts, []variantSet{
		{vars: vs, name: vsName, stage: ir.Vertex, cond: vsCond},
		{vars: ps, name: psName, stage: ir.Pixel, cond: psCond},
	})
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

// rewriteVariantSets rewrites every variant of sets (one list for both
// stages, or one list per stage) into one source per file.
func rewriteVariantSets(srcs []Source, opts RewriteOptions, sets []variantSet) (*RewriteResult, error) {
	// The merged outputs are relocated once, at the end.
	paths := opts.OutputPaths
	opts.OutputPaths = nil
	for _, set := range sets {
		if len(set.vars) == 0 {
			return nil, fmt.Errorf("driver: no variants in %s", set.name)
		}
	}
	opts.All = true
	if opts.Strategy == nil {
		opts.Strategy = pack.Optimal{}
	}
	layoutOut := opts.LayoutOut
	opts.LayoutOut = false
	variantOpts := func(set variantSet, v Variant) RewriteOptions {
		o := opts
		o.PP.Defines = append(slices.Clone(opts.PP.Defines), v.Defines...)
		if !set.both {
			if set.stage == ir.Vertex {
				o.PSEntry = ""
			} else {
				o.VSEntry = ""
			}
		}
		return o
	}
	type vsKey struct {
		file int
		name string
	}
	// 1. Each variant's vertex shaders alone.
	vsSet := sets[0] // the list that compiles vertex shaders
	n := len(vsSet.vars)
	sigs := map[vsKey][]*ir.Signature{} // per vertex shader, per variant
	var order []vsKey
	var links []pair // every pair rewritten, in every variant
	var errs ir.ErrorList
	parsed := make([][]parsedSources, len(sets)) // each variant's, for pass 3
	for s, set := range sets {
		parsed[s] = make([]parsedSources, len(set.vars))
	}
	// Variants that give every macro their preprocessing reads the same
	// definition preprocess, plan and rewrite alike: each is done once,
	// for the first of its class (an engine's permutations often differ
	// in macros a file never reads).
	classes := make([]variantClasses, len(sets))
	for s := range sets {
		classes[s].rep = make([]int, len(sets[s].vars))
	}
	planned := make([]*RewriteResult, n)
	for vi, v := range vsSet.vars {
		res := planned[classes[0].of(vi, variantOpts(vsSet, v).PP.Defines)]
		if res == nil {
			var err error
			res, err = rewriteHooked(srcs, variantOpts(vsSet, v), &rewriteHooks{planOnly: true, parsed: &parsed[0][vi]})
			if err != nil {
				errs = append(errs, inVariant(v, err)...)
				continue
			}
			planned[vi] = res
			classes[0].add(vi, variantOpts(vsSet, v).PP.Defines, parsed[0][vi].units)
		}
		seen := map[vsKey]bool{}
		for _, p := range res.Pairs {
			if !p.Rewritten || p.VS == "" {
				continue
			}
			if vsSet.both {
				links = append(links, pair{vs: node{p.vsFile, p.VS, ir.Vertex}, ps: node{p.psFile, p.PS, ir.Pixel}})
			} else {
				links = append(links, pair{vs: node{p.vsFile, p.VS, ir.Vertex}, ps: node{-1, opts.PSEntry, ir.Pixel}})
			}
			k := vsKey{p.vsFile, p.VS}
			if seen[k] {
				continue
			}
			seen[k] = true
			if _, ok := sigs[k]; !ok {
				order = append(order, k)
			}
			sigs[k] = append(sigs[k], p.VSLayout.Sig)
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	for _, k := range order {
		if len(sigs[k]) != n {
			at := sigs[k][0] // the vertex shader, where a variant that rewrites it has it
			return nil, ir.ErrorList{ir.Errorf(at.Pos, at.Include, "%s is rewritten in %d of the %d variants of %s: each variant must have the same pairs", k.name, len(sigs[k]), n, vsSet.name)}
		}
	}
	// 2. One family per linked set (vertex shaders that feed one pixel
	// shader), over every variant of each: a semantic at one place in all.
	cons := ir.Constraints{MixColor: opts.MixColor, Portable: true, TexcoordNames: opts.TexcoordNames}
	applied := make([]map[string]*layoutfile.Interface, n)
	for i := range applied {
		applied[i] = map[string]*layoutfile.Interface{}
	}
	var family []layoutfile.Interface // every interface, for a pixel list and --layout-out
	var notes []ir.Note
	for _, comp := range components(links) {
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
			for i, v := range vsSet.vars {
				famSigs = append(famSigs, sigs[k][i])
				labels = append(labels, k.name+" (variant "+v.Name+")")
			}
		}
		fl, err := pack.Family(famSigs, labels, ir.VS30Out(), cons)
		if err != nil {
			return nil, err
		}
		for g, k := range group {
			var own []string
			for i := range vsSet.vars {
				m := g*n + i
				it, err := layoutfile.FromLayout(fl.Layouts[m], []string{k.name}, psNames)
				if err != nil {
					return nil, err
				}
				it.Variants = []string{vsSet.vars[i].Name}
				applied[i][k.name] = &it
				family = layoutfile.AddVariant(family, it)
				own = append(own, fmt.Sprintf("%s %d (alone %d)", vsSet.vars[i].Name, fl.Layouts[m].GeneralRegisters(), fl.Own[m]))
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
			notes = append(notes, ir.Note{Pos: sigs[k][0].Pos, Packed: true, Msg: fmt.Sprintf("%s: %d variants share one layout%s; general registers: %s", k.name, n, with, strings.Join(own, ", "))})
		}
	}
	// 3. Each variant with its family layouts, merged.
	names := make([][]string, len(sets))
	for s, set := range sets {
		names[s] = macroNames(set.vars)
	}
	per := make([][]rewrite.MergeVariant, len(srcs)) // per file, per variant
	var res *RewriteResult
	for s, set := range sets {
		done := make([][]rewrite.MergeVariant, len(set.vars)) // per variant, per file
		for i, v := range set.vars {
			// A variant of another's class, with the same family
			// layouts, rewrites as that one did.
			if r := classes[s].of(i, variantOpts(set, v).PP.Defines); r != i && done[r] != nil && (s > 0 || sameApplied(applied[r], applied[i])) {
				for f := range srcs {
					mv := done[r][f]
					mv.Fallback = defineCondition(names[s], v)
					per[f] = append(per[f], mv)
				}
				done[i] = done[r]
				continue
			}
			var edits [][]rewrite.Edit
			h := &rewriteHooks{guards: map[string]string{}, parsed: &parsed[s][i], edits: &edits}
			o := variantOpts(set, v)
			switch {
			case set.both:
				h.apply = applied[i]
			case set.stage == ir.Vertex:
				o.Layout = &layoutfile.File{Name: set.name, Interfaces: []layoutfile.Interface{*applied[i][opts.VSEntry]}}
			default:
				o.Layout = &layoutfile.File{Name: vsSet.name, Interfaces: family}
			}
			r, err := rewriteHooked(srcs, o, h)
			if err != nil {
				errs = append(errs, inVariant(v, err)...)
				continue
			}
			var rewrote []string
			for _, fe := range edits {
				for _, e := range fe {
					if !slices.Contains(rewrote, e.Entry) {
						rewrote = append(rewrote, e.Entry)
					}
				}
			}
			for f := range srcs {
				mv := rewrite.MergeVariant{Edits: edits[f], Rewrote: rewrote, Guards: h.guards, Stage: set.cond, Fallback: defineCondition(names[s], v)}
				per[f] = append(per[f], mv)
				done[i] = append(done[i], mv)
			}
			classes[s].add(i, variantOpts(set, v).PP.Defines, parsed[s][i].units)
			if !set.both {
				// A stage alone notes the layout file it applies: here,
				// the family, which the notes of pass 2 describe.
				r.Notes = nil
			}
			if res == nil {
				res = r
				continue
			}
			for _, d := range r.Deps {
				if !slices.Contains(res.Deps, d) {
					res.Deps = append(res.Deps, d)
				}
			}
			if !set.both && set.stage == ir.Pixel && i == 0 {
				res.Pairs = append(res.Pairs, r.Pairs...)
				notes = append(notes, ir.Note{Pos: r.Pairs[0].PSLayout.Sig.Pos, Msg: fmt.Sprintf("%s: the %d variants of %s read the family's registers, each from the vertex variants that write everything it reads",
					opts.PSEntry, len(set.vars), set.name)})
			}
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	listOf := func(entry string) string {
		for _, set := range sets {
			if set.both || (set.stage == ir.Vertex) == (entry == opts.VSEntry) {
				return set.name
			}
		}
		return sets[0].name
	}
	merged := make([][]byte, len(srcs))
	for f := range srcs {
		m, err := rewrite.Merge(srcs[f].Name, srcs[f].Src, per[f], func(entries []string) string { return errorMessage(entries, listOf) })
		if err != nil {
			return nil, err
		}
		merged[f] = m
	}
	if opts.verifyMerge {
		// Each variant compiles the merge as it would its own rewrite:
		// the same tokens once preprocessed with its definitions.
		k := 0
		for _, set := range sets {
			for _, v := range set.vars {
				o := variantOpts(set, v)
				for f := range srcs {
					own := rewrite.ApplyEdits(srcs[f].Src, per[f][k].Edits)
					if a, b := tokenTexts(srcs[f].Name, own, o.PP), tokenTexts(srcs[f].Name, merged[f], o.PP); !slices.Equal(a, b) {
						return nil, fmt.Errorf("internal error: variant %s of %s reads the merge otherwise than its own rewrite", v.Name, srcs[f].Name)
					}
				}
				k++
			}
		}
		// And a variant taken for another (variantClasses) preprocesses
		// every source into that one's tokens.
		for s, set := range sets {
			for i, v := range set.vars {
				r := classes[s].rep[i]
				if r == i {
					continue
				}
				for f := range srcs {
					if a, b := tokenTexts(srcs[f].Name, srcs[f].Src, variantOpts(set, v).PP), tokenTexts(srcs[f].Name, srcs[f].Src, variantOpts(set, set.vars[r]).PP); !slices.Equal(a, b) {
						return nil, fmt.Errorf("internal error: variant %s was taken for %s, which preprocesses %s otherwise", v.Name, set.vars[r].Name, srcs[f].Name)
					}
				}
			}
		}
	}
	relocateOutputs(srcs, merged, paths)
	res.Outputs = merged
	// The first variant's notes stand for every variant's, but for what
	// it packed: the family notes say that of all of them.
	res.Notes = append(notes, slices.DeleteFunc(res.Notes, func(n ir.Note) bool { return n.Packed })...)
	if layoutOut {
		res.Interfaces = family
	}
	return res, nil
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
