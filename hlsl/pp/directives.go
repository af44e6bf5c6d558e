package pp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/shpack/shpack/ir"
)

// The directives: conditionals, #define, #line and #pragma (#include is
// include.go's).

// directive executes a directive of f: its "#" and the tokens after it on
// its line. It returns a token to emit for #pragma pack_matrix.
func (p *ppState) directive(f *ppFrame, hash RawToken, line []RawToken) (RawToken, bool) {
	hash = p.mapTok(f, hash)
	if len(line) == 0 {
		return RawToken{}, false // null directive
	}
	skipping := f.skipping()
	name := line[0]
	args := line[1:]
	guardCand := f.guardCand
	f.guardCand = 0
	if name.Kind == TokIdent {
		switch name.Text {
		case "if", "ifdef", "ifndef":
			if p.opts.Record {
				f.condRecs = append(f.condRecs, len(p.res.Conditionals))
				// A header included again meets its include guard's
				// #ifndef with the macro defined: the group is skipped,
				// and it is the guard it was the first time.
				p.res.Conditionals = append(p.res.Conditionals, Conditional{File: hash.Pos.File, Ctx: hash.Ctx, First: hash.Pos.Line, Groups: 1, Skipped: skipping,
					Guard: p.guards[guardAt{hash.Pos.File, hash.Pos.Line}]})
			}
			if skipping {
				f.conds = append(f.conds, ppCond{pos: hash.Pos, directive: "#" + name.Text, parentSkip: true, taken: true})
				return RawToken{}, false
			}
			p.recordCondition(f, name.Text, args)
			if p.opts.Record && (name.Text == "ifndef" || name.Text == "if" && notDefined(args)) {
				f.guardCand = len(p.res.Conditionals)
			}
			p.reportStrErrs(f, line)
			var v bool
			switch name.Text {
			case "if":
				v = p.evalIf(f, hash, "#if", args)
			case "ifdef":
				v = p.ifdef(hash, "#ifdef", args, true)
			default:
				v = p.ifdef(hash, "#ifndef", args, false)
			}
			f.conds = append(f.conds, ppCond{pos: hash.Pos, directive: "#" + name.Text, taken: v, active: v})
			return RawToken{}, false
		case "elif":
			if len(f.conds) == 0 {
				p.errorf(hash.Pos, hash.Ctx, "#elif without #if")
				return RawToken{}, false
			}
			c := &f.conds[len(f.conds)-1]
			p.recordGroup(f)
			switch {
			case c.sawElse:
				p.errorf(hash.Pos, hash.Ctx, "#elif after #else")
				c.active = false
			case c.parentSkip || c.taken:
				c.active = false
			default:
				p.recordCondition(f, "if", args)
				p.reportStrErrs(f, line)
				v := p.evalIf(f, hash, "#elif", args)
				c = &f.conds[len(f.conds)-1]
				c.active, c.taken = v, v
			}
			return RawToken{}, false
		case "else":
			if len(f.conds) == 0 {
				p.errorf(hash.Pos, hash.Ctx, "#else without #if")
				return RawToken{}, false
			}
			c := &f.conds[len(f.conds)-1]
			p.recordGroup(f)
			if c.sawElse {
				p.errorf(hash.Pos, hash.Ctx, "#else after #else")
				c.active = false
				return RawToken{}, false
			}
			c.sawElse = true
			c.active = !c.parentSkip && !c.taken
			c.taken = true
			return RawToken{}, false
		case "endif":
			if len(f.conds) == 0 {
				p.errorf(hash.Pos, hash.Ctx, "#endif without #if")
				return RawToken{}, false
			}
			if n := len(f.condRecs); n > 0 {
				p.res.Conditionals[f.condRecs[n-1]].Last = hash.Pos.Line
				f.condRecs = f.condRecs[:n-1]
			}
			f.conds = f.conds[:len(f.conds)-1]
			return RawToken{}, false
		}
	}
	if skipping {
		return RawToken{}, false
	}
	if name.Kind != TokIdent {
		p.errorf(hash.Pos, hash.Ctx, "unknown preprocessor directive %s", ppQ("#"+name.Text))
		return RawToken{}, false
	}
	switch name.Text {
	case "define":
		if guardCand > 0 && len(args) > 0 {
			c := &p.res.Conditionals[guardCand-1]
			c.Guard = c.Groups == 1 && c.Last == 0 && len(c.Macros) == 1 && c.Macros[0].Name == args[0].Text
			if c.Guard {
				p.guards[guardAt{c.File, c.First}] = true
			}
		}
		p.reportStrErrs(f, line)
		p.define(args, hash.Pos, hash.Ctx)
		if len(args) > 0 {
			if m := p.macros[args[0].Text]; m != nil {
				m.fixed = !p.inConditional(f)
				p.recordDefine(m)
			}
		}
	case "undef":
		p.reportStrErrs(f, line)
		if n, ok := p.macroName(hash, "#undef", args); ok {
			delete(p.macros, n)
		}
	case "include":
		p.reportStrErrs(f, line)
		p.include(f, hash, args)
	case "line":
		p.reportStrErrs(f, line)
		p.line(f, hash, args)
	case "pragma":
		return p.pragma(f, hash, args)
	case "error":
		var b strings.Builder
		b.WriteString("#error")
		for k, t := range args {
			if k == 0 || t.Space {
				b.WriteByte(' ')
			}
			b.WriteString(t.Text)
		}
		p.errorf(hash.Pos, hash.Ctx, "%s", ppShortN(b.String(), 1024))
	case "warning":
	default:
		p.errorf(hash.Pos, hash.Ctx, "unknown preprocessor directive %s", ppQ("#"+name.Text))
	}
	return RawToken{}, false
}

