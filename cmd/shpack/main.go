// Command shpack packs the vertex-shader outputs of an HLSL struct or entry
// point into as few Direct3D 9 registers as the rules allow, rewrites
// shaders and compiled programs to use them, and checks what it made. Run
// "shpack --help" for the usage.
//
// The command is flags, files and printing: one table of commands over
// one table of flags (cli.go); the work is the library's (package driver
// and below).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/shpack/shpack/internal/version"
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

// env is what a command needs from the process, and its flags.
type env struct {
	opts
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// inputs are the files the command line names, which no output may
	// overwrite; reads are the other files the run read (includes), which
	// none may either.
	inputs []string
	reads  []string
	// sources caches the files read for the source lines of diagnostics.
	sources map[string][]byte
	// flagSets are the flag sets the run made, for the tests that check
	// the help and docs/ against them.
	flagSets []*flag.FlagSet
	// cmd is the command run; fxcNamed is the fxc a command line named
	// by its path.
	cmd      *command
	fxcNamed string
}

// run executes one shpack command line and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	e.rep = e.newReporter()
	code := e.run(args)
	if err := e.rep.Finish(); err != nil {
		fmt.Fprintf(stderr, "shpack: error: cannot write the diagnostics: %v\n", err)
	}
	return code
}

// run dispatches a command line to its command.
func (e *env) run(args []string) int {
	args = commandFirst(args)
	c := lookupCommand("")
	if len(args) > 0 {
		switch a := args[0]; {
		case a == "--version" || a == "-version" || a == "version":
			if len(args) > 1 {
				return e.usageError("%s takes no arguments", a)
			}
			return e.print("shpack " + version.String() + "\n")
		case a == "help":
			return e.help(args[1:])
		case lookupCommand(a) != nil && a != "":
			c, args = lookupCommand(a), args[1:]
		case isFxcPath(a):
			// shpack in front of an fxc command line that names fxc by
			// path (/opt/sdk/fxc.exe /T vs_3_0 ...): that fxc is the
			// compiler.
			e.fxcNamed = a
			c, args = lookupCommand("fxc"), args[1:]
		case unknownCommand(args):
			if s := ir.SuggestName(a, strings.Split(commandWords(), ", ")); s != "" {
				return e.usageError("unknown command %q; did you mean %s? (commands: %s; or give a file to pack)", a, s, commandWords())
			}
			return e.usageError("unknown command %q (commands: %s; or give a file to pack)", a, commandWords())
		}
	}
	e.cmd = c
	if c.raw {
		e.flagSet(c)
		return c.run(e, args)
	}
	files, code := e.parse(c, args)
	if code >= 0 {
		return code
	}
	return c.run(e, files)
}

// newReporter is how a run prints diagnostics before its flags say more.
func (e *env) newReporter() ir.Reporter {
	return ir.Reporter{W: e.stderr, Max: defaultMaxErrors, Printer: ir.DiagPrinter{Source: e.source, Tool: "shpack", Hint: flagHint},
		Tool: "shpack", Version: strings.Fields(version.String())[0], URI: "https://github.com/shpack/shpack"}
}

// flagHint renders a hint of the library as the flag that sets its
// option: --entry=NAME, --all. Every option a hint names is a flag of the
// same name (TestHintsAreFlags).
func flagHint(h ir.Hint) string {
	if h.Value == "" {
		return "--" + string(h.Option)
	}
	return "--" + string(h.Option) + "=" + h.Value
}

// notes prints a result's notes as a compiler prints: by default only
// those that say what was packed (one line per shader, program or family),
// with -v every one (what was left alone, and why), with -q none.
func (e *env) notes(ns []ir.Note) {
	for _, n := range ns {
		if n.Packed || e.verbose {
			e.say(n)
		}
	}
}

// isFxcPath reports whether a word names fxc (fxc, fxc.exe, by any path).
func isFxcPath(a string) bool {
	b := strings.ToLower(filepath.Base(strings.ReplaceAll(a, `\`, "/")))
	return b == "fxc" || b == "fxc.exe"
}

// help is "shpack help [COMMAND]".
func (e *env) help(args []string) int {
	switch {
	case len(args) == 0:
		return e.print(lookupCommand("").helpText())
	case len(args) > 1:
		return e.usageError("help takes one command")
	}
	if c := lookupCommand(args[0]); c != nil {
		return e.print(c.helpText())
	}
	if s := ir.SuggestName(args[0], strings.Split(commandWords(), ", ")); s != "" {
		return e.usageError("no help for %q; did you mean %s? (commands: %s)", args[0], s, commandWords())
	}
	return e.usageError("no help for %q (commands: %s)", args[0], commandWords())
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
	_, err := os.Stat(w)
	return err != nil
}

// usageError reports a command-line mistake and returns exitUsage, with
// the help to read: the command's (shpack help rewrite), or shpack's.
func (e *env) usageError(format string, args ...any) int {
	fmt.Fprintf(e.stderr, "shpack: "+format+"\n", args...)
	help := "shpack --help"
	if e.cmd != nil && e.cmd.name != "" {
		help = "shpack help " + e.cmd.name
	}
	fmt.Fprintf(e.stderr, "Run '%s' for usage.\n", help)
	return exitUsage
}
