// Package compile puts shpack in front of a shader compiler, as a drop-in
// for the fxc line a build already has: it reads fxc's command line
// (ParseArgs), rewrites the source as shpack rewrite would (package
// driver: the pairs of its techniques, or one stage through a layout
// file), runs the real compiler on the rewrite (fxc, also through Wine,
// or vkd3d-compiler), checks what the compiler made (package check), and
// gives back the outputs fxc would have written and the compiler's
// diagnostics in fxc's format at the user's file and line (diag.go).
//
// A source with nothing to pack goes to the compiler as it is. Nothing
// is written here: the caller writes Result.Outputs, all or none.
package compile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/hlsl/pp"
	"github.com/shpack/shpack/internal/scratch"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

// Kind is a compiler's command-line dialect.
type Kind int

const (
	// FXC is fxc's: /T /E /D /I /Fo ..., the source with its own
	// preprocessing. A path ending in .exe runs through Wine off Windows.
	FXC Kind = iota
	// VKD3D is vkd3d-compiler's: -x hlsl -p PROFILE -e ENTRY -b d3dbc -o
	// OUT FILE, no -D or -I: it is handed a preprocessed source.
	VKD3D
)

// KindOf guesses a compiler's dialect from its name.
func KindOf(path string) Kind {
	if strings.Contains(strings.ToLower(filepath.Base(path)), "vkd3d") {
		return VKD3D
	}
	return FXC
}

// ParseKind reads --compiler-kind.
func ParseKind(s string) (Kind, bool) {
	switch s {
	case "fxc":
		return FXC, true
	case "vkd3d":
		return VKD3D, true
	}
	return 0, false
}

// Options say what to compile and with what.
type Options struct {
	Args     *Args
	Compiler string
	Kind     Kind
	// Layout applies a layout file to a stage compiled alone (the other
	// stage of a pair built in another step); LayoutOut plans one and
	// records it in Result.Interfaces.
	Layout    *layoutfile.File
	LayoutOut bool
	// TempDir holds the files handed to the compiler ("": the system's).
	TempDir string
}

// An Output is a file fxc would have written.
type Output struct {
	Path string
	Data []byte
}

// Result is what a compilation gives back.
type Result struct {
	// ExitCode is the compiler's (0: success), or 1 when shpack check
	// rejects what it made.
	ExitCode    int
	Diagnostics []Diagnostic
	Outputs     []Output
	Interfaces  []layoutfile.Interface
	// Notes say what shpack did (rewrote, left alone); Deps are the files
	// read (the source, its includes, the layout file's name is the
	// caller's).
	Notes []ir.Note
	Deps  []string
}

