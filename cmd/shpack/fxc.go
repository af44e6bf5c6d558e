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

const fxcHelp = `Usage: shpack fxc [shpack flags] [fxc flags] FILE
       shpack PATH/fxc.exe [shpack flags] [fxc flags] FILE

A drop-in for the fxc line a build already has: put shpack in front of it.
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
shader's line, --layout=FILE on the pixel shader's.

shpack flags (before or after the fxc flags):
  --compiler=PATH     the compiler to run (default: $SHPACK_FXC, else the
                      fxc the command line names by path): fxc.exe
                      (run through Wine off Windows) or vkd3d-compiler, told
                      apart by name
  --compiler-kind=fxc|vkd3d
                      the compiler's command-line dialect, when its name
                      does not say: vkd3d-compiler takes no /D or /I, and is
                      handed a preprocessed source
  --layout=FILE, --layout-out=FILE
                      stages built apart (shpack rewrite --help)
  --depfile=FILE      also write a Make/Ninja dependency file: the outputs
                      depend on the source, its includes and the layout
                      file, each header a target of its own (gcc's -MP)

As fxc does, every output is written, changed or not (its time moves), so
that Make and CMake see the step done.

Exit status: the compiler's; 1 when shpack cannot rewrite the source or
shpack check rejects the compiled program (nothing is written then); 2 bad
command line.
`

// fxc is "shpack fxc": fxc's command line, through the rewrite. named is
// the fxc the command line named by its path ("shpack /sdk/fxc.exe ..."),
// the compiler unless --compiler or SHPACK_FXC says otherwise.
func (e *env) fxc(args []string, named string) int {
	var compiler, kindName, layoutIn, layoutOut, depPath string
	var rest []string
	for _, a := range args {
		name, value, _ := strings.Cut(a, "=")
		switch name {
		case "--compiler":
			compiler = value
		case "--compiler-kind":
			kindName = value
		case "--layout":
			layoutIn = value
		case "--layout-out":
			layoutOut = value
		case "--depfile":
			depPath = value
		case "--help", "-help", "-h":
			return e.print(fxcHelp)
		default:
			if strings.HasPrefix(a, "--") {
				return e.usageError("fxc: unknown shpack flag %s (shpack fxc --help); fxc's own options start with one '/' or '-'", a)
			}
			rest = append(rest, a)
		}
	}
	if compiler == "" {
		compiler = os.Getenv("SHPACK_FXC")
	}
	if compiler == "" {
		compiler = named
	}
	if compiler == "" {
		return e.usageError("fxc: no compiler: give --compiler=PATH or set SHPACK_FXC (fxc.exe or vkd3d-compiler)")
	}
	kind := compile.KindOf(compiler)
	if kindName != "" {
		k, ok := compile.ParseKind(kindName)
		if !ok {
			return e.usageError("fxc: --compiler-kind=%s: fxc or vkd3d", kindName)
		}
		kind = k
	}
	if layoutIn != "" && layoutOut != "" {
		return e.usageError("--layout and --layout-out cannot be used together: a layout applied is the layout planned")
	}
	a, err := compile.ParseArgs(rest, os.ReadFile, func(p string) bool {
		st, err := os.Stat(p)
		return err == nil && st.Mode().IsRegular()
	})
	if err != nil {
		return e.usageError("fxc: %v", err)
	}
	e.inputs = []string{a.Source}
	e.diag.style = ir.DiagMSVC // what MSBuild and IDEs parse, as fxc prints
	e.diag.touch = true        // fxc writes its outputs, changed or not
	if depPath != "" && a.Fo == "" && a.Fc == "" && a.Fh == "" {
		return e.usageError("fxc: --depfile needs an output (/Fo, /Fc or /Fh): its targets are the files written")
	}
	opts := compile.Options{Args: a, Compiler: compiler, Kind: kind, LayoutOut: layoutOut != ""}
	if layoutIn != "" {
		if opts.Layout, err = e.readLayout(layoutIn); err != nil {
			return e.report(err)
		}
	}
	res, err := compile.Run(context.Background(), opts)
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
	var writes []fileWrite
	if a.Fe != "" {
		writes = append(writes, fileWrite{a.Fe, []byte(diag.String())})
	}
	if res.ExitCode != 0 {
		e.writeFiles(writes)
		return res.ExitCode
	}
	for _, o := range res.Outputs {
		writes = append(writes, fileWrite{o.Path, o.Data})
	}
	var more []fileWrite
	if layoutOut != "" {
		more = append(more, fileWrite{layoutOut, layoutfile.Marshal(res.Interfaces)})
	}
	deps := res.Deps
	if layoutIn != "" {
		deps = append(deps, layoutIn)
	}
	return e.writeWithDepfile(writes, depPath, deps, more...)
}
