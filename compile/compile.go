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
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/hlsl/pp"
	"github.com/shpack/shpack/internal/outfile"
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

// Options say what to compile and with what (Prepare reads all but
// Compiler and Kind, which Job.Run is given).
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
	// WaitDelay is how long the compiler's output is waited for once it
	// has exited, while a child it started still holds it (wineserver
	// may; a daemon does for ever): 0 is DefaultWaitDelay.
	WaitDelay time.Duration
}

// DefaultWaitDelay is Options.WaitDelay's default: what a compiler has
// printed before it exits is read in far less.
const DefaultWaitDelay = 500 * time.Millisecond

// maxSourceBytes bounds the source read, as shpack's other commands
// bound theirs (and the preprocessor its includes).
const maxSourceBytes = 16 << 20

// maxCommandLine is the longest command line handed to fxc as it is;
// a longer one (a long /D) goes in a response file of shpack's: Windows
// takes 32 767 characters for the whole line (cmd.exe 8 191), Linux 128
// KiB for one argument.
const maxCommandLine = 8000

// An Output is a file fxc would have written.
type Output struct {
	Path string
	Data []byte
}

// Result is what a compilation gives back.
type Result struct {
	// ExitCode is the compiler's (0: success; 128+N when a signal N
	// killed it), or 1 when shpack check rejects what it made.
	ExitCode    int
	Diagnostics []Diagnostic
	// Stdout is what the compiler printed on its standard output (fxc's
	// banner without /nologo), the names of the files shpack handed it
	// replaced by the user's.
	Stdout     []byte
	Outputs    []Output
	Interfaces []layoutfile.Interface
	// Summary is the one line that says what shpack packed for the
	// program compiled (nil when the program is compiled as written);
	// Notes say the rest: what shpack did and left alone, for a reader who
	// asks (-v). Deps are the files read (the source, its includes; the
	// layout file's name is the caller's).
	Summary *ir.Note
	Notes   []ir.Note
	Deps    []string
}

// A Job is a compilation prepared: the source read and rewritten, the
// compiler not yet chosen nor run. Its Deps are known then, so that the
// caller checks its outputs against them before anything runs, and a
// source shpack cannot rewrite needs no compiler.
type Job struct {
	o         Options
	rewritten []byte
	res       *Result
}

// Deps are the files the job reads: the source and its includes.
func (j *Job) Deps() []string { return j.res.Deps }

// Run compiles as fxc would, through the rewrite: Prepare, then Job.Run.
func Run(ctx context.Context, o Options) (*Result, error) {
	j, err := Prepare(o)
	if err != nil {
		return nil, err
	}
	return j.Run(ctx, o.Compiler, o.Kind)
}

// Prepare reads and rewrites the source. An error is a problem of
// shpack's input (the source cannot be read or does not parse, the layout
// file does not fit it): positioned, nothing to compile.
func Prepare(o Options) (*Job, error) {
	a := o.Args
	src, err := outfile.ReadInput(a.Source, maxSourceBytes)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: cannot read: %v", a.Source, outfile.Unwrap(err))
	case len(src) > maxSourceBytes:
		return nil, fmt.Errorf("%s: file too large (more than %d bytes)", a.Source, maxSourceBytes)
	}
	ppOpts := hlsl.PPOptions{Defines: a.Defines, IncludeDirs: a.Includes}
	res := &Result{}
	rewritten, err := rewriteFor(a, src, &ppOpts, o, res)
	if err != nil {
		return nil, err
	}
	return &Job{o: o, rewritten: rewritten, res: res}, nil
}

