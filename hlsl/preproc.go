package hlsl

// Design of the preprocessor.
//
// Preprocess runs the C preprocessor the way fxc does. Every source file is
// scanned once into tokens (Scan); a stack of frames walks those token
// slices, one frame per active #include, and the lexer (ppState.lex) hands
// out the tokens of active text, executing directives (a "#" that is the
// first token of a line) and skipping inactive #if groups without looking
// inside them beyond the nesting of conditionals.
//
// Expansion works on streams: a stream is a LIFO stack of pending tokens,
// optionally backed by the lexer. Expanding a macro pushes its replacement
// onto the stream it was read from and the same loop keeps reading, so the
// replacement is rescanned together with the rest of the text (a
// function-like macro name at the end of a replacement takes its arguments
// from the text that follows, as in C). Nothing but the replacement itself is
// copied per expansion, so the work is linear in the tokens produced.
// Arguments are collected unexpanded; an argument that is substituted without
// # or ## is first fully expanded in a stream of its own.
//
// The recursion guard is the hide-set algorithm (Prosser's, the reading of
// C 6.10.3.4 that GCC and clang agree with): every token carries the set of
// macros whose replacement produced it, and a name is not expanded when its
// macro is in its own token's hide set. An object-like expansion gives its
// tokens the name's hide set plus the macro; a function-like expansion gives
// the intersection of the hide sets of the name and of the closing ")", plus
// the macro, added to what substituted argument tokens already carry. That
// is exactly "not replaced while rescanning its own replacement": the hide
// set travels with the tokens, so it is right for nested calls (in F(F(x))
// the inner F is expanded during argument pre-expansion, where nothing hides
// it), for names coming from arguments (they keep their own hide sets, plus
// the macro once substituted), and for invocations whose arguments reach past
// the end of a replacement (the intersection with the ")" drops macros whose
// replacement has ended). "#define foo foo" stops after one step, and with
// "#define A B B" and "#define B A A", A becomes "A A A A". Hide sets are
// interned sorted lists with memoized add, union and intersection.
//
// Positions: tokens read from a file keep the Pos where they are spelled
// (after #line remapping) and the include context of their file. Tokens that
// come from a macro body, or are made by # and ##, take the Pos and context
// of the invoking name; since that name already carries the position of the
// outermost invocation in the source, nested expansions keep pointing there.
// Tokens substituted from arguments keep their own positions.
//
// Limits: MaxInput bounds each file read; MaxIncludeDepth bounds nested
// includes; MaxTokens bounds the output, and four times MaxTokens bounds the
// total work (tokens pushed by expansions, expansions themselves, bytes of text
// made by # and ## (which can double a token at each nesting level), tokens read
// through #include), so exponential macros and include bombs stop with one
// positioned error long before they exhaust memory or time, even when they
// expand to nothing; MaxExpansionDepth bounds both the nesting of argument
// pre-expansion (which recurses) and the size of hide sets (how many macros a
// token went through). A limit error stops the run, and the output then ends
// before the top-level token whose expansion hit the limit; other errors are
// collected (up to 100) and processing goes on. The output is kept in a
// compact pointer-free buffer until the end (see ppOut), so even millions of
// tokens cost the garbage collector nothing while they accumulate.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/shpack/shpack/ir"
)

// PPOptions configures Preprocess.
type PPOptions struct {
	// Defines come from -D: "NAME" (defined as 1) or "NAME=VALUE"; they are
	// applied in order before the main file. "NAME(a,b)=VALUE" defines a
	// function-like macro.
	Defines []string
	// IncludeDirs come from -I and are searched in order.
	IncludeDirs []string
	// ReadFile reads an include file; nil means the file system (os.Open).
	ReadFile func(path string) ([]byte, error)
	// Limits bound the work; zero fields mean the defaults.
	Limits Limits
	// AllowMissingIncludes turns an include file that cannot be found into a
	// warning (PPResult.Warnings) and skips the directive, for listing and
	// comparing partial source trees. Off, a missing include is an error.
	AllowMissingIncludes bool
}

// Limits bound the work so hostile input stops fast with a positioned error.
// A zero field means its default.
type Limits struct {
	MaxInput          int // bytes per file, default 16 MiB
	MaxIncludeDepth   int // nested #include levels, default 64
	MaxTokens         int // tokens in the whole output, default 1<<20
	MaxExpansionDepth int // nested macro expansion depth, default 256
	// MaxArgTokens bounds the tokens held at once in the arguments of
	// macro invocations being expanded (F(F(F(...))) holds every level's),
	// default 1<<18: what bounds the preprocessor's memory, since each
	// level keeps its arguments while the inner ones expand.
	MaxArgTokens int
}

// Default limits.
const (
	defaultMaxInput          = 16 << 20
	defaultMaxIncludeDepth   = 64
	defaultMaxTokens         = 1 << 20
	defaultMaxExpansionDepth = 256
	defaultMaxArgTokens      = 1 << 18
)

// ppMaxErrors caps the diagnostics of one run.
const ppMaxErrors = 100

