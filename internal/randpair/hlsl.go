package randpair

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The HLSL form: one file with the structs, the vertex shader, the pixel
// shaders and, for an effect, a technique with one pass per pixel shader.
// Everything stays inside what Wine's D3DCompile compiles (no function
// calls, no if, no ?:, no matrix swizzles, no int literals where a float is
// meant) unless the pair has arrays or int/bool members, which only vkd3d
// 1.17 compiles (WineHLSL is false then).

// lit spells a float constant with a decimal point ("13.0", "-2.125").
func lit(v float64) string {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// ctor is a constructor of vals: "1.5" or "float3(1.5, -2.0, 3.25)".
func ctor(scalar string, vals []float64) string {
	var parts []string
	for _, v := range vals {
		switch scalar {
		case "int":
			parts = append(parts, strconv.Itoa(int(v)))
		case "bool":
			parts = append(parts, strconv.FormatBool(v != 0))
		default:
			parts = append(parts, lit(v))
		}
	}
	if len(vals) == 1 {
		return parts[0]
	}
	return fmt.Sprintf("%s%d(%s)", scalar, len(vals), strings.Join(parts, ", "))
}

// expr is an expression whose value is vals, exactly: a constructor, a sum
// of two, a product by 0.5, or a constructor plus the position times 0.
func (g *gen) expr(scalar string, vals []float64) string {
	if scalar != "float" {
		return ctor(scalar, vals)
	}
	switch g.r.IntN(5) {
	case 0:
		a, d := make([]float64, len(vals)), make([]float64, len(vals))
		for i, v := range vals {
			d[i] = float64(g.r.IntN(65)-32) / 8
			a[i] = v - d[i]
		}
		return ctor(scalar, a) + " + " + ctor(scalar, d)
	case 1:
		a := make([]float64, len(vals))
		for i, v := range vals {
			a[i] = 2 * v
		}
		return ctor(scalar, a) + " * 0.5"
	case 2:
		return ctor(scalar, vals) + " + p." + xyzw[:len(vals)] + " * 0.0"
	}
	return ctor(scalar, vals)
}

// splitComps cuts a random order of n components into one to three
// groups.
func (g *gen) splitComps(n int) [][]int {
	comps := g.r.Perm(n)
	if g.chance(0.5) {
		slices.Sort(comps)
	}
	var groups [][]int
	for len(comps) > 0 {
		k := 1 + g.r.IntN(len(comps))
		groups = append(groups, comps[:k])
		comps = comps[k:]
	}
	return groups
}

// writes are the statements that give member m (referred to as ref) its
// values.
func (g *gen) writes(m *Member, ref string) []string {
	var out []string
	vals := func(e int, comps []int) []float64 {
		var v []float64
		for _, c := range comps {
			v = append(v, m.Elements[e].Values[c])
		}
		return v
	}
	letters := func(comps []int) string {
		var b strings.Builder
		for _, c := range comps {
			b.WriteByte(xyzw[c])
		}
		return b.String()
	}
	all := func(n int) []int {
		c := make([]int, n)
		for i := range c {
			c[i] = i
		}
		return c
	}
	switch m.Kind {
	case Vector:
		if m.Width == 1 || m.Scalar != "float" || g.chance(0.6) {
			return []string{fmt.Sprintf("%s = %s;", ref, g.expr(m.Scalar, vals(0, all(m.Width))))}
		}
		for _, grp := range g.splitComps(m.Width) {
			out = append(out, fmt.Sprintf("%s.%s = %s;", ref, letters(grp), g.expr(m.Scalar, vals(0, grp))))
		}
	case Array:
		for e := range m.Elements {
			if m.Width == 1 || g.chance(0.6) {
				out = append(out, fmt.Sprintf("%s[%d] = %s;", ref, e, g.expr(m.Scalar, vals(e, all(m.Width)))))
				continue
			}
			for _, grp := range g.splitComps(m.Width) {
				out = append(out, fmt.Sprintf("%s[%d].%s = %s;", ref, e, letters(grp), g.expr(m.Scalar, vals(e, grp))))
			}
		}
	case Matrix:
		row := func(r int, cols []int) []float64 {
			var v []float64
			for _, c := range cols {
				v = append(v, m.matrixValue(r, c))
			}
			return v
		}
		switch g.r.IntN(3) {
		case 0:
			var parts []string
			for r := range m.Rows {
				for c := range m.Cols {
					parts = append(parts, lit(m.matrixValue(r, c)))
				}
			}
			out = append(out, fmt.Sprintf("%s = %s%dx%d(%s);", ref, m.Scalar, m.Rows, m.Cols, strings.Join(parts, ", ")))
		case 1:
			for r := range m.Rows {
				out = append(out, fmt.Sprintf("%s[%d] = %s;", ref, r, g.expr(m.Scalar, row(r, all(m.Cols)))))
			}
		default:
			for r := range m.Rows {
				for _, grp := range g.splitComps(m.Cols) {
					out = append(out, fmt.Sprintf("%s[%d].%s = %s;", ref, r, letters(grp), g.expr(m.Scalar, row(r, grp))))
				}
			}
		}
	}
	return out
}

// hlsl writes the HLSL form of the pair.
func (g *gen) hlsl(p *Pair) string {
	p.Effect = g.chance(0.3)
	var b strings.Builder
	fmt.Fprintf(&b, "// randpair seed %d, pair %d: %d general registers with one per semantic.\n", p.Seed, p.Index, p.GeneralRegisters)
	field := func(decl, sem string) string {
		return fmt.Sprintf("    %s : %s;\n", decl, sem)
	}
	if g.vsShape != vsParams {
		b.WriteString("struct VS_OUT\n{\n")
		for _, m := range p.Members {
			if !m.Param {
				b.WriteString(field(m.Decl(m.Name), m.Semantic()))
			}
		}
		b.WriteString("};\n\n")
	}
	for _, ps := range g.pss {
		if slices.ContainsFunc(ps.inputs, func(in *psInput) bool { return in.inStruct }) && ps.shape == psOwnStruct {
			fmt.Fprintf(&b, "struct %s_IN\n{\n", ps.entry)
			for _, in := range ps.inputs {
				if in.inStruct {
					b.WriteString(field(in.decl(), in.semantic()))
				}
			}
			b.WriteString("};\n\n")
		}
		if ps.out == outStruct {
			sem := "COLOR"
			if g.chance(0.5) {
				sem = "SV_Target"
			}
			fmt.Fprintf(&b, "struct %s_OUT\n{\n", ps.entry)
			for t := range 4 {
				b.WriteString(field(fmt.Sprintf("float4 c%d", t), fmt.Sprintf("%s%d", sem, t)))
			}
			b.WriteString("};\n\n")
		}
	}

	// The vertex shader.
	var params, body []string
	params = append(params, "float4 p : POSITION0")
	ret, tail := "void", ""
	switch g.vsShape {
	case vsStruct:
		ret, tail = "VS_OUT", "return o;"
		init := ""
		if g.chance(0.5) {
			init = " = (VS_OUT)0"
		}
		body = append(body, "VS_OUT o"+init+";")
	case vsMixed:
		params = append(params, "out VS_OUT o")
		if g.chance(0.5) {
			body = append(body, "o = (VS_OUT)0;")
		}
	}
	if g.posReturn {
		ret, tail = "float4", "return p;"
	}
	var stmts []string
	for _, m := range p.Members {
		ref := "o." + m.Name
		if m.Param {
			ref = m.Name
			if m.Usage == "POSITION" && g.posReturn {
				continue
			}
			kw := "out"
			if m.InOut {
				kw = "inout"
			}
			params = append(params, fmt.Sprintf("%s %s : %s", kw, m.Decl(m.Name), m.Semantic()))
		}
		if m.Usage == "POSITION" {
			stmts = append(stmts, ref+" = p;")
			continue
		}
		stmts = append(stmts, g.writes(m, ref)...)
	}
	g.r.Shuffle(len(stmts), func(i, j int) { stmts[i], stmts[j] = stmts[j], stmts[i] })
	body = append(body, stmts...)
	if tail != "" {
		body = append(body, tail)
	}
	first := params[0]
	rest := params[1:]
	g.r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	params = append([]string{first}, rest...)
	sig := fmt.Sprintf("%s %s(%s)", ret, p.VSEntry, strings.Join(params, ",\n        "))
	if g.posReturn {
		sig += " : POSITION0"
	}
	fmt.Fprintf(&b, "%s\n{\n    %s\n}\n", sig, strings.Join(body, "\n    "))

	for _, ps := range g.pss {
		b.WriteString("\n")
		b.WriteString(g.pixelHLSL(ps))
	}
	if p.Effect {
		b.WriteString("\ntechnique Main\n{\n")
		for i, ps := range g.pss {
			fmt.Fprintf(&b, "    pass P%d\n    {\n        VertexShader = compile vs_3_0 %s();\n        PixelShader = compile ps_3_0 %s();\n    }\n", i, p.VSEntry, ps.entry)
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// pixelHLSL writes one pixel shader function.
func (g *gen) pixelHLSL(ps *pixelShader) string {
	var params []string
	structParam := ""
	switch {
	case ps.shape == psVSStruct:
		structParam = "VS_OUT i"
	case slices.ContainsFunc(ps.inputs, func(in *psInput) bool { return in.inStruct }):
		structParam = ps.entry + "_IN In"
	}
	for _, in := range ps.inputs {
		if !in.inStruct {
			params = append(params, fmt.Sprintf("%s : %s", in.decl(), in.semantic()))
		}
	}
	if structParam != "" {
		at := g.r.IntN(len(params) + 1)
		params = slices.Insert(params, at, structParam)
	}
	ref := func(in *psInput) string {
		switch {
		case !in.inStruct:
			return in.name
		case ps.shape == psVSStruct:
			return "i." + in.name
		}
		return "In." + in.name
	}

	// The four targets' constructors: runs of slots that read one element
	// of one input are one swizzle.
	var targets [4]string
	for t := range 4 {
		var args []string
		for s := 4 * t; s < 4*t+4; {
			if s >= len(ps.reads) {
				args = append(args, "0.0")
				s++
				continue
			}
			rd := ps.reads[s]
			comps := []int{rd.comp}
			n := 1
			for rd.in.groupable() && s+n < 4*t+4 && s+n < len(ps.reads) {
				next := ps.reads[s+n]
				if next.in != rd.in || next.elem != rd.elem || g.chance(0.2) {
					break
				}
				comps = append(comps, next.comp)
				n++
			}
			a := ref(rd.in) + rd.in.access(rd.elem, comps)
			if rd.in.m.Scalar != "float" {
				a = fmt.Sprintf("(%s)%s", vecType("float", n), a)
			}
			args = append(args, a)
			s += n
		}
		targets[t] = fmt.Sprintf("float4(%s)", strings.Join(args, ", "))
	}

	var body []string
	ret, sig := "void", ""
	order := g.r.Perm(4)
	switch ps.out {
	case outParams:
		for t := range 4 {
			params = append(params, fmt.Sprintf("out float4 c%d : COLOR%d", t, t))
		}
		for _, t := range order {
			body = append(body, fmt.Sprintf("c%d = %s;", t, targets[t]))
		}
	case outReturn:
		ret, sig = "float4", " : COLOR0"
		for t := 1; t < 4; t++ {
			params = append(params, fmt.Sprintf("out float4 c%d : COLOR%d", t, t))
		}
		for _, t := range order {
			if t != 0 {
				body = append(body, fmt.Sprintf("c%d = %s;", t, targets[t]))
			}
		}
		body = append(body, "return "+targets[0]+";")
	case outStruct:
		ret = ps.entry + "_OUT"
		body = append(body, ret+" r;")
		for _, t := range order {
			body = append(body, fmt.Sprintf("r.c%d = %s;", t, targets[t]))
		}
		body = append(body, "return r;")
	}
	return fmt.Sprintf("%s %s(%s)%s\n{\n    %s\n}\n", ret, ps.entry, strings.Join(params, ",\n        "), sig, strings.Join(body, "\n    "))
}

// StripTechniques cuts an effect file's technique blocks off (from the
// first line that starts with "technique" to the end), for the compilers
// that read no effect syntax: Wine's D3DCompile and glslang. The
// generator writes the technique last, and shpack rewrite leaves it where
// it is.
func StripTechniques(src string) string {
	for off := 0; off < len(src); {
		line := src[off:]
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i+1]
		}
		if strings.HasPrefix(line, "technique") {
			return src[:off]
		}
		off += len(line)
	}
	return src
}
