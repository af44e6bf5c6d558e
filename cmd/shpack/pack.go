package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/internal/outfile"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

const packHelp = `shpack packs the vertex-shader outputs of an HLSL struct or entry point into
as few Direct3D 9 registers as the rules allow, and prints the declarations.

Microsoft's compiler gives every semantic a vs_3_0 output register of its own,
so shaders run out of registers ("too many interpolators") long before they run
out of components. shpack packs several semantics into one register, as the
dcl_usage rules allow (dcl_texcoord0 o1.xy + dcl_texcoord1 o1.zw).

Usage:
  shpack rewrite [flags] FILE...  rewrite HLSL/effect files so that shaders with
                                  too many interpolators build, packed
                                  ('shpack rewrite --help')
  shpack repack [flags] VS PS     pack a compiled vs_3_0/ps_3_0 pair (bytecode
                                  or assembly) and rewrite both programs
                                  ('shpack repack --help')
  shpack fxc [fxc flags] FILE     in front of an fxc command line: rewrite,
                                  compile with the real compiler, check
                                  ('shpack fxc --help')
  shpack [flags] FILE             pack a signature of FILE ("-" reads stdin)
  shpack [flags] --out-dir=DIR FILE...   pack several files
  shpack list [flags] FILE        list every struct and function with semantics
  shpack link [flags] VS [PS]     pack a vertex shader's outputs and derive the
                                  pixel shader's inputs ('shpack link --help')
  shpack compare [flags] FILE|DIR...   compare strategies ('shpack compare --help')

Flags (they may also follow FILE):
  --struct=NAME       pack the struct NAME
  --entry=NAME        pack the outputs of the function NAME (return value,
                      then out/inout parameters)
  --profile=NAME      vs_3_0 (default), vs_2_x, vs_2_0, vs_1_1, ps_3_0, ps_2_0
  --direction=in|out  which side of the profile: out for vertex shaders and
                      in for pixel shaders by default. vs_3_0 outputs are
                      packed; ps_3_0 inputs mirror that packing (use
                      'shpack link' for a pixel shader that reads a subset);
                      vertex inputs take v0, v1, ... in order; SM1/SM2
                      vertex outputs, ps_2_0 inputs and pixel outputs sit in
                      the registers their semantics name (oT3, t3, oC1)
  --strategy=NAME     packing strategy (default optimal):
                        fxc            one register per semantic, declaration order
                        prefix-stable  declaration-order first fit (DXC's default)
                        vertical       declaration order, most-free register first (vkd3d)
                        optimal        first-fit decreasing: fewest registers
                        exact          search; also optimal for --indexed arrays
                        stable-fit     prefix-stable while it fits, else optimal
  --format=FORMAT     asm (default): vs_3_0 dcl lines; json: the layout as JSON;
                      hlsl: HLSL that makes fxc produce the portable packed
                      layout: S_Packed/S_PackedPS structs, S_Pack/S_Unpack
                      functions and S_PACK/S_UNPACK statement macros (for
                      --entry=F with out parameters: F_Pack(ret, outs...)
                      and F_Unpack(p, out outs...)); svg: the register
                      map, a grid of registers and components with every
                      member's place (SVG 1.1)
  --portable          the default layout: one declaration per register, with
                      the full mask, named after one of its members
                      (dcl_texcoord0 o1 holding uv0 in .xy and uv1 in .zw),
                      the packed layout that Wine, Proton, DXVK and
                      MojoShader read correctly; works with every strategy.
                      The flag is accepted and changes nothing
  --multi-dcl         one declaration per member instead (dcl_texcoord0 o1.xy
                      + dcl_texcoord1 o1.zw), as Microsoft's documentation
                      allows: native drivers read it, but Wine, DXVK and
                      MojoShader keep one semantic per register and silently
                      read zeros for the others
  --mix-color         let COLOR share registers with other semantics (by
                      default COLOR is kept apart: flat shading leaves the
                      other components of a COLOR register undefined)
  --semantics=member|texcoord
                      what a packed register is declared as: member
                      (default), the semantic of one of its members, never
                      FOG for a shared register nor COLOR unless every
                      member is a COLOR (MojoShader cannot link FOG and
                      clamps COLOR), else a TEXCOORD no member uses;
                      texcoord: every general register TEXCOORD0, 1, ... in
                      register order, for runtimes and translators that drop
                      TEXCOORD indices above 9 or treat FOG and COLOR apart
  --indexed=MEMBER    MEMBER is an array the shader indexes dynamically
                      (o[aL]): keep its rows in consecutive registers
                      (repeatable; POSITION0 then goes to o0, PSIZE to o1)
  --registers=N       general-register budget other than the profile's 10;
                      above 10 only --format=json is written
  -o FILE             write the output to FILE (atomically; an existing FILE
                      is left untouched on error, and not rewritten when the
                      content is the same)
  -D NAME[=VALUE]     define a macro (repeatable)
  -I DIR              add an include directory (repeatable)
  --allow-missing-includes
                      warn about include files that cannot be found and go
                      on (by default a missing include is an error)
  --out-dir=DIR       several inputs: write one output per input into DIR
                      (created if needed), named after the input with .vsh
                      (vertex profiles), .psh (pixel profiles) or .json;
                      inputs are packed in parallel, and nothing is written
                      unless all succeed
  --variants=FILE     pack every #define permutation of FILE's signature as
                      one family: each line of the variants file is
                      NAME: -DFOO -DBAR=2 ('#' comments); a semantic has
                      one family register, components and declared semantic
                      in every variant that has it, so any variant's pixel
                      shader reads any variant's vertex shader that writes
                      it; semantics no variant has together may share
                      components. Output: a block per variant, --out-dir
                      writes FILE.VARIANT.vsh; JSON gives each variant's
                      layout and what it would need alone
  --layout-out=FILE   also write the layout as a layout file (schema
                      shpack.interface/1, docs/json.md), for a stage built in
                      another step (vs_3_0 outputs; one input)
  --layout=FILE       apply a layout file instead of packing: vs_3_0 outputs
                      go where it says; ps_3_0 inputs are derived from it as
                      shpack link derives them from the vertex shader. Packed
                      alone without it, a ps_3_0 side may differ from link's
                      (a note says so)
  --svg=FILE          also draw the layout as a register map (what
                      --format=svg prints), beside the main output
  --depfile=FILE      write a Make/Ninja dependency file naming every file
                      read (includes too) for each output (needs -o or
                      --out-dir); each header is also a target of its own
  --touch             give an output that did not change the current time
                      anyway (for make, which compares timestamps; Ninja's
                      restat needs it not)
  --version           print the version
  --help              show this help

Diagnostics (every command):
  --diagnostics-format=gcc|plain|msvc|sarif|json
                      gcc (default): FILE:LINE:COL: error: ..., the source
                      line and a caret, the include chain first; plain: one
                      line per diagnostic and note; msvc: FILE(LINE,COL): ...;
                      sarif: one SARIF 2.1.0 document on stderr when the run
                      ends (GitHub code scanning, IDEs); json: one
                      shpack.diagnostics/1 document (docs/json.md)
  --color=auto|always|never
                      colour gcc-style diagnostics as gcc does; auto: on a
                      terminal, unless NO_COLOR is set
  --no-caret          no source lines
  --max-errors=N      print at most N errors (default 10; 0: all)
  -q                  no notes and warnings

Without --struct or --entry, shpack packs the outputs of the vertex shader the
file's techniques compile (the inputs of their pixel shader for a pixel
profile); in a file without techniques it picks the only struct with semantics
that a function returns (if several, the only one of them with a POSITION0 member);
if no function returns one, the only struct with a four-component POSITION0
member, or the only struct with semantics in the file; in a file without
structs, the only function that writes POSITION0 (a pixel shader's inputs for
a pixel profile). Otherwise it lists the candidates and asks. A pixel
shader's SV_Position input is the pixel position (dcl vPos.xy), as in fxc.

Exit status: 0 success; 1 errors in the input (each printed as
FILE:LINE:COL: error: message, at most 10 unless --max-errors, sorted;
nothing is written); 2 bad command line.
`

