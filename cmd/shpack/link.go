package main

import (
	"bytes"
	"path/filepath"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
)

var linkCommand = &command{
	name:    "link",
	usage:   "[flags] VS_FILE [PS_FILE]\n[flags] EFFECT.fx",
	summary: "pack a vertex shader's outputs and derive the pixel shader's inputs",
	about: `Packs a vertex shader's outputs once (vs_3_0) and derives the pixel shader's
inputs (ps_3_0) from the same layout, so the two declare every semantic with
the same grouping into registers and at the same component letters, as
Direct3D 9 requires ("Match Semantics"). The pixel shader may read a subset
of the vertex outputs; in the portable layout it reads each register under
the name the vertex side gave it. PS_FILE defaults to VS_FILE.

Given one file with techniques and no --vs-*/--ps-* flags, link links every
pass that sets a vertex and a pixel shader of a Direct3D 9 profile: each
vertex shader gets one layout in all its passes, and vertex shaders that
feed one pixel shader are packed as one family when their own layouts would
disagree on what it reads (a note says what that costs). SM1/SM2 passes sit
in fixed registers and are checked. The output is one block pair per pass
under a "// technique T, pass P" comment; --out-dir=DIR writes T.P.vsh and
T.P.psh (T.P.json with --format=json).
`,
	after: `Every linkage fault is an error positioned at the pixel input, with a note at
the vertex side: an input no vertex output provides, an input wider than its
output, and a register whose inputs would mix centroid and non-centroid.
`,
	flags:   "vs-struct vs-entry ps-struct ps-entry variants pack o vs-out ps-out out-dir format svg layout-out layout depfile touch front vs-define ps-define",
	formats: "asm|json|svg",
	fmtHelp: `asm: the vs block, a blank line, the ps block; json: {"vs": LAYOUT, "ps": LAYOUT} (an effect: {"passes": [...]}); svg: the two register maps side by side, a semantic in one colour on both (an effect: a pair per pass)`,
	help: map[string]string{
		"variants": "`FILE` link the pair in every #define permutation (see shpack --help): the vertex outputs of all variants are packed as one family, so the pixel shader of any variant reads the vertex shader of any variant that writes what it reads; one block pair per variant, --out-dir writes VS_FILE.VARIANT.vsh/.psh",
		"out-dir":  "`DIR` an effect's passes (or --variants): one file per pass and stage",
	},
	run: (*env).runLink,
}

func (e *env) runLink(files []string) int {
	switch {
	case len(files) == 0 || len(files) > 2:
		return e.usageError("link takes VS_FILE and optionally PS_FILE")
	case (e.vsOut == "") != (e.psOut == ""):
		return e.usageError("--vs-out and --ps-out go together")
	case e.depfile != "" && e.variants != "":
		return e.usageError("--depfile does not apply to --variants")
	case e.registers < 0 || e.registers > ir.VS30Out().General:
		return e.usageError("--registers=%d: link packs for vs_3_0 and ps_3_0, so the budget must be between 1 and 10", e.registers)
	}
	if msg := e.resolve(true, "vs_3_0"); msg != "" {
		return e.usageError("%s", msg)
	}
	if err := e.readLayout(); err != nil {
		return e.report(err)
	}
	if e.variants != "" {
		return e.linkVariants(files)
	}
	named := e.vsStruct != "" || e.vsEntry != "" || e.psStruct != "" || e.psEntry != ""
	if e.outDir != "" && (len(files) == 2 || named) {
		return e.usageError("--out-dir writes the passes of an effect; for one pair use --vs-out and --ps-out")
	}
	srcs, err := e.linkSources(files)
	if err != nil {
		return e.report(err)
	}
	res, err := driver.Link(srcs, e.linkOptions())
	if res != nil {
		e.warn(res.Warnings...)
	}
	if err != nil {
		return e.report(err)
	}
	if res.Passes != nil {
		return e.writeEffect(srcs[0].Name, res)
	}
	if e.outDir != "" {
		return e.usageError("--out-dir writes the passes of an effect; for one pair use --vs-out and --ps-out")
	}
	return e.writePair(srcs, res)
}