// macroName checks the operand of #ifdef, #ifndef and #undef.
func (p *ppState) macroName(hash RawToken, dir string, args []RawToken) (string, bool) {
	if len(args) == 0 {
		p.errorf(hash.Pos, hash.Ctx, "missing macro name in %s", dir)
		return "", false
	}
	if args[0].Kind != TokIdent {
		p.errorf(hash.Pos, hash.Ctx, "macro name must be an identifier, not %s", ppQ(args[0].Text))
		return "", false
	}
	return args[0].Text, true
}

// ifdef reports whether the group of #ifdef (or #ifndef, want false) is active.
func (p *ppState) ifdef(hash RawToken, dir string, args []RawToken, want bool) bool {
	n, ok := p.macroName(hash, dir, args)
	if !ok {
		return false
	}
	_, def := p.macros[n]
	return def == want
}

// evalIf macro-expands and evaluates an #if or #elif expression.
func (p *ppState) evalIf(f *ppFrame, hash RawToken, dir string, args []RawToken) bool {
	if len(args) == 0 {
		p.errorf(hash.Pos, hash.Ctx, "invalid %s expression: missing expression", dir)
		return false
	}
	var ifErr string
	s := &ppStream{ifMode: true, ifErr: &ifErr}
	s.pend = ppReversed(p.toPtoks(f, args))
	toks := p.expandStream(s)
	if ifErr != "" {
		p.errorf(hash.Pos, hash.Ctx, "invalid %s expression: %s", dir, ifErr)
		return false
	}
	v, msg := ppEvalIf(toks, dir)
	if msg != "" {
		p.errorf(hash.Pos, hash.Ctx, "%s", msg)
		return false
	}
	return v != 0
}

func ppReversed(toks []ppTok) []ppTok {
	for i, j := 0, len(toks)-1; i < j; i, j = i+1, j-1 {
		toks[i], toks[j] = toks[j], toks[i]
	}
	return toks
}

