package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

// The command line: one table of commands over one table of flags.
//
// Every flag is declared once, in flagTable, with its help; a command
// names the flags it takes, and its flag set, its --help and the
// command-line reference, docs/cli.md (TestCLIReference), all come from
// that one list, so a flag means the same and is spelled the same in every
// command that takes it.
// Flags may come anywhere on the line: before the command word
// (commandFirst), between files and after them (parseInterspersed).

// opts are the values of every flag of the run.
type opts struct {
	out, outDir, depfile, format, svg string
	touch                             bool
	variants, layoutIn, layoutOut     string
	layoutFile                        *layoutfile.File // layoutIn, read
	pp                                hlsl.PPOptions   // -D, -I, --allow-missing-includes

	structN, entry, profile, direction   string
	vsEntry, psEntry, vsStruct, psStruct string
	vsOut, psOut                         string
	vsDefines, psDefines                 stringList
	vsVariants, psVariants               string
	all                                  bool

	packOpts
	set map[string]bool // the flags given

	strategies, chart string
	summary, verbose  bool
	strict            bool
	require           string

	compiler, compilerKind string

	rep        ir.Reporter // the diagnostics flags set its fields
	diagFormat string      // --diagnostics-format
	color      string      // --color
}

// A flagDef is one flag: its name, the value it binds in opts, its help
// (a leading `WORD` names the value, as the flag package's usage does),
// and the section of the help it is listed in.
type flagDef struct {
	name, section, help string
	bind                func(o *opts) any
}

// Sections of the help, in order.
const (
	secSelect = "Which shader"
	secPack   = "Packing"
	secOut    = "Output"
	secComp   = "The compiler"
	secIn     = "Preprocessor"
	secDiag   = "Diagnostics"
)

