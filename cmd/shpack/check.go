package main

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/ir"
)

const checkHelp = `Usage: shpack check [flags] VS [PS]

Checks compiled vs_3_0/ps_3_0 programs before anything runs them. VS and PS
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

Flags:
  --format=text|json  text (default): problems on stderr, runtimes on
                      stdout; json: {"schema": "shpack.check/1",
                      "problems": [...], "runtimes": {...}} on stdout
  --require=RUNTIME[,RUNTIME...]|all
                      runtimes on which nothing may be lost: a lost value
                      there is an error too (exit 1)
  --diagnostics-format=gcc|plain|msvc|sarif|json, --color=auto|always|never,
  --no-caret, --max-errors=N, -q
                      how errors are printed, as for shpack --help
`

func (e *env) check(args []string) int {
	fs := e.newFlagSet("shpack check")
	var format, require string
	fs.StringVar(&format, "format", "text", "")
	fs.StringVar(&require, "require", "", "")
	files, err := parseInterspersed(fs, args)
	e.inputs = files
	if err != nil {
		return e.flagError(err, checkHelp)
	}
	required, rerr := requiredRuntimes(require)
	switch {
	case len(files) < 1 || len(files) > 2:
		return e.usageError("check takes a vertex shader and, optionally, the pixel shader it feeds")
	case format != "text" && format != "json":
		return e.usageError("unknown format %q (known: text, json)", format)
	case rerr != nil:
		return e.usageError("%v", rerr)
	case len(required) > 0 && len(files) < 2:
		return e.usageError("--require needs the pixel shader: the runtimes are checked on a pair")
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
	rep := check.Programs(progs[0], progs[1], names[0], names[1])
	errs := append(slices.Clone(rep.Problems), rep.LossErrors(required...)...)
	e.printDiagnostics(errs)
	if progs[1] == nil {
		e.notef("%s: note: no pixel shader: linkage and runtimes are not checked\n", names[0])
	} else if len(rep.Problems) > 0 {
		e.notef("shpack: note: the runtimes' lists model the declarations only: with the problems above, a runtime may lose more\n")
	}
	var out bytes.Buffer
	if format == "json" {
		if err := rep.WriteJSON(&out); err != nil {
			return e.report(err)
		}
	} else {
		for _, rt := range rep.Runtimes {
			if len(rt.Lost) == 0 {
				fmt.Fprintf(&out, "%s: every value the pixel shader reads arrives\n", rt.Name)
				continue
			}
			n := 0
			for _, l := range rt.Lost {
				n += len(l.Components)
			}
			fmt.Fprintf(&out, "%s: %d %s lost\n", rt.Name, n, plural(n, "value", "values"))
			for _, l := range rt.Lost {
				fmt.Fprintf(&out, "  %s\n", l)
			}
		}
	}
	if code := e.print(out.String()); code != exitOK {
		return code
	}
	if len(errs) > 0 {
		return exitInput
	}
	return exitOK
}

// requiredRuntimes reads --require: runtime names separated by commas, or
// all.
func requiredRuntimes(s string) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	known := check.RuntimeNames()
	var out []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		switch {
		case name == "all":
			out = append(out, known...)
		case slices.Contains(known, name):
			out = append(out, name)
		default:
			return nil, fmt.Errorf("unknown runtime %q in --require (known: %s, all)", name, strings.Join(known, ", "))
		}
	}
	return out, nil
}

// printDiagnostics prints diagnostics in the order given (the check's
// order: vertex shader, then pixel shader, each in instruction order,
// which for bytecode is not the order of the messages' text), at most
// --max-errors of them.
func (e *env) printDiagnostics(errs ir.ErrorList) {
	pr := e.printer()
	limit := e.diag.maxErrors
	for i, d := range errs {
		if limit > 0 && i == limit {
			fmt.Fprintf(e.stderr, "shpack: %d more errors not shown (--max-errors=0 shows all)\n", len(errs)-limit)
			break
		}
		fmt.Fprintln(e.stderr, pr.Format(d))
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