// define executes "#define" with the tokens after "define".
func (p *ppState) define(line []RawToken, at ir.Pos, ctx int32) {
	if len(line) == 0 {
		p.errorf(at, ctx, "missing macro name in #define")
		return
	}
	name := line[0]
	if name.Kind != TokIdent {
		p.errorf(at, ctx, "macro name must be an identifier, not %s", ppQ(name.Text))
		return
	}
	if name.Text == "defined" {
		p.errorf(at, ctx, "%q cannot be used as a macro name", "defined")
		return
	}
	m := &ppMacro{name: name.Text, at: at}
	params := map[string]int{} // parameter name → index
	i := 1
	if i < len(line) && line[i].Kind == TokPunct && line[i].Text == "(" && !line[i].Space {
		m.funcLike = true
		i++
		for first := true; ; first = false {
			if i >= len(line) {
				p.errorf(at, ctx, "missing %q in parameter list of macro %s", ")", ppQ(m.name))
				return
			}
			t := line[i]
			if first && t.Kind == TokPunct && t.Text == ")" {
				i++
				break
			}
			switch {
			case t.Kind == TokPunct && t.Text == "...":
				m.variadic = true
				params["__VA_ARGS__"] = len(params)
			case t.Kind == TokIdent:
				if t.Text == "__VA_ARGS__" {
					p.errorf(at, ctx, "%s cannot be a parameter name of macro %s", ppQ(t.Text), ppQ(m.name))
					return
				}
				if _, dup := params[t.Text]; dup {
					p.errorf(at, ctx, "duplicate parameter %s of macro %s", ppQ(t.Text), ppQ(m.name))
					return
				}
				params[t.Text] = len(params)
			default:
				p.errorf(at, ctx, "expected a parameter name in macro %s, found %s", ppQ(m.name), ppQ(t.Text))
				return
			}
			i++
			if i >= len(line) {
				p.errorf(at, ctx, "missing %q in parameter list of macro %s", ")", ppQ(m.name))
				return
			}
			if t := line[i]; t.Kind == TokPunct && t.Text == ")" {
				i++
				break
			} else if m.variadic {
				p.errorf(at, ctx, "expected %q after %q in parameter list of macro %s, found %s", ")", "...", ppQ(m.name), ppQ(t.Text))
				return
			} else if t.Kind != TokPunct || t.Text != "," {
				p.errorf(at, ctx, "expected %q or %q in parameter list of macro %s, found %s", ",", ")", ppQ(m.name), ppQ(t.Text))
				return
			}
			i++
		}
		m.nparams = len(params)
	}
	body := line[i:]
	m.body = make([]ppBodyTok, 0, len(body))
	for k := 0; k < len(body); k++ {
		t := body[k]
		t.BOL = false
		t.Ctx = 0
		b := ppBodyTok{tok: t, param: -1}
		switch {
		case t.Kind == TokIdent && m.funcLike:
			b.param = ppParamIndex(params, t.Text)
		case t.Kind == TokPunct && t.Text == "##":
			if k == 0 || k == len(body)-1 {
				p.errorf(at, ctx, "%q cannot appear at either end of macro %s", "##", ppQ(m.name))
				return
			}
			b.op = ppOpPaste
			m.hasPaste = true
		case t.Kind == TokPunct && t.Text == "#" && m.funcLike:
			if k+1 >= len(body) || body[k+1].Kind != TokIdent || ppParamIndex(params, body[k+1].Text) < 0 {
				p.errorf(at, ctx, "%q is not followed by a macro parameter in macro %s", "#", ppQ(m.name))
				return
			}
			k++
			b.op = ppOpStringify
			b.param = ppParamIndex(params, body[k].Text)
		}
		if b.param >= 0 || b.op != ppOpNone {
			m.hasOps = true
		}
		if k == 0 {
			b.tok.Space = false
		}
		b.tid = p.intern(b.tok.Text)
		m.body = append(m.body, b)
	}
	p.setMacro(m)
}

// ppParamIndex returns the index of parameter name, or -1.
func ppParamIndex(params map[string]int, name string) int {
	if i, ok := params[name]; ok {
		return i
	}
	return -1
}

// line executes "#line N" and "#line N "file"".
func (p *ppState) line(f *ppFrame, hash RawToken, args []RawToken) {
	if len(args) == 0 {
		p.errorf(hash.Pos, hash.Ctx, "missing line number in #line")
		return
	}
	toks := args
	if args[0].Kind != TokInt {
		toks = p.expandArgs(f, args)
		if len(toks) == 0 {
			p.errorf(hash.Pos, hash.Ctx, "missing line number in #line")
			return
		}
	}
	n, err := strconv.ParseUint(toks[0].Text, 10, 31)
	if toks[0].Kind != TokInt || err != nil || n == 0 {
		p.errorf(hash.Pos, hash.Ctx, "invalid #line number %s", ppQ(toks[0].Text))
		return
	}
	file := ""
	if len(toks) > 1 {
		t := toks[1]
		if t.Kind != TokString || len(t.Text) < 2 || t.Text[len(t.Text)-1] != '"' {
			p.errorf(hash.Pos, hash.Ctx, "invalid file name in #line: %s", ppQ(t.Text))
			return
		}
		if len(toks) > 2 {
			p.errorf(hash.Pos, hash.Ctx, "extra tokens after the file name in #line: %s", ppQ(toks[2].Text))
			return
		}
		file = t.Text[1 : len(t.Text)-1]
	}
	last := args[len(args)-1].Pos.Line // real line of the directive's end
	f.lineDelta = int(n) - (last + 1)
	if file != "" {
		f.fileName = file
	}
}

