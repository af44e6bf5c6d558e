// Command shpack packs the vertex-shader outputs of an HLSL struct or entry
// point into as few Direct3D 9 registers as the rules allow, and prints the
// dcl_usage declarations (or JSON). Run "shpack --help" for the usage.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/shpack/shpack/ir"
)

// Exit codes.
const (
	exitOK    = 0
	exitInput = 1 // the input has errors (or cannot be read or written)
	exitUsage = 2 // bad command line
)

// defaultMaxErrors is how many diagnostics are printed unless --max-errors
// says otherwise (0: all); the rest are counted.
const defaultMaxErrors = 10

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// env is what a command needs from the process.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// inputs are the files the command line names, which no output may
	// overwrite; reads are the other files the run read (includes), which
	// none may either.
	inputs []string
	reads  []string
	diag   diagFlags
	// stdinSrc is what was read from standard input, for source lines in
	// diagnostics; sources caches the files read for them.
	stdinSrc []byte
	sources  map[string][]byte
	// flagSets are the flag sets the command made, for the test that
	// checks the README's flag table against them.
	flagSets []*flag.FlagSet
	// collected are the diagnostics of --diagnostics-format=sarif|json.
	collected []ir.Reported
}

// diagFlags are the diagnostics flags every command takes.
type diagFlags struct {
	style     ir.DiagStyle
	noCaret   bool
	maxErrors int
	quiet     bool
	touch     bool // --touch: outputs get the current time even when unchanged
	// doc is "sarif" or "json" when the diagnostics are collected and
	// printed as one document when the run ends (diagdoc.go).
	doc string
	// color is --color: auto, always or never.
	color string
}

// run executes one shpack command line and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	code := e.run(args)
	if e.diag.doc != "" {
		e.writeDiagDoc(stderr)
	}
	return code
}

