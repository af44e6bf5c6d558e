package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/shpack/shpack/compile"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
)

var fxcCommand = &command{
	name:    "fxc",
	usage:   "[shpack flags] [fxc flags] FILE\n(or: shpack PATH/fxc.exe [shpack flags] [fxc flags] FILE)",
	summary: "in front of an fxc command line: rewrite, compile with the real compiler, check",
	about: `A drop-in for the fxc line a build already has: put shpack in front of it.
Reads fxc's command line as fxc does ('/' or '-' options, values attached
or separate: /T vs_3_0, /Tvs_3_0, /Fo out.vso, /Foout.vso; /T /E /D /I /Fo
/Fc /Fh /Fe /Vn /nologo /O0-3 /Od /Zi /Zpr /Zpc /Gec /WX /Ni /Cc and
@response files; other options are passed on), rewrites the source as
shpack rewrite would (the pairs of its techniques; with the same /D, so
permutation-aware), runs the real compiler on the rewrite, checks the
program it made (shpack check) and writes the files fxc would have
written. A source with nothing to pack is compiled as it is. The
compiler's diagnostics come back in fxc's format at your file and line
(file(line,col): error X1234: ...), and its exit status is kept.

A vertex or pixel shader compiled alone (no technique pairs it) that needs
packing is built through a layout file: --layout-out=FILE on the vertex
shader's line, --layout=FILE on the pixel shader's. As fxc does, every
output is written, changed or not (its time moves), so that Make and CMake
see the step done. shpack's flags start with "--", before or after fxc's.
`,
	after: `Exit status: the compiler's; 1 when shpack cannot rewrite the source or
shpack check rejects the compiled program (nothing is written then); 2 bad
command line.
`,
	flags: "compiler compiler-kind layout-out layout depfile",
	help: map[string]string{
		"diagnostics-format": "`msvc|gcc|plain|sarif|json` shpack's own errors and notes: msvc (default here): FILE(LINE,COL): error: ..., as fxc prints and MSBuild and IDEs parse; the others as for shpack --help. The compiler's messages keep fxc's format",
		"depfile":            "`FILE` also write a Make/Ninja dependency file: the outputs depend on the source, its includes and the layout file, each header a target of its own (gcc's -MP)",
	},
	raw:  true,
	diag: "diagnostics-format max-errors", // fxc's format, and no -q: a '-' option is fxc's
	run:  (*env).runFxc,
}

// runFxc is "shpack fxc": fxc's command line, through the rewrite. Its
// shpack flags are "--NAME=VALUE"; the rest is fxc's.
func (e *env) runFxc(args []string) int {
	fs := e.flagSets[len(e.flagSets)-1]
	var rest []string
	for _, a := range args {
		name, value, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		f := fs.Lookup(name)
		switch {
		case a == "--help" || a == "-help" || a == "-h":
			return e.print(e.cmd.helpText())
		case !strings.HasPrefix(a, "--"):
			rest = append(rest, a)
			continue
		case f == nil:
			return e.usageError("fxc: unknown shpack flag %s (shpack fxc --help); fxc's own options start with one '/' or '-'", a)
		case !hasValue:
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
				return e.usageError("fxc: %s needs a value (%s=VALUE)", a, a)
			}
			value = "true"
		}
		if err := fs.Set(name, value); err != nil {
			return e.usageError("fxc: %s: %v", a, err)
		}
	}
	if code := e.parsed(e.cmd, fs); code >= 0 {
		return code
	}
	for _, c := range []string{os.Getenv("SHPACK_FXC"), e.fxcNamed} {
		if e.compiler == "" {
			e.compiler = c
		}
	}
	if e.compiler == "" {
		return e.usageError("fxc: no compiler: give --compiler=PATH or set SHPACK_FXC (fxc.exe or vkd3d-compiler)")
	}
	kind := compile.KindOf(e.compiler)
	if k, ok := compile.ParseKind(e.compilerKind); ok { // checked by parsed
		kind = k
	}
	a, err := compile.ParseArgs(rest, compile.ReadResponse, func(p string) bool {
		st, err := os.Stat(p)
		return err == nil && st.Mode().IsRegular()
	})
	if err != nil {
		return e.usageError("fxc: %v", err)
	}
	e.inputs = []string{a.Source}
	if !e.set["diagnostics-format"] {
		e.rep.Printer.Style, e.rep.Printer.Color = ir.DiagMSVC, false // what MSBuild and IDEs parse, as fxc prints
	}
	e.touch = true // fxc writes its outputs, changed or not
	if e.depfile != "" && a.Fo == "" && a.Fc == "" && a.Fh == "" {
		return e.usageError("fxc: --depfile needs an output (/Fo, /Fc or /Fh): its targets are the files written")
	}
	if err := e.readLayout(); err != nil {
		return e.report(err)
	}
	res, err := compile.Run(context.Background(), compile.Options{Args: a, Compiler: e.compiler, Kind: kind, Layout: e.layoutFile, LayoutOut: e.layoutOut != ""})
	if err != nil {
		return e.report(err)
	}
	for _, n := range res.Notes {
		e.note(compile.Diagnostic{File: n.Pos.File, Line: n.Pos.Line, Col: n.Pos.Col, Severity: "note", Msg: n.Msg}.String())
	}
	var diag strings.Builder
	for _, d := range res.Diagnostics {
		diag.WriteString(d.String() + "\n")
	}
	fmt.Fprint(e.stderr, diag.String())
	var r result
	if a.Fe != "" {
		r.side = []fileWrite{{path: a.Fe, data: []byte(diag.String())}}
	}
	if res.ExitCode != 0 {
		e.writeFiles(r.side)
		return res.ExitCode
	}
	for _, o := range res.Outputs {
		r.files = append(r.files, fileWrite{path: o.Path, data: o.Data})
	}
	more, _ := e.sides(a.Source, 0, nil, func() ([]layoutfile.Interface, error) { return res.Interfaces, nil })
	r.side = append(r.side, more...)
	r.deps = res.Deps
	return e.finish(r)
}
