package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/layoutfile"
)

const rewriteHelp = `Usage: shpack rewrite [flags] FILE...

Rewrites HLSL or effect files so that each vertex shader that runs out of
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
and shader variables), or from --vs-entry and --ps-entry. Every pass that
uses a rewritten shader is rewritten with it.

Flags:
  --vs-entry=NAME, --ps-entry=NAME   the pair to rewrite (the two may be in
                      two files, one output per input, even under one name:
                      the vertex shader is the one that writes POSITION);
                      one alone rewrites that stage alone, through a layout
                      file (below)
  --layout-out=FILE   also write the layouts planned, as a layout file
                      (schema shpack.interface/1, docs/json.md); implies --all
  --layout=FILE       apply a layout file instead of planning: with
                      --vs-entry alone, write the outputs where it says; with
                      --ps-entry alone, read them from there. Build the two
                      stages in separate steps:
                        shpack rewrite --vs-entry=main --layout-out=foo.layout
                            -o out/FooV.hlsl FooV.hlsl
                        shpack rewrite --ps-entry=main --layout=foo.layout
                            -o out/FooP.hlsl FooP.hlsl
  --all               rewrite every pair, not only those that do not fit with
                      one register per semantic
  --strategy=NAME     packing strategy (default optimal; see shpack --help)
  --mix-color         let COLOR share registers with other semantics
  --semantics=member|texcoord
                      what a packed register is declared as (see shpack
                      --help): texcoord declares every one TEXCOORD0, 1, ...
  -o FILE             write the output to FILE (one input; atomically, and
                      left untouched on error)
  --out-dir=DIR       write one output per input into DIR, with the input's
                      base name
  --depfile=FILE      write a Make/Ninja dependency file (needs -o or --out-dir)
  --svg=FILE          also draw the layouts of the pairs it packs, VS and PS
                      side by side, as a register map (shpack --format=svg)
  --variants=FILE     rewrite every permutation of the variants file (as for
                      shpack --variants) into ONE source that compiles for
                      each with its own -D flags: the vertex outputs of all
                      variants packed as one family, so any variant's pixel
                      shader reads any variant's vertex shader; each
                      generated block under #if conditions on the macros the
                      interface depends on; another permutation compiles if
                      its interface is one of theirs and stops at an #error
                      otherwise; with --layout-out, the family's layouts,
                      each naming the variants it covers
  --vs-variants=FILE, --ps-variants=FILE
                      the same for an engine that lists the permutations of
                      each stage apart (Urho3D's VS and PS defines): the
                      vertex shader of --vs-entry in every permutation of
                      one file, the pixel shader of --ps-entry in every
                      permutation of the other, one source for both; a
                      macro every line of one file defines and no line of
                      the other (Urho3D's COMPILEVS, COMPILEPS) tells the
                      stages apart
  --touch             give unchanged outputs the current time (for make)
  -D NAME[=VALUE], -I DIR, --allow-missing-includes
                      as for shpack FILE
  --diagnostics-format=gcc|plain|msvc|sarif|json, --color=auto|always|never,
  --no-caret, --max-errors=N, -q
                      how errors are printed, as for shpack --help

A file with nothing to rewrite is written back byte for byte. Notes on stderr
say what was packed and what was left alone.

Exit status: 0 success; 1 errors in the input (nothing is written); 2 bad
command line.
`

type rewriteFlags struct {
	front            frontFlags
	vsEntry, psEntry string
	all              bool
	strategy         string
	mixColor         bool
	semantics        string
	out, outDir      string
	depfile          string
	svg              string
	layout           layoutFlags
	variants         string
	vsVariants       string
	psVariants       string
}