// An IncludeCtx is one inclusion of a file: the main file is context 0
// (Parent -1, From zero).
type IncludeCtx struct {
	File   string // path as opened (joined with the including file's dir or the -I dir; the main file's name as given)
	From   ir.Pos // position of the #include directive ("#" token) that included it
	Parent int32
}

// PPResult is the preprocessed translation unit.
type PPResult struct {
	Tokens   []Token // the output, ending with one TokEOF; each token's Ctx indexes Contexts
	Contexts []IncludeCtx
	Files    []string // every file read, main file first, each once, in first-read order (for depfiles)
	// Warnings are diagnostics that did not stop preprocessing (missing
	// includes under PPOptions.AllowMissingIncludes).
	Warnings ir.ErrorList
	// Macros names every macro defined at some point (-D included, the
	// built-in __FILE__, __LINE__ and __SHPACK__ not), sorted: a name
	// that code generated into the file must not take.
	Macros []string
}

// Chain returns the include chain of context ctx: the From positions of ctx,
// its parent, ..., innermost first; nil for the main file.
func (r *PPResult) Chain(ctx int32) []ir.Pos {
	var chain []ir.Pos
	for n := 0; ctx > 0 && int(ctx) < len(r.Contexts) && n < len(r.Contexts); n++ {
		c := r.Contexts[ctx]
		chain = append(chain, c.From)
		ctx = c.Parent
	}
	return chain
}

// ppTok is a token in flight with its hide set.
type ppTok struct {
	Token
	hs  int32
	tid uint32 // interned Text (see ppState.intern), 0 if not known yet
}

// Internal token kinds used only while substituting a replacement list.
const (
	ppTokPaste       TokKind = 250 + iota // a ## operator of a macro body
	ppTokPlacemarker                      // an empty argument next to ##
)

// ppFile is a scanned file, shared by all its inclusions.
type ppFile struct {
	path     string
	toks     []Token
	scanErrs ir.ErrorList   // reported at the first inclusion
	strErrs  map[int]string // token index → unterminated string/char message, reported when the token is used
	reported bool
}

// ppCond is one level of #if nesting.
type ppCond struct {
	pos        ir.Pos
	directive  string // "#if", "#ifdef" or "#ifndef", for messages
	parentSkip bool   // the enclosing group is skipped
	taken      bool   // some group of this #if chain was (or cannot become) active
	active     bool   // the current group is active
	sawElse    bool
}

// ppFrame is one active inclusion of a file.
type ppFrame struct {
	src       *ppFile
	path      string // cleaned path, for cycle detection
	i         int
	ctx       int32
	conds     []ppCond
	lineDelta int    // set by #line
	fileName  string // set by #line "file"
	ended     bool
}

func (f *ppFrame) skipping() bool { return len(f.conds) > 0 && !f.conds[len(f.conds)-1].active }

// ppMacro is a #define.
type ppMacro struct {
	name     string
	id       int32
	funcLike bool
	variadic bool
	nparams  int // including __VA_ARGS__
	body     []ppBodyTok
	hasOps   bool // the body uses parameters, # or ##
	hasPaste bool
	builtin  uint8
	// hsIn → hsOut caches the last hide-set computation for this macro.
	hsIn, hsOut int32
	hsOK        bool
}

const (
	ppBuiltinNone uint8 = iota
	ppBuiltinFile
	ppBuiltinLine
)

// ppBodyTok is a replacement-list token: plain, a parameter, "# param" or "##".
type ppBodyTok struct {
	tok   Token
	tid   uint32 // interned tok.Text
	param int    // parameter index or -1
	op    uint8
}

const (
	ppOpNone uint8 = iota
	ppOpStringify
	ppOpPaste
)

// ppStream is a source of tokens for expansion.
type ppStream struct {
	pend   []ppTok // pending tokens, next on top (last)
	lex    bool    // fall back to the lexer when pend is empty
	depth  int     // argument pre-expansion nesting
	ifMode bool    // #if expression: evaluate "defined"
	ifErr  *string
}

func (s *ppStream) unread(t ppTok) { s.pend = append(s.pend, t) }

// ppAbort is panicked (and recovered in Preprocess) when a limit stops the run.
type ppAbort struct{}

// ppTooLarge reports a file over Limits.MaxInput.
type ppTooLarge struct{ size, limit int64 }

func (e *ppTooLarge) Error() string {
	return fmt.Sprintf("file too large (%d bytes; limit %d)", e.size, e.limit)
}

type ppState struct {
	opts      PPOptions
	lim       Limits
	res       *PPResult
	errs      ir.ErrorList
	macros    map[string]*ppMacro
	macroIDs  map[string]int32
	files     map[string]*ppFile
	once      map[string]bool
	frames    []*ppFrame
	cur       []ppOut   // output being filled
	chunks    [][]ppOut // full output chunks before cur
	nout      int       // tokens in chunks
	mark      int       // output length before the current top-level token
	strs      []string  // interned strings, strs[0] = ""
	strIDs    map[string]uint32
	lastFile  string
	lastFid   uint32
	locs      []ppLoc
	locIDs    map[ppLoc]uint32
	locFid    uint32      // locCache holds loc ids for file locFid, context locCtx,
	locCtx    int32       // indexed by kind and flags (0 = not cached)
	locCache  [128]uint32 //
	work      int
	workLimit int
	argTokens int // tokens in the arguments of the expansions in progress
	hs        ppHideSets
}

