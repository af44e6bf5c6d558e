package main

import (
	"bytes"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
)

var repackCommand = &command{
	name:    "repack",
	usage:   "[flags] VS PS\n--layout=FILE [flags] PROGRAM",
	summary: "pack a compiled vs_3_0/ps_3_0 pair (bytecode or assembly) and rewrite both programs",
	about: `Packs a compiled vs_3_0/ps_3_0 pair: VS and PS are assembly text (as fxc's
/Fc, vkd3d's or MojoShader's disassemblers print it) or bytecode (.cso); the
vertex shader's output declarations are packed (as shpack FILE packs a
signature) and both programs are rewritten to use the packed registers:
every write to o# and every read of v# moves to its new register and
components, with write masks and swizzles remapped; instructions whose
components follow a fixed pattern (m4x4, nrm, sincos, lit, texldl, ...)
write a free temporary and a mov copies it. Outputs written with relative
addressing (o[aL + n]) keep their order, each in a register of its own. A
pixel input declared wider than the vertex output it reads is narrowed to
what the pixel shader reads; components it reads that nothing writes get 0
(w: 1), written by the vertex shader. Everything else is kept. What repack
writes is checked (shpack check): a problem is an error, nothing written.
With --layout and one PROGRAM, that stage alone is repacked as the layout
file says (write it with --vs-out or --ps-out).
`,
	flags:   "pack o vs-out ps-out format svg layout-out layout depfile touch",
	formats: "asm|cso|json",
	fmtHelp: `asm: the vs program, a blank line, the ps program; cso: bytecode (with --vs-out and --ps-out), what runtimes load, and the form for programs with predicated instructions or indexed outputs, which MojoShader's and Wine's assemblers do not read back; json: {"vs": LAYOUT, "ps": LAYOUT}`,
	help: map[string]string{
		"indexed":   "refused: repack finds indexed outputs (o[aL + n]) itself",
		"registers": "refused: the programs run in vs_3_0's registers",
	},
	run: (*env).runRepack,
}

func (e *env) runRepack(files []string) int {
	switch {
	case len(files) == 1 && e.layoutIn != "":
		// One stage alone, through the layout file.
	case len(files) != 2:
		return e.usageError("repack takes a vertex shader and a pixel shader (or one of them with --layout=FILE)")
	case e.format == "cso" && e.vsOut == "" && e.psOut == "":
		return e.usageError("--format=cso writes bytecode: give --vs-out=FILE and --ps-out=FILE")
	case (e.vsOut == "") != (e.psOut == "") && len(files) == 2:
		return e.usageError("--vs-out and --ps-out go together")
	case len(e.indexed) > 0:
		return e.usageError("repack finds indexed outputs itself (o[aL + n]); --indexed does not apply")
	case e.registers != 0:
		return e.usageError("--registers does not apply to repack: the programs run in vs_3_0's registers")
	}
	if msg := e.resolve(true, "vs_3_0"); msg != "" {
		return e.usageError("%s", msg)
	}
	if err := e.readLayout(); err != nil {
		return e.report(err)
	}
	srcs, err := e.readSources(files)
	if err != nil {
		return e.report(err)
	}
	res, err := driver.Repack(srcs, driver.RepackOptions{Packing: e.packing(), LayoutOut: e.layoutOut != ""})
	if err != nil {
		return e.report(err)
	}
	if len(files) == 1 {
		return e.repackStage(srcs[0], res)
	}
	e.say(res.Notes...)
	names := []string{srcs[0].Name, srcs[1].Name}
	r := result{deps: names}
	var vb, pb bytes.Buffer
	switch {
	case e.format == "json" && e.vsOut != "":
		if err = emit.JSON(&vb, res.VSLayout, names[0]); err == nil {
			err = emit.JSON(&pb, res.PSLayout, names[1])
		}
	case e.format == "json":
		err = emit.LinkJSON(&pb, res.VSLayout, names[0], res.PSLayout, names[1])
	default:
		if err = e.program(&vb, res.VS, names[0]); err == nil {
			err = e.program(&pb, res.PS, names[1])
		}
		if e.format == "asm" && e.vsOut == "" {
			vb.WriteByte('\n')
		}
	}
	if err != nil {
		return e.report(err)
	}
	if r.side, err = e.sides(names[0], 2, res.Panels, func() ([]layoutfile.Interface, error) { return res.Interfaces, nil }); err != nil {
		return e.report(err)
	}
	if e.vsOut != "" {
		r.files = []fileWrite{{path: e.vsOut, data: vb.Bytes()}, {path: e.psOut, data: pb.Bytes()}}
	} else {
		r.text = append(vb.Bytes(), pb.Bytes()...)
	}
	return e.finish(r)
}

// program writes a program as --format asks: bytecode, or assembly (with
// -v, a note when it holds what the assemblers do not read).
func (e *env) program(b *bytes.Buffer, p *d3d9.Program, name string) error {
	if e.format == "cso" {
		bin, err := d3d9.Encode(p)
		b.Write(bin)
		return err
	}
	if what := d3d9.AssemblerGaps(p); what != "" && e.verbose {
		e.say(ir.Note{Pos: ir.Pos{File: name}, Msg: "the program has " + what + ", which MojoShader's and Wine's assemblers do not read: --format=cso writes bytecode"})
	}
	return d3d9.Print(b, p)
}

// repackStage writes what repack --layout=FILE PROGRAM made: one stage
// alone.
func (e *env) repackStage(src driver.Source, res *driver.RepackResult) int {
	prog, out, other := res.VS, e.vsOut, "--ps-out"
	if prog == nil {
		prog, out, other = res.PS, e.psOut, "--vs-out"
	}
	switch {
	case e.format == "json":
		return e.usageError("repack of one stage writes its program: --format=asm or cso")
	case out == "" && (e.vsOut != "" || e.psOut != ""):
		return e.usageError("%s is a %s program: %s does not apply to it", src.Name, prog.Profile(), other)
	case out == "" && e.format == "cso":
		return e.usageError("--format=cso writes bytecode: give --vs-out=FILE (a vertex shader) or --ps-out=FILE (a pixel shader)")
	}
	var b bytes.Buffer
	if err := e.program(&b, prog, src.Name); err != nil {
		return e.report(err)
	}
	e.say(res.Notes...)
	// The program goes to its file, or to standard output: not both.
	r := result{deps: []string{src.Name}}
	if out != "" {
		r.files = []fileWrite{{path: out, data: b.Bytes()}}
	} else {
		r.text = b.Bytes()
	}
	return e.finish(r)
}