func (e *env) rewrite(args []string) int {
	var rf rewriteFlags
	fs := e.newFlagSet("shpack rewrite")
	e.touchFlag(fs)
	rf.front.register(fs)
	fs.StringVar(&rf.vsEntry, "vs-entry", "", "")
	fs.StringVar(&rf.psEntry, "ps-entry", "", "")
	fs.BoolVar(&rf.all, "all", false, "")
	fs.StringVar(&rf.strategy, "strategy", "optimal", "")
	fs.BoolVar(&rf.mixColor, "mix-color", false, "")
	fs.StringVar(&rf.semantics, "semantics", "member", "")
	fs.StringVar(&rf.out, "o", "", "")
	fs.StringVar(&rf.outDir, "out-dir", "", "")
	fs.StringVar(&rf.depfile, "depfile", "", "")
	fs.StringVar(&rf.svg, "svg", "", "")
	rf.layout.register(fs)
	fs.StringVar(&rf.variants, "variants", "", "")
	fs.StringVar(&rf.vsVariants, "vs-variants", "", "")
	fs.StringVar(&rf.psVariants, "ps-variants", "", "")
	files, err := parseInterspersed(fs, args)
	e.inputs = files
	if err != nil {
		return e.flagError(err, rewriteHelp)
	}
	strategy, serr := lookupStrategy(rf.strategy)
	switch {
	case len(files) == 0:
		return e.usageError("rewrite: no input file")
	case serr != nil:
		return e.usageError("%v", serr)
	case rf.vsEntry != "" && rf.psEntry == "" && rf.layout.in == "" && rf.layout.out == "" && rf.vsVariants == "":
		return e.usageError("rewrite: --vs-entry alone rewrites the vertex stage alone: give --layout-out=FILE to record its layout for the pixel stage (or --layout=FILE to apply one), or --ps-entry too")
	case rf.psEntry != "" && rf.vsEntry == "" && rf.layout.in == "" && rf.psVariants == "":
		return e.usageError("rewrite: --ps-entry alone rewrites the pixel stage alone: give --layout=FILE, the layout file of its vertex shader (--layout-out), or --vs-entry too")
	case rf.psEntry != "" && rf.vsEntry == "" && rf.layout.out != "":
		return e.usageError("rewrite: --layout-out records a vertex shader's layout; a pixel stage alone applies one (--layout)")
	case rf.layout.in != "" && (rf.vsEntry == "") == (rf.psEntry == ""):
		return e.usageError("rewrite: --layout applies to one stage rewritten alone: give --vs-entry or --ps-entry, not both")
	case rf.semantics != "member" && rf.semantics != "texcoord":
		return e.usageError("unknown --semantics=%s (known: member, texcoord)", rf.semantics)
	case rf.out != "" && rf.outDir != "":
		return e.usageError("-o and --out-dir cannot be used together")
	case len(files) > 1 && rf.outDir == "":
		return e.usageError("rewrite: %d input files need --out-dir=DIR (one output per input)", len(files))
	case rf.depfile != "" && rf.out == "" && rf.outDir == "":
		return e.usageError("--depfile needs -o FILE or --out-dir=DIR: its targets are the output files")
	}
	if msg := rf.layout.check(nil, true, 1); msg != "" {
		return e.usageError("%s", msg)
	}
	stageVariants := rf.vsVariants != "" || rf.psVariants != ""
	switch {
	case rf.variants != "" && (rf.layout.in != "" || (rf.vsEntry == "") != (rf.psEntry == "")):
		return e.usageError("rewrite: --variants rewrites pairs (both --vs-entry and --ps-entry, or the techniques), without --layout")
	case stageVariants && rf.variants != "":
		return e.usageError("rewrite: --variants lists the permutations of both stages; --vs-variants and --ps-variants list each stage's: give one or the others")
	case stageVariants && (rf.vsVariants == "" || rf.psVariants == "" || rf.vsEntry == "" || rf.psEntry == "" || rf.layout.in != ""):
		return e.usageError("rewrite: --vs-variants and --ps-variants go together, with --vs-entry and --ps-entry, without --layout")
	}
	if rf.layout.in != "" {
		if rf.layout.file, err = e.readLayout(rf.layout.in); err != nil {
			return e.report(err)
		}
	}
	outputs := []string{rf.out}
	if rf.outDir != "" {
		if outputs, err = sameNameOutputs(files, rf.outDir); err != nil {
			return e.usageError("%v", err)
		}
	}
	var srcs []driver.Source
	for _, f := range files {
		src, name, err := e.readInput(f)
		if err != nil {
			return e.report(err)
		}
		srcs = append(srcs, driver.Source{Name: name, Src: src})
	}
	ropts := driver.RewriteOptions{
		PP: *rf.front.ppOptions(), Strategy: strategy, MixColor: rf.mixColor,
		TexcoordNames: rf.semantics == "texcoord",
		All:           rf.all, VSEntry: rf.vsEntry, PSEntry: rf.psEntry,
		Layout: rf.layout.file, LayoutOut: rf.layout.out != "",
	}
	var res *driver.RewriteResult
	if rf.variants != "" {
		vars, verr := e.loadVariants(rf.variants)
		if verr != nil {
			return e.report(verr)
		}
		res, err = driver.RewriteVariants(srcs, ropts, vars, rf.variants)
	} else if stageVariants {
		vs, verr := e.loadVariants(rf.vsVariants)
		if verr != nil {
			return e.report(verr)
		}
		ps, verr := e.loadVariants(rf.psVariants)
		if verr != nil {
			return e.report(verr)
		}
		res, err = driver.RewriteStageVariants(srcs, ropts, vs, ps, rf.vsVariants, rf.psVariants)
	} else {
		res, err = driver.Rewrite(srcs, ropts)
	}
	if res != nil {
		for _, w := range res.Warnings {
			e.note(w.Error())
		}
	}
	if err != nil {
		return e.report(err)
	}
	for _, n := range res.Notes {
		e.note(n.String())
	}
	if rf.out == "-" && rf.depfile != "" {
		return e.usageError("-o - writes to standard output, which a depfile cannot name")
	}
	var svgWrites []fileWrite
	if rf.svg != "" {
		b, err := rewriteMap(srcs[0].Name, res.Pairs)
		if err != nil {
			return e.report(err)
		}
		svgWrites = []fileWrite{{rf.svg, b}}
	}
	if rf.layout.out != "" {
		svgWrites = append(svgWrites, fileWrite{rf.layout.out, layoutfile.Marshal(res.Interfaces)})
	}
	deps := res.Deps
	if rf.layout.in != "" {
		deps = append(slices.Clone(deps), rf.layout.in)
	}
	for _, v := range []string{rf.variants, rf.vsVariants, rf.psVariants} {
		if v != "" {
			deps = append(slices.Clone(deps), v)
		}
	}
	if rf.out == "" && rf.outDir == "" || rf.out == "-" {
		e.reads = deps
		if code := e.writeFiles(svgWrites); code != exitOK {
			return code
		}
		return e.print(string(res.Outputs[0]))
	}
	if rf.outDir != "" {
		if err := os.MkdirAll(rf.outDir, 0o755); err != nil {
			return e.report(fileError(rf.outDir, "cannot create: %v", unwrapPathError(err)))
		}
	}
	e.reads = deps
	var writes []fileWrite
	var outDeps [][]string
	for i, out := range outputs {
		writes = append(writes, fileWrite{out, res.Outputs[i]})
		outDeps = append(outDeps, deps)
	}
	if rf.depfile != "" {
		d, err := depfile(outputs, outDeps, e.inputs)
		if err != nil {
			return e.report(fileError(rf.depfile, "%v", err))
		}
		writes = append(writes, fileWrite{rf.depfile, d})
	}
	return e.writeFiles(append(writes, svgWrites...))
}