// Preprocess runs the C preprocessor over src (the contents of file name) and
// returns the expanded token stream. All errors found are returned as an
// ir.ErrorList (sorted), together with whatever output was produced.
func Preprocess(name string, src []byte, opts *PPOptions) (res *PPResult, errs ir.ErrorList) {
	p := &ppState{
		res:      &PPResult{},
		macros:   make(map[string]*ppMacro),
		macroIDs: make(map[string]int32),
		files:    make(map[string]*ppFile),
		once:     make(map[string]bool),
		strs:     []string{""},
		strIDs:   make(map[string]uint32),
		locs:     []ppLoc{{}},
		locIDs:   make(map[ppLoc]uint32),
	}
	if opts != nil {
		p.opts = *opts
	}
	p.lim = p.opts.Limits
	if p.lim.MaxInput <= 0 {
		p.lim.MaxInput = defaultMaxInput
	}
	if p.lim.MaxIncludeDepth <= 0 {
		p.lim.MaxIncludeDepth = defaultMaxIncludeDepth
	}
	if p.lim.MaxTokens <= 0 {
		p.lim.MaxTokens = defaultMaxTokens
	}
	if p.lim.MaxExpansionDepth <= 0 {
		p.lim.MaxExpansionDepth = defaultMaxExpansionDepth
	}
	if p.lim.MaxArgTokens <= 0 {
		p.lim.MaxArgTokens = defaultMaxArgTokens
	}
	// Work counts tokens produced, copied and rescanned; twice the output
	// limit leaves real files (the largest corpus file needs well under a
	// tenth of it) far from it, and bounds a hostile file to about a second.
	p.workLimit = max(2*p.lim.MaxTokens, p.lim.MaxTokens) // max: overflow
	p.hs.init()
	res = p.res
	res.Files = append(res.Files, name)
	res.Contexts = append(res.Contexts, IncludeCtx{File: name, Parent: -1})

	eof := Token{Kind: TokEOF, Pos: ir.Pos{File: name, Line: 1, Col: 1}}
	defer func() {
		aborted := false
		if r := recover(); r != nil {
			if _, ok := r.(ppAbort); !ok {
				panic(r)
			}
			aborted = true
		}
		if len(p.frames) > 0 {
			f := p.frames[0]
			eof = p.mapTok(f, f.src.toks[len(f.src.toks)-1])
		}
		res.Tokens = p.output(eof, aborted)
		for name := range p.macroIDs {
			if !strings.HasPrefix(name, "__") {
				res.Macros = append(res.Macros, name)
			}
		}
		sort.Strings(res.Macros)
		p.errs.Sort()
		errs = p.errs
	}()

	if len(src) > p.lim.MaxInput {
		p.errorf(ir.Pos{File: name}, 0, "file too large (%d bytes; limit %d)", len(src), p.lim.MaxInput)
		return
	}
	p.defineBuiltins()
	p.applyDefines()
	sf := p.scanFile(name, src)
	p.files[name] = sf
	p.files[filepath.Clean(name)] = sf
	p.frames = append(p.frames, &ppFrame{src: sf, path: filepath.Clean(name)})
	p.reportScanErrs(sf, 0)
	p.cur = make([]ppOut, 0, min(len(sf.toks)+16, ppChunk, p.lim.MaxTokens))
	p.run()
	return
}

// ppOut is an output token in compact form: 20 bytes and no pointers, so
// the output buffer costs the garbage collector nothing and needs no write
// barriers while it grows (a bomb fills it with millions of tokens). Text is
// an interned string; loc indexes the token's file, context, kind and flags.
type ppOut struct {
	text, loc, line, col, off uint32
}

// ppLoc is the part of an output token shared by many tokens.
type ppLoc struct {
	file       uint32 // interned
	ctx        int32
	kind       TokKind
	space, bol bool
	expanded   bool
}

// ppBytesPerToken is how many bytes of text made by # and ## cost one unit of
// work: they can double the length of a token at each nesting level, so the
// work limit bounds bytes as well as tokens.
const ppBytesPerToken = 1

// ppChunk is the size of an output chunk; chunks are never copied while the
// output grows.
const ppChunk = 1 << 13

// intern returns the index of s in p.strs, adding it if needed.
func (p *ppState) intern(s string) uint32 {
	if id, ok := p.strIDs[s]; ok {
		return id
	}
	id := uint32(len(p.strs))
	p.strs = append(p.strs, s)
	p.strIDs[s] = id
	return id
}

