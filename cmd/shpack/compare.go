package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/internal/report"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

const compareHelp = `Usage: shpack compare [flags] FILE|DIR...

Finds every vertex-output signature in the files (each struct with a
POSITION0 member, and each entry point whose outputs include POSITION0 and
are not just a struct already counted), packs each with every strategy, and
reports per signature and strategy: general registers (with no limit), fits,
the proven lower bound, at the optimum or not, wasted components, prefix
stable or not, and elements moved against fxc; then a summary per strategy.
Directories are walked for .hlsl .fx .fxh .hlsli .cg .cginc .h .inc .vsh
.psh files; a note counts the files of other extensions it leaves out (-v
names them).
Signatures that fail to parse, lower or validate are counted and listed with
their errors.

Flags:
  --profile=vs_3_0|ps_3_0   ps_3_0 compares pixel inputs instead: the
                            parameters of pixel entry points (functions
                            returning COLORn or SV_Targetn)
  --strategies=a,b,...      strategies to compare (default: all)
  --struct=NAME, --entry=NAME   only signatures of that name
  --format=table|csv|json   table (default): aligned text
  -o FILE                   write the report to FILE (atomically) instead of
                            stdout
  --summary                 print the summary only (every format: table,
                            CSV rows per strategy, JSON without signatures);
                            failures are then only counted on stderr
  --strict                  exit 1 if any signature could not be compared
                            (by default only if none could)
  --chart=FILE.svg|.png     also draw, per strategy, the general registers
                            over all signatures, the signatures where it
                            needs more than the best strategy, and those
                            that do not fit (and how many of fxc's it fits)
  --mix-color, --registers=N    packing constraints, as for shpack FILE
  --variants=FILE     compare every signature in every #define permutation
                      (see shpack --help), named "NAME [VARIANT]", and add a
                      "family" row: what each variant uses when all share
                      one layout, against its own optimum as the bound
                      (prefix stability does not apply to it)
  -v                  name the files skipped in directories (FIFOs,
                      devices, sockets: what is not a regular file)
  --touch             give an unchanged chart the current time (for make)
  -D NAME[=VALUE], -I DIR, --allow-missing-includes   preprocessor flags
  --diagnostics-format=gcc|plain|msvc|sarif|json, --color=auto|always|never,
  --no-caret, --max-errors=N, -q
                      how errors are printed, as for shpack --help
`

// shaderExts are the file extensions compare reads in directories.
var shaderExts = map[string]bool{".hlsl": true, ".fx": true, ".fxh": true, ".hlsli": true, ".cg": true, ".cginc": true, ".h": true, ".inc": true, ".vsh": true, ".psh": true}

// compareEntry is one signature found and what came of it.
type compareEntry = report.Entry

type compareFlags struct {
	out        string // -o
	front      frontFlags
	profile    string
	strategies string
	structN    string
	entry      string
	format     string
	summary    bool
	chart      string
	mixColor   bool
	registers  int
	variants   string
	vars       []driver.Variant
	verbose    bool
	strict     bool
}