// readInput reads one input file ("-" is standard input) and returns its
// contents and its name for diagnostics.
func (e *env) readInput(file string) ([]byte, string, error) {
	name, src, err := file, []byte(nil), error(nil)
	if file == "-" {
		name = stdinName
		src, err = readAllLimited(e.stdin, maxInputBytes)
	} else {
		src, err = readLimited(file, maxInputBytes)
	}
	if err != nil {
		return nil, name, fileError(name, "cannot read: %v", unwrapPathError(err))
	}
	if len(src) > maxInputBytes {
		return nil, name, fileError(name, "file too large (more than %d bytes)", maxInputBytes)
	}
	return src, name, nil
}

// sameNameOutputs names one output per input in dir, with the input's base
// name; two inputs with one base name, or an output that is its input, are
// errors.
func sameNameOutputs(inputs []string, dir string) ([]string, error) {
	var outs []string
	seen := map[string]string{}
	for _, in := range inputs {
		if in == "-" {
			return nil, fmt.Errorf("--out-dir cannot name an output for standard input")
		}
		out := filepath.Join(dir, filepath.Base(in))
		if prev, dup := seen[out]; dup {
			return nil, fmt.Errorf("%s and %s would both write %s", prev, in, out)
		}
		if same(out, in) {
			return nil, fmt.Errorf("the output for %s would overwrite it; choose another --out-dir", in)
		}
		seen[out] = in
		outs = append(outs, out)
	}
	return outs, nil
}

// same reports whether two paths name the same file (or would).
func same(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// rewriteMap draws the layouts of the pairs rewrite packed (all pairs
// found when it packed none), each pair's VS and PS side by side.
func rewriteMap(source string, pairs []driver.RewrittenPair) ([]byte, error) {
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
	if len(panels) == 0 {
		return nil, fileError(source, "no vertex and pixel shader pair to draw")
	}
	var b bytes.Buffer
	err := registerMap(&b, source, panels, 2)
	return b.Bytes(), err
}