// emit appends t to the output.
func (p *ppState) emit(t ppTok) {
	if len(p.cur) == cap(p.cur) {
		if p.nout+len(p.cur) >= p.lim.MaxTokens {
			p.abortf(t.Pos, t.Ctx, "preprocessing too large: the output would exceed %d tokens", p.lim.MaxTokens)
		}
		p.nout += len(p.cur)
		p.chunks = append(p.chunks, p.cur)
		p.cur = make([]ppOut, 0, min(ppChunk, p.lim.MaxTokens-p.nout))
	}
	tid := t.tid
	if tid == 0 {
		tid = p.intern(t.Text)
	}
	if t.Pos.File != p.lastFile || p.lastFid == 0 {
		p.lastFile, p.lastFid = t.Pos.File, p.intern(t.Pos.File)
	}
	if p.locFid != p.lastFid || p.locCtx != t.Ctx {
		p.locFid, p.locCtx, p.locCache = p.lastFid, t.Ctx, [128]uint32{}
	}
	k := int(t.Kind&15) << 3
	if t.Space {
		k |= 1
	}
	if t.BOL {
		k |= 2
	}
	if t.Expanded {
		k |= 4
	}
	loc := p.locCache[k]
	if loc == 0 {
		key := ppLoc{file: p.lastFid, ctx: t.Ctx, kind: t.Kind, space: t.Space, bol: t.BOL, expanded: t.Expanded}
		var ok bool
		if loc, ok = p.locIDs[key]; !ok {
			loc = uint32(len(p.locs))
			p.locs = append(p.locs, key)
			p.locIDs[key] = loc
		}
		p.locCache[k] = loc
	}
	p.cur = append(p.cur, ppOut{text: tid, loc: loc, line: uint32(t.Pos.Line), col: uint32(t.Pos.Col), off: uint32(t.Off)})
}

// output returns the output tokens followed by eof. After a limit stopped
// the run, the output ends before the top-level token whose expansion hit
// the limit.
func (p *ppState) output(eof Token, aborted bool) []Token {
	n := p.nout + len(p.cur)
	if aborted {
		n = min(n, p.mark)
	}
	out := make([]Token, n, n+1)
	k := 0
	for _, c := range append(p.chunks, p.cur) {
		for _, o := range c {
			if k == n {
				break
			}
			l := &p.locs[o.loc]
			out[k] = Token{Kind: l.kind, Text: p.strs[o.text], Pos: ir.Pos{File: p.strs[l.file], Line: int(o.line), Col: int(o.col)},
				Space: l.space, BOL: l.bol, Ctx: l.ctx, Off: int32(o.off), Expanded: l.expanded}
			k++
		}
	}
	return append(out, eof)
}

// errorf records an error at pos in include context ctx.
func (p *ppState) errorf(pos ir.Pos, ctx int32, format string, args ...any) {
	if len(p.errs) >= ppMaxErrors {
		return
	}
	p.errs = append(p.errs, ir.Errorf(pos, p.res.Chain(ctx), format, args...))
}

// abortf records an error and stops the run.
func (p *ppState) abortf(pos ir.Pos, ctx int32, format string, args ...any) {
	p.errs = append(p.errs, ir.Errorf(pos, p.res.Chain(ctx), format, args...))
	panic(ppAbort{})
}

// spend charges n units of work, stopping the run at the limit.
func (p *ppState) spend(n int, at ppTok) {
	p.work += n
	if p.work > p.workLimit {
		p.abortf(at.Pos, at.Ctx, "preprocessing too large: macro and include expansion would take more than %d steps (the output is limited to %d tokens)", p.workLimit, p.lim.MaxTokens)
	}
}

// scanFile scans a file, keeping unterminated string and character errors
// aside so that they are reported only for text that is actually used
// (inactive groups may hold anything).
func (p *ppState) scanFile(path string, data []byte) *ppFile {
	toks, errs := ppSafeScan(path, data)
	sf := &ppFile{path: path, toks: toks}
	for _, e := range errs {
		if e.Msg == "unterminated string" || e.Msg == "unterminated character constant" {
			i := sort.Search(len(toks), func(i int) bool { return ir.ComparePos(toks[i].Pos, e.Pos) >= 0 })
			if i < len(toks) && toks[i].Pos == e.Pos {
				if sf.strErrs == nil {
					sf.strErrs = make(map[int]string)
				}
				sf.strErrs[i] = e.Msg
				continue
			}
		}
		sf.scanErrs = append(sf.scanErrs, e)
	}
	return sf
}

// ppSafeScan runs Scan, turning a scanner panic into a file-level error so that
// Preprocess never panics on any input.
func ppSafeScan(path string, data []byte) (toks []Token, errs ir.ErrorList) {
	defer func() {
		if r := recover(); r != nil {
			toks = []Token{{Kind: TokEOF, Pos: ir.Pos{File: path, Line: 1, Col: 1}, BOL: true}}
			errs = ir.ErrorList{{Pos: ir.Pos{File: path}, Msg: fmt.Sprintf("internal error: scanner failed: %v", r)}}
		}
	}()
	return Scan(path, data)
}

