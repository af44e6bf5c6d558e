package main

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/repack"
)

const repackHelp = `Usage: shpack repack [flags] VS PS
       shpack repack --layout=FILE [flags] PROGRAM

Packs a compiled vs_3_0/ps_3_0 pair: VS and PS are assembly text (as fxc's
/Fc, vkd3d's or MojoShader's disassemblers print it) or bytecode (.cso); the
vertex shader's output declarations are packed (as shpack FILE packs a
signature) and both programs are rewritten to use the packed registers:
every write to o# and every read of v# moves to its new register and
components, with write masks and swizzles remapped; instructions whose
components follow a fixed pattern (m4x4, nrm, sincos, lit, texldl, ...)
write a free temporary and a mov copies it. Outputs written with
relative addressing (o[aL + n]) keep their order, each in a register of its
own. A pixel input declared wider than the vertex output it reads (float4
of a float2) is narrowed to what the pixel shader reads; components it
reads that nothing writes get 0 (w: 1), written by the vertex shader.
Everything else is kept. The output is assembly that MojoShader's
assembler takes.

Flags:
  --strategy=NAME, --mix-color, --multi-dcl, --portable,
  --semantics=member|texcoord         as for shpack FILE
  --format=asm|cso|json
                      asm (default): the vs program, a blank line, the ps
                      program; cso: bytecode (with --vs-out and --ps-out),
                      what runtimes load, and the form for programs with
                      predicated instructions or indexed outputs, which
                      MojoShader's and Wine's assemblers do not read back;
                      json: {"vs": LAYOUT, "ps": LAYOUT}
  --vs-out=FILE, --ps-out=FILE        write the programs to files
                      (atomically, both or neither) instead of stdout
  --depfile=FILE      write a Make/Ninja dependency file (with --vs-out)
  --svg=FILE          also draw the new layouts, VS and PS side by side, as
                      a register map (see shpack --format=svg)
  --layout-out=FILE   also write the vertex layout as a layout file
                      (shpack.interface/1, docs/json.md), for a stage
                      repacked or rewritten in another step
  --layout=FILE       apply a layout file instead of planning; with one
                      PROGRAM, repack that stage alone: a vertex shader's
                      outputs where the file puts them (write it with
                      --vs-out), a pixel shader's inputs read from there
                      (--ps-out); components a pixel shader reads that the
                      file does not hold get 0 (w: 1) in the pixel shader
  --touch             give unchanged outputs the current time (for make)
  --indexed, --registers
                      refused: repack finds indexed outputs (o[aL + n])
                      itself, and the programs run in vs_3_0's registers
  --diagnostics-format=gcc|plain|msvc|sarif|json, --color=auto|always|never,
  --no-caret, --max-errors=N, -q
                      how errors are printed, as for shpack --help

A program shpack cannot prove it rewrote correctly is an error naming the
instruction; nothing is written then.
`

