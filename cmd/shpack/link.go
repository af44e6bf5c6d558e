package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

const linkHelp = `Usage: shpack link [flags] VS_FILE [PS_FILE]
       shpack link [flags] EFFECT.fx

Packs a vertex shader's outputs once (vs_3_0) and derives the pixel shader's
inputs (ps_3_0) from the same layout, so the two declare every semantic with
the same grouping into registers and at the same component letters, as
Direct3D 9 requires ("Match Semantics"). The pixel shader may read a subset
of the vertex outputs. PS_FILE defaults to VS_FILE.

Given one file with techniques and no --vs-*/--ps-* flags, link links every
pass that sets a vertex and a pixel shader of a Direct3D 9 profile: each
vertex shader gets one layout in all its passes, and vertex shaders that
feed one pixel shader are packed as one family when their own layouts would
disagree on what it reads (a note says what that costs). SM1/SM2 passes sit
in fixed registers and are checked. The output is one block pair per pass
under a "// technique T, pass P" comment; --format=json prints
{"schema": ..., "passes": [{"technique", "pass", "vs", "ps"}]}; --out-dir=DIR
writes T.P.vsh and T.P.psh (T.P.json with --format=json).

Flags:
  --vs-struct=NAME, --vs-entry=NAME   the vertex outputs (default: as for
                                      shpack FILE)
  --ps-struct=NAME, --ps-entry=NAME   the pixel inputs (default: the struct
                                      the vertex side packs, by name)
  --strategy=NAME, --mix-color, --indexed=MEMBER, --registers=N,
  --multi-dcl, --portable, --semantics=member|texcoord
                                      as for shpack FILE (vertex side); in
                                      the default (portable) layout the pixel
                                      side reads each register under the name
                                      the vertex side gave it
  --format=asm|json|svg
                      asm (default): the vs block, a blank line, the ps
                      block; json: {"vs": LAYOUT, "ps": LAYOUT}; svg: the
                      two register maps side by side, a semantic in one
                      colour on both (an effect: a pair per pass)
  -o FILE             write what link prints (both blocks, the JSON or SVG
                      document) to FILE, atomically, instead of stdout
  --svg=FILE          also draw the layouts as a register map (what
                      --format=svg prints), beside the main output
  --vs-out=FILE, --ps-out=FILE        write the blocks to files (atomically,
                      both or neither) instead of stdout
  --layout=FILE       apply a layout file instead of packing: the vertex
                      outputs go where it says, the pixel inputs are
                      derived from them (a pair, or every vs_3_0 pass of an
                      effect, each vertex shader by its name)
  --layout-out=FILE   also write the vertex layouts as a layout file (schema
                      shpack.interface/1): a pixel shader built in another
                      step applies it (shpack --profile=ps_3_0 --layout=FILE,
                      shpack rewrite --ps-entry=NAME --layout=FILE)
  --depfile=FILE      write a Make/Ninja dependency file (with --vs-out and
                      --ps-out, or --out-dir)
  --out-dir=DIR       an effect's passes: one file per pass and stage
  --vs-define=NAME[=VALUE], --ps-define=NAME[=VALUE]
                      definitions for one side only (repeatable), for files
                      that hold both stages apart with them (Urho3D:
                      --vs-define=COMPILEVS --ps-define=COMPILEPS)
  --variants=FILE     link the pair in every #define permutation (see
                      shpack --help): the vertex outputs of all variants
                      are packed as one family, so the pixel shader of any
                      variant reads the vertex shader of any variant that
                      writes what it reads; one block pair per variant,
                      --out-dir writes VS_FILE.VARIANT.vsh/.psh
  --touch             give unchanged outputs the current time (for make)
  -D NAME[=VALUE], -I DIR, --allow-missing-includes
  --diagnostics-format=gcc|plain|msvc|sarif|json, --color=auto|always|never,
  --no-caret, --max-errors=N, -q
                      how errors are printed, as for shpack --help

Every linkage fault is an error positioned at the pixel input, with a note at
the vertex side: an input no vertex output provides, an input wider than its
output, and a register whose inputs would mix centroid and non-centroid.
`