// linkSources reads a pair's files: one source when the two are one file
// (read once, standard input too).
func (e *env) linkSources(files []string) ([]driver.Source, error) {
	if len(files) == 2 && files[0] == files[1] {
		srcs, err := e.readSources(files[:1])
		if err != nil {
			return nil, err
		}
		return []driver.Source{srcs[0], srcs[0]}, nil
	}
	return e.readSources(files)
}

// linkOptions are Link's options of the flags: each stage's definitions
// after the common ones.
func (e *env) linkOptions() driver.LinkOptions {
	o := driver.LinkOptions{
		Packing: e.packing(), PP: e.ppOptions(e.vsDefines...),
		VS: driver.Selector{Struct: e.vsStruct, Entry: e.vsEntry}, PS: driver.Selector{Struct: e.psStruct, Entry: e.psEntry},
		LayoutOut: e.layoutOut != "",
	}
	if len(e.vsDefines)+len(e.psDefines) > 0 {
		pp := e.ppOptions(e.psDefines...)
		o.PixelPP = &pp
	}
	return o
}

// writePair prints or writes a linked pair.
func (e *env) writePair(srcs []driver.Source, res *driver.LinkResult) int {
	e.notes(res.Notes)
	vs, ps := srcs[0].Name, srcs[len(srcs)-1].Name
	r := result{deps: res.Deps}
	var err error
	if r.side, err = e.sides(vs, 2, res.Panels, func() ([]layoutfile.Interface, error) { return res.Interfaces, nil }); err != nil {
		return e.report(err)
	}
	if e.vsOut != "" {
		vb, pb, err := emit.PairApart(e.format, res.VS, vs, res.PS, ps, relToWorkDir(vs))
		if err != nil {
			return e.report(err)
		}
		r.files = []fileWrite{{path: e.vsOut, data: vb}, {path: e.psOut, data: pb}}
		return e.finish(r)
	}
	var b bytes.Buffer
	if err := emit.Pair(&b, e.format, res.VS, vs, res.PS, ps, relToWorkDir(vs)); err != nil {
		return e.report(err)
	}
	r.text = b.Bytes()
	return e.finish(r)
}

// writeEffect prints or writes the linked passes of an effect.
func (e *env) writeEffect(name string, res *driver.LinkResult) int {
	switch {
	case e.vsOut != "":
		return e.usageError("--vs-out and --ps-out write one pair; an effect's passes go to --out-dir=DIR")
	case e.depfile != "" && e.outDir == "":
		return e.usageError("--depfile needs --out-dir for an effect's passes")
	}
	e.notes(res.Notes)
	var passes []emit.PassLayouts
	for _, p := range res.Passes {
		passes = append(passes, emit.PassLayouts{Technique: p.Technique, Pass: p.Pass, VS: p.VSLayout, PS: p.PSLayout, VSName: p.VS, Pos: p.Pos})
	}
	r := result{deps: res.Deps}
	var err error
	if r.side, err = e.sides(name, 2, res.Panels, func() ([]layoutfile.Interface, error) { return res.Interfaces, nil }); err != nil {
		return e.report(err)
	}
	if e.outDir != "" {
		files, err := emit.EffectFiles(e.format, name, relToWorkDir(name), passes)
		if err != nil {
			return e.report(err)
		}
		for _, f := range files {
			r.files = append(r.files, fileWrite{path: filepath.Join(e.outDir, f.Name), data: f.Data})
		}
		return e.finish(r)
	}
	var b bytes.Buffer
	if err := emit.Effect(&b, e.format, name, relToWorkDir(name), passes); err != nil {
		return e.report(err)
	}
	r.text = b.Bytes()
	return e.finish(r)
}

// linkVariants is shpack link --variants=FILE VS [PS].
func (e *env) linkVariants(files []string) int {
	if e.vsOut != "" {
		return e.usageError("--variants writes one block pair per variant: use --out-dir=DIR")
	}
	vars, err := e.loadVariants(e.variants)
	if err != nil {
		return e.report(err)
	}
	srcs, err := e.linkSources(files)
	if err != nil {
		return e.report(err)
	}
	o := e.linkOptions()
	o.Variants = vars
	res, err := driver.Link(srcs, o)
	if res != nil {
		e.warn(res.Warnings...)
	}
	if err != nil {
		return e.report(err)
	}
	return e.writeVariants(srcs[0].Name, res.Family, res.Variants, res.Notes, res.Interfaces)
}
