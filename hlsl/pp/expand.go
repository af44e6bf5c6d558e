package pp

import (
	"strconv"
	"strings"
)

// Macro expansion: argument collection, substitution, # and ##, and the
// hide sets that stop recursion.

// expandArgs macro-expands a directive's arguments (#include, #line).
func (p *ppState) expandArgs(f *ppFrame, args []RawToken) []RawToken {
	s := &ppStream{}
	s.pend = ppReversed(p.toPtoks(f, args))
	exp := p.expandStream(s)
	toks := make([]RawToken, len(exp))
	for i, t := range exp {
		toks[i] = t.RawToken
	}
	return toks
}

// expandStream expands everything s holds.
func (p *ppState) expandStream(s *ppStream) []ppTok {
	out := make([]ppTok, 0, len(s.pend))
	for {
		t := p.next(s)
		if t.Kind == TokEOF {
			return out
		}
		if t.Kind == TokIdent {
			if s.ifMode && t.Text == "defined" {
				out = append(out, p.definedOp(s, t))
				continue
			}
			if p.expand(s, t) {
				continue
			}
		}
		out = append(out, t)
	}
}

// definedOp evaluates "defined NAME" or "defined ( NAME )" in an #if.
func (p *ppState) definedOp(s *ppStream, t ppTok) ppTok {
	res := ppTok{RawToken: RawToken{Kind: TokInt, Text: "0", Pos: t.Pos, Ctx: t.Ctx, Space: t.Space, Off: t.Off, Expanded: true}}
	u := p.next(s)
	paren := u.Kind == TokPunct && u.Text == "("
	if paren {
		u = p.next(s)
	}
	if u.Kind != TokIdent {
		if *s.ifErr == "" {
			*s.ifErr = `operator "defined" requires an identifier`
		}
		return res
	}
	if paren {
		v := p.next(s)
		if v.Kind != TokPunct || v.Text != ")" {
			if *s.ifErr == "" {
				*s.ifErr = `missing ")" after "defined"`
			}
			return res
		}
	}
	if _, ok := p.macros[u.Text]; ok {
		res.Text = "1"
	}
	return res
}

// push puts toks on s so that toks[0] is read next.
func (s *ppStream) push(toks []ppTok) {
	for i := len(toks) - 1; i >= 0; i-- {
		s.pend = append(s.pend, toks[i])
	}
}

// expand expands the macro named by t, read from s, if there is one that t
// may invoke: it pushes the replacement onto s and reports true.
func (p *ppState) expand(s *ppStream, t ppTok) bool {
	m := p.macros[t.Text]
	if m == nil || p.hs.has(t.hs, m.id) {
		return false
	}
	switch m.builtin {
	case ppBuiltinFile:
		text := ppQuote(t.Pos.File)
		p.spend(1+len(text)/ppBytesPerToken, t)
		s.unread(ppTok{RawToken: RawToken{Kind: TokString, Text: text, Pos: t.Pos, Ctx: t.Ctx, Space: t.Space, Off: t.Off, Expanded: true}})
		return true
	case ppBuiltinLine:
		p.spend(1, t)
		s.unread(ppTok{RawToken: RawToken{Kind: TokInt, Text: strconv.Itoa(t.Pos.Line), Pos: t.Pos, Ctx: t.Ctx, Space: t.Space, Off: t.Off, Expanded: true}})
		return true
	}
	if !t.Expanded && p.opts.Record {
		if m.def == 0 {
			p.res.Definitions = append(p.res.Definitions, p.macroState(m, true))
			m.def = int32(len(p.res.Definitions))
		}
		end := t.Off + int32(len(t.Text))
		if m.funcLike {
			end = -1 // known once the arguments are read
		}
		p.res.Uses = append(p.res.Uses, MacroUse{Pos: t.Pos, Def: m.def - 1, Ctx: t.Ctx, Off: t.Off, End: end, DefPos: m.at})
	}
	use := len(p.res.Uses) - 1
	if !m.funcLike {
		hs := p.hideSet(t.hs, m, t)
		p.spend(1+len(m.body), t)
		if !m.hasOps {
			for i := len(m.body) - 1; i >= 0; i-- {
				b := ppTok{RawToken: m.body[i].tok, hs: hs, tid: m.body[i].tid}
				b.Pos, b.Ctx, b.Off, b.Expanded = t.Pos, t.Ctx, t.Off, true
				if i == 0 {
					b.Space = t.Space
				}
				s.pend = append(s.pend, b)
			}
			return true
		}
		s.push(p.subst(m, t, nil, hs, s))
		return true
	}
	u := p.next(s)
	if u.Kind != TokPunct || u.Text != "(" {
		if u.Kind != TokEOF {
			s.unread(u)
		}
		return false
	}
	args, rparen, ok := p.collectArgs(s, m, t)
	if !ok {
		return true
	}
	if !t.Expanded && p.opts.Record && !rparen.Expanded && rparen.Ctx == t.Ctx {
		p.res.Uses[use].End = rparen.Off + 1
	}
	hs := p.hideSet(p.hs.intersect(t.hs, rparen.hs), m, t)
	p.spend(1+len(m.body), t)
	held := 0
	for _, a := range args {
		held += len(a)
	}
	p.argTokens += held
	if p.argTokens > p.lim.MaxArgTokens {
		p.abortf(t.Pos, t.Ctx, "macro arguments too large: the invocations being expanded hold more than %d tokens", p.lim.MaxArgTokens)
	}
	s.push(p.subst(m, t, args, hs, s))
	p.argTokens -= held
	return true
}