// packFlags are the flags of the pack command.
type packFlags struct {
	front     frontFlags
	structN   string
	entry     string
	profile   string
	direction string
	format    string
	opts      packOpts
	out       string
	outDir    string
	depfile   string
	variants  string
	svg       string // --svg: the register map too
	layout    layoutFlags
}

func (e *env) pack(args []string) int {
	var pf packFlags
	fs := e.packFlagSet(&pf)
	files, err := parseInterspersed(fs, args)
	e.inputs = files
	if err != nil {
		return e.flagError(err, packHelp)
	}
	strategy, serr := lookupStrategy(pf.opts.strategy)
	switch {
	case len(files) == 0:
		return e.usageError("no input file")
	case pf.svg != "" && len(files) > 1:
		return e.usageError("--svg draws one input's layout: give one file (or --format=svg with --out-dir)")
	case len(files) > 1 && pf.outDir == "":
		return e.usageError("%d input files: several inputs need --out-dir=DIR (one output per input)", len(files))
	case pf.out != "" && pf.outDir != "":
		return e.usageError("-o and --out-dir cannot be used together")
	case pf.depfile != "" && pf.out == "" && pf.outDir == "":
		return e.usageError("--depfile needs -o FILE or --out-dir=DIR: its targets are the output files")
	case pf.structN != "" && pf.entry != "":
		return e.usageError("--struct and --entry cannot be used together")
	case serr != nil:
		return e.usageError("%v", serr)
	case pf.format != "asm" && pf.format != "json" && pf.format != "hlsl" && pf.format != "svg":
		return e.usageError("unknown format %q (known: asm, json, hlsl, svg)", pf.format)
	case pf.opts.registers < 0 || pf.opts.registers > 32:
		return e.usageError("--registers=%d: the budget must be between 1 and 32", pf.opts.registers)
	}
	file, err := ir.FileFor(pf.profile, pf.direction)
	if err != nil {
		return e.usageError("%v", err)
	}
	if msg := pf.opts.resolve(fs, file.Profile.Major == 3, file.Profile.Name); msg != "" {
		return e.usageError("%s", msg)
	}
	if pf.format == "hlsl" {
		if pf.opts.multiDcl {
			return e.usageError("--format=hlsl writes the portable layout: HLSL cannot declare a register twice")
		}
		pf.opts.portable = true
	}
	if pf.opts.registers > 0 && !file.Packs() {
		return e.usageError("--registers applies to packed register files (vs_3_0 outputs, ps_3_0 inputs), not %s %ss", file.Profile.Name, file.Dir.Word())
	}
	if pf.opts.registers > file.General && pf.format != "json" && pf.format != "svg" {
		return e.usageError("--registers=%d exceeds the %d general registers of %s: assembly would name registers that do not exist; use --format=json",
			pf.opts.registers, file.General, file.Profile.Name)
	}
	if msg := pf.layout.check(file, pf.opts.portable, len(files)); msg != "" {
		return e.usageError("%s", msg)
	}
	if pf.layout.in != "" {
		if pf.layout.file, err = e.readLayout(pf.layout.in); err != nil {
			return e.report(err)
		}
	}
	if pf.variants != "" {
		if pf.layout.in != "" {
			return e.usageError("--variants plans the family: it takes --layout-out, not --layout")
		}
		if len(files) != 1 || pf.depfile != "" {
			return e.usageError("--variants takes one input file (and no --depfile)")
		}
		return e.packVariants(files[0], &pf, file)
	}
	outputs := []string{pf.out}
	if pf.outDir != "" {
		if outputs, err = outputNames(files, pf.outDir, pf.format, file); err != nil {
			return e.usageError("%v", err)
		}
	}

	// Every input is packed (in parallel with --out-dir); nothing is
	// written unless all succeed, and diagnostics come in input order.
	type result struct {
		out   []byte
		deps  []string
		notes []string
		err   error
		l     *ir.Layout
	}
	res := parallelMap(files, func(f string) result {
		out, deps, notes, l, err := e.packFile(f, &pf, strategy, file)
		return result{out, deps, notes, err, l}
	})
	failed := false
	for _, r := range res {
		for _, n := range r.notes {
			e.note(n)
		}
		if r.err != nil {
			e.report(r.err)
			failed = true
		}
	}
	if failed {
		return exitInput
	}
	if pf.out == "-" && pf.depfile != "" {
		return e.usageError("-o - writes to standard output, which a depfile cannot name")
	}
	var layoutWrites []fileWrite
	if pf.layout.out != "" {
		it, err := layoutfile.FromLayout(res[0].l, []string{res[0].l.Sig.Name}, nil)
		if err != nil {
			return e.report(err)
		}
		layoutWrites = []fileWrite{{pf.layout.out, layoutfile.Marshal([]layoutfile.Interface{it})}}
	}
	if pf.svg != "" {
		var b bytes.Buffer
		l := res[0].l
		if err := registerMap(&b, l.Sig.Pos.File, []emit.MapPanel{{Heading: emit.SideHeading(l.File), Layout: l}}, 0); err != nil {
			return e.report(err)
		}
		layoutWrites = append(layoutWrites, fileWrite{pf.svg, b.Bytes()})
	}
	if pf.out == "" && pf.outDir == "" || pf.out == "-" {
		e.reads = res[0].deps
		if code := e.writeFiles(layoutWrites); code != exitOK {
			return code
		}
		return e.print(string(res[0].out))
	}
	if pf.outDir != "" {
		if err := os.MkdirAll(pf.outDir, 0o755); err != nil {
			return e.report(fileError(pf.outDir, "cannot create: %v", unwrapPathError(err)))
		}
	}
	writes := make([]fileWrite, len(res), len(res)+2)
	for i, r := range res {
		writes[i] = fileWrite{outputs[i], r.out}
		e.reads = append(e.reads, r.deps...)
	}
	if pf.depfile != "" {
		var deps [][]string
		for _, r := range res {
			deps = append(deps, r.deps)
		}
		d, err := depfile(outputs, deps, e.inputs)
		if err != nil {
			return e.report(fileError(pf.depfile, "%v", err))
		}
		writes = append(writes, fileWrite{pf.depfile, d})
	}
	return e.writeFiles(append(writes, layoutWrites...))
}