// flagTable is every flag of every command.
var flagTable = []flagDef{
	{"struct", secSelect, "`NAME` pack the struct NAME", func(o *opts) any { return &o.structN }},
	{"entry", secSelect, "`NAME` pack the outputs of the function NAME (return value, then out/inout parameters)", func(o *opts) any { return &o.entry }},
	{"profile", secSelect, "`NAME` vs_3_0 (default), vs_2_x, vs_2_0, vs_1_1, ps_3_0, ps_2_0", func(o *opts) any { return &o.profile }},
	{"direction", secSelect, "which side of the profile: out for vertex shaders and in for pixel shaders by default. vs_3_0 outputs are packed; ps_3_0 inputs mirror that packing (shpack link for a pixel shader that reads a subset); vertex inputs take v0, v1, ... in order; SM1/SM2 vertex outputs, ps_2_0 inputs and pixel outputs sit in the registers their semantics name (oT3, t3, oC1)", func(o *opts) any { return &o.direction }},
	{"vs-entry", secSelect, "`NAME` the vertex shader, by its entry point", func(o *opts) any { return &o.vsEntry }},
	{"ps-entry", secSelect, "`NAME` the pixel shader, by its entry point", func(o *opts) any { return &o.psEntry }},
	{"vs-struct", secSelect, "`NAME` the vertex outputs as a struct (default: as for shpack FILE)", func(o *opts) any { return &o.vsStruct }},
	{"ps-struct", secSelect, "`NAME` the pixel inputs as a struct (default: the struct the vertex side packs, by name)", func(o *opts) any { return &o.psStruct }},
	{"all", secSelect, "rewrite every pair, not only those that do not fit with one register per semantic", func(o *opts) any { return &o.all }},
	{"variants", secSelect, "`FILE` every #define permutation of the variants file (lines NAME: -DFOO -DBAR=2, '#' comments) as one family: a semantic has one register, components and declared semantic in every variant that has it, so any variant's pixel shader reads any variant's vertex shader that writes it; semantics no variant has together may share components", func(o *opts) any { return &o.variants }},
	{"vs-variants", secSelect, "`FILE` with --ps-variants: each stage's own list of permutations (Urho3D's VS and PS defines), one source for both; a macro every line of one file defines and no line of the other (COMPILEVS, COMPILEPS) tells the stages apart", func(o *opts) any { return &o.vsVariants }},
	{"ps-variants", secSelect, "`FILE` the pixel stage's permutations (see --vs-variants)", func(o *opts) any { return &o.psVariants }},

	{"strategy", secPack, "`NAME` packing strategy (default optimal): fxc: one register per semantic, declaration order; prefix-stable: declaration-order first fit (DXC's default); vertical: declaration order, most-free register first (vkd3d); optimal: first-fit decreasing, fewest registers; exact: search, also optimal for --indexed arrays; stable-fit: prefix-stable while it fits, else optimal", func(o *opts) any { return &o.strategy }},
	{"strategies", secPack, "`a,b,...` the strategies to compare (default: all)", func(o *opts) any { return &o.strategies }},
	{"mix-color", secPack, "let COLOR share registers with other semantics (by default COLOR is kept apart: flat shading leaves the other components of a COLOR register undefined)", func(o *opts) any { return &o.mixColor }},
	{"portable", secPack, "the default layout: one declaration per register, with the full mask, named after one of its members, which Wine, Proton, DXVK and MojoShader read correctly. Accepted, changes nothing", func(o *opts) any { return &o.portableFlag }},
	{"multi-dcl", secPack, "one declaration per member instead (dcl_texcoord0 o1.xy + dcl_texcoord1 o1.zw), as Microsoft's documentation allows: native drivers read it, but Wine, DXVK and MojoShader keep one semantic per register and silently read zeros for the others", func(o *opts) any { return &o.multiDcl }},
	{"semantics", secPack, "what a packed register is declared as: member (default), the semantic of one of its members, never FOG for a shared register nor COLOR unless every member is a COLOR (MojoShader cannot link FOG and clamps COLOR), else a TEXCOORD no member uses; texcoord: every general register TEXCOORD0, 1, ... in register order", func(o *opts) any { return &o.semantics }},
	{"indexed", secPack, "`MEMBER` MEMBER is an array the shader indexes dynamically (o[aL]): keep its rows in consecutive registers (repeatable; POSITION0 then goes to o0, PSIZE to o1)", func(o *opts) any { return &o.indexed }},
	{"registers", secPack, "`N` general-register budget other than the profile's 10; above 10 only JSON is written", func(o *opts) any { return &o.registers }},

	{"o", secOut, "`FILE` write the output to FILE instead of stdout ('-': stdout), atomically: an existing FILE is left untouched on error, and not rewritten when the content is the same", func(o *opts) any { return &o.out }},
	{"out-dir", secOut, "`DIR` write one output per input (or per pass, or per variant) into DIR, created if needed; nothing is written unless all succeed", func(o *opts) any { return &o.outDir }},
	{"vs-out", secOut, "`FILE` with --ps-out: write the two programs or blocks to files (atomically, both or neither)", func(o *opts) any { return &o.vsOut }},
	{"ps-out", secOut, "`FILE` see --vs-out", func(o *opts) any { return &o.psOut }},
	{"format", secOut, "", func(o *opts) any { return &o.format }},
	{"svg", secOut, "`FILE` also draw the layouts as a register map (what --format=svg prints; a pair side by side), beside the main output", func(o *opts) any { return &o.svg }},
	{"layout-out", secOut, "`FILE` also write the vertex layouts planned as a layout file (schema shpack.interface/1, docs/json.md), for a stage built in another step", func(o *opts) any { return &o.layoutOut }},
	{"layout", secOut, "`FILE` apply a layout file instead of planning: vertex outputs go where it says, pixel inputs are derived from it as link derives them; one stage alone (rewrite --ps-entry, repack PROGRAM, --profile=ps_3_0) is built from it", func(o *opts) any { return &o.layoutIn }},
	{"depfile", secOut, "`FILE` write a Make/Ninja dependency file naming every file read (includes too) for each output; each header is also a target of its own", func(o *opts) any { return &o.depfile }},
	{"touch", secOut, "give an output that did not change the current time anyway (for make, which compares timestamps; Ninja's restat needs it not)", func(o *opts) any { return &o.touch }},
	{"summary", secOut, "print the summary only (every format); failures are then only counted on stderr", func(o *opts) any { return &o.summary }},
	{"chart", secOut, "`FILE.svg|.png` also draw, per strategy, the general registers over all signatures, the signatures where it needs more than the best strategy, and those that do not fit", func(o *opts) any { return &o.chart }},
	{"strict", secOut, "exit 1 if any signature could not be compared (by default only if none could)", func(o *opts) any { return &o.strict }},
	{"require", secOut, "`RUNTIME[,RUNTIME...]|all` runtimes on which nothing may be lost: a lost value there is an error too (exit 1)", func(o *opts) any { return &o.require }},
	{"compiler", secComp, "`PATH` the compiler to run (default: $SHPACK_FXC, else the fxc the command line names by path): fxc.exe (through Wine off Windows) or vkd3d-compiler, told apart by name", func(o *opts) any { return &o.compiler }},
	{"compiler-kind", secComp, "the compiler's dialect when its name does not say: vkd3d-compiler takes no /D or /I and is handed a preprocessed source", func(o *opts) any { return &o.compilerKind }},

	{"D", secIn, "`NAME[=VALUE]` define a macro (repeatable)", func(o *opts) any { return (*stringList)(&o.pp.Defines) }},
	{"I", secIn, "`DIR` add an include directory (repeatable)", func(o *opts) any { return (*stringList)(&o.pp.IncludeDirs) }},
	{"allow-missing-includes", secIn, "warn about include files that cannot be found and go on (by default a missing include is an error)", func(o *opts) any { return &o.pp.AllowMissingIncludes }},
	{"vs-define", secIn, "`NAME[=VALUE]` a definition for the vertex side only (repeatable), for files that hold both stages apart with them (Urho3D: --vs-define=COMPILEVS --ps-define=COMPILEPS)", func(o *opts) any { return &o.vsDefines }},
	{"ps-define", secIn, "`NAME[=VALUE]` a definition for the pixel side only (see --vs-define)", func(o *opts) any { return &o.psDefines }},

	{"diagnostics-format", secDiag, "gcc (default): FILE:LINE:COL: error: ..., the source line and a caret, the include chain first; plain: one line per diagnostic and note; msvc: FILE(LINE,COL): ...; sarif: one SARIF 2.1.0 document on stderr when the run ends (GitHub code scanning, IDEs); json: one shpack.diagnostics/1 document (docs/json.md)", func(o *opts) any { return &o.diagFormat }},
	{"color", secDiag, "colour gcc-style diagnostics as gcc does; auto: on a terminal, unless NO_COLOR is set", func(o *opts) any { return &o.color }},
	{"no-caret", secDiag, "no source lines", func(o *opts) any { return &o.rep.Printer.NoCaret }},
	{"max-errors", secDiag, "`N` print at most N errors (default 10; 0: all)", func(o *opts) any { return &o.rep.Max }},
	{"q", secDiag, "no notes and warnings", func(o *opts) any { return &o.rep.Quiet }},
	{"v", secDiag, "say more: every note, on what was left alone and why, and on what each step did (by default shpack prints errors, warnings and one line per shader, program or family it packed, as a compiler prints only its findings)", func(o *opts) any { return &o.verbose }},
}