// hideSet returns hs plus macro id, stopping the run when hide sets grow
// beyond the expansion depth limit.
func (p *ppState) hideSet(hs int32, m *ppMacro, at ppTok) int32 {
	if m.hsOK && m.hsIn == hs {
		return m.hsOut
	}
	r := p.hs.add(hs, m.id)
	if int(p.hs.nodes[r].size) > p.lim.MaxExpansionDepth {
		p.abortf(at.Pos, at.Ctx, "macro expansion nested too deeply (more than %d levels)", p.lim.MaxExpansionDepth)
	}
	m.hsIn, m.hsOut, m.hsOK = hs, r, true
	return r
}

// collectArgs reads the arguments of an invocation of m after its "(".
func (p *ppState) collectArgs(s *ppStream, m *ppMacro, name ppTok) (args [][]ppTok, rparen ppTok, ok bool) {
	nnamed := m.nparams
	if m.variadic {
		nnamed--
	}
	var cur []ppTok
	depth := 0
	for {
		u := p.next(s)
		if u.Kind == TokEOF {
			p.errorf(name.Pos, name.Ctx, "unterminated argument list invoking macro %s", ppQ(m.name))
			return nil, u, false
		}
		if u.Kind == TokPunct {
			switch u.Text {
			case "(":
				depth++
			case ")":
				if depth == 0 {
					args = append(args, cur)
					rparen = u
					goto done
				}
				depth--
			case ",":
				if depth == 0 && (!m.variadic || len(args) < nnamed) {
					args = append(args, cur)
					cur = nil
					continue
				}
			}
		}
		cur = append(cur, u)
	}
done:
	// Collecting arguments costs their length: nested calls re-read their
	// inner calls, and the work limit must bound the time this takes.
	collected := 0
	for _, a := range args {
		collected += len(a)
	}
	p.spend(collected, name)
	n := len(args)
	if m.nparams == 0 && n == 1 && len(args[0]) == 0 {
		return nil, rparen, true
	}
	if m.variadic {
		if n == nnamed {
			return append(args, nil), rparen, true
		}
		if n < nnamed {
			p.errorf(name.Pos, name.Ctx, "macro %s requires at least %s, but %d given", ppQ(m.name), ppPlural(nnamed, "argument"), n)
			return nil, rparen, false
		}
		return args, rparen, true
	}
	if n != m.nparams {
		p.errorf(name.Pos, name.Ctx, "macro %s requires %s, but %d given", ppQ(m.name), ppPlural(m.nparams, "argument"), n)
		return nil, rparen, false
	}
	return args, rparen, true
}

// Short shortens text quoted in a message to 64 bytes.
func Short(s string) string { return ppShortN(s, 64) }