// run dispatches a command line to its command.
func (e *env) run(args []string) int {
	args = commandFirst(args)
	if len(args) > 0 {
		switch args[0] {
		case "--version", "-version", "version":
			if len(args) > 1 {
				return e.usageError("%s takes no arguments", args[0])
			}
			return e.print("shpack " + version() + "\n")
		case "help":
			return e.help(args[1:])
		case "list":
			return e.list(args[1:])
		case "link":
			return e.link(args[1:])
		case "compare":
			return e.compare(args[1:])
		case "rewrite":
			return e.rewrite(args[1:])
		case "repack":
			return e.repack(args[1:])
		case "check":
			return e.check(args[1:])
		case "fxc":
			return e.fxc(args[1:], "")
		}
		// shpack in front of an fxc command line that names fxc by path
		// (/opt/sdk/fxc.exe /T vs_3_0 ...): that fxc is the compiler.
		if b := strings.ToLower(filepath.Base(strings.ReplaceAll(args[0], `\`, "/"))); b == "fxc" || b == "fxc.exe" {
			return e.fxc(args[1:], args[0])
		}
		if unknownCommand(args) {
			return e.usageError("unknown command %q (commands: %s; or give a file to pack)", args[0], strings.Join(commands, ", "))
		}
	}
	return e.pack(args)
}

// commandFirst moves a command word that follows common flags to the
// front ("shpack -I inc rewrite --vs-entry=VS f.hlsl" is "shpack rewrite
// -I inc --vs-entry=VS f.hlsl"): flags are read anywhere on the line. It
// steps over flags and their values as shpack FILE declares them, and
// stops at the first other word (a file: then there is no command).
func commandFirst(args []string) []string {
	fs := (&env{}).packFlagSet(&packFlags{})
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") || a == "-" {
			if i > 0 && slices.Contains(commands, a) && a != "help" && a != "version" {
				return append(append([]string{a}, args[:i]...), args[i+1:]...)
			}
			return args
		}
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			return args // not a common flag: the command's parser says so
		}
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !bf.IsBoolFlag() {
			i++ // its value
		}
	}
	return args
}

// commands are the command words, for messages.
var commands = []string{"rewrite", "repack", "check", "fxc", "link", "list", "compare", "help", "version"}

// helps are each command's help text.
var helps = map[string]string{
	"rewrite": rewriteHelp, "repack": repackHelp, "check": checkHelp, "fxc": fxcHelp, "link": linkHelp, "list": listHelp, "compare": compareHelp, "pack": packHelp,
}

// help is "shpack help [COMMAND]".
func (e *env) help(args []string) int {
	switch {
	case len(args) == 0:
		return e.print(packHelp)
	case len(args) > 1:
		return e.usageError("help takes one command")
	}
	if h, ok := helps[args[0]]; ok {
		return e.print(h)
	}
	return e.usageError("no help for %q (commands: %s)", args[0], strings.Join(commands, ", "))
}

// output writes a command's text to the file out (-o; atomically, with
// the other writes), or to stdout when out is "" or "-".
func (e *env) output(out, text string, more ...fileWrite) int {
	if out == "" || out == "-" {
		if code := e.writeFiles(more); code != exitOK {
			return code
		}
		return e.print(text)
	}
	return e.writeFiles(append([]fileWrite{{out, []byte(text)}}, more...))
}

// print writes text to stdout; a failed write is an error (exit 1).
func (e *env) print(text string) int {
	if _, err := io.WriteString(e.stdout, text); err != nil {
		fmt.Fprintf(e.stderr, "shpack: error: cannot write: %v\n", unwrapPathError(err))
		return exitInput
	}
	return exitOK
}

// writeFiles writes outputs (see writeOutputs); an output that is one of
// the inputs is a usage error, as in gcc, and nothing is written. An
// output named "-" goes to standard output, after the files are written:
// one at most, and never the target of a depfile (the callers check).
func (e *env) writeFiles(writes []fileWrite) int {
	var stdout []fileWrite
	files := writes[:0:0]
	for _, w := range writes {
		if w.path == "-" {
			stdout = append(stdout, w)
		} else {
			files = append(files, w)
		}
	}
	if len(stdout) > 1 {
		return e.usageError("%d outputs of this run name standard output (-): one at most", len(stdout))
	}
	writes = files
	for i, w := range writes {
		if in := sameFileAs(w.path, e.inputs); in != "" {
			return e.usageError("%s: input file is the same as output file", w.path)
		}
		if in := sameFileAs(w.path, e.reads); in != "" {
			return e.usageError("%s: an output of this run would overwrite %s, which it reads (an include of its input)", w.path, in)
		}
		for _, o := range writes[:i] {
			if samePath(o.path, w.path) {
				if o.path == w.path {
					return e.usageError("%s: two outputs of this run name the same file", w.path)
				}
				return e.usageError("%s: two outputs of this run name the same file (%s and %s)", w.path, o.path, w.path)
			}
		}
	}
	if err := writeOutputs(writes, e.diag.touch); err != nil {
		return e.report(err)
	}
	if len(stdout) == 1 {
		return e.print(string(stdout[0].data))
	}
	return exitOK
}

// unknownCommand reports whether the first argument was meant as a
// command: a bare word that is not a file, followed by more arguments
// ("shpack lst FILE"). A lone word stays a file name, so "shpack water"
// says it cannot read water.
func unknownCommand(args []string) bool {
	w := args[0]
	if len(args) < 2 || w == "" || strings.HasPrefix(w, "-") || strings.ContainsAny(w, "./\\") {
		return false
	}
	if _, err := os.Stat(w); err == nil {
		return false
	}
	return true
}

// usageError reports a command-line mistake and returns exitUsage.
func (e *env) usageError(format string, args ...any) int {
	fmt.Fprintf(e.stderr, "shpack: "+format+"\n", args...)
	fmt.Fprintln(e.stderr, "Run 'shpack --help' for usage.")
	return exitUsage
}

// report prints diagnostics (sorted, at most maxErrors) and returns exitInput.
func (e *env) report(err error) int {
	errs := ir.Errors(err)
	if e.diag.doc != "" {
		if errs == nil {
			errs = ir.ErrorList{&ir.Error{Msg: err.Error()}}
		}
		errs.Sort()
		e.collectErrors(errs)
		return exitInput
	}
	if errs == nil {
		fmt.Fprintf(e.stderr, "shpack: error: %v\n", err)
		return exitInput
	}
	errs.Sort()
	pr := e.printer()
	limit := e.diag.maxErrors
	for i, d := range errs {
		if limit > 0 && i == limit {
			fmt.Fprintf(e.stderr, "shpack: %d more errors not shown (--max-errors=0 shows all)\n", len(errs)-limit)
			break
		}
		if d.Warning && e.diag.quiet {
			continue
		}
		fmt.Fprintln(e.stderr, pr.Format(d))
	}
	return exitInput
}

// fileError is a diagnostic about a whole file: "FILE: error: msg".
func fileError(file, format string, args ...any) error {
	return ir.ErrorList{&ir.Error{Pos: ir.Pos{File: file}, Msg: fmt.Sprintf(format, args...)}}
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// parseInterspersed parses flags that may come before or after positional
// arguments, as most compilers accept ("shpack in.hlsl -o out.vsh"). A lone
// "-" is a positional argument (standard input); "--" ends the flags.
// "-DNAME" and "-IDIR" are split into "-D NAME" and "-I DIR".
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var split []string
	for _, a := range args {
		if len(a) > 2 && (strings.HasPrefix(a, "-D") || strings.HasPrefix(a, "-I")) && a[2] != '=' {
			split = append(split, a[:2], a[2:])
			continue
		}
		split = append(split, a)
	}
	args = split
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// newFlagSet makes a flag set whose errors go to stderr without the flag
// package's default usage dump.
func (e *env) newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	e.diag = diagFlags{maxErrors: defaultMaxErrors}
	fs.Func("diagnostics-format", "", func(v string) error {
		if v == "sarif" || v == "json" {
			e.diag.doc, e.diag.style = v, ir.DiagPlain
			return nil
		}
		st, ok := ir.ParseDiagStyle(v)
		if !ok {
			return fmt.Errorf("unknown diagnostics format %q (known: gcc, plain, msvc, sarif, json)", v)
		}
		e.diag.style, e.diag.doc = st, ""
		return nil
	})
	e.diag.color = "auto"
	fs.Func("color", "", func(v string) error {
		if v != "auto" && v != "always" && v != "never" {
			return fmt.Errorf("--color=%s: auto, always or never", v)
		}
		e.diag.color = v
		return nil
	})
	fs.BoolVar(&e.diag.noCaret, "no-caret", false, "")
	fs.IntVar(&e.diag.maxErrors, "max-errors", defaultMaxErrors, "")
	fs.BoolVar(&e.diag.quiet, "q", false, "")
	e.flagSets = append(e.flagSets, fs)
	return fs
}

// touchFlag adds --touch, for the commands that write files.
func (e *env) touchFlag(fs *flag.FlagSet) {
	fs.BoolVar(&e.diag.touch, "touch", false, "")
}

// printer is how the command prints diagnostics.
func (e *env) printer() ir.DiagPrinter {
	color := e.diag.style == ir.DiagGCC && colorMode(e.diag.color, e.stderr)
	return ir.DiagPrinter{Style: e.diag.style, NoCaret: e.diag.noCaret, Source: e.source, Color: color}
}

// source returns a file's contents for the source lines of diagnostics.
func (e *env) source(file string) []byte {
	if file == stdinName {
		return e.stdinSrc
	}
	if b, ok := e.sources[file]; ok {
		return b
	}
	b, err := readLimited(file, maxInputBytes)
	if err != nil || len(b) > maxInputBytes {
		b = nil
	}
	if e.sources == nil {
		e.sources = map[string][]byte{}
	}
	e.sources[file] = b
	return b
}

// note prints lines of notes and warnings, unless -q.
func (e *env) note(lines ...string) {
	if e.diag.quiet {
		return
	}
	if e.diag.doc != "" {
		for _, l := range lines {
			for _, one := range strings.Split(l, "\n") {
				e.collectNote(one)
			}
		}
		return
	}
	if e.diag.style == ir.DiagGCC && colorMode(e.diag.color, e.stderr) {
		for _, l := range lines {
			fmt.Fprintln(e.stderr, colorNote(l))
		}
		return
	}
	for _, l := range lines {
		fmt.Fprintln(e.stderr, l)
	}
}

// notef prints one note, unless -q. A trailing newline in format is the
// line's own end, not an empty line after it.
func (e *env) notef(format string, args ...any) {
	e.note(strings.TrimSuffix(fmt.Sprintf(format, args...), "\n"))
}

// flagError converts a flag-parsing error into the usage exit.
func (e *env) flagError(err error, help string) int {
	if errors.Is(err, flag.ErrHelp) {
		return e.print(help)
	}
	return e.usageError("%v", err)
}

// version returns the module version shpack was built as ("(devel)" for a
// build from a checkout), with the VCS revision when the build recorded one.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	return versionOf(bi)
}

// versionOf prints a build's version: the module's version ("(devel)" from
// a checkout), the VCS revision and "-dirty" when the checkout had changes
// (builds stamp them unless -buildvcs=false), and the Go version.
func versionOf(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		v += " " + rev
		if dirty {
			v += "-dirty"
		}
	}
	return v + " " + bi.GoVersion
}