func (p *ppState) reportScanErrs(sf *ppFile, ctx int32) {
	if sf.reported {
		return
	}
	sf.reported = true
	for _, e := range sf.scanErrs {
		p.errorf(e.Pos, ctx, "%s", e.Msg)
	}
}

// reportStrErrs reports the deferred scanner errors of toks[from:to] of f.
func (p *ppState) reportStrErrs(f *ppFrame, from, to int) {
	if f.src.strErrs == nil {
		return
	}
	for i := from; i < to; i++ {
		if msg, ok := f.src.strErrs[i]; ok {
			t := p.mapTok(f, f.src.toks[i])
			p.errorf(t.Pos, t.Ctx, "%s", msg)
		}
	}
}

// mapTok applies the frame's context and #line mapping to a file token.
func (p *ppState) mapTok(f *ppFrame, t Token) Token {
	t.Ctx = f.ctx
	if f.lineDelta != 0 {
		t.Pos.Line += f.lineDelta
	}
	if f.fileName != "" {
		t.Pos.File = f.fileName
	}
	return t
}

func (p *ppState) toPtoks(f *ppFrame, line []Token) []ppTok {
	out := make([]ppTok, len(line))
	for i, t := range line {
		out[i] = ppTok{Token: p.mapTok(f, t)}
	}
	return out
}

func (p *ppState) defineBuiltins() {
	p.setMacro(&ppMacro{name: "__FILE__", builtin: ppBuiltinFile})
	p.setMacro(&ppMacro{name: "__LINE__", builtin: ppBuiltinLine})
	p.setMacro(&ppMacro{name: "__SHPACK__", body: []ppBodyTok{{tok: Token{Kind: TokInt, Text: "1"}, tid: p.intern("1"), param: -1}}})
}

func (p *ppState) setMacro(m *ppMacro) {
	id, ok := p.macroIDs[m.name]
	if !ok {
		id = int32(len(p.macroIDs) + 1)
		p.macroIDs[m.name] = id
	}
	m.id = id
	p.macros[m.name] = m
}

// applyDefines defines the -D macros.
func (p *ppState) applyDefines() {
	const file = "<command-line>"
	for _, d := range p.opts.Defines {
		name, value, ok := strings.Cut(d, "=")
		if !ok {
			value = "1"
		}
		toks, errs := ppSafeScan(file, []byte(name+" "+value))
		for _, e := range errs {
			p.errorf(e.Pos, 0, "%s", e.Msg)
		}
		p.define(toks[:len(toks)-1], ir.Pos{File: file, Line: 1, Col: 1}, 0)
	}
}

// run expands the main file into the output.
func (p *ppState) run() {
	s := &ppStream{lex: true}
	for {
		if len(s.pend) == 0 {
			p.mark = p.nout + len(p.cur)
		}
		t := p.next(s)
		if t.Kind == TokEOF {
			return
		}
		if t.Kind == TokIdent && p.expand(s, t) {
			continue
		}
		p.emit(t)
	}
}

// next returns the next token of s without expanding it.
func (p *ppState) next(s *ppStream) ppTok {
	if n := len(s.pend); n > 0 {
		t := s.pend[n-1]
		s.pend = s.pend[:n-1]
		return t
	}
	if s.lex {
		return ppTok{Token: p.lex()}
	}
	return ppTok{Token: Token{Kind: TokEOF}}
}

func ppIsHash(t *Token) bool { return t.BOL && t.Kind == TokPunct && t.Text == "#" }

// lex returns the next token of active text, executing directives and
// leaving finished include files. At the end of the main file it keeps
// returning its EOF token.
func (p *ppState) lex() Token {
	for {
		f := p.frames[len(p.frames)-1]
		toks := f.src.toks
		i := f.i
		if f.skipping() {
			for toks[i].Kind != TokEOF && !ppIsHash(&toks[i]) {
				i++
			}
			f.i = i
		}
		t := &toks[i]
		if t.Kind == TokEOF {
			if !f.ended {
				f.ended = true
				for _, c := range f.conds {
					p.errorf(c.pos, f.ctx, "unterminated %s (no #endif before the end of the file)", c.directive)
				}
				f.conds = nil
			}
			if len(p.frames) == 1 {
				return p.mapTok(f, *t)
			}
			p.frames = p.frames[:len(p.frames)-1]
			continue
		}
		if ppIsHash(t) {
			j := i + 1
			for toks[j].Kind != TokEOF && !toks[j].BOL {
				j++
			}
			f.i = j
			if pt, ok := p.directive(f, i, j); ok {
				return pt
			}
			continue
		}
		f.i = i + 1
		if f.src.strErrs != nil {
			p.reportStrErrs(f, i, i+1)
		}
		return p.mapTok(f, *t)
	}
}