// choices are the values of the flags that take one of a list (--format's
// are each command's formats): parsed checks them, and the help names them.
var choices = map[string]string{
	"direction": "in|out", "semantics": "member|texcoord", "compiler-kind": "fxc|vkd3d",
	"diagnostics-format": "gcc|plain|msvc|sarif|json", "color": "auto|always|never",
}

// choicesOf are the values a command's flag takes, or "" if any.
func (c *command) choicesOf(name string) string {
	if name == "format" {
		return c.formats
	}
	return choices[name]
}

// Why some flags exclude each other (exclusive).
const (
	whyStagesApart = ": -o writes what the command prints to one file, --vs-out and --ps-out the two stages apart"
	whyPortable    = ": a layout file records the portable layout (one declaration per register); it does not take --multi-dcl"
)

// exclusive are the flags no command takes together, and why.
var exclusive = [][3]string{
	{"struct", "entry", ""}, {"vs-struct", "vs-entry", ""}, {"ps-struct", "ps-entry", ""},
	{"o", "out-dir", ""}, {"portable", "multi-dcl", ""}, {"q", "v", ": -q prints no notes, -v every one"},
	{"o", "vs-out", whyStagesApart}, {"o", "ps-out", whyStagesApart},
	{"layout", "layout-out", ": a layout applied is the layout planned"},
	{"layout", "multi-dcl", whyPortable}, {"layout-out", "multi-dcl", whyPortable},
	{"variants", "layout", ": --variants plans the family: it takes --layout-out, not --layout"},
	{"variants", "indexed", ": a family of variants has no --indexed arrays"},
}