type linkFlags struct {
	front             frontFlags
	vsStruct, vsEntry string
	psStruct, psEntry string
	format            string
	opts              packOpts
	vsOut, psOut      string
	outDir            string
	variants          string
	vsDefines         stringList // definitions for the vertex side only (Urho3D's COMPILEVS)
	psDefines         stringList
	depfile           string
	deps              []string // the files read, for the depfile
	layoutOut         string
	layoutIn          string
	out               string                 // -o: the printed output to a file
	svg               string                 // --svg: the register map too
	svgBytes          []byte                 // drawn for --svg
	layoutFile        *layoutfile.File       // layoutIn, read
	ifaces            []layoutfile.Interface // planned, for --layout-out
}

// layoutWrites are the side files to write: the layout file of
// --layout-out, the register map of --svg.
func (lf *linkFlags) layoutWrites() []fileWrite {
	var svg []fileWrite
	if lf.svg != "" && lf.svgBytes != nil {
		svg = []fileWrite{{lf.svg, lf.svgBytes}}
	}
	if lf.layoutOut == "" {
		return svg
	}
	return append(svg, fileWrite{lf.layoutOut, layoutfile.Marshal(lf.ifaces)})
}

// writeWithDepfile writes the outputs, with the depfile if one is asked
// for (every one of writes depends on every file read), and more (which
// the depfile does not name).
func (e *env) writeWithDepfile(writes []fileWrite, depPath string, deps []string, more ...fileWrite) int {
	if depPath != "" {
		for _, w := range writes {
			if w.path == "-" {
				return e.usageError("an output goes to standard output (-), which a depfile cannot name")
			}
		}
		outs := make([]string, len(writes))
		all := make([][]string, len(writes))
		for i, w := range writes {
			outs[i], all[i] = w.path, deps
		}
		d, err := depfile(outs, all, e.inputs)
		if err != nil {
			return e.report(fileError(depPath, "%v", err))
		}
		writes = append(writes, fileWrite{depPath, d})
	}
	return e.writeFiles(append(writes, more...))
}

// stageFront is the preprocessor flags of one side: the common ones and
// that side's own definitions.
func (lf *linkFlags) stageFront(stage ir.Stage) *frontFlags {
	f := lf.front
	extra := lf.vsDefines
	if stage == ir.Pixel {
		extra = lf.psDefines
	}
	f.defines = append(append(stringList{}, lf.front.defines...), extra...)
	return &f
}

