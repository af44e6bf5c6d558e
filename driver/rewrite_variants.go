package driver

import (
	"fmt"
	"slices"
	"strconv"
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
//  1. Each variant is rewritten on its own, for the layouts it plans.
//  2. The vertex outputs of each vertex shader, across the variants, are
//     packed as one family (pack.Family): a semantic has one declared
//     semantic and one set of components in every variant that has it,
//     so the pixel shader of any variant reads the vertex shader of any
//     variant that writes what it reads (vs_3_0 and ps_3_0 link by
//     declared semantic).
//  3. Each variant is rewritten again with its family layouts applied,
//     its generated blocks marked (rewrite.Plan.Markers), and the merge
//     keeps the text the variants share once and puts each block
//     between #if conditions: a variant's condition states the macros
//     its interface depends on (the permutation guard's), so a
//     permutation that is not listed compiles when its interface is one
//     of theirs, and stops at an #error naming the variants file
//     otherwise. The text outside the blocks must be the same in every
//     variant (the edits of a function header or its returns); where it
//     is not, the merge refuses, naming the variants and the line.

// RewriteVariants is Rewrite for every variant of vars at once (see
// above). opts.All is implied: a variant that fits is rewritten too, so
// that any variant's pixel shader reads any variant's vertex shader.
// varsName names the variants file in messages and in the #error.
func RewriteVariants(srcs []Source, opts RewriteOptions, vars []Variant, varsName string) (*RewriteResult, error) {
	if len(vars) == 0 {
		return nil, fmt.Errorf("driver: no variants")
	}
	if (opts.VSEntry == "") != (opts.PSEntry == "") || opts.Layout != nil || opts.LayoutOut {
		return nil, fmt.Errorf("driver: variants are rewritten as pairs (both entries or techniques), without layout files")
	}
	opts.All = true
	if opts.Strategy == nil {
		opts.Strategy = pack.Optimal{}
	}
	variantOpts := func(v Variant) RewriteOptions {
		o := opts
		o.PP.Defines = append(slices.Clone(opts.PP.Defines), v.Defines...)
		return o
	}
	// 1. Each variant alone: its vertex shaders' signatures.
	type vsKey struct {
		file int
		name string
	}
	sigs := map[vsKey][]*ir.Signature{} // per vertex shader, per variant
	var order []vsKey
	var links []pair // every pair rewritten, in every variant
	var errs ir.ErrorList
	parsed := make([]parsedSources, len(vars)) // each variant's, for pass 3
	for vi, v := range vars {
		res, err := rewriteHooked(srcs, variantOpts(v), &rewriteHooks{planOnly: true, parsed: &parsed[vi]})
		if err != nil {
			errs = append(errs, inVariant(v, err)...)
			continue
		}
		seen := map[vsKey]bool{}
		for _, p := range res.Pairs {
			if !p.Rewritten {
				continue
			}
			links = append(links, pair{vs: node{p.vsFile, p.VS, ir.Vertex}, ps: node{p.psFile, p.PS, ir.Pixel}})
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
		if len(sigs[k]) != len(vars) {
			return nil, ir.ErrorList{ir.Errorf(ir.Pos{File: srcs[k.file].Name}, nil, "%s is rewritten in %d of the %d variants of %s: each variant must have the same pairs", k.name, len(sigs[k]), len(vars), varsName)}
		}
	}
	// 2. One family per linked set (vertex shaders that feed one pixel
	// shader), over every variant of each: a semantic at one place in all.
	cons := ir.Constraints{MixColor: opts.MixColor, Portable: true, TexcoordNames: opts.TexcoordNames}
	applied := make([]map[string]*layoutfile.Interface, len(vars))
	for i := range applied {
		applied[i] = map[string]*layoutfile.Interface{}
	}
	var notes []ir.Note
	for _, comp := range components(links) {
		var group []vsKey
		for _, p := range comp {
			if k := (vsKey{p.vs.file, p.vs.name}); !slices.Contains(group, k) {
				group = append(group, k)
			}
		}
		var famSigs []*ir.Signature
		var labels []string
		for _, k := range group {
			for i, v := range vars {
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
			for i := range vars {
				m := g*len(vars) + i
				it, err := layoutfile.FromLayout(fl.Layouts[m], []string{k.name}, nil)
				if err != nil {
					return nil, err
				}
				applied[i][k.name] = &it
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
			notes = append(notes, ir.Note{Pos: sigs[k][0].Pos, Msg: fmt.Sprintf("%s: %d variants share one layout%s; general registers: %s", k.name, len(vars), with, strings.Join(own, ", "))})
		}
	}
	// 3. Each variant with its family layouts, merged.
	outs := make([][][]byte, len(vars)) // per variant, per source
	conds := make([]map[string]string, len(vars))
	var res *RewriteResult
	for i, v := range vars {
		h := &rewriteHooks{apply: applied[i], markers: true, guards: map[string]string{}, parsed: &parsed[i]}
		r, err := rewriteHooked(srcs, variantOpts(v), h)
		if err != nil {
			errs = append(errs, inVariant(v, err)...)
			continue
		}
		outs[i], conds[i] = r.Outputs, h.guards
		if res == nil {
			res = r
		} else {
			for _, d := range r.Deps {
				if !slices.Contains(res.Deps, d) {
					res.Deps = append(res.Deps, d)
				}
			}
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	merged := make([][]byte, len(srcs))
	for f := range srcs {
		var per [][]byte
		for i := range vars {
			per = append(per, outs[i][f])
		}
		m, err := mergeVariants(srcs[f].Name, per, vars, conds, varsName)
		if err != nil {
			return nil, err
		}
		merged[f] = m
	}
	res.Outputs = merged
	res.Notes = append(notes, res.Notes...)
	return res, nil
}

// A variantText is one variant's rewrite of a file cut at its markers:
// texts[k] comes before blocks[k], and texts has one more.
type variantText struct {
	texts  []string
	blocks []string
	keys   []string
}

// cutMarkers cuts a rewrite made with rewrite.Plan.Markers.
func cutMarkers(b []byte) (variantText, error) {
	var vt variantText
	s := string(b)
	for {
		i := strings.Index(s, rewrite.BlockBegin)
		if i < 0 {
			vt.texts = append(vt.texts, s)
			return vt, nil
		}
		vt.texts = append(vt.texts, s[:i])
		s = s[i+len(rewrite.BlockBegin):]
		nl := strings.IndexByte(s, '\n')
		j := strings.Index(s, rewrite.BlockEnd)
		if nl < 0 || j < nl {
			return vt, fmt.Errorf("internal error: an unterminated generated block")
		}
		vt.keys = append(vt.keys, strings.TrimRight(s[:nl], "\r"))
		vt.blocks = append(vt.blocks, s[nl+1:j])
		s = s[j+len(rewrite.BlockEnd):]
		s = strings.TrimPrefix(strings.TrimPrefix(s, "\r"), "\n")
	}
}

// mergeVariants merges the rewrites of one file (one per variant).
func mergeVariants(name string, per [][]byte, vars []Variant, conds []map[string]string, varsName string) ([]byte, error) {
	cuts := make([]variantText, len(per))
	for i, b := range per {
		c, err := cutMarkers(b)
		if err != nil {
			return nil, err
		}
		cuts[i] = c
	}
	first := cuts[0]
	for i := 1; i < len(cuts); i++ {
		c := cuts[i]
		if !slices.Equal(c.keys, first.keys) {
			return nil, ir.ErrorList{ir.Errorf(ir.Pos{File: name}, nil, "variants %s and %s rewrite other functions here (%s against %s): one source cannot hold both",
				vars[0].Name, vars[i].Name, strings.Join(first.keys, ", "), strings.Join(c.keys, ", "))}
		}
		for k := range c.texts {
			if c.texts[k] != first.texts[k] {
				line := 1 + strings.Count(strings.Join(first.texts[:k], ""), "\n")
				for _, b := range first.blocks[:k] {
					line += strings.Count(b, "\n")
				}
				a, b := first.texts[k], c.texts[k]
				n := 0
				for n < len(a) && n < len(b) && a[n] == b[n] {
					n++
				}
				line += strings.Count(a[:n], "\n")
				what := "the source"
				if k > 0 {
					entry, _, _ := strings.Cut(first.keys[k-1], "#")
					what = entry
				}
				return nil, ir.ErrorList{ir.Errorf(ir.Pos{File: name}, nil, "variants %s and %s edit %s differently (line %d of the rewrite of %s): its header, parameter list or returns depend on macros, and one source cannot hold both edits; rewrite the variants apart",
					vars[0].Name, vars[i].Name, what, line, vars[0].Name)}
			}
		}
	}
	var b strings.Builder
	for k := range first.blocks {
		b.WriteString(first.texts[k])
		entry, _, _ := strings.Cut(first.keys[k], "#")
		writeVariantBlock(&b, entry, cuts, k, vars, conds, varsName)
	}
	b.WriteString(first.texts[len(first.texts)-1])
	return []byte(b.String()), nil
}

// writeVariantBlock writes block k of every variant under the conditions
// that select it.
func writeVariantBlock(b *strings.Builder, entry string, cuts []variantText, k int, vars []Variant, conds []map[string]string, varsName string) {
	nl := "\n"
	if strings.Contains(cuts[0].blocks[k], "\r\n") {
		nl = "\r\n"
	}
	type branch struct {
		text  string
		conds []string
	}
	var branches []*branch
	depends := false
	for i := range cuts {
		c, ok := conds[i][entry]
		if ok {
			depends = true
		}
		text := cuts[i].blocks[k]
		at := slices.IndexFunc(branches, func(br *branch) bool { return br.text == text })
		if at < 0 {
			branches = append(branches, &branch{text: text})
			at = len(branches) - 1
		}
		if c == "" {
			c = defineCondition(vars, i)
		}
		if !slices.Contains(branches[at].conds, c) {
			branches[at].conds = append(branches[at].conds, c)
		}
	}
	if len(branches) == 1 && !depends {
		b.WriteString(branches[0].text)
		return
	}
	for n, br := range branches {
		kw := "#elif "
		if n == 0 {
			kw = "#if "
		}
		var parts []string
		for _, c := range br.conds {
			parts = append(parts, "("+c+")")
		}
		b.WriteString(kw + strings.Join(parts, " || ") + nl + br.text)
	}
	msg := fmt.Sprintf("shpack rewrote %s for the variants of %s only, and this permutation is none of them: add it there and rewrite", entry, varsName)
	b.WriteString("#else" + nl + "#error " + strconv.Quote(msg) + nl + "#endif" + nl)
}

// defineCondition is the condition of variant i from the definitions
// alone: what it defines, and what the other variants define that it
// does not, for an interface whose dependence on them was not seen.
func defineCondition(vars []Variant, i int) string {
	var states []hlsl.MacroState // every macro a variant defines, as variant i has it
	for j, v := range vars {
		for _, d := range v.Defines {
			n, value, given := strings.Cut(d, "=")
			k := slices.IndexFunc(states, func(m hlsl.MacroState) bool { return m.Name == n })
			if k < 0 {
				states = append(states, hlsl.MacroState{Name: n})
				k = len(states) - 1
			}
			if j == i {
				states[k] = hlsl.MacroState{Name: n, Defined: true, Value: value, ValueRead: given}
			}
		}
	}
	var terms []string
	for _, m := range states {
		terms = append(terms, stateTerm(m))
	}
	if len(terms) == 0 {
		return "1"
	}
	return strings.Join(terms, " && ")
}