// outputNames derives one output file per input for --out-dir: the input's
// base name with its extension replaced by .vsh (vertex profiles) or .psh
// (pixel profiles) for assembly, .json for JSON. Two inputs that would
// write the same file, or an output that would overwrite an input, are
// errors.
func outputNames(inputs []string, dir, format string, f *ir.RegisterFile) ([]string, error) {
	ext := ".json"
	switch format {
	case "hlsl":
		ext = ".packed.hlsl"
	case "svg":
		ext = ".svg"
	}
	if format == "asm" {
		ext = ".vsh"
		if f.Profile.Stage == ir.Pixel {
			ext = ".psh"
		}
	}
	var outs []string
	seen := map[string]string{}
	for _, in := range inputs {
		if in == "-" {
			return nil, fmt.Errorf("--out-dir cannot name an output for standard input")
		}
		base := filepath.Base(in)
		out := filepath.Join(dir, strings.TrimSuffix(base, filepath.Ext(base))+ext)
		if prev, dup := seen[out]; dup {
			return nil, fmt.Errorf("%s and %s would both write %s", prev, in, out)
		}
		if filepath.Clean(out) == filepath.Clean(in) {
			return nil, fmt.Errorf("the output for %s would overwrite it; choose another --out-dir", in)
		}
		seen[out] = in
		outs = append(outs, out)
	}
	return outs, nil
}

