package main

import (
	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/internal/outfile"
	"github.com/shpack/shpack/layoutfile"
)

var rewriteCommand = &command{
	name:    "rewrite",
	usage:   "[flags] FILE...",
	summary: "rewrite HLSL/effect files so that shaders with too many interpolators build, packed",
	about: `Rewrites HLSL or effect files so that each vertex shader that runs out of
vs_3_0 output registers ("too many interpolators") writes its outputs packed,
and the pixel shaders it feeds read them, under the same entry-point names,
with the same parameters and techniques: the files build as before.

Each entry function is edited in place: before it comes a struct with one
member per packed register and a macro; the vertex shader returns the
packed struct (each return goes through the macro, out parameters become
locals), the pixel shader takes it and declares its parameters as locals
filled from it. Nothing is copied that the original did not copy. A
function that other functions also call keeps a copy of the original
(NAME_unpacked) for them. #line directives keep compiler messages pointing
at your file and line.

Pairs come from the techniques (VertexShader = compile vs_3_0 VS(...);
PixelShader = compile ps_3_0 PS(...); also SetVertexShader(CompileShader(...))
and shader variables), or from --vs-entry and --ps-entry; one of them alone
rewrites that stage alone, through a layout file:
  shpack rewrite --vs-entry=main --layout-out=foo.layout -o out/FooV.hlsl FooV.hlsl
  shpack rewrite --ps-entry=main --layout=foo.layout -o out/FooP.hlsl FooP.hlsl
Every pass that uses a rewritten shader is rewritten with it. A file with
nothing to rewrite is written back byte for byte. As a compiler, shpack
says little: one note per vertex shader it packed (-v: what it left alone,
and why).
`,
	after: `Exit status: 0 success; 1 errors in the input (nothing is written); 2 bad
command line.
`,
	flags: "vs-entry ps-entry all variants vs-variants ps-variants strategy mix-color semantics o out-dir svg layout-out layout depfile touch front",
	help: map[string]string{
		"vs-entry":    "`NAME` the vertex shader of the pair to rewrite (the two may be in two files, even under one name: the vertex shader is the one that writes POSITION); alone, with a layout file, it rewrites that stage alone",
		"ps-entry":    "`NAME` the pixel shader of the pair; alone, with --layout, it rewrites that stage alone",
		"variants":    "`FILE` rewrite every permutation of the variants file (lines NAME: -DFOO -DBAR=2) into ONE source that compiles for each with its own -D flags: the vertex outputs of all variants packed as one family, so any variant's pixel shader reads any variant's vertex shader; each generated block under #if conditions on the macros the interface depends on; another permutation compiles if its interface is one of theirs and stops at an #error otherwise",
		"out-dir":     "`DIR` write one output per input into DIR, with the input's base name",
		"layout-out":  "`FILE` also write the layouts planned as a layout file (schema shpack.interface/1, docs/json.md), for a stage built in another step; implies --all",
		"vs-variants": "`FILE` with --ps-variants: each stage's own list of permutations (Urho3D's VS and PS defines): the vertex shader of --vs-entry in every permutation of one file, the pixel shader of --ps-entry in every permutation of the other, one source for both; a macro every line of one file defines and no line of the other (COMPILEVS, COMPILEPS) tells the stages apart",
	},
	run: (*env).runRewrite,
}

func (e *env) runRewrite(files []string) int {
	vs, ps, lay := e.vsEntry != "", e.psEntry != "", e.layoutIn != ""
	stageVariants := e.vsVariants != "" || e.psVariants != ""
	switch {
	case len(files) == 0:
		return e.usageError("rewrite: no input file")
	case vs && !ps && !lay && e.layoutOut == "" && e.vsVariants == "":
		return e.usageError("rewrite: --vs-entry alone rewrites the vertex stage alone: give --layout-out=FILE to record its layout for the pixel stage (or --layout=FILE to apply one), or --ps-entry too")
	case ps && !vs && !lay && e.psVariants == "":
		return e.usageError("rewrite: --ps-entry alone rewrites the pixel stage alone: give --layout=FILE, the layout file of its vertex shader (--layout-out), or --vs-entry too")
	case ps && !vs && e.layoutOut != "":
		return e.usageError("rewrite: --layout-out records a vertex shader's layout; a pixel stage alone applies one (--layout)")
	case lay && vs == ps:
		return e.usageError("rewrite: --layout applies to one stage rewritten alone: give --vs-entry or --ps-entry, not both")
	case len(files) > 1 && e.outDir == "":
		return e.usageError("rewrite: %d input files need --out-dir=DIR (one output per input)", len(files))
	case e.variants != "" && (lay || vs != ps):
		return e.usageError("rewrite: --variants rewrites pairs (both --vs-entry and --ps-entry, or the techniques), without --layout")
	case stageVariants && e.variants != "":
		return e.usageError("rewrite: --variants lists the permutations of both stages; --vs-variants and --ps-variants list each stage's: give one or the others")
	case stageVariants && (e.vsVariants == "" || e.psVariants == "" || !vs || !ps || lay):
		return e.usageError("rewrite: --vs-variants and --ps-variants go together, with --vs-entry and --ps-entry, without --layout")
	}
	if err := e.readLayout(); err != nil {
		return e.report(err)
	}
	outputs := []string{e.out}
	if e.outDir != "" {
		var err error
		if outputs, err = outfile.DirNames(files, e.outDir, ""); err != nil {
			return e.usageError("%v", err)
		}
	}
	srcs, err := e.readSources(files)
	if err != nil {
		return e.report(err)
	}
	ropts := driver.RewriteOptions{
		Packing: e.packing(), PP: e.ppOptions(),
		All: e.all, VSEntry: e.vsEntry, PSEntry: e.psEntry,
		LayoutOut: e.layoutOut != "", OutputPaths: outputs,
	}
	for _, l := range []struct {
		file string
		to   *[]driver.Variant
	}{{e.variants, &ropts.Variants}, {e.vsVariants, &ropts.VSVariants}, {e.psVariants, &ropts.PSVariants}} {
		if l.file == "" {
			continue
		}
		if *l.to, err = e.loadVariants(l.file); err != nil {
			return e.report(err)
		}
	}
	res, err := driver.Rewrite(srcs, ropts)
	if res != nil {
		e.warn(res.Warnings...)
	}
	if err != nil {
		return e.report(err)
	}
	e.notes(res.Notes)
	r := result{deps: res.Deps}
	if r.side, err = e.sides(srcs[0].Name, 2, res.Panels, func() ([]layoutfile.Interface, error) { return res.Interfaces, nil }); err != nil {
		return e.report(err)
	}
	if e.outDir == "" {
		r.text = res.Outputs[0]
		return e.finish(r)
	}
	for i, out := range outputs {
		r.files = append(r.files, fileWrite{path: out, data: res.Outputs[i]})
	}
	return e.finish(r)
}