// pragma executes "#pragma": once, pack_matrix; others are ignored.
func (p *ppState) pragma(f *ppFrame, hash RawToken, args []RawToken) (RawToken, bool) {
	if len(args) == 0 || args[0].Kind != TokIdent {
		return RawToken{}, false
	}
	switch args[0].Text {
	case "once":
		p.once[f.src] = true
	case "pack_matrix":
		if len(args) == 4 && args[1].Text == "(" && args[3].Text == ")" && args[2].Kind == TokIdent &&
			(args[2].Text == "row_major" || args[2].Text == "column_major") {
			return RawToken{Kind: TokPragma, Text: "pack_matrix(" + args[2].Text + ")", Pos: hash.Pos, Ctx: hash.Ctx, Space: hash.Space, Off: hash.Off, Expanded: true}, true
		}
		p.errorf(hash.Pos, hash.Ctx, "invalid #pragma pack_matrix: expected (row_major) or (column_major)")
	}
	return RawToken{}, false
}

// recordDefine records m, just defined, in every conditional open around
// the definition (in this file and the files that include it): a group
// that defines the macro its condition tests answers the test itself
// (Conditional.Defines).
func (p *ppState) recordDefine(m *ppMacro) {
	if !p.opts.Record {
		return
	}
	st := p.macroState(m, false)
	for _, fr := range p.frames {
		for _, k := range fr.condRecs {
			c := &p.res.Conditionals[k]
			if i := slices.IndexFunc(c.Defines, func(d MacroState) bool { return d.Name == st.Name }); i >= 0 {
				c.Defines[i] = st
				continue
			}
			c.Defines = append(c.Defines, st)
		}
	}
}

// recordGroup counts an #elif or #else in the chain it belongs to: a
// chain with one is no include guard.
func (p *ppState) recordGroup(f *ppFrame) {
	if n := len(f.condRecs); n > 0 {
		c := &p.res.Conditionals[f.condRecs[n-1]]
		c.Groups++
		if c.Guard {
			c.Guard = false
			delete(p.guards, guardAt{c.File, c.First})
		}
	}
}

// recordCondition records the macros a condition names (directive "if"
// for #if and #elif, "ifdef", "ifndef"), as they are now.
func (p *ppState) recordCondition(f *ppFrame, directive string, args []RawToken) {
	n := len(f.condRecs)
	if n == 0 {
		return
	}
	c := &p.res.Conditionals[f.condRecs[n-1]]
	for i, t := range args {
		if t.Kind != TokIdent || t.Text == "defined" || directive != "if" && i > 0 {
			continue
		}
		// defined X and defined(X) read definedness; any other use in an
		// #if reads the value.
		read := directive == "if" && !(i > 0 && args[i-1].Text == "defined" ||
			i > 1 && args[i-1].Text == "(" && args[i-2].Text == "defined")
		if k := slices.IndexFunc(c.Macros, func(m MacroState) bool { return m.Name == t.Text }); k >= 0 {
			c.Macros[k].ValueRead = c.Macros[k].ValueRead || read
			c.Macros[k].DefinedRead = c.Macros[k].DefinedRead || !read
			continue
		}
		st := MacroState{Name: t.Text, ValueRead: read}
		if m, ok := p.macros[t.Text]; ok {
			st = p.macroState(m, read)
		}
		st.DefinedRead = !read
		c.Macros = append(c.Macros, st)
	}
}

// notDefined reports whether an #if's condition is "!defined(X)" or
// "!defined X": the other spelling of an include guard's #ifndef X.
func notDefined(args []RawToken) bool {
	switch {
	case len(args) == 5:
		return args[0].Text == "!" && args[1].Text == "defined" && args[2].Text == "(" && args[3].Kind == TokIdent && args[4].Text == ")"
	case len(args) == 3:
		return args[0].Text == "!" && args[1].Text == "defined" && args[2].Kind == TokIdent
	}
	return false
}

// macroState describes a defined macro now.
// A definition does not change (#define again makes a new one), so its
// state is built once, on its first use.
func (p *ppState) macroState(m *ppMacro, read bool) MacroState {
	if m.state == nil || m.state.Fixed != m.fixed {
		st := MacroState{Name: m.name, Defined: true, FuncLike: m.funcLike, Fixed: m.fixed}
		if !m.funcLike && m.builtin == 0 {
			var parts []string
			for _, b := range m.body {
				parts = append(parts, b.tok.Text)
			}
			st.Value = strings.Join(parts, " ")
		}
		m.state = &st
	}
	st := *m.state
	st.ValueRead = read
	return st
}

// inConditional reports whether f is inside a conditional group other
// than an include guard.
func (p *ppState) inConditional(f *ppFrame) bool {
	for _, k := range f.condRecs {
		if !p.res.Conditionals[k].Guard {
			return true
		}
	}
	return false
}
