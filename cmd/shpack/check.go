package main

import (
	"bytes"
	"slices"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/ir"
)

var checkCommand = &command{
	name:    "check",
	usage:   "[flags] VS [PS]",
	summary: "check compiled vs_3_0/ps_3_0 programs: limits, rules, linkage, what each runtime loses",
	about: `Checks compiled vs_3_0/ps_3_0 programs before anything runs them. VS and PS
are assembly text (as fxc's /Fc, vkd3d's or MojoShader's disassemblers
print it) or bytecode (.cso).

Problems are errors naming the instruction or dcl, exit status 1: registers
past the profile's (r0-r31, vs_3_0 o0-o11 and v0-v15, ps_3_0 v0-v9,
constants, samplers), declarations that share a component or repeat a
semantic, POSITION0 without the full mask, PSIZE sharing its register, a
dcl after the first instruction, outputs indexed other than with aL,
registers written or read without a dcl, a call to a missing label; and,
with PS, linkage: every semantic the pixel shader declares is written by
the vertex shader at the same letters, grouped in registers the same way.

Then, with PS, for each runtime, whether every value the pixel shader
reads arrives as the vertex shader wrote it, or which are lost and why:
  wined3d      Wine's Direct3D 9 (8.0): the last dcl of a register wins
  mojoshader   MojoShader's GLSL (glsl120: FNA, MonoGame DesktopGL): one
               varying per register, named after its last dcl; FOG does
               not link, COLOR0/1 are clamped to [0, 1]
  dxvk2        DXVK 2.x (to 2.7.1): a semantic arrives when it is its
               pixel register's last dcl and its vertex mask starts at .x
  dxvk3        DXVK 3.x: only the first dcl of a register (not verified)
A lost value is not an error unless --require names its runtime.
`,
	after: `Exit status: 0 the programs pass (lost values are not failures unless
--require names their runtime); 1 a problem or a required runtime's loss
(-o FILE is then not written, so that a build step's next run checks
again); 2 bad command line.
`,
	flags:   "format require o depfile touch",
	formats: "text|json",
	fmtHelp: `text: problems on stderr, runtimes on stdout; json: {"schema": "shpack.check/1", "problems": [...], "runtimes": {...}} on stdout`,
	run:     (*env).runCheck,
}

func (e *env) runCheck(files []string) int {
	required, rerr := check.ParseRuntimes(e.require)
	switch {
	case len(files) < 1 || len(files) > 2:
		return e.usageError("check takes a vertex shader and, optionally, the pixel shader it feeds")
	case rerr != nil:
		return e.usageError("%v", rerr)
	case len(required) > 0 && len(files) < 2:
		return e.usageError("--require needs the pixel shader: the runtimes are checked on a pair")
	}
	srcs, err := e.readSources(files)
	if err != nil {
		return e.report(err)
	}
	var progs [2]*d3d9.Program
	var names [2]string
	for i, s := range srcs {
		names[i] = s.Name
		if len(s.Src) == 0 { // what a compiler that failed may leave
			return e.report(fileError(s.Name, "the file is empty: there is no program to check (did the compiler that was to write it fail?)"))
		}
		if progs[i], err = d3d9.Read(s.Name, s.Src); err != nil {
			return e.report(err)
		}
	}
	rep := check.Programs(progs[0], progs[1], names[0], names[1])
	// In the check's order (vertex shader, then pixel shader, each in
	// instruction order), not sorted by the messages' text.
	errs := append(slices.Clone(rep.Problems), rep.LossErrors(required...)...)
	e.rep.Report(errs, false)
	if progs[1] == nil {
		e.say(ir.Note{Pos: ir.Pos{File: names[0]}, Msg: "no pixel shader: linkage and runtimes are not checked"})
	} else if len(rep.Problems) > 0 {
		e.say(ir.Note{Msg: "the runtimes' lists model the declarations only: with the problems above, a runtime may lose more"})
	}
	var out bytes.Buffer
	if e.format == "json" {
		err = rep.WriteJSON(&out)
	} else {
		err = rep.WriteText(&out)
	}
	if err != nil {
		return e.report(err)
	}
	if len(errs) == 0 {
		return e.finish(result{text: out.Bytes(), deps: names[:len(srcs)]})
	}
	if e.out == "" || e.out == "-" { // the report still goes to stdout; -o FILE is a pass's
		e.print(out.String())
	}
	return exitInput
}