// dashed is a flag as written: -o, --out-dir.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// Groups of flags that commands take together.
const (
	frontGroup = "D I allow-missing-includes"
	packGroup  = "strategy mix-color portable multi-dcl indexed registers semantics"
	diagGroup  = "diagnostics-format color no-caret max-errors q v"
)

// A command is one row of the command table.
type command struct {
	name    string // "" is shpack FILE
	usage   string // after "shpack NAME ": its arguments (more forms on more lines)
	summary string // for the list of commands
	about   string // the help before the flags
	after   string // the help after the flags
	flags   string // the flags it takes, by name and group, space-separated
	formats string // --format's values, the default first ("" if none)
	fmtHelp string // --format's help
	help    map[string]string
	// raw commands read their arguments themselves (shpack fxc reads
	// fxc's command line), setting their flags through set; their
	// diagnostics flags are diag instead of every one of diagGroup.
	raw  bool
	diag string
	run  func(e *env, args []string) int
}

// commandTable lists the commands; it is filled by init (each command's
// row lives beside its code, and the table's help refers to the table).
var commandTable []*command

// lookupCommand finds a command by its word.
func lookupCommand(name string) *command {
	for _, c := range commandTable {
		if c.name == name {
			return c
		}
	}
	return nil
}

// commandWords are the command words, for messages.
func commandWords() string {
	var w []string
	for _, c := range commandTable {
		if c.name != "" {
			w = append(w, c.name)
		}
	}
	return strings.Join(append(w, "help", "version"), ", ")
}

// takes lists the flags a command takes, in the order of flagTable.
func (c *command) takes() []string {
	diag := diagGroup
	if c.raw {
		diag = c.diag
	}
	s := " " + c.flags + " " + diag + " "
	for g, names := range map[string]string{"front": frontGroup, "pack": packGroup} {
		s = strings.ReplaceAll(s, " "+g+" ", " "+names+" ")
	}
	var out []string
	for _, d := range flagTable {
		if strings.Contains(s, " "+d.name+" ") {
			out = append(out, d.name)
		}
	}
	return out
}