func (e *env) link(args []string) int {
	var lf linkFlags
	fs := e.newFlagSet("shpack link")
	e.touchFlag(fs)
	lf.front.register(fs)
	fs.StringVar(&lf.vsStruct, "vs-struct", "", "")
	fs.StringVar(&lf.vsEntry, "vs-entry", "", "")
	fs.StringVar(&lf.psStruct, "ps-struct", "", "")
	fs.StringVar(&lf.psEntry, "ps-entry", "", "")
	fs.StringVar(&lf.format, "format", "asm", "")
	lf.opts.register(fs)
	fs.StringVar(&lf.out, "o", "", "")
	fs.StringVar(&lf.svg, "svg", "", "")
	fs.StringVar(&lf.vsOut, "vs-out", "", "")
	fs.StringVar(&lf.psOut, "ps-out", "", "")
	fs.StringVar(&lf.outDir, "out-dir", "", "")
	fs.StringVar(&lf.variants, "variants", "", "")
	fs.Var(&lf.vsDefines, "vs-define", "")
	fs.Var(&lf.psDefines, "ps-define", "")
	fs.StringVar(&lf.depfile, "depfile", "", "")
	fs.StringVar(&lf.layoutOut, "layout-out", "", "")
	fs.StringVar(&lf.layoutIn, "layout", "", "")
	files, err := parseInterspersed(fs, args)
	e.inputs = files
	if err != nil {
		return e.flagError(err, linkHelp)
	}
	strategy, serr := lookupStrategy(lf.opts.strategy)
	switch {
	case len(files) == 0 || len(files) > 2:
		return e.usageError("link takes VS_FILE and optionally PS_FILE")
	case lf.vsStruct != "" && lf.vsEntry != "":
		return e.usageError("--vs-struct and --vs-entry cannot be used together")
	case lf.psStruct != "" && lf.psEntry != "":
		return e.usageError("--ps-struct and --ps-entry cannot be used together")
	case serr != nil:
		return e.usageError("%v", serr)
	case lf.format != "asm" && lf.format != "json" && lf.format != "svg":
		return e.usageError("unknown format %q (known: asm, json, svg)", lf.format)
	case (lf.vsOut == "") != (lf.psOut == ""):
		return e.usageError("--vs-out and --ps-out go together")
	case lf.out != "" && (lf.vsOut != "" || lf.outDir != ""):
		return e.usageError("-o writes what link prints to one file; --vs-out, --ps-out and --out-dir write the blocks apart: give one or the others")
	case lf.depfile != "" && lf.vsOut == "" && lf.outDir == "":
		return e.usageError("--depfile needs --vs-out/--ps-out or --out-dir: its targets are the output files")
	case lf.depfile != "" && lf.variants != "":
		return e.usageError("--depfile does not apply to --variants")
	case lf.opts.registers < 0 || lf.opts.registers > ir.VS30Out().General:
		return e.usageError("--registers=%d: link packs for vs_3_0 and ps_3_0, so the budget must be between 1 and 10", lf.opts.registers)
	}
	if msg := lf.opts.resolve(fs, true, "vs_3_0"); msg != "" {
		return e.usageError("%s", msg)
	}
	lo := layoutFlags{in: lf.layoutIn, out: lf.layoutOut}
	if msg := lo.check(nil, lf.opts.portable, 1); msg != "" {
		return e.usageError("%s", msg)
	}
	if lf.variants != "" && lf.layoutIn != "" {
		return e.usageError("--variants plans the family: it takes --layout-out, not --layout")
	}
	if lf.layoutIn != "" {
		if lf.layoutFile, err = e.readLayout(lf.layoutIn); err != nil {
			return e.report(err)
		}
	}
	if lf.variants != "" {
		return e.linkVariants(files, &lf)
	}
	named := lf.vsStruct != "" || lf.vsEntry != "" || lf.psStruct != "" || lf.psEntry != ""
	if len(files) == 1 && !named {
		if code, done := e.linkEffect(files[0], &lf, strategy); done {
			return code
		}
	}
	if lf.outDir != "" {
		return e.usageError("--out-dir writes the passes of an effect; for one pair use --vs-out and --ps-out")
	}
	if len(files) == 1 {
		files = append(files, files[0])
	}
	vsBytes, psBytes, err := e.linkFiles(files[0], files[1], &lf, strategy)
	if err != nil {
		return e.report(err)
	}
	if lf.vsOut != "" {
		e.reads = lf.deps
		return e.writeWithDepfile([]fileWrite{{lf.vsOut, vsBytes}, {lf.psOut, psBytes}}, lf.depfile, lf.deps, lf.layoutWrites()...)
	}
	e.reads = lf.deps
	if code := e.writeFiles(lf.layoutWrites()); code != exitOK {
		return code
	}
	if lf.format == "json" || lf.format == "svg" {
		return e.output(lf.out, string(psBytes)) // the combined document
	}
	return e.output(lf.out, string(vsBytes)+"\n"+string(psBytes))
}

