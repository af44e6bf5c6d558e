// Package fxcstandin stands in for a shader compiler in shpack's tests of
// shpack fxc (no fxc runs here). A test binary becomes the stand-in when
// it is run under a compiler's name (Dispatch, from its init): the tests
// copy their own binary to fxc, fxc.exe or vkd3d-compiler, so that the
// Windows build's tests, which run under Wine where no Go toolchain runs,
// have a stand-in built as a Windows program (fxc.exe) that shpack.exe
// runs natively.
//
// Named fxc or fxc.exe it reads fxc's command line (response files too),
// named vkd3d-compiler vkd3d-compiler's (-x hlsl -p -e -b -o). It appends
// its command line to the file $SHPACK_STANDIN_LOG (one JSON object a
// line: Entry), parses the source with shpack's front end, and writes a
// program of the profile that declares the entry point's signature as
// fxc lays it out (one register per semantic) and writes every output:
// bytecode made with shpack's own assembler, a listing (/Fc) and a header
// (/Fh); for an effect (/T fx_2_0), its technique names stand for the
// binary. A source that does not parse, or a vertex shader whose outputs
// do not fit, is a diagnostic in the dialect's format and exit status 1;
// vkd3d's ignore #line, as vkd3d-compiler 1.17 does. The identifier
// STANDIN_ERROR anywhere is an error at its place.
//
// $SHPACK_STANDIN_MODE makes it misbehave as compilers do (see Mode*).
package fxcstandin

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"time"

	"github.com/shpack/shpack/compile"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// Entry is one line of the log: the command line, the source given, the
// stand-in's process id and, in ModeOrphan, its child's.
type Entry struct {
	Argv   []string `json:"argv"`
	Source string   `json:"source"`
	Pid    int      `json:"pid"`
	Child  int      `json:"child,omitempty"`
}

// The modes of $SHPACK_STANDIN_MODE: how the stand-in misbehaves, after
// it has logged its command line.
const (
	// ModeOrphan starts a child that holds the stand-in's stdout and
	// stderr for a minute (as wineserver may), then compiles and exits.
	ModeOrphan = "orphan"
	// ModeCrash dies as a crashed compiler does: killed by SIGKILL on
	// Unix, exit status 0xC0000005 (an access violation) on Windows.
	ModeCrash = "crash"
	// ModeHang never returns (ten minutes): a compiler the build kills.
	ModeHang = "hang"
	// modeHold is the orphan's child: it sleeps a minute.
	modeHold = "hold"
)