// flagSet declares the command's flags into e.opts.
func (e *env) flagSet(c *command) *flag.FlagSet {
	fs := flag.NewFlagSet("shpack "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	e.opts = opts{profile: "vs_3_0", color: "auto", diagFormat: "gcc", rep: e.newReporter()}
	e.strategy, e.semantics = "optimal", "member"
	e.format, _, _ = strings.Cut(c.formats, "|")
	// One build step: files do not change under it, so the headers
	// scanned for one input serve the others.
	e.pp.Cache = hlsl.NewScanCache()
	for _, name := range c.takes() {
		d := defOf(name)
		switch p := d.bind(&e.opts).(type) {
		case *string:
			fs.StringVar(p, name, *p, d.help)
		case *bool:
			fs.BoolVar(p, name, *p, d.help)
		case *int:
			fs.IntVar(p, name, *p, d.help)
		case flag.Value:
			fs.Var(p, name, d.help)
		}
	}
	e.flagSets = append(e.flagSets, fs)
	return fs
}

// findFlag finds a flag's definition, or nil.
func findFlag(name string) *flagDef {
	for i := range flagTable {
		if flagTable[i].name == name {
			return &flagTable[i]
		}
	}
	return nil
}

// defOf finds the definition of a flag a command names: one the table
// does not hold is a mistake in the command table.
func defOf(name string) *flagDef {
	if d := findFlag(name); d != nil {
		return d
	}
	panic("shpack: no flag " + name)
}

// parse reads a command's flags and files; code is -1 unless the run ends
// here (--help, or a usage error).
func (e *env) parse(c *command, args []string) (files []string, code int) {
	fs := e.flagSet(c)
	files, err := parseInterspersed(fs, args)
	e.inputs = files
	if errors.Is(err, flag.ErrHelp) {
		return nil, e.print(c.helpText())
	}
	if err != nil {
		return nil, e.usageError("%s", c.flagError(err))
	}
	if code := e.parsed(c, fs); code >= 0 {
		return nil, code
	}
	return files, -1
}

// flagError says what the flag package found wrong in words that name the
// flag as the help spells it (--vs-entry, -o), with a suggestion for a
// misspelt one: "unknown flag --vs-entri; did you mean --vs-entry?". A flag
// of other commands says which take it.
func (c *command) flagError(err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		if d := findFlag(name); d != nil {
			var by []string
			for _, cc := range commandTable {
				if slices.Contains(cc.takes(), name) {
					by = append(by, cc.title())
				}
			}
			verb := " do"
			if len(by) == 1 {
				verb = " does"
			}
			if len(by) > 1 {
				by = append(by[:len(by)-2], by[len(by)-2]+" and "+by[len(by)-1])
			}
			return fmt.Sprintf("%s does not take %s; %s%s", c.title(), dashed(name), strings.Join(by, ", "), verb)
		}
		msg = "unknown flag " + dashed(name)
		if s := ir.SuggestName(name, append(c.takes(), "help")); s != "" {
			msg += "; did you mean " + dashed(s) + "?"
		}
		return msg
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		value, _ := c.flagHelp(name)
		if value == "" {
			value = "VALUE"
		}
		if len(name) == 1 {
			return fmt.Sprintf("%s needs a value: %s %s", dashed(name), dashed(name), value)
		}
		return fmt.Sprintf("%s needs a value: %s=%s", dashed(name), dashed(name), value)
	}
	for _, f := range []string{"invalid value ", "invalid boolean value "} {
		if rest, ok := strings.CutPrefix(msg, f); ok {
			// invalid value "x" for flag -max-errors: parse error
			if i := strings.Index(rest, " for flag -"); i >= 0 {
				name, why, _ := strings.Cut(rest[i+len(" for flag -"):], ": ")
				return fmt.Sprintf("%s%s for %s: %s", f, rest[:i], dashed(name), why)
			}
			if i := strings.Index(rest, " for -"); i >= 0 {
				name, why, _ := strings.Cut(rest[i+len(" for -"):], ": ")
				return fmt.Sprintf("%s%s for %s: %s", f, rest[:i], dashed(name), why)
			}
		}
	}
	return msg
}

// title names a command in messages: "rewrite", "shpack FILE".
func (c *command) title() string {
	if c.name == "" {
		return "shpack FILE"
	}
	return c.name
}

