package pp

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
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/shpack/shpack/ir"
)

// Options configures Preprocess.
type Options struct {
	// Defines come from -D: "NAME" (defined as 1) or "NAME=VALUE"; they are
	// applied in order before the main file. "NAME(a,b)=VALUE" defines a
	// function-like macro.
	Defines []string
	// IncludeDirs come from -I and are searched in order: by a quoted
	// #include after the folders of the including files, by an
	// #include <...> alone (see the package doc).
	IncludeDirs []string
	// ReadFile reads an include file; nil means the file system (os.Open).
	ReadFile func(path string) ([]byte, error)
	// Include, when set, finds and reads the file of every #include in
	// place of the search (IncludeDirs, the including files' folders)
	// and of ReadFile, as the ID3DInclude of D3DCompile does: it is given
	// the name as written, whether it was written <name> (system), and
	// the name it gave the including file ("" for the main file). It
	// returns the file's name, its IncludeCtx.File and Path (what
	// diagnostics, __FILE__ and Result.Files call it) and its identity in
	// the run: a name returned again is the file read the first time,
	// for #pragma once too; and its contents, which are copied. An error
	// that wraps fs.ErrNotExist makes the include missing (an error, or a
	// warning under AllowMissingIncludes); another is reported with the
	// directive. It is called once per #include executed.
	Include func(name string, system bool, parent string) (file string, data []byte, err error)
	// Limits bound the work; zero fields mean the defaults.
	Limits Limits
	// Record fills Result.Conditionals, Uses and Definitions: what a
	// rewrite needs to know what its text depends on (off by default, so
	// that a run that only packs pays nothing for it).
	Record bool
	// AllowMissingIncludes turns an include file that cannot be found into a
	// warning (Result.Warnings) and skips the directive, for listing and
	// comparing partial source trees. Off, a missing include is an error.
	AllowMissingIncludes bool
	// Cache, when set, keeps the include files read from the file system,
	// prepared for scanning, for the other runs that share it (see
	// ScanCache).
	Cache *ScanCache
	// tokenSkip steps over skipped #if groups token by token, as the
	// preprocessor did before skipToDirective: the tests' reference.
	tokenSkip bool
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
// (Parent -1, From zero). An inclusion has two names (the package doc
// gives the rule): File for people, Path for the file system.
type IncludeCtx struct {
	// File is the name it is displayed by, in __FILE__, in the
	// positions of its tokens (Result.Names) and so in diagnostics and
	// the #line of a rewrite: the including file's folder as its File
	// spells it (or the include directory as given) joined with the
	// #include's name as written, separators kept, "." and ".."
	// cleaned; the main file's name as given.
	File string
	// Path is the path it was opened by, which the file system (or
	// Options.ReadFile) takes: what a caller that reads the file again
	// opens. It differs from File where this system spells the name
	// otherwise ('/' for '' outside Windows, the disk's letter case for
	// a name folded to it, filepath.Join's separators on Windows).
	Path string
	From ir.Pos // position of the #include directive ("#" token) that included it
	// FromOff is the byte offset of that "#" in the including file, as
	// read (not moved by #line): where a rewrite of the including file
	// finds the directive.
	FromOff int32
	Parent  int32
}

// Result is the preprocessed translation unit.
type Result struct {
	Tokens []Token // the output, ending with one TokEOF; each token's Ctx indexes Contexts
	// Names are the file names the tokens stand in (see Pos): the files
	// read, and the names #line gives.
	Names    []string
	Contexts []IncludeCtx
	// Files are the files read, main file first, in first-read order
	// (for depfiles): each file once, however its includes spell it,
	// by the path that first opened it (IncludeCtx.Path).
	Files []string
	// Warnings are diagnostics that did not stop preprocessing (missing
	// includes under Options.AllowMissingIncludes).
	Warnings ir.ErrorList
	// Macros names every macro defined at some point (-D included, the
	// built-in __FILE__, __LINE__ and __SHPACK__ not), sorted: a name
	// that code generated into the file must not take.
	Macros []string
	// Conditionals are the #if, #ifdef and #ifndef chains met, skipped
	// or not, in the order their #if was read.
	Conditionals []Conditional
	// Uses are the macro invocations spelled in the files (not those a
	// replacement made), in order, each with the definition it invoked:
	// what text outside conditionals depends on (float4 L[NUM_LIGHTS]).
	Uses []MacroUse
	// Definitions are the macros Uses invoked, each definition once.
	Definitions []MacroState
}

// A MacroUse is one invocation of a macro spelled in a file: where, the
// index in Result.Definitions of the definition it invoked, and where that
// definition is.
type MacroUse struct {
	Pos ir.Pos
	Def int32
	// Ctx, Off and End are the include context and the byte offsets of
	// the invocation in its file as read: its name, and for a
	// function-like macro its arguments to the closing parenthesis. End is
	// -1 when that parenthesis is not spelled in the same file (another
	// macro made it). A source rewrite that must replace a token a macro
	// made replaces the whole invocation.
	Ctx, Off, End int32
	// DefPos is where the macro was defined (the "#" of its #define; the
	// command line for -D).
	DefPos ir.Pos
}

// A Conditional is one #if, #ifdef or #ifndef chain as the preprocessor
// met it: where its directives stand, and the macros its evaluated
// conditions named, as they were then. A caller that must know whether
// some text depends on the macros (the rewrite of an interface declared
// between directives) reads it.
type Conditional struct {
	File string // as #line names it, like the positions of tokens
	Ctx  int32  // the include context
	// First and Last are the lines of its #if and of its #endif (0 if
	// the file ended first).
	First, Last int
	// Groups counts its groups: 1, and one per #elif and #else.
	Groups int
	// Macros are the macros named by the conditions it evaluated, each
	// once, in order. Evaluated conditions pin the group taken: with the
	// same macros, the same group is.
	Macros []MacroState
	// Skipped marks a chain inside a skipped group: nothing evaluated.
	Skipped bool
	// Guard marks an include guard: an #ifndef X (or #if !defined(X))
	// whose next directive is #define X, with no #elif or #else; and the
	// same directive met again when its file is included again.
	Guard bool
	// Defines are the macros defined while the chain was open (in its
	// taken group, or in a file it included), each as its last
	// definition there left it: a group that defines the macro its
	// condition tests (#ifndef REAL4 ... #define REAL4 half4) answers the
	// test itself, and what follows depends on the definition, not on
	// the test.
	Defines []MacroState
}

// guardAt is where an include guard's directive stands.
type guardAt struct {
	file string
	line int
}

// A MacroState is a macro as a condition saw it.
type MacroState struct {
	Name     string
	Defined  bool
	FuncLike bool
	// Value is an object-like macro's replacement, spelled with single
	// spaces ("" when undefined, function-like or empty).
	Value string
	// ValueRead says a condition read the value (#if N > 2), not only
	// whether it is defined (#ifdef N, defined(N)).
	ValueRead bool
	// DefinedRead says a condition read whether it is defined (#ifdef N,
	// #ifndef N, defined(N)). A macro only ever read for its value (#if N)
	// is the same to the source undefined and defined as 0.
	DefinedRead bool
	// Fixed says the macro was defined in a file outside any conditional
	// (include guards aside), not by -D: no permutation changes it.
	Fixed bool
}

// Pos returns where a token of the result stands: its file (as #line
// names it), line and column.
func (r *Result) Pos(t *Token) ir.Pos {
	return ir.Pos{File: r.Names[t.file], Line: int(t.line), Col: int(t.col)}
}

// Chain returns the include chain of context ctx: the From positions of ctx,
// its parent, ..., innermost first; nil for the main file.
func (r *Result) Chain(ctx int32) []ir.Pos {
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
	RawToken
	hs  int32
	tid uint32 // interned Text (see ppState.intern), 0 if not known yet
}

// Internal token kinds used only while substituting a replacement list.
const (
	ppTokPaste       TokKind = 250 + iota // a ## operator of a macro body
	ppTokPlacemarker                      // an empty argument next to ##
)

// ppFile is a file read by one run, shared by all its inclusions
// (whatever path reached it: see files.go).
type ppFile struct {
	path string      // the path that first opened it
	src  *source     //
	info fs.FileInfo // what the file system said of it; nil for none (Options.ReadFile)
	// given marks the main file, whose source is the caller's, not
	// necessarily the file's: no ScanCache keeps it.
	given bool
	// utf16 is "LE" or "BE" for a file that starts with a UTF-16
	// byte-order mark, which fxc refuses and so does Preprocess.
	utf16 string
	// scanned is set once an inclusion has begun: the errors of the
	// scan (unterminated comments) are the first inclusion's to report.
	// Unterminated strings are reported wherever they are used.
	scanned bool
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

// ppFrame is one active inclusion of a file, read as a stream of tokens.
type ppFrame struct {
	src       *ppFile
	sc        scanner
	la        RawToken // the next token, if hasLA
	hasLA     bool
	report    bool     // report the scanner's errors (the file's first inclusion)
	from      RawToken // the "#" of the #include that opened an included file
	ctx       int32
	conds     []ppCond
	condRecs  []int  // Result.Conditionals index of each level of conds
	guardCand int    // 1 + the index of an #ifndef just read, 0 if none
	lineDelta int    // set by #line
	fileName  string // set by #line "file"
	ended     bool
}

func (f *ppFrame) skipping() bool { return len(f.conds) > 0 && !f.conds[len(f.conds)-1].active }

// ppMacro is a #define.
type ppMacro struct {
	name     string
	at       ir.Pos // where it was defined
	id       int32
	fixed    bool        // defined in a file outside any conditional but include guards
	state    *MacroState // what macroState says of it, built once
	def      int32       // 1 + its index in Result.Definitions, 0 if not there yet
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
	tok   RawToken
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
	opts      Options
	lim       Limits
	res       *Result
	errs      ir.ErrorList
	macros    map[string]*ppMacro
	macroIDs  map[string]int32
	files     map[string]loaded     // each path opened, once
	ids       map[fileKey][]*ppFile // the files read, by identity (see sameFile)
	dirs      dirCache              // directory listings for case-folded lookups
	once      map[*ppFile]bool      // the files that said #pragma once
	guards    map[guardAt]bool      // the include guards met (Conditional.Guard)
	frames    []*ppFrame
	lineBuf   []RawToken // the tokens of the directive being executed
	cur       []ppOut    // output being filled
	chunks    [][]ppOut  // full output chunks before cur
	nout      int        // tokens in chunks
	mark      int        // output length before the current top-level token
	strs      []string   // interned strings, strs[0] = ""
	strIDs    map[string]uint32
	ctxSrc    []*source // the source of each include context (see ppOut)
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
func Preprocess(name string, src []byte, opts *Options) (res *Result, errs ir.ErrorList) {
	p := &ppState{
		res:      &Result{},
		macros:   make(map[string]*ppMacro),
		macroIDs: make(map[string]int32),
		files:    make(map[string]loaded),
		once:     make(map[*ppFile]bool),
		guards:   map[guardAt]bool{},
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
	res.Contexts = append(res.Contexts, IncludeCtx{File: name, Path: name, Parent: -1})

	eof := RawToken{Kind: TokEOF, Pos: ir.Pos{File: name, Line: 1, Col: 1}}
	defer func() {
		aborted := false
		if r := recover(); r != nil {
			if _, ok := r.(ppAbort); !ok {
				// A bug, not the input's fault: say so rather than take
				// the caller down (the fuzz targets fail on this message).
				p.errs = append(p.errs, ir.Errorf(ir.Pos{File: name}, nil, "internal error: preprocessing failed: %v", r))
			}
			aborted = true
		}
		if len(p.frames) > 0 {
			// After a limit stopped the run the main file is read to its
			// end for the end token's position.
			f := p.frames[0]
			for p.peek(f).Kind != TokEOF {
				f.hasLA = false
			}
			eof = p.mapTok(f, f.la)
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
	if bom := utf16BOM(string(src[:min(len(src), 2)])); bom != "" {
		p.errorf(ir.Pos{File: name, Line: 1, Col: 1}, 0, "%s", utf16Msg(name, bom))
		return
	}
	p.defineBuiltins()
	p.applyDefines()
	sf := &ppFile{path: name, src: newSource(name, src, false), given: true}
	if p.opts.ReadFile == nil && p.opts.Include == nil {
		// The main file is one of the files an include may reach.
		if st, err := os.Stat(name); err == nil && st.Mode().IsRegular() {
			sf.info = st
			p.addID(sf)
		}
	}
	p.files[name] = loaded{sf, name}
	p.files[filepath.Clean(name)] = loaded{sf, name}
	p.push(sf, 0)
	p.cur = make([]ppOut, 0, min(ppFirstChunk, p.lim.MaxTokens))
	p.run()
	return
}

// ppOut is an output token in compact form: 20 bytes and no pointers, so
// the output buffer costs the garbage collector nothing and needs no write
// barriers while it grows (a bomb fills it with millions of tokens). Text is
// an interned string, or, with ppSpelled set, the length of the text that
// stands at off in the source of the token's context (most tokens: they
// cost no lookup); loc indexes the token's file, context, kind and flags.
type ppOut struct {
	text, loc, line, col, off uint32
}

// ppSpelled marks a ppOut text that is a length in the source.
const ppSpelled = 1 << 31

// spelled returns the ppOut text of a token whose text stands at its
// offset in the source of its context, or 0.
func (p *ppState) spelled(t *RawToken) uint32 {
	if t.Expanded || int(t.Ctx) >= len(p.ctxSrc) || t.Off < 0 || uint64(len(t.Text)) >= ppSpelled {
		return 0
	}
	src := p.ctxSrc[t.Ctx]
	end := int(t.Off) + len(t.Text)
	// Without splices a file offset is a text offset; the comparison
	// is of one string with itself when the token was cut from there.
	if src == nil || src.sp != nil || end > len(src.text) || src.text[t.Off:end] != t.Text {
		return 0
	}
	return ppSpelled | uint32(len(t.Text))
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

// The output grows in chunks that are never copied (output copies them
// once, into the tokens): the first holds ppFirstChunk tokens, and each
// next one twice its predecessor up to ppChunk. The chunks are garbage once
// the run ends, so they are sized for the waste, not the count: at most
// half of a file's output and a chunk. A first chunk sized by the file's
// length wasted more than half of corpus-real's buffers, whose main files
// average a token per 13 bytes or more and vary by four times that.
const (
	ppFirstChunk = 1 << 6
	ppChunk      = 1 << 13
)

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
		p.cur = make([]ppOut, 0, min(ppChunk, 2*len(p.cur), p.lim.MaxTokens-p.nout))
	}
	tid := t.tid
	if tid == 0 {
		tid = p.spelled(&t.RawToken)
		if tid == 0 {
			tid = p.intern(t.Text)
		}
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
func (p *ppState) output(eof RawToken, aborted bool) []Token {
	n := p.nout + len(p.cur)
	if aborted {
		n = min(n, p.mark)
	}
	out := make([]Token, n, n+1)
	// names maps an interned file name to its index in Result.Names.
	names := make(map[uint32]int32)
	name := func(id uint32) int32 {
		k, ok := names[id]
		if !ok {
			k = int32(len(p.res.Names))
			names[id] = k
			p.res.Names = append(p.res.Names, p.strs[id])
		}
		return k
	}
	files := make([]int32, len(p.locs)) // the Names index of each loc's file, +1
	k := 0
	for _, c := range append(p.chunks, p.cur) {
		for _, o := range c {
			if k == n {
				break
			}
			l := &p.locs[o.loc]
			var text string
			if o.text&ppSpelled != 0 {
				text = p.ctxSrc[l.ctx].text[o.off : o.off+o.text&^ppSpelled]
			} else {
				text = p.strs[o.text]
			}
			if files[o.loc] == 0 {
				files[o.loc] = name(l.file) + 1
			}
			out[k] = Token{Kind: l.kind, Text: text, line: o.line, col: o.col, file: files[o.loc] - 1,
				Space: l.space, BOL: l.bol, Ctx: l.ctx, Off: int32(o.off), Expanded: l.expanded}
			k++
		}
	}
	return append(out, eof.compact(name(p.intern(eof.Pos.File))))
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

// push begins an inclusion of sf in include context ctx: its tokens are
// positioned in the context's File.
func (p *ppState) push(sf *ppFile, ctx int32) {
	f := &ppFrame{src: sf, ctx: ctx, sc: sf.src.scanner(), report: !sf.scanned}
	f.sc.file = p.res.Contexts[ctx].File
	for int(ctx) >= len(p.ctxSrc) {
		p.ctxSrc = append(p.ctxSrc, nil)
	}
	p.ctxSrc[ctx] = sf.src
	f.sc.quietStrings = true
	sf.scanned = true
	p.frames = append(p.frames, f)
}

// take returns the next token of f, reporting the scanner's errors on the
// way if f reports them. Most tokens go from the scanner to the caller
// without being stored in the frame.
func (p *ppState) take(f *ppFrame) RawToken {
	if f.hasLA {
		f.hasLA = false
		return f.la
	}
	t := f.sc.next()
	if f.ctx != 0 {
		p.work++
		if p.work > p.workLimit {
			p.abortf(f.from.Pos, f.from.Ctx, "#include expansion too large (more than %d tokens)", p.lim.MaxTokens)
		}
	}
	if len(f.sc.errs) > 0 {
		if f.report {
			for _, e := range f.sc.errs {
				p.errorf(e.Pos, f.ctx, "%s", e.Msg)
			}
		}
		f.sc.errs = f.sc.errs[:0]
	}
	return t
}

// peek returns the next token of f without taking it.
func (p *ppState) peek(f *ppFrame) *RawToken {
	if !f.hasLA {
		f.la = p.take(f)
		f.hasLA = true
	}
	return &f.la
}

// reportStrErrs reports the unterminated strings and character constants
// among toks, tokens of f that are used.
func (p *ppState) reportStrErrs(f *ppFrame, toks []RawToken) {
	for _, t := range toks {
		if t.unterminated {
			p.reportStrErr(f, t)
		}
	}
}

func (p *ppState) reportStrErr(f *ppFrame, t RawToken) {
	what := "string"
	if t.Kind == TokChar {
		what = "character constant"
	}
	t = p.mapTok(f, t)
	p.errorf(t.Pos, t.Ctx, "unterminated %s", what)
}

// mapTok applies the frame's context and #line mapping to a file token.
func (p *ppState) mapTok(f *ppFrame, t RawToken) RawToken {
	t.Ctx = f.ctx
	if f.lineDelta != 0 {
		t.Pos.Line += f.lineDelta
	}
	if f.fileName != "" {
		t.Pos.File = f.fileName
	}
	return t
}

func (p *ppState) toPtoks(f *ppFrame, line []RawToken) []ppTok {
	out := make([]ppTok, len(line))
	for i, t := range line {
		out[i] = ppTok{RawToken: p.mapTok(f, t)}
	}
	return out
}

func (p *ppState) defineBuiltins() {
	p.setMacro(&ppMacro{name: "__FILE__", builtin: ppBuiltinFile})
	p.setMacro(&ppMacro{name: "__LINE__", builtin: ppBuiltinLine})
	p.setMacro(&ppMacro{name: "__SHPACK__", body: []ppBodyTok{{tok: RawToken{Kind: TokInt, Text: "1"}, tid: p.intern("1"), param: -1}}})
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
		toks, errs := scanRaw(file, []byte(name+" "+value))
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
		return ppTok{RawToken: p.lex()}
	}
	return ppTok{RawToken: RawToken{Kind: TokEOF}}
}

func ppIsHash(t *RawToken) bool { return t.BOL && t.Kind == TokPunct && t.Text == "#" }

// lex returns the next token of active text, executing directives and
// leaving finished include files. At the end of the main file it keeps
// returning its EOF token.
func (p *ppState) lex() RawToken {
	for {
		f := p.frames[len(p.frames)-1]
		t := p.take(f)
		if f.skipping() {
			for t.Kind != TokEOF && !ppIsHash(&t) {
				if !f.hasLA && !p.opts.tokenSkip {
					// Straight to the next line that starts with "#",
					// without making the tokens in between.
					f.sc.skipToDirective()
				}
				t = p.take(f)
			}
		}
		if t.Kind == TokEOF {
			if !f.ended {
				f.ended = true
				for _, c := range f.conds {
					p.errorf(c.pos, f.ctx, "unterminated %s (no #endif before the end of the file)", c.directive)
				}
				f.conds = nil
			}
			if len(p.frames) == 1 {
				f.la, f.hasLA = t, true // the end, for ever
				return p.mapTok(f, t)
			}
			p.frames = p.frames[:len(p.frames)-1]
			continue
		}
		if ppIsHash(&t) {
			line := p.lineBuf[:0]
			for {
				u := p.take(f)
				if u.Kind == TokEOF || u.BOL {
					f.la, f.hasLA = u, true
					break
				}
				line = append(line, u)
			}
			// The directive may not keep line: the buffer is the next
			// directive's.
			p.lineBuf = line
			if pt, ok := p.directive(f, t, line); ok {
				return pt
			}
			continue
		}
		if t.unterminated {
			p.reportStrErr(f, t)
		}
		return p.mapTok(f, t)
	}
}
