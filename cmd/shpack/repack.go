package main

import (
	"bytes"
	"fmt"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/repack"
)

const repackHelp = `Usage: shpack repack [flags] VS PS

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
  --touch             give unchanged outputs the current time (for make)
  --indexed, --registers
                      refused: repack finds indexed outputs (o[aL + n])
                      itself, and the programs run in vs_3_0's registers
  --diagnostics-format=gcc|plain|msvc, --no-caret, --max-errors=N, -q
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
	files, err := parseInterspersed(fs, args)
	e.inputs = files
	if err != nil {
		return e.flagError(err, repackHelp)
	}
	strategy, serr := lookupStrategy(opts.strategy)
	switch {
	case len(files) != 2:
		return e.usageError("repack takes a vertex shader and a pixel shader")
	case serr != nil:
		return e.usageError("%v", serr)
	case format != "asm" && format != "json" && format != "cso":
		return e.usageError("unknown format %q (known: asm, cso, json)", format)
	case format == "cso" && vsOut == "":
		return e.usageError("--format=cso writes bytecode: give --vs-out=FILE and --ps-out=FILE")
	case (vsOut == "") != (psOut == ""):
		return e.usageError("--vs-out and --ps-out go together")
	case depPath != "" && vsOut == "":
		return e.usageError("--depfile needs --vs-out and --ps-out: its targets are the output files")
	case len(opts.indexed) > 0:
		return e.usageError("repack finds indexed outputs itself (o[aL + n]); --indexed does not apply")
	case opts.registers != 0:
		return e.usageError("--registers does not apply to repack: the programs run in vs_3_0's registers")
	}
	if msg := opts.resolve(fs, true, "vs_3_0"); msg != "" {
		return e.usageError("%s", msg)
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
	res, err := repack.Pair(progs[0], progs[1], names[0], names[1], repack.Options{Strategy: strategy, MixColor: opts.mixColor, Portable: opts.portable, TexcoordNames: opts.texcoordNames()})
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
	if vsOut != "" {
		return e.writeWithDepfile([]fileWrite{{vsOut, vb.Bytes()}, {psOut, pb.Bytes()}}, depPath, names[:], svgWrites...)
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

func layoutWord(portable bool) string {
	if portable {
		return "portable"
	}
	return "one declaration per member"
}