// Run runs the compiler (of dialect kind) on the job's rewrite and
// checks what it made. An error is shpack's (the compiler cannot be
// started, or ctx ended: the compiler is stopped); the compiler's own
// failure is Result.ExitCode with its diagnostics. The files handed to
// the compiler are removed whatever happens. A job runs once.
func (j *Job) Run(ctx context.Context, compiler string, kind Kind) (*Result, error) {
	o, a, res, rewritten := j.o, j.o.Args, j.res, j.rewritten
	o.Compiler, o.Kind = compiler, kind
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
	// names gives the user's names of the files handed to the compiler,
	// in every spelling the compiler may print them.
	var names []string
	named := func(ours, theirs, user string) {
		if user != "" {
			names = append(names, ours, user)
			if theirs != ours {
				names = append(names, theirs, user)
			}
		}
	}
	var cmd *exec.Cmd
	var fc, fh string
	switch o.Kind {
	case VKD3D:
		target := "d3dbc"
		if strings.HasPrefix(a.Profile, "fx_") {
			target = "fx"
		}
		cmd = exec.CommandContext(ctx, o.Compiler, "-x", "hlsl", "-p", a.Profile, "-e", a.Entry, "-b", target, "-o", obj, handed)
		named(handed, handed, a.Source)
		named(obj, obj, a.Fo)
	default:
		path := func(p string) string { return p }
		name, pre := o.Compiler, []string(nil)
		if strings.HasSuffix(strings.ToLower(o.Compiler), ".exe") && runtime.GOOS != "windows" {
			// Through Wine: Unix paths are Z:\ paths, and a leading '/'
			// would read as an option.
			if _, err := exec.LookPath("wine"); err != nil {
				return nil, fmt.Errorf("the compiler %s is a Windows program, which runs through Wine here, and wine is not on PATH (install it, or give vkd3d-compiler: --compiler=PATH)", o.Compiler)
			}
			name, pre = "wine", []string{o.Compiler}
			path = func(p string) string {
				abs, _ := filepath.Abs(p)
				return `Z:` + strings.ReplaceAll(abs, "/", `\`)
			}
		}
		var args []string
		for _, f := range a.Flags {
			if f == "/nologo" || f == "-nologo" {
				args = append(args, f) // fxc's banner as the user asked
			}
		}
		args = append(args, "/T", a.Profile, "/E", a.Entry)
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
		named(obj, path(obj), a.Fo)
		if a.Fc != "" {
			fc = filepath.Join(dir, "out.asm")
			args = append(args, "/Fc", path(fc))
			named(fc, path(fc), a.Fc)
		}
		if a.Fh != "" {
			fh = filepath.Join(dir, "out.h")
			args = append(args, "/Fh", path(fh))
			named(fh, path(fh), a.Fh)
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
		named(handed, path(handed), a.Source)
		if long(args) {
			// fxc reads response files: the line stays short, whatever
			// the user's response files held.
			var err error
			if args, err = responseFiles(args, dir, path); err != nil {
				return nil, fmt.Errorf("the command line for %s is too long to pass as it is (%d bytes): %v", o.Compiler, lineLength(args), err)
			}
		}
		cmd = exec.CommandContext(ctx, name, append(pre, args...)...)
		cmd.Env = append(os.Environ(), "WINEDEBUG=-all")
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// Once the compiler exits, its output is read for a moment more: a
	// child it left holding the pipes (wineserver, a daemon) would else
	// keep shpack waiting for as long as it lives.
	cmd.WaitDelay = cmp.Or(o.WaitDelay, DefaultWaitDelay)
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("the compiler %s was stopped: %w", o.Compiler, context.Cause(ctx))
	}
	users := strings.NewReplacer(names...)
	res.Stdout = []byte(users.Replace(stdout.String()))
	res.Diagnostics = mapDiagnostics(stderr.String(), handed, a.Source, lines, users)
	var exit *exec.ExitError
	switch {
	case errors.As(runErr, &exit):
		code, why := exitOf(exit.ProcessState)
		if why != "" {
			res.Diagnostics = append(res.Diagnostics, Diagnostic{Raw: fmt.Sprintf("shpack: error: the compiler %s %s", o.Compiler, why)})
		}
		res.ExitCode = code
		return res, nil
	case errors.Is(runErr, exec.ErrWaitDelay):
		// The compiler succeeded; a child of its own holds the pipes.
	case runErr != nil:
		return nil, fmt.Errorf("cannot run the compiler %s: %v", o.Compiler, runErr)
	}
	data, err := os.ReadFile(obj)
	if err != nil {
		return nil, fmt.Errorf("the compiler %s succeeded but wrote no object: %v", o.Compiler, errors.Unwrap(err))
	}
	prog, err := checkObject(a, data, res)
	if err != nil || res.ExitCode != 0 {
		return res, err
	}
	if a.Fo != "" {
		res.Outputs = append(res.Outputs, Output{a.Fo, data})
	}
	if a.Fc != "" {
		listing, err := readOr(fc, func() ([]byte, error) {
			if prog == nil {
				return nil, fmt.Errorf("%s: no listing: the compiler %s writes none, and shpack prints Shader Model 2 and 3 programs only, not %s", a.Fc, o.Compiler, a.Profile)
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

// responseFiles hands a command line over through response files in dir
// (path spells their names for the compiler): each run of words a
// response file can hold (no double quote) goes into one, in its place,
// so that the order of the words stays; the others stay on the line. An
// error when what stays is still too long.
func responseFiles(args []string, dir string, path func(string) string) ([]string, error) {
	var out, run []string
	flush := func() error {
		if len(run) == 0 {
			return nil
		}
		data, err := WriteResponse(run)
		if err != nil {
			return err
		}
		rsp := filepath.Join(dir, fmt.Sprintf("args%d.rsp", len(out)))
		if err := os.WriteFile(rsp, data, 0o644); err != nil {
			return err
		}
		out, run = append(out, "@"+path(rsp)), nil
		return nil
	}
	for _, a := range args {
		if strings.ContainsAny(a, "\"\x00") {
			if err := flush(); err != nil {
				return nil, err
			}
			out = append(out, a) // a response file cannot hold it
			continue
		}
		run = append(run, a)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if long(out) {
		return nil, fmt.Errorf("its words with a double quote, which a response file cannot hold, are %d bytes", lineLength(out))
	}
	return out, nil
}

// long reports whether a command line is too long to hand over as it is
// (maxCommandLine).
func long(args []string) bool { return lineLength(args) > maxCommandLine }

// lineLength is a command line's length, each word quoted and spaced.
func lineLength(args []string) int {
	n := 0
	for _, a := range args {
		n += len(a) + 3
	}
	return n
}

// checkObject checks the object the compiler wrote as shpack check would
// (Shader Model 3), or what applies to its profile (older ones: that it
// is a program of that profile, decoded where shpack decodes it: Shader
// Model 2); a failure is a diagnostic and ExitCode 1. It returns the
// program decoded (nil for an effect or Shader Model 1).
func checkObject(a *Args, data []byte, res *Result) (*d3d9.Program, error) {
	fail := func(msg string) (*d3d9.Program, error) {
		res.Diagnostics = append(res.Diagnostics, Diagnostic{File: a.Source, Severity: "error", Code: "SHPACK", Msg: msg})
		res.ExitCode = 1
		return nil, nil
	}
	want, known := profileVersions(a.Profile)
	if !known {
		return nil, nil // an effect, or a profile shpack does not model
	}
	var got uint32
	if len(data) >= 4 {
		got = binary.LittleEndian.Uint32(data)
	}
	if !slices.Contains(want, got) {
		what := "no version token"
		if len(data) >= 4 {
			what = fmt.Sprintf("version token %#08x", got)
		}
		return fail(fmt.Sprintf("the compiled program is not %s (%#08x): it starts with %s", a.Profile, want[0], what))
	}
	if got>>8&0xFF < 2 {
		return nil, nil // Shader Model 1: its tokens carry no lengths to decode by
	}
	prog, err := d3d9.Read(a.Source, data)
	if err != nil {
		return nil, fmt.Errorf("the compiler's object cannot be read back: %v", err)
	}
	if a.Profile != "vs_3_0" && a.Profile != "ps_3_0" {
		return prog, nil // Shader Model 2, or vs_3_sw
	}
	// What the compiler made is checked as a user would check it.
	for _, e := range check.Program(prog, a.Source) {
		fail("the compiled program fails shpack check: " + e.Msg)
	}
	return prog, nil
}

// profileVersions are the version tokens a program of a vs_ or ps_
// profile may start with, as compilers write them, or false: vs_2_a and
// ps_2_a are 2.1 (vs_2_x's, ps_2_x's), ps_2_b 2.1 or 2.2 (vkd3d's), a
// software profile (_sw) its model's minor 0xFF or 0 (vkd3d's).
func profileVersions(profile string) ([]uint32, bool) {
	parts := strings.Split(profile, "_")
	if len(parts) != 3 || len(parts[1]) != 1 || parts[1][0] < '1' || parts[1][0] > '3' {
		return nil, false
	}
	major := uint32(parts[1][0] - '0')
	var minors []uint32
	switch m := parts[2]; {
	case m == "sw" && major >= 2:
		minors = []uint32{0xFF, 0}
	case major == 2 && (m == "a" || m == "x"):
		minors = []uint32{1}
	case major == 2 && m == "b":
		minors = []uint32{1, 2}
	case len(m) == 1 && m[0] >= '0' && m[0] <= '4':
		minors = []uint32{uint32(m[0] - '0')}
	default:
		return nil, false
	}
	var stage uint32
	switch parts[0] {
	case "vs":
		stage = 0xFFFE0000
	case "ps":
		stage = 0xFFFF0000
	default:
		return nil, false
	}
	tokens := make([]uint32, len(minors))
	for i, m := range minors {
		tokens[i] = stage | major<<8 | m
	}
	return tokens, true
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

// LayoutFlags says what is wrong with a layout file's flags on an fxc
// command line (nil if nothing): they apply to one stage of Shader Model
// 3 (--layout to either, --layout-out to a vertex shader), not to an
// effect or an older profile. A problem of the command line, found
// before anything is read.
func LayoutFlags(a *Args, layout, layoutOut bool) error {
	if !layout && !layoutOut {
		return nil
	}
	flag := "--layout"
	if layoutOut {
		flag = "--layout-out"
	}
	switch {
	case strings.HasPrefix(a.Profile, "fx_"):
		return fmt.Errorf("%s applies to one stage (/T vs_3_0 or ps_3_0), not an effect (/T %s)", flag, a.Profile)
	case !strings.HasPrefix(a.Profile, "vs_3") && !strings.HasPrefix(a.Profile, "ps_3"):
		return fmt.Errorf("%s applies to vs_3_0 and ps_3_0, not %s", flag, a.Profile)
	case strings.HasPrefix(a.Profile, "ps_3") && layoutOut:
		return fmt.Errorf("--layout-out records a vertex shader's layout; a pixel shader applies one (--layout)")
	}
	return nil
}

// rewriteFor rewrites the source for one fxc compilation (see the package
// comment): the bytes to compile, the source's own when nothing is
// packed.
func rewriteFor(a *Args, src []byte, ppOpts *hlsl.PPOptions, o Options, res *Result) ([]byte, error) {
	srcs := []driver.Source{{Name: a.Source, Src: src}}
	ropts := driver.RewriteOptions{Packing: driver.Packing{Layout: o.Layout}, PP: *ppOpts, LayoutOut: o.LayoutOut}
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
		msg := fmt.Sprintf("%s is compiled as written: shpack packs vs_3_0 outputs and ps_3_0 inputs, and checks Shader Model 3 programs only (of a %s program, that it is one)", a.Profile, a.Profile)
		if _, known := profileVersions(a.Profile); !known {
			msg = fmt.Sprintf("%s is compiled as written: shpack packs and checks vs_3_0 and ps_3_0 programs", a.Profile)
		}
		res.Notes = append(res.Notes, ir.Note{Pos: ir.Pos{File: a.Source}, Msg: msg})
		if p, _ := pp.Preprocess(a.Source, src, ppOpts); p != nil {
			res.Deps = p.Files // for a depfile and the outputs' checks; the compiler reports what is wrong
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
	res.Summary = summary(a, r.Pairs)
	return r.Outputs[0], nil
}

// summary is the one line that says what the rewrite changed for the
// program compiled (a.Entry, or every vertex shader of an effect), or
// nil when it changed nothing there.
func summary(a *Args, pairs []driver.RewrittenPair) *ir.Note {
	effect := strings.HasPrefix(a.Profile, "fx_")
	var parts []string
	var pos ir.Pos
	seen := map[string]bool{}
	for _, p := range pairs {
		if !p.Rewritten {
			continue
		}
		var part string
		var at ir.Pos
		switch {
		case p.VS != "" && (effect || p.VS == a.Entry) && !seen[p.VS]:
			seen[p.VS] = true
			part = fmt.Sprintf("%s's %d outputs packed into %d general registers", p.VS, len(p.VSLayout.Sig.Elements), p.VSLayout.GeneralRegisters())
			at = p.VSLayout.Sig.Pos
		case p.PS != "" && p.PS == a.Entry && !effect && !seen[p.PS]:
			seen[p.PS] = true
			part = fmt.Sprintf("%s reads its %d inputs from %d packed general registers", p.PS, len(p.PSLayout.Sig.Elements), p.PSLayout.GeneralRegisters())
			at = p.PSLayout.Sig.Pos
		default:
			continue
		}
		if len(parts) == 0 {
			pos = at
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return nil
	}
	return &ir.Note{Pos: pos, Msg: "shpack: " + strings.Join(parts, "; ")}
}