func (e *env) compare(args []string) int {
	var cf compareFlags
	fs := e.newFlagSet("shpack compare")
	e.touchFlag(fs)
	cf.front.register(fs)
	fs.StringVar(&cf.profile, "profile", "vs_3_0", "")
	fs.StringVar(&cf.strategies, "strategies", "", "")
	fs.StringVar(&cf.structN, "struct", "", "")
	fs.StringVar(&cf.entry, "entry", "", "")
	fs.StringVar(&cf.format, "format", "table", "")
	fs.BoolVar(&cf.summary, "summary", false, "")
	fs.StringVar(&cf.chart, "chart", "", "")
	fs.BoolVar(&cf.mixColor, "mix-color", false, "")
	fs.IntVar(&cf.registers, "registers", 0, "")
	fs.StringVar(&cf.variants, "variants", "", "")
	fs.BoolVar(&cf.verbose, "v", false, "")
	fs.BoolVar(&cf.strict, "strict", false, "")
	fs.StringVar(&cf.out, "o", "", "")
	paths, err := parseInterspersed(fs, args)
	e.inputs = paths
	if err != nil {
		return e.flagError(err, compareHelp)
	}
	sts := pack.Strategies()
	if cf.strategies != "" {
		sts = nil
		for _, name := range strings.Split(cf.strategies, ",") {
			st, err := lookupStrategy(strings.TrimSpace(name))
			if err != nil {
				return e.usageError("%v", err)
			}
			sts = append(sts, st)
		}
	}
	var f *ir.RegisterFile
	switch cf.profile {
	case "vs_3_0":
		f = ir.VS30Out()
	case "ps_3_0":
		f, _ = ir.LookupRegisterFile("ps_3_0", ir.In)
	default:
		return e.usageError("compare works on vs_3_0 outputs or ps_3_0 inputs, not %q", cf.profile)
	}
	ext := strings.ToLower(filepath.Ext(cf.chart))
	switch {
	case len(paths) == 0:
		return e.usageError("compare needs files or directories")
	case cf.format != "table" && cf.format != "csv" && cf.format != "json":
		return e.usageError("unknown format %q (known: table, csv, json)", cf.format)
	case cf.chart != "" && ext != ".svg" && ext != ".png":
		return e.usageError("--chart=%s: the chart is written as .svg or .png", cf.chart)
	case cf.registers < 0 || cf.registers > 32:
		return e.usageError("--registers=%d: the budget must be between 1 and 32", cf.registers)
	}
	if cf.variants != "" {
		if f.Profile.Name != "vs_3_0" {
			return e.usageError("--variants compares vs_3_0 outputs")
		}
		if cf.vars, err = e.loadVariants(cf.variants); err != nil {
			return e.report(err)
		}
	}
	files, skipped, others, err := collectFiles(paths)
	if cf.verbose {
		for _, p := range skipped {
			e.notef("%s: note: skipped: not a regular file", p)
		}
		for _, p := range others {
			if name, ok := strings.CutSuffix(p, assemblyMark); ok {
				e.notef("%s: note: skipped: Direct3D assembly, not HLSL", name)
				continue
			}
			e.notef("%s: note: skipped: not a shader file's extension", p)
		}
	} else if len(others) > 0 {
		e.notef("shpack: note: %s", othersNote(others))
	}
	if err != nil {
		return e.report(err)
	}
	cons := ir.Constraints{MixColor: cf.mixColor, Budget: cf.registers}
	entries := e.compareFiles(files, &cf, f, cons, sts)

	var buf bytes.Buffer
	switch cf.format {
	case "csv":
		err = report.WriteCSV(&buf, entries, cf.summary)
	case "json":
		err = report.WriteJSON(&buf, entries, cf.summary)
	default:
		err = report.WriteTable(&buf, entries, cf.summary)
	}
	if err != nil {
		return e.report(err)
	}
	// Failures are diagnostics: on stderr, one line each (every format
	// also keeps them in its output), or only their count with --summary.
	ok, failed := report.Count(entries)
	if failed > 0 {
		if cf.summary {
			fmt.Fprintf(e.stderr, "shpack: %d of %d signatures could not be compared (without --summary each is listed)\n", failed, ok+failed)
		} else {
			for _, ce := range entries {
				if ce.Err != nil {
					fmt.Fprintln(e.stderr, failureLine(ce))
				}
			}
		}
	}
	if cf.chart != "" {
		img, err := drawChart(report.Of(entries), ext, "Packing strategies on "+strings.Join(paths, ", "))
		if err != nil {
			return e.report(fileError(cf.chart, "%v", err))
		}
		if code := e.writeFiles([]fileWrite{{cf.chart, img}}); code != exitOK {
			return code
		}
	}
	if code := e.output(cf.out, buf.String()); code != exitOK {
		return code
	}
	// Exit 1 when nothing could be compared, or with --strict when
	// anything could not.
	if failed > 0 && (ok == 0 || cf.strict) {
		return exitInput
	}
	return exitOK
}

// failureLine is one failed entry in one line: where, what, and the first
// line of its error.
func failureLine(ce compareEntry) string {
	msg := strings.SplitN(ce.Err.Error(), "\n", 2)[0]
	if ce.Name == "" {
		return msg
	}
	return fmt.Sprintf("%s (%s %s, not compared)", msg, ce.Kind, ce.Name)
}