// depfile writes a Make/Ninja dependency file (outfile.Depfile); standard
// input is no file and is left out.
func depfile(outputs []string, deps [][]string, inputs []string) ([]byte, error) {
	return outfile.Depfile(outputs, deps, inputs, stdinName)
}

// packFile runs the whole pipeline on one file and returns the output
// bytes, the files read (for depfiles) and the notes to print.
func (e *env) packFile(file string, pf *packFlags, strategy pack.Strategy, f *ir.RegisterFile) (out []byte, deps, notes []string, layout *ir.Layout, err error) {
	u, err := e.load(file, &pf.front)
	if u != nil {
		notes = append(notes, warnings(u)...)
	}
	if err != nil {
		return nil, nil, notes, nil, err
	}
	p, err := driver.Pack(u, f, driver.PackOptions{
		Sel: driver.Selector{Struct: pf.structN, Entry: pf.entry}, Strategy: strategy, Indexed: pf.opts.indexed,
		Layout: pf.layout.file, HLSL: pf.format == "hlsl",
		Cons: ir.Constraints{MixColor: pf.opts.mixColor, Budget: pf.opts.registers, Portable: pf.opts.portable, TexcoordNames: pf.opts.texcoordNames()},
	})
	if err != nil {
		return nil, nil, notes, nil, err
	}
	for _, n := range p.Notes {
		notes = append(notes, n.String())
	}
	l := p.Layout
	var buf bytes.Buffer
	switch pf.format {
	case "json":
		err = emit.JSON(&buf, l, u.Name)
	case "svg":
		err = registerMap(&buf, u.Name, []emit.MapPanel{{Heading: emit.SideHeading(l.File), Layout: l}}, 0)
	case "hlsl":
		if p.Vars != nil {
			err = emit.HLSLEntry(&buf, l, l.Sig.Name, p.Vars, u.Name)
		} else {
			err = emit.HLSL(&buf, l, u.Name)
		}
	default:
		err = emit.Asm(&buf, l)
	}
	deps = u.PP.Files
	if pf.layout.in != "" {
		deps = append(slices.Clone(deps), pf.layout.in)
	}
	return buf.Bytes(), deps, notes, l, err
}

