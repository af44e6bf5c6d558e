package driver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
)

// The link graph: which entry functions of the sources the passes of their
// techniques (or the caller) put together. A vertex shader used by several
// passes, and the pixel shaders they pair it with, and the vertex shaders
// those are paired with in turn, form one linked set: the set must agree
// on one layout of every semantic a pixel shader of it reads, so it is
// laid out as a whole (setLayouts).

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
// caller) links, with the profiles the pass compiles them for.
type pair struct {
	vs, ps               node
	vsProfile, psProfile string
	tech, pass           string
	pos                  ir.Pos // the pass, or the zero Pos for the caller's pair
	explicit             bool   // the caller's pair
}

// graph holds the parsed sources, their techniques' uses and pairs, and
// the entry points lowered so far.
type graph struct {
	srcs  []Source
	units []*hlsl.Unit
	uses  []use
	// usesOf indexes uses by the node they set (collect), so that a
	// linked set's check costs its own uses.
	usesOf map[node][]int
	pairs  []pair
	eps    map[node]*hlsl.EntryPoint
	errs   ir.ErrorList
	// named are the entry points the caller named, which a misspelt
	// name is not taken for (--ps-entry=MainPs is not MainVS).
	named []string
}

func newGraph(srcs []Source, units []*hlsl.Unit) *graph {
	return &graph{srcs: srcs, units: units, eps: map[node]*hlsl.EntryPoint{}}
}

// collect records every shader use of the techniques and every pass that
// sets both a vertex and a pixel shader compiled from functions, whatever
// their profiles.
func (g *graph) collect() {
	defer func() {
		g.usesOf = map[node][]int{}
		for i, u := range g.uses {
			n := node{u.file, u.ref.Entry, u.stage}
			g.usesOf[n] = append(g.usesOf[n], i)
		}
	}()
	for fi, u := range g.units {
		for _, t := range u.Techniques() {
			for _, p := range t.Passes {
				for _, r := range p.VS {
					g.uses = append(g.uses, use{t.Name, p.Name, p.Pos, r, ir.Vertex, fi, p.PS})
				}
				for _, r := range p.PS {
					g.uses = append(g.uses, use{t.Name, p.Name, p.Pos, r, ir.Pixel, fi, p.VS})
				}
				for _, vs := range p.VS {
					for _, ps := range p.PS {
						if vs.Entry != "" && ps.Entry != "" {
							g.pairs = append(g.pairs, pair{
								vs: node{fi, vs.Entry, ir.Vertex}, ps: node{fi, ps.Entry, ir.Pixel},
								vsProfile: vs.Profile, psProfile: ps.Profile,
								tech: t.Name, pass: p.Name, pos: p.Pos,
							})
						}
					}
				}
			}
		}
	}
}

// addExplicit adds the caller's vs_3_0/ps_3_0 pair of entry functions,
// each looked up in every source.
func (g *graph) addExplicit(vsName, psName string) {
	g.named = []string{vsName, psName}
	vs, okV := g.find(vsName, ir.Vertex)
	if !okV && psName == vsName {
		return // one name in several files: the vertex side said why
	}
	ps, okP := g.find(psName, ir.Pixel)
	if okV && okP {
		g.pairs = append(g.pairs, pair{vs: vs, ps: ps, vsProfile: "vs_3_0", psProfile: "ps_3_0", explicit: true})
	}
}

// find locates the one source that defines the entry point name.
func (g *graph) find(name string, stage ir.Stage) (node, bool) {
	var found []node
	for fi, u := range g.units {
		if _, err := u.EntryPoint(name); notFound(err) == nil {
			found = append(found, node{fi, name, stage})
		}
	}
	switch len(found) {
	case 0:
		var files, funcs []string
		for i, s := range g.srcs {
			files = append(files, s.Name)
			for _, f := range g.units[i].Functions() {
				if !slices.Contains(g.named, f) {
					funcs = append(funcs, f)
				}
			}
		}
		msg := fmt.Sprintf("no function named %s in %s", name, strings.Join(files, ", "))
		if hint := ir.SuggestName(name, funcs); hint != "" {
			msg += "; did you mean " + hint + "?"
		}
		g.errs = append(g.errs, &ir.Error{Pos: ir.Pos{File: g.srcs[0].Name}, Msg: msg})
		return node{}, false
	case 1:
		// One file defines it: it must be of the stage looked for. A
		// pixel shader named as the vertex shader is (--ps-entry=main,
		// where only the vertex file has a main) would be one function
		// rewritten as both.
		if ep, err := g.entry(found[0]); err == nil && ep.Out.HasPosition0() != (stage == ir.Vertex) {
			g.errs = append(g.errs, g.wrongStage(found[0], ep, stage))
			return node{}, false
		}
		return found[0], true
	}
	// The same name in several files (Torque3D's and the Source SDK's
	// main in FooV.hlsl and FooP.hlsl): the entry point of the stage is
	// the one whose outputs say it is of that stage, a vertex shader's
	// with POSITION0, a pixel shader's without, if only one does.
	var staged []node
	var unread ir.ErrorList // the definitions that cannot be read say why
	for _, n := range found {
		ep, err := g.entry(n)
		if err == nil && ep.Out.HasPosition0() == (stage == ir.Vertex) {
			staged = append(staged, n)
		}
		unread = append(unread, ir.Errors(err)...)
	}
	switch {
	case len(staged) == 1:
		return staged[0], true
	case len(staged) == 0 && len(unread) > 0:
		g.errs = append(g.errs, unread...)
		return node{}, false
	}
	a, b := g.srcs[found[0].file].Name, g.srcs[found[1].file].Name
	e := &ir.Error{Pos: ir.Pos{File: b}, Msg: fmt.Sprintf("%s is defined in %s and in %s: shpack cannot tell which one is the entry point", name, a, b)}
	if len(staged) == 0 {
		// Neither is of the stage: say so, and which includes were
		// skipped, where a semantic's macro (TORQUE_POSITION) may be.
		does := "neither writes POSITION, as a vertex shader does"
		if stage == ir.Pixel {
			does = "both write POSITION, as a vertex shader does"
		}
		e.Msg = fmt.Sprintf("%s is defined in %s and in %s, and %s: shpack cannot tell which one is the %s shader", name, a, b, does, stageName(stage))
		for _, n := range found {
			for _, w := range g.units[n.file].PP.Warnings {
				if strings.HasPrefix(w.Msg, "include file ") {
					e.Notes = append(e.Notes, ir.Note{Pos: w.Pos, Msg: w.Msg + ": what it defines may be what tells them apart"})
				}
			}
		}
	}
	g.errs = append(g.errs, e)
	return node{}, false
}