// directive executes the directive toks[i:j] of f ("#" at i). It returns a
// token to emit for #pragma pack_matrix.
func (p *ppState) directive(f *ppFrame, i, j int) (Token, bool) {
	hash := p.mapTok(f, f.src.toks[i])
	line := f.src.toks[i+1 : j]
	if len(line) == 0 {
		return Token{}, false // null directive
	}
	skipping := f.skipping()
	name := line[0]
	args := line[1:]
	if name.Kind == TokIdent {
		switch name.Text {
		case "if", "ifdef", "ifndef":
			if skipping {
				f.conds = append(f.conds, ppCond{pos: hash.Pos, directive: "#" + name.Text, parentSkip: true, taken: true})
				return Token{}, false
			}
			p.reportStrErrs(f, i+1, j)
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
			return Token{}, false
		case "elif":
			if len(f.conds) == 0 {
				p.errorf(hash.Pos, hash.Ctx, "#elif without #if")
				return Token{}, false
			}
			c := &f.conds[len(f.conds)-1]
			switch {
			case c.sawElse:
				p.errorf(hash.Pos, hash.Ctx, "#elif after #else")
				c.active = false
			case c.parentSkip || c.taken:
				c.active = false
			default:
				p.reportStrErrs(f, i+1, j)
				v := p.evalIf(f, hash, "#elif", args)
				c = &f.conds[len(f.conds)-1]
				c.active, c.taken = v, v
			}
			return Token{}, false
		case "else":
			if len(f.conds) == 0 {
				p.errorf(hash.Pos, hash.Ctx, "#else without #if")
				return Token{}, false
			}
			c := &f.conds[len(f.conds)-1]
			if c.sawElse {
				p.errorf(hash.Pos, hash.Ctx, "#else after #else")
				c.active = false
				return Token{}, false
			}
			c.sawElse = true
			c.active = !c.parentSkip && !c.taken
			c.taken = true
			return Token{}, false
		case "endif":
			if len(f.conds) == 0 {
				p.errorf(hash.Pos, hash.Ctx, "#endif without #if")
				return Token{}, false
			}
			f.conds = f.conds[:len(f.conds)-1]
			return Token{}, false
		}
	}
	if skipping {
		return Token{}, false
	}
	if name.Kind != TokIdent {
		p.errorf(hash.Pos, hash.Ctx, "unknown preprocessor directive %s", ppQ("#"+name.Text))
		return Token{}, false
	}
	switch name.Text {
	case "define":
		p.reportStrErrs(f, i+1, j)
		p.define(args, hash.Pos, hash.Ctx)
	case "undef":
		p.reportStrErrs(f, i+1, j)
		if n, ok := p.macroName(hash, "#undef", args); ok {
			delete(p.macros, n)
		}
	case "include":
		p.reportStrErrs(f, i+1, j)
		p.include(f, hash, args)
	case "line":
		p.reportStrErrs(f, i+1, j)
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
	return Token{}, false
}

// macroName checks the operand of #ifdef, #ifndef and #undef.
func (p *ppState) macroName(hash Token, dir string, args []Token) (string, bool) {
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
func (p *ppState) ifdef(hash Token, dir string, args []Token, want bool) bool {
	n, ok := p.macroName(hash, dir, args)
	if !ok {
		return false
	}
	_, def := p.macros[n]
	return def == want
}

// evalIf macro-expands and evaluates an #if or #elif expression.
func (p *ppState) evalIf(f *ppFrame, hash Token, dir string, args []Token) bool {
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
func (p *ppState) define(line []Token, at ir.Pos, ctx int32) {
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
	m := &ppMacro{name: name.Text}
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

// include executes "#include".
func (p *ppState) include(f *ppFrame, hash Token, args []Token) {
	name, angle, ok := ppHeaderName(args)
	if !ok && len(args) > 0 {
		name, angle, ok = ppHeaderName(p.expandArgs(f, args))
	}
	if !ok {
		p.errorf(hash.Pos, hash.Ctx, "#include expects \"FILENAME\" or <FILENAME>")
		return
	}
	if name == "" {
		p.errorf(hash.Pos, hash.Ctx, "empty file name in #include")
		return
	}
	if filepath.Separator == '/' {
		name = strings.ReplaceAll(name, `\`, "/")
	}
	// "file" searches the including file's directory, then the -I
	// directories; <file> the -I directories, then the including file's
	// directory, as D3DCompiler's standard include handler also opens <file>
	// relative to the including file.
	var dirs []string
	if !angle {
		dirs = append(dirs, filepath.Dir(f.src.path))
	}
	dirs = append(dirs, p.opts.IncludeDirs...)
	if angle {
		dirs = append(dirs, filepath.Dir(f.src.path))
	}
	var cands []string
	if filepath.IsAbs(name) {
		cands = []string{filepath.Clean(name)}
	} else {
		for _, d := range dirs {
			cands = append(cands, filepath.Join(d, name))
		}
	}
	var sf *ppFile
	var path string
	var firstErr error
	for _, c := range cands {
		s, err := p.load(c)
		if err == nil {
			sf, path = s, filepath.Clean(s.path)
			break
		}
		var tl *ppTooLarge
		if errors.As(err, &tl) {
			p.errorf(hash.Pos, hash.Ctx, "%s", tl.Error())
			return
		}
		if firstErr == nil && !errors.Is(err, fs.ErrNotExist) {
			firstErr = err
		}
	}
	if sf == nil && firstErr == nil && p.opts.AllowMissingIncludes {
		where := "(searched: " + strings.Join(dirs, ", ") + ")"
		if filepath.IsAbs(name) {
			where = "(an absolute path)"
		}
		w := ir.Errorf(hash.Pos, p.res.Chain(hash.Ctx), "include file %s not found %s; skipped", ppQ(name), where)
		w.Warning = true
		p.res.Warnings = append(p.res.Warnings, w)
		return
	}
	if sf == nil {
		switch {
		case firstErr != nil:
			p.errorf(hash.Pos, hash.Ctx, "cannot open include file %s: %v", ppQ(name), firstErr)
		case len(cands) == 0:
			p.errorf(hash.Pos, hash.Ctx, "cannot open include file %s: not found (no include directories)", ppQ(name))
		case filepath.IsAbs(name):
			p.errorf(hash.Pos, hash.Ctx, "cannot open include file %s: not found", ppQ(name))
		default:
			p.errorf(hash.Pos, hash.Ctx, "cannot open include file %s: not found (searched: %s)", ppQ(name), strings.Join(dirs, ", "))
		}
		return
	}
	if p.once[path] {
		return
	}
	// As in C, a file may be entered again while it is open (headers that
	// include each other behind #ifndef guards do); only the depth limit
	// stops an include that never ends, and then says which file repeats.
	if len(p.frames) > p.lim.MaxIncludeDepth {
		msg := fmt.Sprintf("#include nested too deeply (more than %d levels)", p.lim.MaxIncludeDepth)
		ctx := hash.Ctx
		for k, fr := range p.frames {
			if fr.path == path {
				// A file that includes itself: name it, and give the
				// chain of its first entry, not every turn of the loop.
				msg += fmt.Sprintf(": %s includes itself", ppQ(fr.src.path))
				ctx = fr.ctx
				if k+1 < len(p.frames) && p.frames[k+1].path != path {
					msg += fmt.Sprintf(" through %s", ppQ(p.frames[k+1].src.path))
					ctx = p.frames[k+1].ctx
				}
				break
			}
		}
		p.errorf(hash.Pos, ctx, "%s", msg)
		return
	}
	p.work += len(sf.toks) + 64
	if p.work > p.workLimit {
		p.abortf(hash.Pos, hash.Ctx, "#include expansion too large (more than %d tokens)", p.lim.MaxTokens)
	}
	ctx := int32(len(p.res.Contexts))
	p.res.Contexts = append(p.res.Contexts, IncludeCtx{File: sf.path, From: hash.Pos, Parent: f.ctx})
	p.reportScanErrs(sf, ctx)
	p.frames = append(p.frames, &ppFrame{src: sf, path: path, ctx: ctx})
}

// ppHeaderName extracts the file name of an #include: "name" or <name>.
func ppHeaderName(toks []Token) (name string, angle, ok bool) {
	if len(toks) == 0 {
		return "", false, false
	}
	t := toks[0]
	if t.Kind == TokString {
		if len(t.Text) < 2 || t.Text[len(t.Text)-1] != '"' {
			return "", false, false
		}
		return t.Text[1 : len(t.Text)-1], false, true
	}
	if t.Kind != TokPunct || t.Text != "<" {
		return "", false, false
	}
	var b strings.Builder
	for k, u := range toks[1:] {
		if u.Kind == TokPunct && u.Text == ">" {
			return b.String(), true, true
		}
		if k > 0 && u.Space {
			b.WriteByte(' ')
		}
		b.WriteString(u.Text)
	}
	return "", false, false
}

// load reads and scans a file once.
func (p *ppState) load(path string) (*ppFile, error) {
	if sf, ok := p.files[path]; ok {
		return sf, nil
	}
	var data []byte
	var err error
	real := path
	if p.opts.ReadFile != nil {
		data, err = p.opts.ReadFile(path)
	} else {
		data, real, err = readFileFold(path, p.lim.MaxInput)
		if sf, ok := p.files[real]; ok && err == nil {
			p.files[path] = sf
			return sf, nil
		}
	}
	if err != nil {
		return nil, err
	}
	if len(data) > p.lim.MaxInput {
		return nil, &ppTooLarge{int64(len(data)), int64(p.lim.MaxInput)}
	}
	sf := p.scanFile(real, data)
	p.files[path] = sf
	p.files[real] = sf
	p.res.Files = append(p.res.Files, real)
	return sf, nil
}

// readFileFold reads a file from the file system. If the path does not exist
// it looks for one that differs only in letter case, as fxc's file system
// (Windows) would find it: shader sources often spell includes in another
// case than the files. It returns the path it read.
func readFileFold(path string, limit int) ([]byte, string, error) {
	data, err := readFileLimited(path, limit)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return data, path, err
	}
	real, ok := foldPath(path, 0)
	if !ok {
		return nil, path, err
	}
	data, err = readFileLimited(real, limit)
	return data, real, err
}

// foldPath finds an existing path that equals path up to letter case.
func foldPath(path string, depth int) (string, bool) {
	dir, base := filepath.Split(path)
	if base == "" || depth > 32 {
		return "", false
	}
	dir = filepath.Clean(dir)
	if _, err := os.Stat(dir); err != nil {
		if filepath.Dir(dir) == dir {
			return "", false
		}
		d, ok := foldPath(dir, depth+1)
		if !ok {
			return "", false
		}
		dir = d
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", false
	}
	for _, e := range entries {
		if strings.EqualFold(e.Name(), base) {
			return filepath.Join(dir, e.Name()), true
		}
	}
	return "", false
}

// readFileLimited reads a file, refusing files over limit bytes.
func readFileLimited(path string, limit int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, errors.New("is a directory")
	}
	if st.Size() > int64(limit) {
		return nil, &ppTooLarge{st.Size(), int64(limit)}
	}
	return io.ReadAll(io.LimitReader(f, int64(limit)+1))
}

// line executes "#line N" and "#line N "file"".
func (p *ppState) line(f *ppFrame, hash Token, args []Token) {
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
func (p *ppState) pragma(f *ppFrame, hash Token, args []Token) (Token, bool) {
	if len(args) == 0 || args[0].Kind != TokIdent {
		return Token{}, false
	}
	switch args[0].Text {
	case "once":
		p.once[f.path] = true
	case "pack_matrix":
		if len(args) == 4 && args[1].Text == "(" && args[3].Text == ")" && args[2].Kind == TokIdent &&
			(args[2].Text == "row_major" || args[2].Text == "column_major") {
			return Token{Kind: TokPragma, Text: "pack_matrix(" + args[2].Text + ")", Pos: hash.Pos, Ctx: hash.Ctx, Space: hash.Space, Off: hash.Off, Expanded: true}, true
		}
		p.errorf(hash.Pos, hash.Ctx, "invalid #pragma pack_matrix: expected (row_major) or (column_major)")
	}
	return Token{}, false
}

// expandArgs macro-expands a directive's arguments (#include, #line).
func (p *ppState) expandArgs(f *ppFrame, args []Token) []Token {
	s := &ppStream{}
	s.pend = ppReversed(p.toPtoks(f, args))
	exp := p.expandStream(s)
	toks := make([]Token, len(exp))
	for i, t := range exp {
		toks[i] = t.Token
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
	res := ppTok{Token: Token{Kind: TokInt, Text: "0", Pos: t.Pos, Ctx: t.Ctx, Space: t.Space, Off: t.Off, Expanded: true}}
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
		s.unread(ppTok{Token: Token{Kind: TokString, Text: text, Pos: t.Pos, Ctx: t.Ctx, Space: t.Space, Off: t.Off, Expanded: true}})
		return true
	case ppBuiltinLine:
		p.spend(1, t)
		s.unread(ppTok{Token: Token{Kind: TokInt, Text: strconv.Itoa(t.Pos.Line), Pos: t.Pos, Ctx: t.Ctx, Space: t.Space, Off: t.Off, Expanded: true}})
		return true
	}
	if !m.funcLike {
		hs := p.hideSet(t.hs, m, t)
		p.spend(1+len(m.body), t)
		if !m.hasOps {
			for i := len(m.body) - 1; i >= 0; i-- {
				b := ppTok{Token: m.body[i].tok, hs: hs, tid: m.body[i].tid}
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

// ppShort shortens text quoted in a message to 64 bytes.
func ppShort(s string) string { return ppShortN(s, 64) }

// ppQ quotes user text for a message as it was written: shortened, in
// double quotes, without Go escapes ("'\q'" would otherwise print as
// "'\\q'").
func ppQ(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return ppShort(s) // a string literal carries its own quotes
	}
	return `"` + ppShort(s) + `"`
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
			res = append(res, ppTok{Token: Token{Kind: TokString, Text: text, Pos: inv.Pos, Ctx: inv.Ctx, Space: b.tok.Space, Off: inv.Off, Expanded: true}})
		case b.op == ppOpPaste:
			res = append(res, ppTok{Token: Token{Kind: ppTokPaste}})
		case b.param >= 0:
			var arg []ppTok
			if (i > 0 && m.body[i-1].op == ppOpPaste) || (i+1 < len(m.body) && m.body[i+1].op == ppOpPaste) {
				arg = args[b.param]
				if len(arg) == 0 {
					res = append(res, ppTok{Token: Token{Kind: ppTokPlacemarker, Pos: inv.Pos, Ctx: inv.Ctx, Space: b.tok.Space}})
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
			t := ppTok{Token: b.tok, tid: b.tid}
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
	toks, errs := ppSafeScan("", []byte(text))
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
		out = append(out, ppTok{Token: t})
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