// linkFiles packs the vertex outputs and derives the pixel inputs. With
// --format=json and no output files, the second result is the combined
// {"vs": ..., "ps": ...} document.
func (e *env) linkFiles(vsFile, psFile string, lf *linkFlags, strategy pack.Strategy) ([]byte, []byte, error) {
	vu, err := e.load(vsFile, lf.stageFront(ir.Vertex))
	if err != nil {
		return nil, nil, err
	}
	pu := vu
	if psFile != vsFile || len(lf.vsDefines)+len(lf.psDefines) > 0 {
		if psFile == "-" {
			return nil, nil, fileError(stdinName, "standard input is read once: with --vs-define or --ps-define, give the file by name")
		}
		if pu, err = e.load(psFile, lf.stageFront(ir.Pixel)); err != nil {
			return nil, nil, err
		}
	}
	vl, pl, err := driver.LinkPair(vu, pu, driver.PairOptions{
		VS: driver.Selector{Struct: lf.vsStruct, Entry: lf.vsEntry}, PS: driver.Selector{Struct: lf.psStruct, Entry: lf.psEntry},
		Strategy: strategy, Indexed: lf.opts.indexed, Layout: lf.layoutFile,
		Cons: ir.Constraints{MixColor: lf.opts.mixColor, Budget: lf.opts.registers, Portable: lf.opts.portable, TexcoordNames: lf.opts.texcoordNames()},
	})
	if err != nil {
		return nil, nil, err
	}
	vsSig, psSig := vl.Sig, pl.Sig
	if lf.svg != "" {
		var b bytes.Buffer
		if err := registerMap(&b, vsFile, []emit.MapPanel{
			{Heading: "vertex shader " + vsSig.Name, Layout: vl},
			{Heading: "pixel shader " + psSig.Name, Layout: pl},
		}, 2); err != nil {
			return nil, nil, err
		}
		lf.svgBytes = b.Bytes()
	}
	if lf.layoutOut != "" {
		it, err := layoutfile.FromLayout(vl, []string{vsSig.Name}, []string{psSig.Name})
		if err != nil {
			return nil, nil, err
		}
		lf.ifaces = []layoutfile.Interface{it}
	}
	for _, u := range []*hlsl.Unit{vu, pu} {
		for _, w := range warnings(u) {
			e.note(w)
		}
		if pu == vu {
			break
		}
	}
	for _, n := range driver.OmittedNotes(pl, vl) {
		e.note(n.String())
	}
	lf.deps = vu.PP.Files
	if lf.layoutIn != "" {
		lf.deps = append(slices.Clone(lf.deps), lf.layoutIn)
	}
	if pu != vu {
		for _, f := range pu.PP.Files {
			if !slices.Contains(lf.deps, f) {
				lf.deps = append(lf.deps, f)
			}
		}
	}
	var vb, pb bytes.Buffer
	switch {
	case lf.format == "json" && lf.vsOut == "":
		err = emit.LinkJSON(&pb, vl, vu.Name, pl, pu.Name)
	case lf.format == "json":
		if err = emit.JSON(&vb, vl, vu.Name); err == nil {
			err = emit.JSON(&pb, pl, pu.Name)
		}
	case lf.format == "svg" && lf.vsOut == "":
		err = registerMap(&pb, vu.Name, []emit.MapPanel{
			{Heading: "vertex shader " + vl.Sig.Name + ": " + emit.SideHeading(vl.File), Layout: vl},
			{Heading: "pixel shader " + pl.Sig.Name + ": " + emit.SideHeading(pl.File), Layout: pl},
		}, 2)
	case lf.format == "svg":
		if err = registerMap(&vb, vu.Name, []emit.MapPanel{{Heading: emit.SideHeading(vl.File), Layout: vl}}, 0); err == nil {
			err = registerMap(&pb, pu.Name, []emit.MapPanel{{Heading: emit.SideHeading(pl.File), Layout: pl}}, 0)
		}
	default:
		if err = emit.Asm(&vb, vl); err == nil {
			err = emit.Asm(&pb, pl)
		}
	}
	return vb.Bytes(), pb.Bytes(), err
}

