package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

// --variants=FILE: one layout for every #define permutation of a shader
// (driver.ParseVariants gives the format; pack.Family the method).

// loadVariants reads and parses a variants file.
func (e *env) loadVariants(path string) ([]driver.Variant, error) {
	src, name, err := e.readInput(path)
	if err != nil {
		return nil, err
	}
	vars, err := driver.ParseVariants(name, src)
	for _, v := range vars {
		for _, w := range v.Warnings {
			e.note(w.Error())
		}
	}
	return vars, err
}

// variantNotes says what each variant costs against its own optimum.
func (e *env) variantNotes(source string, vars []driver.Variant, fl *pack.FamilyLayout) {
	var parts []string
	for i, v := range vars {
		parts = append(parts, fmt.Sprintf("%s %d (alone %d)", v.Name, fl.Layouts[i].GeneralRegisters(), fl.Own[i]))
	}
	proven := "not proven optimal"
	if fl.Optimal {
		proven = "optimal"
	}
	e.notef("%s: note: %d variants share one layout (%s; largest %d, lower bound %d); general registers: %s\n",
		source, len(vars), proven, fl.Largest(), fl.LowerBound, strings.Join(parts, ", "))
}

// packVariants is shpack --variants=FILE FILE.
func (e *env) packVariants(file string, pf *packFlags, f *ir.RegisterFile) int {
	switch {
	case f.Profile.Name != "vs_3_0" || f.Dir != ir.Out:
		return e.usageError("--variants packs vs_3_0 outputs (pixel shaders: shpack link --variants)")
	case pf.format == "hlsl":
		return e.usageError("--variants writes asm or json")
	case len(pf.opts.indexed) > 0:
		return e.usageError("--variants cannot take --indexed arrays")
	case pf.svg != "":
		return e.usageError("--variants draws its register map with --format=svg (a row per variant), not --svg")
	case pf.out != "" && pf.format != "json" && pf.format != "svg":
		return e.usageError("--variants writes one block per variant: use --out-dir=DIR (or -o with --format=json)")
	}
	vars, err := e.loadVariants(pf.variants)
	if err != nil {
		return e.report(err)
	}
	src, name, err := e.readInput(file)
	if err != nil {
		return e.report(err)
	}
	cons := ir.Constraints{MixColor: pf.opts.mixColor, Portable: pf.opts.portable, Budget: pf.opts.registers, TexcoordNames: pf.opts.texcoordNames()}
	sigs, _, err := driver.VariantSignatures(driver.Source{Name: name, Src: src}, *pf.front.ppOptions(), vars, f, driver.Selector{Struct: pf.structN, Entry: pf.entry})
	if err != nil {
		return e.report(err)
	}
	fl, err := driver.VariantLayouts(vars, sigs, cons)
	if err != nil {
		return e.report(err)
	}
	e.variantNotes(name, vars, fl)
	var vl []emit.VariantLayouts
	for i, v := range vars {
		vl = append(vl, emit.VariantLayouts{Name: v.Name, Defines: v.Defines, Own: fl.Own[i], Layout: fl.Layouts[i]})
	}
	return e.writeVariants(name, pf.format, pf.out, pf.outDir, pf.layout.out, fl, vl)
}

// linkVariants is shpack link --variants=FILE VS [PS].
func (e *env) linkVariants(files []string, lf *linkFlags) int {
	switch {
	case lf.vsOut != "":
		return e.usageError("--variants writes one block pair per variant: use --out-dir=DIR")
	case len(lf.opts.indexed) > 0:
		return e.usageError("--variants cannot take --indexed arrays")
	}
	vars, err := e.loadVariants(lf.variants)
	if err != nil {
		return e.report(err)
	}
	var srcs []driver.Source
	for _, f := range files {
		src, name, err := e.readInput(f)
		if err != nil {
			return e.report(err)
		}
		srcs = append(srcs, driver.Source{Name: name, Src: src})
	}
	if len(srcs) == 1 {
		srcs = append(srcs, srcs[0])
	}
	cons := ir.Constraints{MixColor: lf.opts.mixColor, Portable: lf.opts.portable, Budget: lf.opts.registers, TexcoordNames: lf.opts.texcoordNames()}
	pairs, fl, err := driver.LinkVariants(srcs[0], srcs[1], *lf.stageFront(ir.Vertex).ppOptions(), *lf.stageFront(ir.Pixel).ppOptions(), vars,
		driver.Selector{Struct: lf.vsStruct, Entry: lf.vsEntry}, driver.Selector{Struct: lf.psStruct, Entry: lf.psEntry}, cons)
	if err != nil {
		return e.report(err)
	}
	e.variantNotes(srcs[0].Name, vars, fl)
	var vl []emit.VariantLayouts
	for i, p := range pairs {
		vl = append(vl, emit.VariantLayouts{Name: p.Variant.Name, Defines: p.Variant.Defines, Own: fl.Own[i], VS: p.VS, PS: p.PS})
	}
	return e.writeVariants(srcs[0].Name, lf.format, lf.out, lf.outDir, lf.layoutOut, fl, vl)
}

// writeVariants prints or writes the variants' layouts: JSON as one
// document; assembly as one block (pack) or block pair (link) per variant
// under a "// variant NAME" comment, or with outDir one file per variant
// and stage, named BASE.VARIANT.vsh/.psh (BASE.VARIANT.json). With
// layoutOut, the family's vertex layouts go to a layout file too, each
// interface naming the variants it covers.
func (e *env) writeVariants(source, format, out, outDir, layoutOut string, fl *pack.FamilyLayout, vl []emit.VariantLayouts) int {
	var extra []fileWrite
	if layoutOut != "" {
		var ifaces []layoutfile.Interface
		for _, v := range vl {
			l, ps := v.Layout, []string(nil)
			if l == nil {
				l, ps = v.VS, []string{v.PS.Sig.Name}
			}
			it, err := layoutfile.FromLayout(l, []string{l.Sig.Name}, ps)
			if err != nil {
				return e.report(err)
			}
			it.Variants = []string{v.Name}
			ifaces = layoutfile.AddVariant(ifaces, it)
		}
		extra = append(extra, fileWrite{layoutOut, layoutfile.Marshal(ifaces)})
	}
	for _, v := range vl {
		for _, l := range []*ir.Layout{v.Layout, v.VS, v.PS} {
			if l == nil {
				continue
			}
			if err := ir.CheckLayout(l); err != nil {
				return e.report(fmt.Errorf("internal error: invalid layout of variant %s: %v", v.Name, err))
			}
		}
	}
	fam := emit.Family{Largest: fl.Largest(), LowerBound: fl.LowerBound, Optimal: fl.Optimal}
	if outDir != "" {
		base := strings.TrimSuffix(filepath.Base(source), filepath.Ext(source))
		var writes []fileWrite
		for _, v := range vl {
			files, err := emit.VariantFiles(format, source, fam, v)
			if err != nil {
				return e.report(err)
			}
			for _, f := range files {
				writes = append(writes, fileWrite{filepath.Join(outDir, base+"."+v.Name+f.Suffix), f.Data})
			}
		}
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			return e.report(fileError(outDir, "cannot create: %v", unwrapPathError(err)))
		}
		return e.writeFiles(append(writes, extra...))
	}
	var b bytes.Buffer
	if err := emit.Variants(&b, format, source, fam, vl); err != nil {
		return e.report(err)
	}
	if out != "" {
		return e.writeFiles(append([]fileWrite{{out, b.Bytes()}}, extra...))
	}
	if code := e.writeFiles(extra); code != exitOK {
		return code
	}
	return e.print(b.String())
}