func (e *env) repack(args []string) int {
	var opts packOpts
	var format, vsOut, psOut string
	fs := e.newFlagSet("shpack repack")
	e.touchFlag(fs)
	opts.register(fs)
	fs.StringVar(&format, "format", "asm", "")
	fs.StringVar(&vsOut, "vs-out", "", "")
	fs.StringVar(&psOut, "ps-out", "", "")
	var depPath, svgPath string
	fs.StringVar(&depPath, "depfile", "", "")
	fs.StringVar(&svgPath, "svg", "", "")
	var lay layoutFlags
	lay.register(fs)
	files, err := parseInterspersed(fs, args)
	e.inputs = files
	if err != nil {
		return e.flagError(err, repackHelp)
	}
	strategy, serr := lookupStrategy(opts.strategy)
	switch {
	case len(files) == 1 && lay.in != "":
		// One stage alone, through the layout file (repackStage).
	case len(files) != 2:
		return e.usageError("repack takes a vertex shader and a pixel shader (or one of them with --layout=FILE)")
	case lay.out != "" && lay.in != "":
		return e.usageError("--layout and --layout-out cannot be used together: a layout applied is the layout planned")
	case serr != nil:
		return e.usageError("%v", serr)
	case format != "asm" && format != "json" && format != "cso":
		return e.usageError("unknown format %q (known: asm, cso, json)", format)
	case format == "cso" && vsOut == "" && psOut == "":
		return e.usageError("--format=cso writes bytecode: give --vs-out=FILE and --ps-out=FILE")
	case (vsOut == "") != (psOut == "") && len(files) == 2:
		return e.usageError("--vs-out and --ps-out go together")
	case depPath != "" && vsOut == "" && psOut == "":
		return e.usageError("--depfile needs --vs-out and --ps-out: its targets are the output files")
	case len(opts.indexed) > 0:
		return e.usageError("repack finds indexed outputs itself (o[aL + n]); --indexed does not apply")
	case opts.registers != 0:
		return e.usageError("--registers does not apply to repack: the programs run in vs_3_0's registers")
	}
	if msg := opts.resolve(fs, true, "vs_3_0"); msg != "" {
		return e.usageError("%s", msg)
	}
	if msg := lay.check(nil, opts.portable, 1); msg != "" {
		return e.usageError("%s", msg)
	}
	if lay.in != "" {
		if lay.file, err = e.readLayout(lay.in); err != nil {
			return e.report(err)
		}
	}
	if len(files) == 1 {
		return e.repackStage(files[0], lay, format, vsOut, psOut, depPath)
	}
	var progs [2]*d3d9.Program
	var names [2]string
	for i, f := range files {
		src, name, err := e.readInput(f)
		if err != nil {
			return e.report(err)
		}
		names[i] = name
		if progs[i], err = d3d9.Read(name, src); err != nil {
			return e.report(err)
		}
	}
	// A program the check rejects as given (an output indexed through a0,
	// a register past the profile's, a call to a missing label) is not
	// repacked: what repack would make of it is no more right. Outputs
	// past o11 after all of o0 to o11 are what it is for.
	var bad ir.ErrorList
	for i, p := range progs {
		bad = append(bad, check.Overflowing(p, names[i])...)
	}
	if len(bad) > 0 {
		return e.report(bad)
	}
	// A pair planned for stages repacked apart pads no output: a vertex
	// shader alone cannot pad for a pixel shader it does not see.
	ropts := repack.Options{Strategy: strategy, MixColor: opts.mixColor, Portable: opts.portable, TexcoordNames: opts.texcoordNames(), Fill: lay.out != ""}
	if lf := lay.file; lf != nil {
		it, err := lf.Find(names[0], ir.Vertex)
		if err != nil {
			return e.report(err)
		}
		ropts.Apply = func(sig *ir.Signature) (*ir.Layout, error) { return it.Apply(sig, lf.Name) }
	}
	res, err := repack.Pair(progs[0], progs[1], names[0], names[1], ropts)
	if err != nil {
		return e.report(err)
	}
	e.notef("%s: note: %d general output registers repacked into %d (%s, %s)\n",
		names[0], res.Unpacked, res.VSLayout.GeneralRegisters(), strategy.Name(), layoutWord(opts.portable))
	// What repack writes is checked as a user would check it, with shpack
	// check: a program the check rejects (a temporary past r31 that the
	// compiler wrote, a broken linkage) is an error, and nothing is
	// written; a value a runtime will not carry is a note.
	rep := check.Programs(res.VS, res.PS, names[0], names[1])
	if len(rep.Problems) > 0 {
		in := check.Programs(progs[0], progs[1], names[0], names[1])
		for _, p := range rep.Problems {
			p.Msg = "the repacked pair fails shpack check: " + p.Msg
			if len(in.Problems) > 0 {
				p.Notes = append(p.Notes, ir.Note{Pos: ir.Pos{File: names[0]}, Msg: fmt.Sprintf("shpack check finds %d problems in the pair as given: run it on the input", len(in.Problems))})
			}
		}
		return e.report(rep.Problems)
	}
	for _, rt := range rep.Runtimes {
		for _, l := range rt.Lost {
			e.notef("%s: note: %s will not carry %s%d.%s as written: %s\n", names[1], rt.Name, l.Semantic, l.Index, l.Components, l.Why)
		}
	}
	var vb, pb bytes.Buffer
	if format == "json" {
		if vsOut != "" {
			err = emit.JSON(&vb, res.VSLayout, names[0])
			if err == nil {
				err = emit.JSON(&pb, res.PSLayout, names[1])
			}
		} else {
			err = emit.LinkJSON(&pb, res.VSLayout, names[0], res.PSLayout, names[1])
		}
	} else if format == "cso" {
		var v, p []byte
		if v, err = d3d9.Encode(res.VS); err == nil {
			p, err = d3d9.Encode(res.PS)
		}
		vb.Write(v)
		pb.Write(p)
	} else {
		err = d3d9.Print(&vb, res.VS)
		if err == nil {
			err = d3d9.Print(&pb, res.PS)
		}
		for i, prog := range []*d3d9.Program{res.VS, res.PS} {
			if what := d3d9.AssemblerGaps(prog); what != "" {
				e.notef("%s: note: the program has %s, which MojoShader's and Wine's assemblers do not read: --format=cso writes bytecode\n", names[i], what)
			}
		}
	}
	if err != nil {
		return e.report(err)
	}
	var svgWrites []fileWrite
	if svgPath != "" {
		var sb bytes.Buffer
		if err := registerMap(&sb, names[0], []emit.MapPanel{
			{Heading: "vertex shader " + names[0], Layout: res.VSLayout},
			{Heading: "pixel shader " + names[1], Layout: res.PSLayout},
		}, 2); err != nil {
			return e.report(err)
		}
		svgWrites = []fileWrite{{svgPath, sb.Bytes()}}
	}
	if lay.out != "" {
		it, err := layoutfile.FromLayout(res.VSLayout, []string{names[0]}, []string{names[1]})
		if err != nil {
			return e.report(err)
		}
		for i := range it.Outputs {
			o := &it.Outputs[i]
			for k, el := range res.VSLayout.Sig.Elements {
				if u, idx, _ := el.Semantic.D3D9(); u == o.Usage && idx == o.Index && res.VSMasks[k].First() != 0 {
					o.Written = res.VSMasks[k]
				}
			}
		}
		svgWrites = append(svgWrites, fileWrite{lay.out, layoutfile.Marshal([]layoutfile.Interface{it})})
	}
	if vsOut != "" {
		deps := names[:]
		if lay.in != "" {
			deps = append(deps, lay.in)
		}
		return e.writeWithDepfile([]fileWrite{{vsOut, vb.Bytes()}, {psOut, pb.Bytes()}}, depPath, deps, svgWrites...)
	}
	if code := e.writeFiles(svgWrites); code != exitOK {
		return code
	}
	if format == "asm" {
		vb.WriteByte('\n')
	}
	vb.Write(pb.Bytes())
	return e.print(vb.String())
}