// wrongStage says that the only function of a name is of the other stage
// than the one looked for.
func (g *graph) wrongStage(n node, ep *hlsl.EntryPoint, want ir.Stage) *ir.Error {
	is, writes := "a vertex shader", "it writes POSITION"
	if want == ir.Vertex {
		is, writes = "not a vertex shader", "it writes no POSITION"
	}
	var others []string
	for i, s := range g.srcs {
		if i != n.file {
			others = append(others, s.Name)
		}
	}
	where := ""
	if len(others) > 0 {
		where = fmt.Sprintf("; %s defines no function named %s", strings.Join(others, ", "), n.name)
	}
	return ir.Errorf(ep.Pos, nil, "%s is %s (%s), so it cannot be the %s shader of the pair%s", n.name, is, writes, stageName(want), where)
}

// stageName names a stage in messages.
func stageName(s ir.Stage) string {
	if s == ir.Vertex {
		return "vertex"
	}
	return "pixel"
}

// entry returns a node's entry point, lowering it once.
func (g *graph) entry(n node) (*hlsl.EntryPoint, error) {
	if ep, ok := g.eps[n]; ok {
		return ep, nil
	}
	ep, err := g.units[n.file].EntryPoint(n.name)
	if err != nil {
		return nil, err
	}
	g.eps[n] = ep
	return ep, nil
}

// components groups pairs into linked sets, in the order their first pair
// appears.
func components(pairs []pair) [][]pair {
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
	for _, p := range pairs {
		a, b := findRoot(p.vs), findRoot(p.ps)
		if a != b {
			parent[b] = a
		}
	}
	var roots []node
	byRoot := map[node][]pair{}
	for _, p := range pairs {
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

// where describes a pair: "technique T, pass P" or "the pair VS/PS".
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

// context prefixes the diagnostics of err with the pass they are about
// ("technique T, pass P: ...").
func (p pair) context(err error) ir.ErrorList {
	errs := ir.Errors(err)
	if errs == nil {
		return ir.ErrorList{&ir.Error{Pos: p.pos, Msg: fmt.Sprintf("%s: %v", p.where(), err)}}
	}
	if p.explicit {
		return errs
	}
	out := make(ir.ErrorList, len(errs))
	for i, e := range errs {
		c := *e
		c.Msg = p.where() + ": " + e.Msg
		out[i] = &c
	}
	return out
}

// checkUses refuses to change the layout of shaders that some pass uses
// in a way the change would break: compiled for another profile, or paired
// with a shader of the other stage that is not laid out with them.
func (g *graph) checkUses(comp []pair) ir.ErrorList {
	var errs ir.ErrorList
	in := map[node]bool{}
	linked := map[[2]node]bool{}
	for _, p := range comp {
		in[p.vs], in[p.ps] = true, true
		linked[[2]node{p.vs, p.ps}] = true
	}
	var nodes []node
	for _, p := range comp {
		for _, n := range []node{p.vs, p.ps} {
			if !slices.Contains(nodes, n) {
				nodes = append(nodes, n)
			}
		}
	}
	var idx []int
	for _, n := range nodes {
		idx = append(idx, g.usesOf[n]...)
	}
	slices.Sort(idx)
	for _, i := range idx {
		u := g.uses[i]
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
			errs = append(errs, ir.Errorf(u.ref.EntryPos, nil, "%s compiles %s for %s, but %s must be packed for %s: the rewritten %s would not link here (give this pass a shader of its own)",
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
				errs = append(errs, ir.Errorf(u.ref.EntryPos, nil, "%s pairs %s with %s, which is not rewritten with it: the pair would not link",
					where, u.ref.Entry, what))
			}
		}
	}
	return errs
}

// sm3 reports whether a pair is a vs_3_0/ps_3_0 pair.
func (p pair) sm3() bool { return p.vsProfile == "vs_3_0" && p.psProfile == "ps_3_0" }

// only keeps the pairs f accepts.
func only(pairs []pair, f func(pair) bool) []pair {
	var out []pair
	for _, p := range pairs {
		if f(p) {
			out = append(out, p)
		}
	}
	return out
}

// hasExplicit reports whether a set holds the caller's pair.
func hasExplicit(comp []pair) bool {
	return slices.ContainsFunc(comp, func(p pair) bool { return p.explicit })
}