// Is reports whether a program named argv0 is the stand-in: fxc, fxc.exe,
// vkd3d-compiler or vkd3d-compiler.exe, by any path.
func Is(argv0 string) bool {
	base := strings.ToLower(filepath.Base(strings.ReplaceAll(argv0, `\`, "/")))
	switch strings.TrimSuffix(base, ".exe") {
	case "fxc", "vkd3d-compiler":
		return true
	}
	return false
}

// Dispatch runs the stand-in and exits when the program runs under a
// compiler's name (Is); else it returns. A test binary calls it from its
// init, before its tests start.
func Dispatch() {
	if len(os.Args) > 0 && Is(os.Args[0]) {
		os.Exit(Main(os.Args))
	}
}

// Main runs the stand-in on a command line, argv[0] naming the dialect,
// and returns its exit status.
func Main(argv []string) int {
	if os.Getenv("SHPACK_STANDIN_MODE") == modeHold {
		time.Sleep(time.Minute)
		return 0
	}
	return run(argv)
}

// lineDirectives matches a #line directive, which the vkd3d dialect
// ignores (its positions are the file's own lines).
var lineDirectives = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*line\b.*$`)

func run(argv []string) int {
	kind := compile.KindOf(argv[0])
	var a *compile.Args
	if kind == compile.VKD3D {
		a = &compile.Args{}
		for i := 1; i < len(argv); i++ {
			next := func() string {
				i++
				if i < len(argv) {
					return argv[i]
				}
				return ""
			}
			switch argv[i] {
			case "-x", "-b":
				next()
			case "-p":
				a.Profile = next()
			case "-e":
				a.Entry = next()
			case "-o":
				a.Fo = next()
			default:
				a.Source = argv[i]
			}
		}
	} else {
		var err error
		a, err = compile.ParseArgs(argv[1:], compile.ReadResponse, func(p string) bool {
			st, err := os.Stat(p)
			return err == nil && st.Mode().IsRegular()
		})
		if err != nil {
			fmt.Fprintf(os.Stderr, "error X1000: %v\n", err)
			return 1
		}
	}
	mode := os.Getenv("SHPACK_STANDIN_MODE")
	src, err := os.ReadFile(a.Source)
	if err != nil {
		fmt.Fprintf(os.Stderr, "error X1000: %v\n", err)
		return 1
	}
	if log := os.Getenv("SHPACK_STANDIN_LOG"); log != "" {
		if f, err := os.OpenFile(log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			entry := Entry{Argv: argv, Source: string(src), Pid: os.Getpid()}
			if mode == ModeOrphan {
				entry.Child = orphan(argv[0])
			}
			line, _ := json.Marshal(entry)
			fmt.Fprintf(f, "%s\n", line)
			f.Close()
		}
	}
	switch mode {
	case ModeCrash:
		crash()
	case ModeHang:
		time.Sleep(10 * time.Minute)
		return 1
	}
	if kind == compile.VKD3D {
		src = lineDirectives.ReplaceAll(src, nil)
	}
	fail := func(pos ir.Pos, code int, msg string) int {
		if kind == compile.VKD3D {
			fmt.Fprintf(os.Stderr, "%s:%d:%d: E%d: %s\n", pos.File, pos.Line, pos.Col, code, msg)
			fmt.Fprintln(os.Stderr, "Failed to compile shader, ret -4.")
		} else {
			fmt.Fprintf(os.Stderr, "%s(%d,%d): error X%d: %s\n", pos.File, pos.Line, pos.Col, code, msg)
			fmt.Fprintln(os.Stderr, "compilation failed; no code produced")
		}
		return 1
	}
	u, err := hlsl.ParseFile(a.Source, src, &hlsl.PPOptions{Defines: a.Defines, IncludeDirs: a.Includes})
	if err != nil {
		if errs := ir.Errors(err); len(errs) > 0 {
			return fail(errs[0].Pos, 3000, errs[0].Msg)
		}
		return fail(ir.Pos{File: a.Source}, 3000, err.Error())
	}
	// The identifier STANDIN_ERROR is an error where it stands (shpack's
	// front end reads declarations, not statements): what the tests of
	// diagnostics at the user's line use.
	for i := range u.PP.Tokens {
		if t := &u.PP.Tokens[i]; t.Text == "STANDIN_ERROR" {
			return fail(u.PP.Pos(t), 3004, "undeclared identifier 'STANDIN_ERROR'")
		}
	}
	if strings.HasPrefix(a.Profile, "fx_") {
		// An effect: its techniques, by name, stand for fxc's binary.
		var b strings.Builder
		b.WriteString("standin-effect\n")
		for _, t := range u.Techniques() {
			b.WriteString(t.Name + "\n")
		}
		if a.Fo != "" {
			if err := os.WriteFile(a.Fo, []byte(b.String()), 0o644); err != nil {
				return fail(ir.Pos{File: a.Source}, 1000, err.Error())
			}
		}
		return 0
	}
	ep, err := u.EntryPoint(a.Entry)
	if err != nil {
		return fail(ir.Pos{File: a.Source, Line: 1, Col: 1}, 3501, fmt.Sprintf("'%s': entrypoint not found", a.Entry))
	}
	sig, dir := ep.Out, ir.Out
	if strings.HasPrefix(a.Profile, "ps_") {
		sig, dir = ep.In, ir.In
	}
	base, version, ok := baseProfile(a.Profile)
	if !ok {
		return fail(ep.Pos, 3507, "unknown profile "+a.Profile)
	}
	if version>>8&0xFF == 1 {
		// Shader Model 1, which shpack's assembler does not encode: the
		// version token and the end token stand for the program.
		if err := write(a, binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, version), 0x0000FFFF), nil); err != nil {
			return fail(ep.Pos, 1000, err.Error())
		}
		return 0
	}
	f, ferr := ir.LookupRegisterFile(base, dir)
	if ferr != nil {
		return fail(ep.Pos, 3507, "unknown profile "+a.Profile)
	}
	l, err := pack.ForFile(pack.FXC{}, sig, f, ir.Constraints{})
	if err != nil {
		return fail(ep.Pos, 4505, "maximum number of output registers exceeded (too many interpolators)")
	}
	var text bytes.Buffer
	if err := emit.Asm(&text, l); err != nil {
		return fail(ep.Pos, 3000, err.Error())
	}
	body := text.String()
	header, dcls, _ := strings.Cut(body, "\n")
	var prog strings.Builder
	prog.WriteString(header + "\n")
	if dir == ir.Out {
		prog.WriteString("dcl_position v0\n")
	}
	prog.WriteString(dcls)
	if dir == ir.Out {
		for _, p := range l.Place {
			if p.Reg == ir.NoReg {
				continue
			}
			fmt.Fprintf(&prog, "mov o%d.%s, v0\n", p.Reg.Num, p.Mask)
		}
	} else {
		prog.WriteString("mov oC0, c0\n")
	}
	p, err := d3d9.Parse(a.Source, []byte(prog.String()))
	if err != nil {
		return fail(ep.Pos, 3000, "stand-in: "+err.Error())
	}
	obj, err := d3d9.Encode(p)
	if err != nil {
		return fail(ep.Pos, 3000, "stand-in: "+err.Error())
	}
	binary.LittleEndian.PutUint32(obj, version) // vs_2_a is vs_2_0's, as version 2.1
	if err := write(a, obj, p); err != nil {
		return fail(ep.Pos, 1000, err.Error())
	}
	return 0
}

// baseProfile reads a vs_ or ps_ profile: the profile whose register
// files and instructions the stand-in writes (vs_2_0 for vs_2_a) and the
// version token of the profile's programs.
func baseProfile(profile string) (string, uint32, bool) {
	parts := strings.Split(profile, "_")
	if len(parts) != 3 || len(parts[1]) != 1 || parts[1] < "1" || parts[1] > "3" {
		return "", 0, false
	}
	major := uint32(parts[1][0] - '0')
	minor, base := uint32(0), parts[0]+"_"+parts[1]+"_0"
	switch m := parts[2]; {
	case m == "sw":
		minor = 0xFF
	case major == 2 && (m == "a" || m == "b" || m == "x"):
		minor = 1
	case len(m) == 1 && m[0] >= '0' && m[0] <= '4':
		minor, base = uint32(m[0]-'0'), profile
	default:
		return "", 0, false
	}
	switch parts[0] {
	case "vs":
		return base, 0xFFFE0000 | major<<8 | minor, true
	case "ps":
		return base, 0xFFFF0000 | major<<8 | minor, true
	}
	return "", 0, false
}

// write writes the outputs the command line asks for: the object, its
// listing (p; none for Shader Model 1) and a C header.
func write(a *compile.Args, obj []byte, p *d3d9.Program) error {
	if a.Fo != "" {
		if err := os.WriteFile(a.Fo, obj, 0o644); err != nil {
			return err
		}
	}
	if a.Fc != "" && p != nil {
		var b bytes.Buffer
		d3d9.Print(&b, p)
		os.WriteFile(a.Fc, b.Bytes(), 0o644)
	}
	if a.Fh != "" {
		name := a.Vn
		if name == "" {
			name = "g_" + a.Entry
		}
		var b strings.Builder
		fmt.Fprintf(&b, "const BYTE %s[] =\n{\n", name)
		for i, c := range obj {
			fmt.Fprintf(&b, " %d,", c)
			if i%12 == 11 {
				b.WriteByte('\n')
			}
		}
		b.WriteString("\n};\n")
		return os.WriteFile(a.Fh, []byte(b.String()), 0o644)
	}
	return nil
}

// orphan starts the stand-in again as a child that holds this one's
// stdout and stderr for a minute after it exits, and returns its process
// id (0 if it could not start).
func orphan(self string) int {
	exe, err := os.Executable()
	if err != nil {
		exe = self
	}
	cmd := exec.Command(exe)
	cmd.Args[0] = self // the stand-in by its name
	cmd.Env = append(os.Environ(), "SHPACK_STANDIN_MODE="+modeHold)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "stand-in: cannot start its child: %v\n", err)
		return 0
	}
	return cmd.Process.Pid
}

// Install puts the running program (a test binary that calls Dispatch
// from its init) in dir as the stand-in: fxc and vkd3d-compiler (with
// .exe on Windows), linked where the file system allows, else copied (on
// Windows always: a link to a running program cannot be removed). It
// returns their paths.
func Install(dir string) (fxc, vkd3d string, err error) {
	self, err := os.Executable()
	if err != nil {
		return "", "", err
	}
	ext := ""
	if runtime.GOOS == "windows" {
		ext = ".exe"
	}
	fxc, vkd3d = filepath.Join(dir, "fxc"+ext), filepath.Join(dir, "vkd3d-compiler"+ext)
	for _, p := range []string{fxc, vkd3d} {
		if err := install(self, p); err != nil {
			return "", "", err
		}
	}
	return fxc, vkd3d, nil
}

// install links or copies the program self to p.
func install(self, p string) error {
	if runtime.GOOS != "windows" && os.Link(self, p) == nil {
		return nil
	}
	data, err := os.ReadFile(self)
	if err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o755)
}