// ppQ quotes user text for a message as it was written: shortened, in
// double quotes, without Go escapes ("'\q'" would otherwise print as
// "'\\q'").
func ppQ(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return Short(s) // a string literal carries its own quotes
	}
	return `"` + Short(s) + `"`
}

// ppShortN shortens s to n bytes, marking the cut with "...".
func ppShortN(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

func ppPlural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// subst builds the replacement of an invocation of m by inv: parameters are
// replaced by their (expanded, or raw next to # and ##) arguments, # and ##
// are applied, and every token gets hide set hs added.
func (p *ppState) subst(m *ppMacro, inv ppTok, args [][]ppTok, hs int32, s *ppStream) []ppTok {
	var expanded [][]ppTok
	res := make([]ppTok, 0, len(m.body)+8)
	for i, b := range m.body {
		switch {
		case b.op == ppOpStringify:
			text := ppStringify(args[b.param])
			p.spend(1+len(text)/ppBytesPerToken, inv)
			res = append(res, ppTok{RawToken: RawToken{Kind: TokString, Text: text, Pos: inv.Pos, Ctx: inv.Ctx, Space: b.tok.Space, Off: inv.Off, Expanded: true}})
		case b.op == ppOpPaste:
			res = append(res, ppTok{RawToken: RawToken{Kind: ppTokPaste}})
		case b.param >= 0:
			var arg []ppTok
			if (i > 0 && m.body[i-1].op == ppOpPaste) || (i+1 < len(m.body) && m.body[i+1].op == ppOpPaste) {
				arg = args[b.param]
				if len(arg) == 0 {
					res = append(res, ppTok{RawToken: RawToken{Kind: ppTokPlacemarker, Pos: inv.Pos, Ctx: inv.Ctx, Space: b.tok.Space}})
					continue
				}
			} else {
				if expanded == nil {
					expanded = make([][]ppTok, len(args))
				}
				if expanded[b.param] == nil {
					if s.depth+1 > p.lim.MaxExpansionDepth {
						p.abortf(inv.Pos, inv.Ctx, "macro expansion nested too deeply (more than %d levels)", p.lim.MaxExpansionDepth)
					}
					a := make([]ppTok, len(args[b.param]))
					copy(a, args[b.param])
					es := &ppStream{depth: s.depth + 1, ifMode: s.ifMode, ifErr: s.ifErr}
					es.pend = ppReversed(a)
					expanded[b.param] = p.expandStream(es)
				}
				arg = expanded[b.param]
			}
			p.spend(len(arg), inv)
			start := len(res)
			res = append(res, arg...)
			if len(arg) > 0 {
				res[start].Space = b.tok.Space
			}
		default:
			t := ppTok{RawToken: b.tok, tid: b.tid}
			t.Pos, t.Ctx, t.Off, t.Expanded = inv.Pos, inv.Ctx, inv.Off, true
			res = append(res, t)
		}
	}
	if len(res) > 0 && res[0].Kind != ppTokPaste {
		res[0].Space = inv.Space
	}
	if m.hasPaste {
		out := make([]ppTok, 0, len(res))
		for i := 0; i < len(res); i++ {
			if res[i].Kind == ppTokPaste {
				if len(out) == 0 || i+1 >= len(res) {
					continue
				}
				lhs := out[len(out)-1]
				out = out[:len(out)-1]
				i++
				out = p.paste(out, lhs, res[i], inv)
				continue
			}
			out = append(out, res[i])
		}
		res = out[:0]
		for _, t := range out {
			if t.Kind != ppTokPlacemarker {
				res = append(res, t)
			}
		}
	}
	for i := range res {
		res[i].hs = p.hs.union(res[i].hs, hs)
	}
	return res
}

// paste appends the result of lhs ## rhs to out. The pasted text is scanned
// again; if it does not form tokens that spell it exactly, lhs and rhs stay
// as they are.
func (p *ppState) paste(out []ppTok, lhs, rhs, inv ppTok) []ppTok {
	if lhs.Kind == ppTokPlacemarker {
		return append(out, rhs)
	}
	if rhs.Kind == ppTokPlacemarker {
		return append(out, lhs)
	}
	p.spend(1+(len(lhs.Text)+len(rhs.Text))/ppBytesPerToken, inv)
	text := lhs.Text + rhs.Text
	toks, errs := scanRaw("", []byte(text))
	toks = toks[:len(toks)-1]
	n := 0
	for _, t := range toks {
		if t.Space {
			n = -1
			break
		}
		n += len(t.Text)
	}
	if len(errs) > 0 || len(toks) == 0 || n != len(text) {
		return append(out, lhs, rhs)
	}
	for i, t := range toks {
		t.Pos, t.Ctx, t.Off, t.Expanded, t.BOL = inv.Pos, inv.Ctx, inv.Off, true, false
		t.Space = i == 0 && lhs.Space
		out = append(out, ppTok{RawToken: t})
	}
	return out
}

// ppStringify implements the # operator.
func ppStringify(arg []ppTok) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, t := range arg {
		if i > 0 && (t.Space || t.BOL) {
			b.WriteByte(' ')
		}
		if t.Kind == TokString || t.Kind == TokChar {
			for k := 0; k < len(t.Text); k++ {
				if c := t.Text[k]; c == '"' || c == '\\' {
					b.WriteByte('\\')
				}
				b.WriteByte(t.Text[k])
			}
			continue
		}
		b.WriteString(t.Text)
	}
	b.WriteByte('"')
	return b.String()
}