// parsed checks what every command checks once its flags are read: the
// --format value, flags that exclude each other, the strategy named, and
// that a depfile has output files to name; and sets the colour of the
// diagnostics and the strategy. It returns -1, or the exit code of a usage
// error.
func (e *env) parsed(c *command, fs *flag.FlagSet) int {
	e.set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { e.set[f.Name] = true })
	takes := c.takes()
	for _, name := range takes { // a default is always known (or "": by the profile)
		if known := c.choicesOf(name); known != "" && e.set[name] {
			if v := fs.Lookup(name).Value.String(); !slices.Contains(strings.Split(known, "|"), v) {
				return e.usageError("unknown %s %q (known: %s)", strings.ReplaceAll(name, "-", " "), v, strings.ReplaceAll(known, "|", ", "))
			}
		}
	}
	if e.rep.Printer.Style, _ = ir.ParseDiagStyle(e.diagFormat); e.diagFormat == "sarif" || e.diagFormat == "json" {
		e.rep.Doc, e.rep.Printer.Style = e.diagFormat, ir.DiagPlain
	}
	e.rep.Printer.Color = e.rep.Printer.Style == ir.DiagGCC && colorMode(e.color, e.stderr)
	for _, x := range exclusive {
		if e.set[x[0]] && e.set[x[1]] {
			return e.usageError("%s and %s cannot be used together%s", dashed(x[0]), dashed(x[1]), x[2])
		}
	}
	if slices.Contains(takes, "strategy") {
		var err error
		if e.strat, err = pack.Lookup(e.strategy); err != nil {
			return e.usageError("%v", err)
		}
	}
	if e.set["depfile"] && !c.raw { // raw: shpack fxc's outputs are fxc's /Fo and the like
		// A depfile names the output files: the command must write some.
		var outs []string
		for _, o := range [...][2]string{{"o", "-o FILE"}, {"out-dir", "--out-dir=DIR"}, {"vs-out", "--vs-out=FILE"}, {"ps-out", "--ps-out=FILE"}} {
			if slices.Contains(takes, o[0]) {
				outs = append(outs, o[1])
			}
		}
		need := "an output file"
		if len(outs) > 0 {
			need = outs[len(outs)-1]
		}
		if len(outs) > 1 {
			need = strings.Join(outs[:len(outs)-1], ", ") + " or " + need
		}
		switch {
		case e.out == "" && e.outDir == "" && e.vsOut == "" && e.psOut == "":
			return e.usageError("--depfile needs %s: its targets are the output files", need)
		case e.out == "-":
			return e.usageError("-o - writes to standard output, which a depfile cannot name")
		}
	}
	return -1
}

// helpText is a command's --help, made from the tables.
func (c *command) helpText() string {
	var b strings.Builder
	if c.name == "" {
		b.WriteString(c.about + "\nUsage:\n")
		for _, cc := range commandTable {
			for _, u := range strings.Split(cc.usage, "\n") {
				line := strings.Join(strings.Fields("shpack "+cc.name+" "+u), " ")
				if len(line) > 30 {
					fmt.Fprintf(&b, "  %s\n%s", line, wrap(cc.summary, 34))
				} else {
					fmt.Fprintf(&b, "  %-32s%s", line, strings.TrimLeft(wrap(cc.summary, 34), " "))
				}
				break
			}
		}
		b.WriteString("\n'shpack help COMMAND' (or COMMAND --help) shows a command's help; the flags\nof shpack FILE follow.\n")
	} else {
		for i, u := range strings.Split(c.usage, "\n") {
			word := "Usage:"
			if i > 0 {
				word = "      "
			}
			fmt.Fprintf(&b, "%s shpack %s %s\n", word, c.name, u)
		}
		b.WriteString("\n" + c.about)
	}
	section := ""
	for _, name := range c.takes() {
		if d := defOf(name); d.section != section {
			section = d.section
			b.WriteString("\n" + section + ":\n")
		}
		value, text := c.flagHelp(name)
		left := "  " + dashed(name)
		switch {
		case len(name) > 1 && value != "":
			left += "=" + value
		case value != "":
			left += " " + value
		}
		if len(left) >= 21 {
			b.WriteString(left + "\n" + wrap(text, 22))
		} else {
			fmt.Fprintf(&b, "%-22s%s", left, strings.TrimLeft(wrap(text, 22), " "))
		}
	}
	if c.after != "" {
		b.WriteString("\n" + c.after)
	}
	return b.String()
}