// repackStage repacks one program alone through the layout file lay
// (repack --layout=FILE PROGRAM): the vertex shader's outputs where the
// file puts them, or the pixel shader's inputs read from there.
func (e *env) repackStage(file string, lay layoutFlags, format, vsOut, psOut, depPath string) int {
	src, name, err := e.readInput(file)
	if err != nil {
		return e.report(err)
	}
	prog, err := d3d9.Read(name, src)
	if err != nil {
		return e.report(err)
	}
	lf := lay.file
	out, other := vsOut, "--ps-out"
	if prog.Stage == ir.Pixel {
		out, other = psOut, "--vs-out"
	}
	switch {
	case format == "json":
		return e.usageError("repack of one stage writes its program: --format=asm or cso")
	case out == "" && (vsOut != "" || psOut != ""):
		return e.usageError("%s is a %s program: %s does not apply to it", name, prog.Profile(), other)
	case out == "" && format == "cso":
		return e.usageError("--format=cso writes bytecode: give --vs-out=FILE (a vertex shader) or --ps-out=FILE (a pixel shader)")
	}
	if bad := check.Overflowing(prog, name); len(bad) > 0 {
		return e.report(bad)
	}
	var np *d3d9.Program
	if prog.Stage == ir.Vertex {
		it, ferr := lf.Find(name, ir.Vertex)
		if ferr != nil {
			return e.report(ferr)
		}
		np, _, err = repack.Vertex(prog, name, func(sig *ir.Signature) (*ir.Layout, error) { return it.Apply(sig, lf.Name) })
	} else {
		its, ferr := lf.FindAll(name, ir.Pixel)
		if ferr != nil {
			return e.report(ferr)
		}
		for _, it := range its[1:] {
			if !slices.Equal(it.Outputs, its[0].Outputs) {
				return e.report(fileError(lf.Name, "%d interfaces of the layout file feed pixel shader %s differently: repack it with a layout file of its own vertex shader", len(its), name))
			}
		}
		var written []ir.Mask
		for _, o := range its[0].Outputs {
			written = append(written, o.Written)
		}
		np, _, err = repack.Pixel(prog, name, its[0].Layout(), written)
	}
	if err != nil {
		return e.report(err)
	}
	if bad := check.Program(np, name); len(bad) > 0 {
		for _, p := range bad {
			p.Msg = "the repacked program fails shpack check: " + p.Msg
		}
		return e.report(bad)
	}
	var b bytes.Buffer
	if format == "cso" {
		var bin []byte
		bin, err = d3d9.Encode(np)
		b.Write(bin)
	} else {
		err = d3d9.Print(&b, np)
		if what := d3d9.AssemblerGaps(np); what != "" {
			e.notef("%s: note: the program has %s, which MojoShader's and Wine's assemblers do not read: --format=cso writes bytecode\n", name, what)
		}
	}
	if err != nil {
		return e.report(err)
	}
	e.notef("%s: note: %s repacked as the layout file %s says\n", name, prog.Profile(), lf.Name)
	if out == "" {
		return e.print(b.String())
	}
	return e.writeWithDepfile([]fileWrite{{out, b.Bytes()}}, depPath, []string{name, lf.Name})
}

func layoutWord(portable bool) string {
	if portable {
		return "portable"
	}
	return "one declaration per member"
}