// ppQuote spells s as a C string literal.
func ppQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
	return b.String()
}

// ppHideSets interns hide sets: sorted lists of macro ids, shared by index.
// Index 0 is the empty set.
type ppHideSets struct {
	nodes  []ppHSNode
	intern map[[2]int32]int32
	memo   map[[3]int32]int32
}

type ppHSNode struct{ m, next, size int32 }

const (
	ppHSAdd int32 = iota
	ppHSUnion
	ppHSInter
)

func (h *ppHideSets) init() {
	h.nodes = []ppHSNode{{}}
	h.intern = make(map[[2]int32]int32)
	h.memo = make(map[[3]int32]int32)
}

func (h *ppHideSets) has(s, m int32) bool {
	for s != 0 {
		n := h.nodes[s]
		if n.m == m {
			return true
		}
		if n.m > m {
			return false
		}
		s = n.next
	}
	return false
}

func (h *ppHideSets) cons(m, next int32) int32 {
	key := [2]int32{m, next}
	if id, ok := h.intern[key]; ok {
		return id
	}
	id := int32(len(h.nodes))
	h.nodes = append(h.nodes, ppHSNode{m: m, next: next, size: h.nodes[next].size + 1})
	h.intern[key] = id
	return id
}

func (h *ppHideSets) add(s, m int32) int32 {
	if s == 0 {
		return h.cons(m, 0)
	}
	n := h.nodes[s]
	if n.m == m {
		return s
	}
	if m < n.m {
		return h.cons(m, s)
	}
	key := [3]int32{ppHSAdd, s, m}
	if r, ok := h.memo[key]; ok {
		return r
	}
	r := h.cons(n.m, h.add(n.next, m))
	h.memo[key] = r
	return r
}

func (h *ppHideSets) union(a, b int32) int32 {
	switch {
	case a == 0 || a == b:
		return b
	case b == 0:
		return a
	}
	key := [3]int32{ppHSUnion, a, b}
	if r, ok := h.memo[key]; ok {
		return r
	}
	r := b
	for s := a; s != 0; s = h.nodes[s].next {
		r = h.add(r, h.nodes[s].m)
	}
	h.memo[key] = r
	return r
}

func (h *ppHideSets) intersect(a, b int32) int32 {
	switch {
	case a == 0 || b == 0:
		return 0
	case a == b:
		return a
	}
	key := [3]int32{ppHSInter, a, b}
	if r, ok := h.memo[key]; ok {
		return r
	}
	var common []int32
	for s := a; s != 0; s = h.nodes[s].next {
		if h.has(b, h.nodes[s].m) {
			common = append(common, h.nodes[s].m)
		}
	}
	var r int32
	for i := len(common) - 1; i >= 0; i-- {
		r = h.cons(common[i], r)
	}
	h.memo[key] = r
	return r
}
