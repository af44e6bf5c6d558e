package main

import (
	"bytes"
	"errors"
	"path/filepath"
	"slices"

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
	if len(files) == 1 && !named {
		if code, done := e.linkEffect(files[0]); done {
			return code
		}
	}
	if e.outDir != "" {
		return e.usageError("--out-dir writes the passes of an effect; for one pair use --vs-out and --ps-out")
	}
	if len(files) == 1 {
		files = append(files, files[0])
	}
	return e.linkFiles(files[0], files[1])
}

// linkFiles packs the vertex outputs and derives the pixel inputs.
func (e *env) linkFiles(vsFile, psFile string) int {
	vu, err := e.load(vsFile, e.vsDefines...)
	if err != nil {
		return e.report(err)
	}
	pu := vu
	if psFile != vsFile || len(e.vsDefines)+len(e.psDefines) > 0 {
		if psFile == "-" {
			return e.report(fileError(stdinName, "standard input is read once: with --vs-define or --ps-define, give the file by name"))
		}
		if pu, err = e.load(psFile, e.psDefines...); err != nil {
			return e.report(err)
		}
	}
	vl, pl, warnings, err := driver.LinkPair(vu, pu, driver.PairOptions{
		VS: driver.Selector{Struct: e.vsStruct, Entry: e.vsEntry}, PS: driver.Selector{Struct: e.psStruct, Entry: e.psEntry},
		Strategy: e.strat, Indexed: e.indexed, Layout: e.layoutFile, Cons: e.cons(),
	})
	e.warn(warnings...)
	if err != nil {
		return e.report(err)
	}
	e.notes(driver.OmittedNotes(pl, vl))
	r := result{deps: vu.PP.Files}
	for _, f := range pu.PP.Files {
		if !slices.Contains(r.deps, f) {
			r.deps = append(r.deps, f)
		}
	}
	panels := []emit.MapPanel{{Heading: "vertex shader " + vl.Sig.Name, Layout: vl}, {Heading: "pixel shader " + pl.Sig.Name, Layout: pl}}
	if r.side, err = e.sides(vsFile, 2, panels, iface(vl, pl.Sig.Name)); err != nil {
		return e.report(err)
	}
	if e.vsOut != "" {
		vb, pb, err := emit.PairApart(e.format, vl, vu.Name, pl, pu.Name, relToWorkDir(vu.Name))
		if err != nil {
			return e.report(err)
		}
		r.files = []fileWrite{{path: e.vsOut, data: vb}, {path: e.psOut, data: pb}}
		return e.finish(r)
	}
	var b bytes.Buffer
	if err := emit.Pair(&b, e.format, vl, vu.Name, pl, pu.Name, relToWorkDir(vu.Name)); err != nil {
		return e.report(err)
	}
	r.text = b.Bytes()
	return e.finish(r)
}

// linkEffect links every pass of an effect file. done is false when the
// file has no pass to link: link then treats it as one pair.
func (e *env) linkEffect(file string) (code int, done bool) {
	src, name, err := e.readInput(file)
	if err != nil {
		return e.report(err), true
	}
	res, err := driver.LinkEffect(driver.Source{Name: name, Src: src}, driver.LinkOptions{
		PP: e.ppOptions(), Strategy: e.strat, MixColor: e.mixColor, Portable: e.portable,
		TexcoordNames: e.semantics == "texcoord", Layout: e.layoutFile,
	})
	if errors.Is(err, driver.ErrNoPasses) && (res == nil || len(res.Notes) == 0) {
		return 0, false
	}
	if res != nil {
		e.warn(res.Warnings...)
	}
	switch {
	case err != nil:
		return e.report(err), true
	case e.vsOut != "":
		return e.usageError("--vs-out and --ps-out write one pair; an effect's passes go to --out-dir=DIR"), true
	case e.registers > 0:
		return e.usageError("--registers applies to one pair, not to an effect's passes"), true
	case len(e.indexed) > 0:
		return e.usageError("--indexed applies to one pair, not to an effect's passes"), true
	case e.depfile != "" && e.outDir == "":
		return e.usageError("--depfile needs --out-dir for an effect's passes"), true
	}
	e.notes(res.Notes)
	var passes []emit.PassLayouts
	for _, p := range res.Passes {
		passes = append(passes, emit.PassLayouts{Technique: p.Technique, Pass: p.Pass, VS: p.VSLayout, PS: p.PSLayout, VSName: p.VS, Pos: p.Pos})
	}
	r := result{deps: res.Deps}
	if r.side, err = e.sides(name, 2, emit.EffectPanels(passes), func() ([]layoutfile.Interface, error) { return driver.EffectInterfaces(res.Passes) }); err != nil {
		return e.report(err), true
	}
	if e.outDir != "" {
		files, err := emit.EffectFiles(e.format, name, relToWorkDir(name), passes)
		if err != nil {
			return e.report(err), true
		}
		for _, f := range files {
			r.files = append(r.files, fileWrite{path: filepath.Join(e.outDir, f.Name), data: f.Data})
		}
		return e.finish(r), true
	}
	var b bytes.Buffer
	if err := emit.Effect(&b, e.format, name, relToWorkDir(name), passes); err != nil {
		return e.report(err), true
	}
	r.text = b.Bytes()
	return e.finish(r), true
}

// linkVariants is shpack link --variants=FILE VS [PS].
func (e *env) linkVariants(files []string) int {
	if e.vsOut != "" {
		return e.usageError("--variants writes one block pair per variant: use --out-dir=DIR")
	}
	vars, srcs, err := e.variantInputs(files)
	if err != nil {
		return e.report(err)
	}
	if len(srcs) == 1 {
		srcs = append(srcs, srcs[0])
	}
	pairs, fl, err := driver.LinkVariants(srcs[0], srcs[1], e.ppOptions(e.vsDefines...), e.ppOptions(e.psDefines...), vars,
		driver.Selector{Struct: e.vsStruct, Entry: e.vsEntry}, driver.Selector{Struct: e.psStruct, Entry: e.psEntry}, e.cons())
	if err != nil {
		return e.report(err)
	}
	var vl []emit.VariantLayouts
	for i, p := range pairs {
		vl = append(vl, emit.VariantLayouts{Name: p.Variant.Name, Defines: p.Variant.Defines, Own: fl.Own[i], VS: p.VS, PS: p.PS})
	}
	return e.writeVariants(srcs[0].Name, fl, vl)
}
