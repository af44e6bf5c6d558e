// Command fxcstandin stands in for a shader compiler in shpack's tests of
// shpack fxc (no fxc runs here): named fxc or fxc.exe it reads fxc's
// command line, named vkd3d-compiler vkd3d-compiler's (-x hlsl -p -e -b
// -o). It appends its command line to the file $SHPACK_STANDIN_LOG (one
// JSON object a line), parses the source with shpack's front end, and
// writes a program of the profile that declares the entry point's
// signature as fxc lays it out (one register per semantic) and writes
// every output: bytecode made with shpack's own assembler, a listing
// (/Fc) and a header (/Fh); for an effect (/T fx_2_0), its technique
// names stand for the binary. A source that does not parse, or a vertex
// shader whose outputs do not fit, is a diagnostic in the dialect's
// format and exit status 1; vkd3d's ignore #line, as vkd3d-compiler 1.17
// does. The identifier STANDIN_ERROR anywhere is an error at its place.
// The log's lines are {"argv": [...], "source": "the text compiled"}.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/shpack/shpack/compile"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// Run is one line of the log: the command line and the source given.
type Run struct {
	Argv   []string `json:"argv"`
	Source string   `json:"source"`
}

func main() {
	os.Exit(run(os.Args))
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
		a, err = compile.ParseArgs(argv[1:], os.ReadFile, func(p string) bool {
			st, err := os.Stat(p)
			return err == nil && st.Mode().IsRegular()
		})
		if err != nil {
			fmt.Fprintf(os.Stderr, "error X1000: %v\n", err)
			return 1
		}
	}
	src, err := os.ReadFile(a.Source)
	if err != nil {
		fmt.Fprintf(os.Stderr, "error X1000: %v\n", err)
		return 1
	}
	if log := os.Getenv("SHPACK_STANDIN_LOG"); log != "" {
		if f, err := os.OpenFile(log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			line, _ := json.Marshal(Run{Argv: argv, Source: string(src)})
			fmt.Fprintf(f, "%s\n", line)
			f.Close()
		}
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
	f, ferr := ir.LookupRegisterFile(a.Profile, dir)
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
	if a.Fo != "" {
		if err := os.WriteFile(a.Fo, obj, 0o644); err != nil {
			return fail(ep.Pos, 1000, err.Error())
		}
	}
	if a.Fc != "" {
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
		os.WriteFile(a.Fh, []byte(b.String()), 0o644)
	}
	return 0
}