// Run compiles as fxc would, through the rewrite. An error is a problem
// of shpack's input (the source does not parse, the layout file does not
// fit it): positioned, nothing compiled. The compiler's own failure is
// Result.ExitCode with its diagnostics.
func Run(ctx context.Context, o Options) (*Result, error) {
	a := o.Args
	src, err := os.ReadFile(a.Source)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read: %v", a.Source, errors.Unwrap(err))
	}
	ppOpts := hlsl.PPOptions{Defines: a.Defines, IncludeDirs: a.Includes}
	res := &Result{}
	rewritten, err := rewriteFor(a, src, &ppOpts, o, res)
	if err != nil {
		return nil, err
	}
	dir, err := scratch.Dir(o.TempDir, "shpack-fxc-")
	if err != nil {
		return nil, err
	}
	defer scratch.RemoveAll(dir)
	// Its own name: a compiler that honours #line prints the user's file
	// name, which must not be taken for this one's.
	handed := filepath.Join(dir, "shpack-"+filepath.Base(a.Source))
	var text string
	var lines lineMap
	if o.Kind == VKD3D {
		// vkd3d-compiler takes no -D or -I: a preprocessed text.
		name := a.Source
		p, errs := pp.Preprocess(name, rewritten, &pp.Options{Defines: a.Defines, IncludeDirs: append([]string{filepath.Dir(a.Source)}, a.Includes...)})
		if len(errs) > 0 {
			return nil, errs
		}
		text, lines = preprocessed(p)
	} else {
		text, lines = string(rewritten), mapOfText(string(rewritten), a.Source)
	}
	if err := os.WriteFile(handed, []byte(text), 0o644); err != nil {
		return nil, err
	}
	obj := filepath.Join(dir, "out.obj")
	var cmd *exec.Cmd
	var fc, fh string
	switch o.Kind {
	case VKD3D:
		target := "d3dbc"
		if strings.HasPrefix(a.Profile, "fx_") {
			target = "fx"
		}
		cmd = exec.CommandContext(ctx, o.Compiler, "-x", "hlsl", "-p", a.Profile, "-e", a.Entry, "-b", target, "-o", obj, handed)
	default:
		path := func(p string) string { return p }
		name, pre := o.Compiler, []string(nil)
		if strings.HasSuffix(strings.ToLower(o.Compiler), ".exe") && runtime.GOOS != "windows" {
			// Through Wine: Unix paths are Z:\ paths, and a leading '/'
			// would read as an option.
			name, pre = "wine", []string{o.Compiler}
			path = func(p string) string {
				abs, _ := filepath.Abs(p)
				return `Z:` + strings.ReplaceAll(abs, "/", `\`)
			}
		}
		args := append(pre, "/nologo", "/T", a.Profile, "/E", a.Entry)
		for _, d := range a.Defines {
			args = append(args, "/D", d)
		}
		// The rewrite is elsewhere: its includes are found from the
		// source's folder first, as fxc would.
		srcDir, err := filepath.Abs(filepath.Dir(a.Source))
		if err != nil {
			return nil, err
		}
		args = append(args, "/I", path(srcDir))
		for _, i := range a.Includes {
			args = append(args, "/I", path(i))
		}
		args = append(args, "/Fo", path(obj))
		if a.Fc != "" {
			fc = filepath.Join(dir, "out.asm")
			args = append(args, "/Fc", path(fc))
		}
		if a.Fh != "" {
			fh = filepath.Join(dir, "out.h")
			args = append(args, "/Fh", path(fh))
			if a.Vn != "" {
				args = append(args, "/Vn", a.Vn)
			}
		}
		for _, f := range a.Flags {
			if f != "/nologo" && f != "-nologo" {
				args = append(args, f)
			}
		}
		args = append(args, path(handed))
		cmd = exec.CommandContext(ctx, name, args...)
		cmd.Env = append(os.Environ(), "WINEDEBUG=-all")
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	runErr := cmd.Run()
	res.Diagnostics = mapDiagnostics(out.String(), handed, a.Source, lines)
	var exit *exec.ExitError
	switch {
	case errors.As(runErr, &exit):
		res.ExitCode = exit.ExitCode()
		return res, nil
	case runErr != nil:
		return nil, fmt.Errorf("cannot run the compiler %s: %v", o.Compiler, runErr)
	}
	data, err := os.ReadFile(obj)
	if err != nil {
		return nil, fmt.Errorf("the compiler %s succeeded but wrote no object: %v", o.Compiler, errors.Unwrap(err))
	}
	var prog *d3d9.Program
	if !strings.HasPrefix(a.Profile, "fx_") {
		// What the compiler made is checked as a user would check it.
		if prog, err = d3d9.Read(a.Source, data); err != nil {
			return nil, fmt.Errorf("the compiler's object cannot be read back: %v", err)
		}
		if errs := check.Program(prog, a.Source); len(errs) > 0 {
			for _, e := range errs {
				res.Diagnostics = append(res.Diagnostics, Diagnostic{File: a.Source, Severity: "error", Code: "SHPACK", Msg: "the compiled program fails shpack check: " + e.Msg})
			}
			res.ExitCode = 1
			return res, nil
		}
	}
	if a.Fo != "" {
		res.Outputs = append(res.Outputs, Output{a.Fo, data})
	}
	if a.Fc != "" {
		listing, err := readOr(fc, func() ([]byte, error) {
			if prog == nil {
				return nil, fmt.Errorf("no listing of an effect")
			}
			var b bytes.Buffer
			err := d3d9.Print(&b, prog)
			return b.Bytes(), err
		})
		if err != nil {
			return nil, err
		}
		res.Outputs = append(res.Outputs, Output{a.Fc, listing})
	}
	if a.Fh != "" {
		header, err := readOr(fh, func() ([]byte, error) { return cHeader(data, a), nil })
		if err != nil {
			return nil, err
		}
		res.Outputs = append(res.Outputs, Output{a.Fh, header})
	}
	return res, nil
}

// readOr reads the file the compiler wrote, or makes it when the compiler
// writes none (vkd3d-compiler writes only the object).
func readOr(path string, make func() ([]byte, error)) ([]byte, error) {
	if path != "" {
		if data, err := os.ReadFile(path); err == nil {
			return data, nil
		}
	}
	return make()
}

// cHeader writes the object as fxc's /Fh does: a byte array named by /Vn
// (fxc's default: g_ and the entry point).
func cHeader(obj []byte, a *Args) []byte {
	name := a.Vn
	if name == "" {
		name = "g_" + a.Entry
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Compiled by shpack fxc from %s (/T %s /E %s)\n\nconst BYTE %s[] =\n{\n", filepath.Base(a.Source), a.Profile, a.Entry, name)
	for i := 0; i < len(obj); i += 12 {
		b.WriteString("   ")
		for j := i; j < min(i+12, len(obj)); j++ {
			fmt.Fprintf(&b, " %3d", obj[j])
			if j < len(obj)-1 {
				b.WriteByte(',')
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("};\n")
	return b.Bytes()
}

// rewriteFor rewrites the source for one fxc compilation (see the package
// comment): the bytes to compile, the source's own when nothing is
// packed.
func rewriteFor(a *Args, src []byte, ppOpts *hlsl.PPOptions, o Options, res *Result) ([]byte, error) {
	srcs := []driver.Source{{Name: a.Source, Src: src}}
	ropts := driver.RewriteOptions{PP: *ppOpts, Layout: o.Layout, LayoutOut: o.LayoutOut}
	stage := ""
	switch {
	case strings.HasPrefix(a.Profile, "vs_3"):
		stage = "vs"
	case strings.HasPrefix(a.Profile, "ps_3"):
		stage = "ps"
	case strings.HasPrefix(a.Profile, "fx_"):
	default:
		// Shader Model 1 and 2 sit in fixed registers: nothing to pack.
		if o.Layout != nil || o.LayoutOut {
			return nil, fmt.Errorf("%s: --layout and --layout-out apply to vs_3_0 and ps_3_0, not %s", a.Source, a.Profile)
		}
		res.Notes = append(res.Notes, ir.Note{Pos: ir.Pos{File: a.Source}, Msg: fmt.Sprintf("%s is not packed (shpack packs vs_3_0 outputs and ps_3_0 inputs): compiled as written", a.Profile)})
		if p, errs := pp.Preprocess(a.Source, src, ppOpts); len(errs) == 0 {
			res.Deps = p.Files // for a depfile; the compiler reports what is wrong
		}
		return src, nil
	}
	if o.Layout != nil || o.LayoutOut {
		// One stage alone, through the layout file.
		switch {
		case stage == "":
			return nil, fmt.Errorf("%s: --layout and --layout-out apply to one stage (/T vs_3_0 or ps_3_0), not an effect", a.Source)
		case stage == "ps" && o.LayoutOut:
			return nil, fmt.Errorf("%s: --layout-out records a vertex shader's layout; a pixel shader applies one (--layout)", a.Source)
		case stage == "vs":
			ropts.VSEntry = a.Entry
		default:
			ropts.PSEntry = a.Entry
		}
	} else if stage != "" {
		// Alone: a vertex shader that fits compiles as written; one that
		// does not needs its pixel shader's build to know its layout.
		u, err := hlsl.ParseFile(a.Source, src, ppOpts)
		if err != nil {
			return nil, err
		}
		if len(u.Techniques()) == 0 {
			ep, err := u.EntryPoint(a.Entry)
			if err != nil {
				return nil, err
			}
			msg := "compiled as written (a pixel shader whose vertex shader was packed in another step applies its layout file: --layout=FILE)"
			if stage == "vs" {
				if _, err := pack.ForFile(pack.FXC{}, ep.Out, ir.VS30Out(), ir.Constraints{}); err != nil {
					return nil, ir.ErrorList{ir.Errorf(ep.Pos, nil, "%s does not fit vs_3_0 with one register per semantic, and this file pairs it with no pixel shader: give --layout-out=FILE to pack it and record the layout for its pixel shader's build (--layout=FILE there)", a.Entry)}
				}
				msg = "fits vs_3_0 with one register per semantic: compiled as written"
			}
			res.Notes = append(res.Notes, ir.Note{Pos: ep.Pos, Msg: a.Entry + ": " + msg})
			res.Deps = u.PP.Files
			return src, nil
		}
	}
	r, err := driver.Rewrite(srcs, ropts)
	if err != nil {
		return nil, err
	}
	res.Notes = append(res.Notes, r.Notes...)
	res.Deps = r.Deps
	res.Interfaces = r.Interfaces
	return r.Outputs[0], nil
}
