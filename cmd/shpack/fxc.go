package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"

	"github.com/shpack/shpack/compile"
	"github.com/shpack/shpack/internal/outfile"
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
@response files, UTF-8 or UTF-16, 16 MiB at most; other options are passed
on), rewrites the source as shpack rewrite would (the pairs of its
techniques; with the same /D, so permutation-aware), runs the real
compiler on the rewrite, checks the program it made (shpack check: Shader
Model 3; of an older profile, that it is a program of that profile) and
writes the files fxc would have written. A source with nothing to pack is
compiled as it is. The compiler's diagnostics come back in fxc's format at
your file and line (file(line,col): error X1234: ...), and its exit status
is kept. shpack prints what the compiler prints, and one line more when it
packed something (-v: what it did, and which compiler it ran).

The compiler is the fxc the command line names by its path, else
--compiler, else $SHPACK_FXC; else, on Windows, the Windows SDK's fxc.exe
(Windows Kits\10\bin\<newest version>\<x64|x86|arm64>, Windows Kits\10\bin\
<arch>, Windows Kits\8.1\bin\<arch>, the DirectX SDK's %DXSDK_DIR%Utilities\
bin\<x64|x86>); else fxc on PATH. Off Windows an fxc.exe runs through Wine.

A vertex or pixel shader compiled alone (no technique pairs it) that needs
packing is built through a layout file: --layout-out=FILE on the vertex
shader's line, --layout=FILE on the pixel shader's. No output (/Fo /Fc /Fh
/Fe --layout-out --depfile) may name the source, a file it includes, the
layout file or another output: the line is refused before anything runs.
As fxc does, every output is written, changed or not (its time moves), so
that Make and CMake see the step done. shpack's flags start with "--",
before or after fxc's.
`,
	after: `Exit status: the compiler's (128+N when a signal N killed it, and shpack
says which); 1 when shpack cannot rewrite the source or shpack check
rejects the compiled program (nothing is written then); 2 bad command
line, or no compiler found. Interrupted (SIGINT, SIGTERM), shpack stops the
compiler, removes its temporary files, writes nothing and ends by the
signal.
`,
	flags: "compiler compiler-kind layout-out layout depfile v",
	help: map[string]string{
		"diagnostics-format": "`msvc|gcc|plain|sarif|json` shpack's own errors and notes: msvc (default here): FILE(LINE,COL): error: ..., as fxc prints and MSBuild and IDEs parse; the others as for shpack --help. The compiler's messages keep fxc's format",
		"depfile":            "`FILE` also write a Make/Ninja dependency file: the outputs depend on the source, its includes and the layout file, each header a target of its own (gcc's -MP)",
		"compiler":           "`PATH` the compiler to run (default: the fxc the command line names by path, $SHPACK_FXC, the Windows SDK's fxc.exe, fxc on PATH): fxc.exe (through Wine off Windows) or vkd3d-compiler, told apart by name",
		"v":                  "say what shpack did: the compiler it runs and where it found it, what it packed and what it left alone (by default it prints what the compiler prints, and one line when it packed something)",
	},
	raw:  true,
	diag: "diagnostics-format max-errors", // fxc's format, and no -q: a '-' option is fxc's
	run:  (*env).runFxc,
}

// runFxc is "shpack fxc": fxc's command line, through the rewrite. Its
// shpack flags are "--NAME=VALUE" (and -v, which fxc has not); the rest
// is fxc's.
func (e *env) runFxc(args []string) int {
	fs := e.flagSets[len(e.flagSets)-1]
	var rest []string
	for _, a := range args {
		if a == "-v" {
			a = "--v"
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		f := fs.Lookup(name)
		switch {
		case a == "--help" || a == "-help" || a == "-h":
			return e.print(e.cmd.helpText())
		case !strings.HasPrefix(a, "--"):
			rest = append(rest, a)
			continue
		case f == nil:
			var names []string
			fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
			if s := ir.SuggestName(name, names); s != "" {
				return e.usageError("fxc: unknown shpack flag %s; did you mean --%s? (fxc's own options start with one '/' or '-')", a, s)
			}
			return e.usageError("fxc: unknown shpack flag %s (fxc's own options start with one '/' or '-')", a)
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
	if err := compile.LayoutFlags(a, e.layoutIn != "", e.layoutOut != ""); err != nil {
		return e.usageError("fxc: %v", err)
	}
	if err := e.readLayout(); err != nil {
		return e.report(err)
	}
	job, err := compile.Prepare(compile.Options{Args: a, Layout: e.layoutFile, LayoutOut: e.layoutOut != ""})
	if err != nil {
		return e.report(err)
	}
	// The compiler, once the source is known to need one.
	found, err := compile.FindCompiler(compile.SystemSearch(e.fxcNamed, e.compiler))
	if err != nil {
		return e.usageError("fxc: %v", err)
	}
	kind := compile.KindOf(found.Path)
	if k, ok := compile.ParseKind(e.compilerKind); ok { // checked by parsed
		kind = k
	}
	// Every output is checked before the compiler runs: a failed compile
	// writes /Fe, which must not replace a file the run reads or another
	// output.
	if msg := e.fxcClash(a, job.Deps()); msg != "" {
		return e.usageError("fxc: %s", msg)
	}
	if e.verbose {
		e.say(ir.Note{Msg: fmt.Sprintf("fxc: the compiler is %s (%s)", found.Path, found.From)})
	}
	ctx, interrupted, stop := interruptible()
	res, err := job.Run(ctx, found.Path, kind)
	stop()
	if sig := interrupted(); sig != nil {
		// The compiler is stopped and shpack's temporary folder gone
		// (Job.Run's cleanup); nothing is written. shpack ends as the
		// signal would have ended it, as a killed compiler does.
		fmt.Fprintf(e.stderr, "shpack: fxc: %s: the compiler was stopped; nothing was written\n", signalName(sig))
		return exitBySignal(sig)
	}
	if err != nil {
		return e.report(err)
	}
	switch {
	case e.verbose: // the notes say what the summary says, and more
		e.say(res.Notes...)
	case res.Summary != nil:
		e.say(*res.Summary)
	}
	if len(res.Stdout) > 0 {
		e.stdout.Write(res.Stdout)
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
		if code := e.writeFiles(r.side); code != exitOK {
			return code
		}
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

// fxcClash says what is wrong with the outputs of an fxc line ("" if
// nothing): /Fo /Fc /Fh /Fe, --layout-out and --depfile may not name the
// source, a file it includes (deps), the layout file, or one another:
// the checks every command's outputs go through (outfile.Clash), with
// the flag that names the file.
func (e *env) fxcClash(a *compile.Args, deps []string) string {
	type out struct{ flag, path string }
	var outs []out
	for _, o := range []out{{"/Fo", a.Fo}, {"/Fc", a.Fc}, {"/Fh", a.Fh}, {"/Fe", a.Fe}, {"--layout-out", e.layoutOut}, {"--depfile", e.depfile}} {
		if o.path != "" {
			outs = append(outs, o)
		}
	}
	files := make([]outfile.File, len(outs))
	for i, o := range outs {
		for _, p := range outs[:i] {
			if outfile.Same(p.path, o.path) && !outfile.InPlace(o.path) {
				return fmt.Sprintf("%s %s and %s %s name the same file: one output would replace the other", p.flag, p.path, o.flag, o.path)
			}
		}
		files[i] = outfile.File{Path: o.path}
	}
	inputs := []string{a.Source}
	if e.layoutIn != "" {
		inputs = append(inputs, e.layoutIn)
	}
	msg := outfile.Clash(files, inputs, deps)
	for _, o := range outs {
		if strings.HasPrefix(msg, o.path+":") {
			return o.flag + " " + msg
		}
	}
	return msg
}

// interruptible returns a context that SIGINT or SIGTERM (Ctrl+C, or a
// build that stops its steps) cancels, the signal that came (nil if
// none), and stop, which ends the watch.
func interruptible() (context.Context, func() os.Signal, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	var mu sync.Mutex
	var got os.Signal
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			mu.Lock()
			got = sig
			mu.Unlock()
			cancel(fmt.Errorf("%s", signalName(sig)))
		case <-done:
		}
	}()
	stop := func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
	return ctx, func() os.Signal { mu.Lock(); defer mu.Unlock(); return got }, stop
}

// signalName names a signal in words: "interrupted (SIGINT)".
func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "interrupted (SIGINT)"
	case syscall.SIGTERM:
		return "terminated (SIGTERM)"
	}
	return sig.String()
}