// packOpts are the packing flags pack and link share.
type packOpts struct {
	strategy  string
	mixColor  bool
	portable  bool // the layout to write: set by resolve
	indexed   stringList
	registers int

	portableFlag bool // --portable as given (the default anyway; kept for scripts)
	multiDcl     bool // --multi-dcl: one declaration per member
	semantics    string
}

func (o *packOpts) register(fs *flag.FlagSet) {
	fs.StringVar(&o.strategy, "strategy", "optimal", "")
	fs.BoolVar(&o.mixColor, "mix-color", false, "")
	fs.BoolVar(&o.portableFlag, "portable", false, "")
	fs.BoolVar(&o.multiDcl, "multi-dcl", false, "")
	fs.Var(&o.indexed, "indexed", "")
	fs.IntVar(&o.registers, "registers", 0, "")
	fs.StringVar(&o.semantics, "semantics", "member", "")
}

// resolve checks the layout flags after parsing and chooses the layout:
// the portable one (one declaration per register, what every runtime
// reads) wherever registers are packed, unless --multi-dcl asks for one
// declaration per member. It returns a usage message, or "".
func (o *packOpts) resolve(fs *flag.FlagSet, packs bool, profile string) string {
	registersSet := false
	fs.Visit(func(f *flag.Flag) { registersSet = registersSet || f.Name == "registers" })
	switch {
	case o.portableFlag && o.multiDcl:
		return "--portable and --multi-dcl cannot be used together"
	case registersSet && o.registers == 0:
		return "--registers=0: the budget must be at least 1 (leave the flag out for the profile's)"
	case !packs && (o.portableFlag || o.multiDcl):
		return fmt.Sprintf("--portable and --multi-dcl apply to vs_3_0 outputs and ps_3_0 inputs; %s has fixed registers", profile)
	case o.semantics != "member" && o.semantics != "texcoord":
		return fmt.Sprintf("unknown --semantics=%s (known: member, texcoord)", o.semantics)
	case o.semantics == "texcoord" && (o.multiDcl || !packs):
		return "--semantics=texcoord names the registers of the portable layout: it does not go with --multi-dcl or fixed registers"
	}
	o.portable = packs && !o.multiDcl
	return ""
}

// texcoordNames reports whether --semantics=texcoord was given.
func (o *packOpts) texcoordNames() bool { return o.semantics == "texcoord" }

// lookupStrategy finds a packing strategy by name.
func lookupStrategy(name string) (pack.Strategy, error) {
	st, ok := pack.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("unknown strategy %q (known: %s)", name, strings.Join(pack.Names(), ", "))
	}
	return st, nil
}

// packFlagSet declares shpack FILE's flags into pf.
func (e *env) packFlagSet(pf *packFlags) *flag.FlagSet {
	fs := e.newFlagSet("shpack")
	e.touchFlag(fs)
	pf.front.register(fs)
	fs.StringVar(&pf.structN, "struct", "", "")
	fs.StringVar(&pf.entry, "entry", "", "")
	fs.StringVar(&pf.profile, "profile", "vs_3_0", "")
	fs.StringVar(&pf.direction, "direction", "", "")
	fs.StringVar(&pf.format, "format", "asm", "")
	pf.opts.register(fs)
	fs.StringVar(&pf.out, "o", "", "")
	fs.StringVar(&pf.outDir, "out-dir", "", "")
	fs.StringVar(&pf.depfile, "depfile", "", "")
	fs.StringVar(&pf.variants, "variants", "", "")
	fs.StringVar(&pf.svg, "svg", "", "")
	pf.layout.register(fs)
	return fs
}

// registerMap draws panels as an SVG register map (--format=svg), titled
// after the first panel's layout.
func registerMap(w io.Writer, source string, panels []emit.MapPanel, columns int) error {
	title, sub := emit.MapTitles(panels[0].Layout, relToWorkDir(source))
	return emit.RegisterMap(w, title, sub, panels, columns)
}

// relToWorkDir names an absolute path below the working directory
// relative to it, as the pictures print it (issue 28: subtitles printed
// absolute paths); other names stay as given.
func relToWorkDir(p string) string {
	if !filepath.IsAbs(p) {
		return p
	}
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}
