package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/internal/report"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

var compareCommand = &command{
	name:    "compare",
	usage:   "[flags] FILE|DIR...",
	summary: "compare packing strategies over files and folders",
	about: `Finds every vertex-output signature in the files (each struct with a
POSITION0 member, and each entry point whose outputs include POSITION0 and
are not just a struct already counted), packs each with every strategy, and
reports per signature and strategy: general registers (with no limit), fits,
the proven lower bound, at the optimum or not, wasted components, prefix
stable or not, and elements moved against fxc; then a summary per strategy.
Directories are walked for ` + strings.Join(driver.ShaderExts, " ") + `
files; a note counts the files of other extensions it leaves out (-v names
them). Signatures that fail to parse, lower or validate are counted and
listed with their errors.
`,
	flags:   "struct entry profile variants strategies mix-color registers o format summary chart strict touch front",
	formats: "table|csv|json",
	fmtHelp: "table: aligned text; csv: one row per signature and strategy; json: shpack.compare/1 (docs/json.md)",
	help: map[string]string{
		"profile":  "`vs_3_0|ps_3_0` ps_3_0 compares pixel inputs instead: the parameters of pixel entry points (functions returning COLORn or SV_Targetn)",
		"variants": "`FILE` compare every signature in every #define permutation (see shpack --help), named \"NAME [VARIANT]\", and add a \"family\" row: what each variant uses when all share one layout, against its own optimum as the bound",
		"v":        "name the files skipped in directories (other extensions; FIFOs, devices, sockets: what is not a regular file)",
	},
	run: (*env).runCompare,
}

func (e *env) runCompare(paths []string) int {
	sts := pack.Strategies()
	if e.strategies != "" {
		sts = nil
		for _, name := range strings.Split(e.strategies, ",") {
			st, err := pack.Lookup(strings.TrimSpace(name))
			if err != nil {
				return e.usageError("%v", err)
			}
			sts = append(sts, st)
		}
	}
	f, _ := ir.LookupRegisterFile(e.profile, ir.In)
	if e.profile == "vs_3_0" {
		f = ir.VS30Out()
	}
	ext := strings.ToLower(filepath.Ext(e.chart))
	switch {
	case e.profile != "vs_3_0" && e.profile != "ps_3_0":
		return e.usageError("compare works on vs_3_0 outputs or ps_3_0 inputs, not %q", e.profile)
	case len(paths) == 0:
		return e.usageError("compare needs files or directories")
	case e.chart != "" && ext != ".svg" && ext != ".png":
		return e.usageError("--chart=%s: the chart is written as .svg or .png", e.chart)
	case e.registers < 0 || e.registers > 32:
		return e.usageError("--registers=%d: the budget must be between 1 and 32", e.registers)
	case e.variants != "" && e.profile != "vs_3_0":
		return e.usageError("--variants compares vs_3_0 outputs")
	}
	var vars []driver.Variant
	if e.variants != "" {
		var err error
		if vars, err = e.loadVariants(e.variants); err != nil {
			return e.report(err)
		}
	}
	found, err := driver.FindShaderFiles(paths)
	if err != nil {
		return e.report(err)
	}
	if e.verbose {
		for _, p := range found.Skipped {
			e.say(ir.Note{Pos: ir.Pos{File: p}, Msg: "skipped: not a regular file"})
		}
		for _, p := range found.Assembly {
			e.say(ir.Note{Pos: ir.Pos{File: p}, Msg: "skipped: Direct3D assembly, not HLSL"})
		}
		for _, p := range found.Other {
			e.say(ir.Note{Pos: ir.Pos{File: p}, Msg: "skipped: not a shader file's extension"})
		}
	} else if n := found.LeftOut(); n != "" {
		e.say(ir.Note{Msg: n + "; -v names them)"})
	}
	co := driver.CompareOptions{
		Packing: driver.Packing{MixColor: e.mixColor, Budget: e.registers}, Strategies: sts,
		PP: e.ppOptions(), File: f, Select: driver.Selector{Struct: e.structN, Entry: e.entry}, Variants: vars,
	}
	per := parallelMap(found.Files, func(file string) []report.Entry {
		src, name, err := e.readInput(file)
		if err != nil {
			return []report.Entry{{File: file, Kind: "file", Err: err}}
		}
		var out []report.Entry
		for _, c := range driver.Compare(driver.Source{Name: name, Src: src}, co) {
			out = append(out, report.Entry{File: file, Kind: c.Kind, Name: c.Name, Pos: c.Pos, Results: c.Results, Err: c.Err})
		}
		return out
	})
	var entries []report.Entry
	for _, es := range per {
		entries = append(entries, es...)
	}
	var buf bytes.Buffer
	switch e.format {
	case "csv":
		err = report.WriteCSV(&buf, entries, e.summary)
	case "json":
		err = report.WriteJSON(&buf, entries, e.summary)
	default:
		err = report.WriteTable(&buf, entries, e.summary)
	}
	if err != nil {
		return e.report(err)
	}
	// Failures are diagnostics: on stderr, one line each (every format
	// also keeps them in its output), or only their count with --summary.
	ok, failed := report.Count(entries)
	switch {
	case failed > 0 && e.summary:
		fmt.Fprintf(e.stderr, "shpack: %d of %d signatures could not be compared (without --summary each is listed)\n", failed, ok+failed)
	case failed > 0:
		for _, ce := range entries {
			if ce.Err == nil {
				continue
			}
			msg := strings.SplitN(ce.Err.Error(), "\n", 2)[0]
			if ce.Name != "" {
				msg = fmt.Sprintf("%s (%s %s, not compared)", msg, ce.Kind, ce.Name)
			}
			fmt.Fprintln(e.stderr, msg)
		}
	}
	r := result{text: buf.Bytes()}
	if e.chart != "" {
		img, err := drawChart(report.Of(entries), ext, "Packing strategies on "+chartSubject(paths))
		if err != nil {
			return e.report(fileError(e.chart, "%v", err))
		}
		r.side = []fileWrite{{path: e.chart, data: img}}
	}
	if code := e.finish(r); code != exitOK {
		return code
	}
	// Exit 1 when nothing could be compared, or with --strict when
	// anything could not.
	if failed > 0 && (ok == 0 || e.strict) {
		return exitInput
	}
	return exitOK
}

// chartSubject names what a chart compares in its title, which must fit
// the figure: the paths given, or, past two (a shell's glob), how many
// and the folder they share.
func chartSubject(paths []string) string {
	if len(paths) <= 2 {
		return strings.Join(paths, ", ")
	}
	dir := filepath.Dir(paths[0])
	for _, p := range paths[1:] {
		if filepath.Dir(p) != dir {
			return fmt.Sprintf("%d files and folders", len(paths))
		}
	}
	return fmt.Sprintf("%d files in %s", len(paths), filepath.ToSlash(dir))
}