// flagHelp is a flag's help in a command: the name of its value ("" for a
// bool flag; the choices, for a flag that takes one of a list) and what it
// does.
func (c *command) flagHelp(name string) (value, text string) {
	help := defOf(name).help
	if name == "format" {
		help = c.fmtHelp
	}
	if h, ok := c.help[name]; ok {
		help = h
	}
	if known := c.choicesOf(name); known != "" && !strings.HasPrefix(help, "`") {
		help = "`" + known + "` " + help
	}
	text = help
	if strings.HasPrefix(help, "`") {
		value, text, _ = strings.Cut(help[1:], "` ")
	}
	return value, text
}

// wrap fills text into lines of at most 80 columns indented by indent.
func wrap(text string, indent int) string {
	var b strings.Builder
	col := 0
	for _, w := range strings.Fields(text) {
		if col > indent && col+1+len(w) > 80 {
			b.WriteString("\n")
			col = 0
		}
		if col == 0 {
			b.WriteString(strings.Repeat(" ", indent))
			col = indent
		} else {
			b.WriteString(" ")
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	return b.String() + "\n"
}

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

// commandFirst moves a command word that follows flags to the front
// ("shpack -I inc rewrite --vs-entry=VS f.hlsl" is "shpack rewrite -I inc
// --vs-entry=VS f.hlsl"). It steps over the flags of the table and their
// values, and stops at the first other word (a file: then there is no
// command).
func commandFirst(args []string) []string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") || a == "-" {
			if c := lookupCommand(a); i > 0 && c != nil && c.name != "" {
				return append(append([]string{a}, args[:i]...), args[i+1:]...)
			}
			return args
		}
		name, _, value := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if value {
			continue
		}
		d := findFlag(name)
		if d == nil {
			return args // not a flag: the command's parser says so
		}
		if _, isBool := d.bind(&opts{}).(*bool); !isBool {
			i++ // its value
		}
	}
	return args
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// packOpts are the packing flags.
type packOpts struct {
	strategy     string
	strat        pack.Strategy // strategy, found
	mixColor     bool
	portable     bool // the layout to write: set by resolve
	indexed      stringList
	registers    int
	portableFlag bool // --portable as given (the default anyway; kept for scripts)
	multiDcl     bool // --multi-dcl: one declaration per member
	semantics    string
}

// resolve checks the layout flags after parsing and chooses the layout:
// the portable one (one declaration per register, what every runtime
// reads) wherever registers are packed, unless --multi-dcl asks for one
// declaration per member. It returns a usage message, or "".
func (e *env) resolve(packs bool, profile string) string {
	o := &e.packOpts
	switch {
	case e.set["registers"] && o.registers == 0:
		return "--registers=0: the budget must be at least 1 (leave the flag out for the profile's)"
	case !packs && (o.portableFlag || o.multiDcl):
		return fmt.Sprintf("--portable and --multi-dcl apply to vs_3_0 outputs and ps_3_0 inputs; %s has fixed registers", profile)
	case o.semantics == "texcoord" && (o.multiDcl || !packs):
		return "--semantics=texcoord names the registers of the portable layout: it does not go with --multi-dcl or fixed registers"
	}
	o.portable = packs && !o.multiDcl
	return ""
}

// packing is how the flags plan layouts.
func (e *env) packing() driver.Packing {
	return driver.Packing{Strategy: e.strat, MixColor: e.mixColor, Portable: e.portable, TexcoordNames: e.semantics == "texcoord",
		Budget: e.registers, Indexed: e.indexed, Layout: e.layoutFile}
}

func init() {
	commandTable = []*command{rewriteCommand, repackCommand, checkCommand, fxcCommand, packCommand, linkCommand, listCommand, compareCommand}
}