// collectFiles expands directories into their shader files, sorted; files
// named directly are kept whatever their extension. In a directory, what
// is not a regular file (a FIFO, a device, a socket, a link to one) is
// skipped and returned apart, since reading it could block or never end;
// named directly, a FIFO or a character device is read as cat would, and
// a block device or a socket is an error.
func collectFiles(paths []string) (files, skipped, others []string, err error) {
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, nil, nil, fileError(p, "cannot read: %v", unwrapPathError(err))
		}
		if !st.IsDir() {
			if m := st.Mode(); m&fs.ModeSocket != 0 || m&fs.ModeDevice != 0 && m&fs.ModeCharDevice == 0 {
				return nil, nil, nil, fileError(p, "cannot read: not a regular file")
			}
			files = append(files, p)
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				return nil
			}
			ext := strings.ToLower(filepath.Ext(path))
			if !shaderExts[ext] {
				others = append(others, path)
				return nil
			}
			if (ext == ".vsh" || ext == ".psh") && isAssembly(path) {
				// What shpack itself writes (and fxc's listings): not
				// HLSL, whose .vsh and .psh files are read.
				others = append(others, path+assemblyMark)
				return nil
			}
			if !d.Type().IsRegular() {
				if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
					skipped = append(skipped, path)
					return nil
				}
			}
			found = append(found, path)
			return nil
		})
		if err != nil {
			return nil, nil, nil, fileError(p, "cannot walk: %v", err)
		}
		slices.Sort(found)
		files = append(files, found...)
	}
	return files, skipped, others, nil
}

// othersNote says how many files of which extensions a directory walk
// left out: "skipped 37 files of other extensions (20 .vert, 17 .frag;
// -v names them)".
func othersNote(others []string) string {
	count := map[string]int{}
	for _, p := range others {
		ext := strings.ToLower(filepath.Ext(p))
		switch {
		case strings.HasSuffix(p, assemblyMark):
			ext = "Direct3D assembly"
		case ext == "":
			ext = "no extension"
		}
		count[ext]++
	}
	exts := slices.Sorted(maps.Keys(count))
	slices.SortStableFunc(exts, func(a, b string) int { return count[b] - count[a] })
	var parts []string
	for _, x := range exts {
		parts = append(parts, fmt.Sprintf("%d %s", count[x], x))
	}
	return fmt.Sprintf("skipped %d files of other extensions or kinds (%s; -v names them)", len(others), strings.Join(parts, ", "))
}

// assemblyMark follows the name of a skipped file of Direct3D assembly in
// collectFiles' others, for the notes.
const assemblyMark = " (Direct3D assembly)"

// isAssembly says whether a file starts, after comments and blanks, with a
// Direct3D assembly version token (vs_3_0, ps.2.0): shader assembly, such
// as shpack writes, not HLSL.
func isAssembly(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	text := string(head[:n])
	for {
		text = strings.TrimLeft(text, " \t\r\n\ufeff")
		switch {
		case strings.HasPrefix(text, "//") || strings.HasPrefix(text, ";"):
			_, text, _ = strings.Cut(text, "\n")
		case strings.HasPrefix(text, "/*"):
			_, text, _ = strings.Cut(text, "*/")
		default:
			lower := strings.ToLower(text)
			for _, v := range []string{"vs_", "ps_", "vs.", "ps."} {
				if strings.HasPrefix(lower, v) && len(lower) > 3 && lower[3] >= '1' && lower[3] <= '3' {
					return true
				}
			}
			return false
		}
	}
}

// compareFiles finds and evaluates the signatures of every file, in
// parallel, and returns them in file order.
func (e *env) compareFiles(files []string, cf *compareFlags, f *ir.RegisterFile, cons ir.Constraints, sts []pack.Strategy) []compareEntry {
	per := parallelMap(files, func(file string) []compareEntry {
		return compareFile(file, cf, f, cons, sts)
	})
	var out []compareEntry
	for _, es := range per {
		out = append(out, es...)
	}
	return out
}

// compareFile evaluates the signatures of one file (driver.Compare, in
// every variant with --variants). A file that does not parse is one
// failed entry.
func compareFile(file string, cf *compareFlags, f *ir.RegisterFile, cons ir.Constraints, sts []pack.Strategy) []compareEntry {
	sel := driver.Selector{Struct: cf.structN, Entry: cf.entry}
	var cs []driver.Compared
	if len(cf.vars) > 0 {
		src, err := readLimited(file, maxInputBytes)
		if err != nil {
			return []compareEntry{{File: file, Kind: "file", Err: fileError(file, "cannot read: %v", unwrapPathError(err))}}
		}
		cs = driver.CompareVariants(driver.Source{Name: file, Src: src}, *cf.front.ppOptions(), cf.vars, f, cons, sts, sel)
	} else {
		u, err := loadFile(file, &cf.front)
		if err != nil {
			return []compareEntry{{File: file, Kind: "file", Err: err}}
		}
		cs = driver.Compare(u, f, cons, sts, sel)
	}
	out := make([]compareEntry, len(cs))
	for i, c := range cs {
		out[i] = compareEntry{File: file, Kind: c.Kind, Name: c.Name, Pos: c.Pos, Results: c.Results, Err: c.Err}
	}
	return out
}