// linkEffect links every pass of an effect file. done is false when the
// file has no pass to link: link then treats it as one pair.
func (e *env) linkEffect(file string, lf *linkFlags, strategy pack.Strategy) (code int, done bool) {
	src, name, err := e.readInput(file)
	if err != nil {
		return e.report(err), true
	}
	res, err := driver.LinkEffect(driver.Source{Name: name, Src: src}, driver.LinkOptions{
		PP: *lf.front.ppOptions(), Strategy: strategy, MixColor: lf.opts.mixColor, Portable: lf.opts.portable,
		TexcoordNames: lf.opts.texcoordNames(), Layout: lf.layoutFile,
	})
	if errors.Is(err, driver.ErrNoPasses) && (res == nil || len(res.Notes) == 0) {
		return 0, false
	}
	if res != nil {
		for _, w := range res.Warnings {
			e.note(w.Error())
		}
	}
	if err != nil {
		return e.report(err), true
	}
	switch {
	case lf.vsOut != "":
		return e.usageError("--vs-out and --ps-out write one pair; an effect's passes go to --out-dir=DIR"), true
	case lf.opts.registers > 0:
		return e.usageError("--registers applies to one pair, not to an effect's passes"), true
	case len(lf.opts.indexed) > 0:
		return e.usageError("--indexed applies to one pair, not to an effect's passes"), true
	}
	for _, n := range res.Notes {
		e.note(n.String())
	}
	for _, sl := range res.Shared {
		var parts []string
		for i, vs := range sl.VS {
			parts = append(parts, fmt.Sprintf("%s %d (alone %d)", vs, sl.Registers[i], sl.Own[i]))
		}
		e.notef("%s: note: %s share one layout for the pixel shaders they feed; general registers: %s\n",
			name, strings.Join(sl.VS, ", "), strings.Join(parts, ", "))
	}
	for _, p := range res.Passes {
		for _, l := range []*ir.Layout{p.VSLayout, p.PSLayout} {
			if err := ir.CheckLayout(l); err != nil {
				return e.report(fmt.Errorf("internal error: invalid %s layout of technique %s, pass %s: %v", l.File.Profile.Name, p.Technique, p.Pass, err)), true
			}
		}
	}
	if lf.layoutOut != "" {
		// One interface per vs_3_0 vertex shader (it has one layout in
		// every pass), with the pixel shaders it feeds.
		at := map[string]int{}
		for _, p := range res.Passes {
			if p.VSProfile != "vs_3_0" {
				continue
			}
			k, ok := at[p.VS]
			if !ok {
				it, err := layoutfile.FromLayout(p.VSLayout, []string{p.VS}, nil)
				if err != nil {
					return e.report(err), true
				}
				k = len(lf.ifaces)
				at[p.VS] = k
				lf.ifaces = append(lf.ifaces, it)
			}
			if !slices.Contains(lf.ifaces[k].PixelShaders, p.PS) {
				lf.ifaces[k].PixelShaders = append(lf.ifaces[k].PixelShaders, p.PS)
			}
		}
	}
	if lf.svg != "" {
		var sb bytes.Buffer
		if err := registerMap(&sb, name, emit.EffectPanels(effectPasses(res.Passes)), 2); err != nil {
			return e.report(err), true
		}
		lf.svgBytes = sb.Bytes()
	}
	passes := effectPasses(res.Passes)
	if lf.outDir != "" {
		files, err := emit.EffectFiles(lf.format, name, relToWorkDir(name), passes)
		if err != nil {
			return e.report(err), true
		}
		var writes []fileWrite
		for _, f := range files {
			writes = append(writes, fileWrite{filepath.Join(lf.outDir, f.Name), f.Data})
		}
		if err := os.MkdirAll(lf.outDir, 0o755); err != nil {
			return e.report(fileError(lf.outDir, "cannot create: %v", unwrapPathError(err))), true
		}
		deps := res.Deps
		if lf.layoutIn != "" {
			deps = append(slices.Clone(deps), lf.layoutIn)
		}
		e.reads = deps
		return e.writeWithDepfile(writes, lf.depfile, deps, lf.layoutWrites()...), true
	}
	if lf.depfile != "" {
		return e.usageError("--depfile needs --out-dir for an effect's passes"), true
	}
	var b bytes.Buffer
	if err := emit.Effect(&b, lf.format, name, relToWorkDir(name), passes); err != nil {
		return e.report(err), true
	}
	e.reads = res.Deps
	if code := e.writeFiles(lf.layoutWrites()); code != exitOK {
		return code, true
	}
	return e.output(lf.out, b.String()), true
}

// effectPasses converts linked passes for emit's printers.
func effectPasses(passes []driver.LinkedPass) []emit.PassLayouts {
	var out []emit.PassLayouts
	for _, p := range passes {
		out = append(out, emit.PassLayouts{Technique: p.Technique, Pass: p.Pass, VS: p.VSLayout, PS: p.PSLayout, VSName: p.VS, Pos: p.Pos})
	}
	return out
}
