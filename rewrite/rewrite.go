// Package rewrite is the source transform: it edits a shader author's HLSL
// so that a vertex shader writes a packed layout and the pixel shaders it
// feeds read it, keeping the files' entry-point names, parameters and
// techniques, so they build as before.
//
// The edit keeps the user's text and changes it in place, by byte offset
// (the tokens' spans from the front end), rather than printing the file
// again or wrapping the user's function in another:
//
//   - before the entry function's first declaration comes a generated
//     block: a struct with one member per register, declared with that
//     register's semantic (the portable layout, the only one HLSL can
//     express and every runtime reads), and a statement macro that moves
//     values between the registers and the user's variables;
//   - the function itself is edited: a vertex shader returns the packed
//     struct (its return type becomes the struct, each "return EXPR;"
//     becomes NAME_RETURN(EXPR), which builds the registers from EXPR and
//     the out parameters, and its out parameters become locals); a pixel
//     shader takes the packed struct in place of the parameters that read
//     registers, and its body starts with NAME_UNPACK, which declares
//     those parameters as locals and fills them from the registers;
//     uniform parameters, vertex inputs and pixel outputs are left as
//     written, so techniques' compile statements still bind;
//   - a #line directive after the block gives the rest of the file its own
//     line numbers back, and the edits inside the function keep every line
//     where it was, so a compiler's messages about the user's code point at
//     the user's file and line.
//
// Why in place and not a wrapper that calls the user's function: a
// compiler inlines the call, and the copies it makes of the arguments
// (uniform matrices) and of the returned struct are temporaries the
// original never needed; vkd3d 1.17 took a vertex shader with eight uniform
// matrices from r5 to r49 that way, past vs_3_0's r31, and the program drew
// zeros. Edited in place, the function computes what it did and the
// registers are written once, each whole: NAME_RETURN assigns every
// register one constructor (float4(o.uv, o.fog, 0)) rather than one
// component at a time, which vkd3d compiles straight into the output
// registers; a returned expression that is not a variable is repeated in
// the constructors rather than copied into a local struct, which vkd3d
// would again keep in temporaries (an expression with side effects is
// copied, once). A function that other functions also call keeps a copy of
// its original under a new name (F_unpacked) for those calls.
//
// Every edit of the user's text is made here: besides the entry points'
// (this file, vertex.go, pixel.go, include.go), the merge of several
// permutations' rewrites of one file into one text under #if conditions
// (Merge, merge.go), the text of the permutation guards (guard.go), the
// include names of an output written into another folder (Relocate), and
// the line ends and byte-order mark every insertion keeps (lineends.go).
//
// The package knows nothing of packing or of which shaders belong
// together: it is given the layouts (see package driver) and edits.
package rewrite

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/hlsl/pp"
	"github.com/shpack/shpack/ir"
)

// A File is one source file to edit: its name as given (diagnostics and
// #line name it so), its contents as read, and the unit parsed from it, of
// which it is the main file.
type File struct {
	Name string
	Src  []byte
	Unit *hlsl.Unit
}

// A Vertex is a vertex shader entry point of Files[File] to edit so that it
// writes Layout, a portable vs_3_0 layout of EP.Out.
type Vertex struct {
	File   int
	EP     *hlsl.EntryPoint
	Layout *ir.Layout
	// Unpacked is the number of general registers the outputs take with
	// one register per semantic, for the block's comment.
	Unpacked int
	// Guard, if set, stops the compiler in a permutation the layout was
	// not made for.
	Guard *Guard
}

// A Pixel is a pixel shader entry point of Files[File] to edit so that it
// reads the registers of the vertex layout VS; Layout is its input layout
// derived from VS (pack.Derive), which says the role of every input.
type Pixel struct {
	File int
	EP   *hlsl.EntryPoint
	VS   *ir.Layout
	// Others are the layouts of the other vertex shaders it is linked
	// with (a family: they put everything it reads where VS does). A
	// register it reads is declared as wide as in the narrowest of them.
	Others []*ir.Layout
	Layout *ir.Layout
	// VSNames names the vertex shaders it is linked with, for the comment.
	VSNames []string
	// Guard, as for Vertex.
	Guard *Guard
	// Widen gives, for an input that Layout.Sig declares narrower than
	// EP.In does (the vertex shader writes fewer components than the pixel
	// shader reads), the pixel shader's own width: the other components
	// are passed as 0, w as 1.
	Widen map[int]int
}

// A Plan is what to rewrite.
type Plan struct {
	Files  []File
	Vertex []Vertex
	Pixel  []Pixel
	// ReadInclude reads an included file (pp.IncludeCtx.Path) that defines
	// an entry function to rewrite: the rewrite edits a copy of the
	// definition into the file that includes it (see include.go). Nil
	// makes such an entry function an error.
	ReadInclude func(path string) ([]byte, error)
}

// An Edit replaces Src[Off:End] of a file with Text.
type Edit struct {
	Off, End int
	Text     string
	// Entry names the entry function whose rewrite made the edit.
	Entry string
	// Block marks the edit that inserts the entry function's generated
	// block (its packed struct, macros and #line), one per entry point.
	Block bool
}

// An edit is an Edit as the applier collects it. A rename is an edit of
// one token that a larger edit may take into its own text (see
// file.text).
type edit struct {
	off, end int
	text     string
	rename   bool
	entry    string
	block    bool
}

// Apply performs the plan and returns the new contents of every file, in
// the order of p.Files (a file with nothing to rewrite comes back as it
// was). Errors are an ir.ErrorList, positioned.
func Apply(p *Plan) ([][]byte, error) {
	edits, err := Edits(p)
	if err != nil {
		return nil, err
	}
	out := make([][]byte, len(p.Files))
	for i, f := range p.Files {
		out[i] = ApplyEdits(f.Src, edits[i])
	}
	return out, nil
}

// ApplyEdits returns src with edits (in order of offset, none
// overlapping, as Edits gives them) performed.
func ApplyEdits(src []byte, edits []Edit) []byte {
	var b bytes.Buffer
	b.Grow(len(src))
	at := 0
	for _, e := range edits {
		b.Write(src[at:e.Off])
		b.WriteString(e.Text)
		at = e.End
	}
	b.Write(src[at:])
	return b.Bytes()
}

// Edits is Apply without performing the edits: per file, in the order of
// p.Files, the edits in order of offset, none overlapping. A caller that
// merges the rewrites of several permutations of one source
// (driver.RewriteVariants) compares them edit by edit.
func Edits(p *Plan) ([][]Edit, error) {
	taken := map[string]bool{}
	for _, f := range p.Files {
		for id := range f.Unit.Identifiers() {
			taken[id] = true
		}
	}
	a := &applier{taken: taken, files: make([]*file, len(p.Files)), includes: map[includeKey]*include{}, readInclude: p.ReadInclude}
	for i := range p.Files {
		a.files[i] = &file{File: &p.Files[i], a: a, renames: map[int]edit{}, prefix: fieldPrefix(p.Files[i].Unit.PP.Macros)}
	}
	// Calls of an edited function from other functions go to a copy of
	// the original: first every rename, so that every text the edits
	// take from the source has them.
	copies := make(map[*hlsl.EntryPoint]string)
	plan := func(file int, ep *hlsl.EntryPoint) {
		f := a.files[file]
		inc := includedDefinition(ep)
		if (len(ep.Calls) == 0 && inc == 0) || copies[ep] != "" {
			return
		}
		orig := a.fresh(ep.Name + "_unpacked")
		copies[ep] = orig
		for i := range ep.Calls {
			call := &ep.Calls[i]
			if inc != 0 && call.Ctx != 0 {
				// In the include's #include, the macro renames the call;
				// in another, it would call the packed copy.
				if top := f.topContext(call.Ctx); top != f.topContext(inc) {
					pp := f.Unit.PP
					a.errs = append(a.errs, ir.Errorf(pp.Pos(call), pp.Chain(call.Ctx), "%s is called in %s, which %s includes after %s: a rewrite of the included definition cannot reach that call (call it from %s or the file itself)",
						ep.Name, pp.Contexts[call.Ctx].File, f.Name, pp.Contexts[inc].File, pp.Contexts[inc].File))
				}
				continue
			}
			if f.editable(call, ep.Name) {
				f.renames[int(call.Off)] = edit{off: int(call.Off), end: int(call.Off) + len(call.Text), text: orig, rename: true, entry: ep.Name}
			}
		}
	}
	for _, v := range p.Vertex {
		plan(v.File, v.EP)
	}
	for _, ps := range p.Pixel {
		plan(ps.File, ps.EP)
	}
	// One error per function says what stops it; none of its edits are
	// kept then.
	each := func(f *file, entry string, edit func()) {
		errs, edits := len(a.errs), len(f.edits)
		edit()
		if len(a.errs) > errs {
			a.errs = a.errs[:errs+1]
			f.edits = f.edits[:edits]
		}
		for i := edits; i < len(f.edits); i++ {
			f.edits[i].entry = entry
		}
	}
	// An entry function defined in an include is edited in a copy of
	// its definition (include.go).
	target := func(file int, ep *hlsl.EntryPoint) (*file, *hlsl.EntryPoint, string) {
		f := a.files[file]
		ctx := includedDefinition(ep)
		if ctx == 0 {
			return f, ep, copies[ep]
		}
		inc := a.includeFile(f, ctx, ep)
		if inc == nil {
			return nil, nil, ""
		}
		inc.entries = append(inc.entries, includedEntry{ep: ep, def: definition(ep), orig: copies[ep]})
		return inc.f, only(ep), ""
	}
	for i := range p.Vertex {
		v := p.Vertex[i]
		f, ep, orig := target(v.File, v.EP)
		if f == nil {
			continue
		}
		v.EP = ep
		each(f, ep.Name, func() { f.vertex(&v, orig) })
	}
	for i := range p.Pixel {
		ps := p.Pixel[i]
		f, ep, orig := target(ps.File, ps.EP)
		if f == nil {
			continue
		}
		ps.EP = ep
		each(f, ep.Name, func() { f.pixel(&ps, orig) })
	}
	if len(a.errs) == 0 {
		a.placeIncludes()
	}
	if len(a.errs) > 0 {
		a.errs.Sort()
		return nil, a.errs
	}
	out := make([][]Edit, len(p.Files))
	for i, f := range a.files {
		out[i] = f.resolved()
		// Two edits of one place would tear the text apart: a plan that
		// makes them (one function rewritten as two entry points) is
		// refused, never applied.
		for k := 1; k < len(out[i]); k++ {
			if prev, e := out[i][k-1], out[i][k]; e.Off < prev.End {
				return nil, ir.ErrorList{&ir.Error{Pos: ir.Pos{File: f.Name}, Msg: fmt.Sprintf("internal error: the rewrites of %s and %s edit the same text", prev.Entry, e.Entry)}}
			}
		}
	}
	return out, nil
}

// applier holds what the edits of all files share: the names taken and
// the errors.
type applier struct {
	// includes are the included files that define entry functions, by
	// include context; readInclude reads them.
	includes    map[includeKey]*include
	readInclude func(path string) ([]byte, error)
	taken       map[string]bool
	files       []*file
	errs        ir.ErrorList
	// useIndex finds each unit's macro invocations by place (macros.go).
	useIndex map[*hlsl.Unit]map[useKey]*pp.MacroUse
}

// fresh returns base, or base with a number, so that it names nothing the
// files spell (identifier or macro) nor anything generated before.
func (a *applier) fresh(base string) string {
	name := base
	for n := 2; a.taken[name]; n++ {
		name = base + strconv.Itoa(n)
	}
	a.taken[name] = true
	return name
}

// local returns base, or base with a number, so that it names nothing
// the files spell nor anything generated as a global: a name for a
// parameter or a local variable, which functions may share.
func (a *applier) local(base string) string {
	name := base
	for n := 2; a.taken[name]; n++ {
		name = base + strconv.Itoa(n)
	}
	return name
}

// file collects the edits of one file.
type file struct {
	*File
	a       *applier
	edits   []edit
	renames map[int]edit // by offset
	// prefix names the packed structs' members (r0, r1: prefix and the
	// register number): "r", unless the file defines a macro of that form,
	// which would replace the member's name.
	prefix string
	// ctx is the include context whose tokens the file holds: 0, the
	// main file, or an included file that defines entry functions (then
	// main is the file that includes it).
	ctx  int32
	main *file
}

// topContext is the context of the #include in the main file through
// which context ctx was read (0 for the main file's own tokens).
func (f *file) topContext(ctx int32) int32 {
	pp := f.Unit.PP
	for ctx > 0 && pp.Contexts[ctx].Parent > 0 {
		ctx = pp.Contexts[ctx].Parent
	}
	return ctx
}

// field names the packed structs' member for register n.
func (f *file) field(n int) string { return f.prefix + strconv.Itoa(n) }

// fieldPrefix chooses the prefix of the packed structs' member names: the
// first of r, shpack_r, shpack_r_, ... that no macro of the unit's files
// takes with a number after it.
func fieldPrefix(macros []string) string {
	prefix := "r"
	for taken := true; taken; {
		taken = false
		for _, m := range macros {
			if rest, ok := strings.CutPrefix(m, prefix); ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
				taken = true
				break
			}
		}
		if taken {
			if prefix == "r" {
				prefix = "shpack_r"
			} else {
				prefix += "_"
			}
		}
	}
	return prefix
}

// editable checks that a token the rewrite edits is spelled in the file
// being rewritten; what names the function for the message.
func (f *file) editable(t *hlsl.Token, fn string) bool {
	switch {
	case t.Ctx != f.ctx && f.ctx != 0:
		f.a.errs = append(f.a.errs, ir.Errorf(f.Unit.PP.Pos(t), f.Unit.PP.Chain(t.Ctx), "%s: this part of its definition is in another file than the rest (%s): shpack rewrites a definition that one file holds", fn, f.Unit.PP.Contexts[t.Ctx].File))
		return false
	case t.Ctx != f.ctx:
		chain := f.Unit.PP.Chain(t.Ctx)
		f.a.errs = append(f.a.errs, ir.Errorf(f.Unit.PP.Pos(t), chain, "%s is declared in %s, which %s includes: shpack rewrites the files it is given, not their includes (move %s into %s)",
			fn, f.Unit.PP.Contexts[t.Ctx].File, f.Name, fn, f.Name))
		return false
	case !t.Spelled(f.Src) && f.invocation(t) != nil:
		f.a.errs = append(f.a.errs, f.macroErrorf(t, "%s: this part of it comes from the macro %s, whose invocation reaches past what the rewrite edits: shpack can only edit what is spelled in the file", fn, f.macroName(t)))
		return false
	case !t.Spelled(f.Src):
		f.a.errs = append(f.a.errs, ir.Errorf(f.Unit.PP.Pos(t), nil, "%s: this part of it comes from a macro expansion: shpack can only edit what is spelled in the file", fn))
		return false
	}
	return true
}

// editableRun checks a run of tokens to be replaced or taken as text:
// both ends spelled, everything in the main file.
func (f *file) editableRun(toks []hlsl.Token, fn string) bool {
	if len(toks) == 0 {
		return true
	}
	for i := range toks {
		if toks[i].Ctx != f.ctx {
			return f.editable(&toks[i], fn)
		}
	}
	return f.editable(&toks[0], fn) && f.editable(&toks[len(toks)-1], fn)
}

// end is the offset after token t.
func end(t *hlsl.Token) int { return int(t.Off) + len(t.Text) }

// text is src[from:to] with the renames inside it applied.
func (f *file) text(from, to int) string {
	var b strings.Builder
	at := from
	for _, off := range f.renameOffsets(from, to) {
		r := f.renames[off]
		b.Write(f.Src[at:r.off])
		b.WriteString(r.text)
		at = r.end
	}
	b.Write(f.Src[at:to])
	return b.String()
}

// renameOffsets are the offsets of the renames inside [from, to), sorted.
func (f *file) renameOffsets(from, to int) []int {
	var offs []int
	for off, r := range f.renames {
		if off >= from && r.end <= to {
			offs = append(offs, off)
		}
	}
	slices.Sort(offs)
	return offs
}

// replace replaces src[from:to] with text.
func (f *file) replace(from, to int, text string) {
	f.edits = append(f.edits, edit{off: from, end: to, text: text})
}

// remove takes src[from:to] out. It stays in the file as a comment (its
// line breaks with it, so that no line moves), unless a comment in it
// would end that one; then only its line breaks stay.
func (f *file) remove(from, to int) {
	text := string(f.Src[from:to])
	if !strings.Contains(text, "*/") {
		rest := strings.TrimLeft(text, " \t")
		f.replace(from, to, text[:len(text)-len(rest)]+blockComment(rest))
		return
	}
	var b strings.Builder
	for _, c := range f.Src[from:to] {
		if c == '\n' || c == '\r' {
			b.WriteByte(c)
		}
	}
	f.replace(from, to, b.String())
}

// commentOut turns the text of removed parameters into comments, keeping
// its line ends, and its preprocessor directives as they are: a parameter
// list written for several permutations (#ifdef lines between
// parameters) keeps its conditionals balanced whatever is removed. Text
// that holds "*/" keeps only its line ends and directives.
func commentOut(text string) string {
	lines := strings.SplitAfter(text, "\n")
	var b strings.Builder
	var run strings.Builder // lines to comment, pending
	flushRun := func() {
		if run.Len() == 0 {
			return
		}
		t := run.String()
		run.Reset()
		if strings.Contains(t, "*/") {
			for _, c := range t {
				if c == '\n' || c == '\r' {
					b.WriteRune(c)
				}
			}
			return
		}
		// A comment ends before the line end, so that a directive can
		// follow on the next line.
		body := strings.TrimRight(t, "\r\n")
		if strings.TrimSpace(body) != "" {
			b.WriteString(" " + blockComment(body))
		}
		b.WriteString(t[len(body):])
	}
	for _, ln := range lines {
		if strings.HasPrefix(strings.TrimLeft(ln, " \t"), "#") {
			flushRun()
			b.WriteString(ln)
			continue
		}
		run.WriteString(ln)
	}
	flushRun()
	return b.String()
}

// blockComment makes text a /* */ comment, with no blank at the end of a
// line.
func blockComment(text string) string {
	text = strings.TrimLeft(text, " \t")
	if strings.HasPrefix(text, "\n") || strings.HasPrefix(text, "\r") {
		return "/*" + text + " */"
	}
	return "/* " + text + " */"
}

// insertBlock puts a block of whole lines (text ends with "\n") before the
// line of token t, followed by a #line directive that gives that line its
// number back; when something precedes t on its line, the block goes
// right before t, on lines of its own.
func (f *file) insertBlock(t *hlsl.Token, text string) {
	at := int(t.Off)
	lineStart := at
	for lineStart > 0 && (f.Src[lineStart-1] == ' ' || f.Src[lineStart-1] == '\t') {
		lineStart--
	}
	lead := ""
	if lineStart == bomLen(f.Src) || f.Src[lineStart-1] == '\n' {
		at = lineStart
	} else {
		lead = "\n"
	}
	text = lead + text + lineDirective(f.Unit.PP.Pos(t)) + "\n"
	if at != lineStart {
		text += strings.Repeat(" ", max(0, f.Unit.PP.Pos(t).Col-1))
	}
	f.edits = append(f.edits, edit{off: at, end: at, text: f.lineEnds(at, text), block: true})
}

// lineEnds gives text to insert at offset off the line end of the line
// it goes into (lineends.go).
func (f *file) lineEnds(off int, text string) string {
	return WithLineEnds(text, LineEnd(f.Src, off))
}

// resolved returns the edits, and the renames no edit took into its text,
// in order of offset.
func (f *file) resolved() []Edit {
	edits := slices.Clone(f.edits)
	for _, r := range f.renames {
		inside := false
		for _, e := range f.edits {
			if e.off <= r.off && r.end <= e.end && e.end > e.off {
				inside = true
				break
			}
		}
		if !inside {
			edits = append(edits, r)
		}
	}
	slices.SortStableFunc(edits, func(a, b edit) int { return cmp.Compare(a.off, b.off) })
	out := make([]Edit, len(edits))
	for i, e := range edits {
		out[i] = Edit{Off: e.off, End: e.end, Text: e.text, Entry: e.entry, Block: e.block}
	}
	return out
}

// lineDirective gives the text after a generated block the line numbers of
// the user's file: it continues the line of pos.
func lineDirective(pos ir.Pos) string { return LineDirective(pos.File, pos.Line) }

// LineDirective is the #line directive the rewrite writes (without a line
// end): what follows it is line line of file.
func LineDirective(file string, line int) string {
	file = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(file)
	return fmt.Sprintf("#line %d \"%s\"", line, file)
}

// A paramEdit says what becomes of one parameter of an entry function:
// new parameters that go before it, and whether it goes (it stays, as a
// comment) or has its in/out/inout keyword replaced.
type paramEdit struct {
	before  []string
	remove  bool
	keyword string
}

// editHeader edits every declaration of ep (prototypes and definition):
// the return type becomes ret (unless ""), the semantic after the
// parameter list goes when dropSem, and each parameter as params says;
// extra is appended to the list. It also copies the declarations under
// the name orig for the function's other callers when orig is not "",
// and puts block before the first declaration.
func (f *file) editHeader(ep *hlsl.EntryPoint, block, ret string, dropSem bool, params []paramEdit, extra []string, orig string) {
	for di := range ep.Decls {
		d := &ep.Decls[di]
		if !f.editable(&d.End, ep.Name) || !f.editable(&d.CloseParen, ep.Name) {
			return
		}
		// The declaration's text starts at its first token, or at the
		// invocation of the macro that made it (macros.go).
		prev := &d.Prev
		if prev.Ctx < 0 {
			prev = nil
		}
		start, _, ok := f.extent(&d.Start, &d.Start, prev, nil, ep.Name, "the start of its declaration")
		if !ok {
			return
		}
		pre := ""
		if di == 0 {
			pre = block
		}
		if orig != "" {
			last := &d.Start
			if len(d.Ret) > 0 {
				last = &d.Ret[len(d.Ret)-1]
			}
			from, to, ok := f.extent(&d.Name, &d.Name, last, &d.Open, ep.Name, "its name")
			if !ok {
				return
			}
			copyText := f.text(start, from) + orig + f.text(to, end(&d.End))
			pre += copyText + "\n"
		}
		if pre != "" {
			f.insertBlock(&d.Start, pre)
		}
		if ret != "" {
			before := &d.Start
			if d.Ret[0] == d.Start {
				before = prev
			}
			from, to, ok := f.extent(&d.Ret[0], &d.Ret[len(d.Ret)-1], before, &d.Name, ep.Name, "its return type")
			if !ok {
				return
			}
			f.replace(from, to, ret)
		}
		if dropSem && len(d.Sem) > 0 {
			if !f.editableRun(d.Sem, ep.Name) {
				return
			}
			from := int(d.Sem[0].Off)
			for from > 0 && (f.Src[from-1] == ' ' || f.Src[from-1] == '\t') {
				from--
			}
			f.remove(from, end(&d.Sem[len(d.Sem)-1]))
		}
		f.editParams(ep, d, params, extra)
	}
}

// editParams edits one declaration's parameter list: the text between
// its parentheses is written again, every parameter kept as written (or
// with its keyword replaced), the new ones where params and extra put
// them, and the removed ones as a comment, with every line break of the
// list, so that no line moves.
func (f *file) editParams(ep *hlsl.EntryPoint, d *hlsl.FuncSyntax, params []paramEdit, extra []string) {
	if len(d.Params) != len(params) {
		f.a.errs = append(f.a.errs, ir.Errorf(f.Unit.PP.Pos(&d.Open), nil, "%s: this declaration has %d parameters, the definition %d", ep.Name, len(d.Params), len(params)))
		return
	}
	changed := len(extra) > 0
	for _, pe := range params {
		changed = changed || pe.remove || pe.keyword != "" || len(pe.before) > 0
	}
	if !changed {
		return
	}
	for i := range d.Commas {
		if !f.editable(&d.Commas[i], ep.Name) {
			return
		}
	}
	// Each parameter's text runs from the end of the separator before it
	// (the "(" or a ",") to the start of the one after it: the blanks and
	// comments around it go with it.
	sepEnd := func(i int) int { // end of the separator before parameter i
		if i == 0 {
			return end(&d.Open)
		}
		return end(&d.Commas[i-1])
	}
	sepStart := func(i int) int { // start of the separator after parameter i
		if i == len(d.Params)-1 {
			return int(d.CloseParen.Off)
		}
		return int(d.Commas[i].Off)
	}
	// A parameter is edited as the text between its separators, which are
	// spelled: a token inside may come from a macro invoked there (Urho3D's
	// "out float4 oPos : OUTPOSITION"), since the invocation is in that
	// text and goes, or stays, with it. An in/out keyword the edit replaces
	// must be spelled itself (see below).
	for i := range d.Params {
		from, to := sepEnd(i), sepStart(i)
		for k := range d.Params[i] {
			t := &d.Params[i][k]
			if t.Ctx != f.ctx || !t.Spelled(f.Src) && (int(t.Off) < from || int(t.Off) >= to) {
				f.editable(t, ep.Name)
				return
			}
		}
	}
	var b strings.Builder
	visible := 0 // parameters written so far, for the commas
	var gone []string
	flush := func() {
		if len(gone) == 0 {
			return
		}
		b.WriteString(commentOut(strings.Join(gone, ",")))
		gone = nil
	}
	add := func(text string) {
		if visible > 0 {
			b.WriteString(",")
		}
		flush()
		if visible > 0 || b.Len() > 0 {
			b.WriteString(" ")
		}
		b.WriteString(text)
		visible++
	}
	for i, pe := range params {
		for _, t := range pe.before {
			add(t)
		}
		text := f.text(sepEnd(i), sepStart(i))
		if pe.remove {
			gone = append(gone, text)
			continue
		}
		if pe.keyword != "" {
			toks := d.Params[i]
			for k := range toks {
				if w := toks[k].Text; w == "in" || w == "out" || w == "inout" {
					if !f.editable(&toks[k], ep.Name) {
						return
					}
					at := int(toks[k].Off) - sepEnd(i)
					text = text[:at] + pe.keyword + text[at+len(w):]
					break
				}
			}
		}
		if visible > 0 {
			b.WriteString(",")
		}
		flush()
		b.WriteString(text)
		visible++
	}
	for _, t := range extra {
		add(t)
	}
	flush()
	f.replace(end(&d.Open), int(d.CloseParen.Off), b.String())
}

// A returnStmt is a "return EXPR;" of a function body: the tokens of
// "return", of EXPR and of ";".
type returnStmt struct {
	ret, semi *hlsl.Token
	expr      []hlsl.Token
}

// returns finds the return statements of a body.
func returns(body []hlsl.Token) []returnStmt {
	var out []returnStmt
	for i := 1; i < len(body)-1; i++ {
		if body[i].Kind != hlsl.TokIdent || body[i].Text != "return" {
			continue
		}
		depth := 0
		for j := i + 1; j < len(body)-1; j++ {
			switch body[j].Text {
			case "(", "[":
				depth++
			case ")", "]":
				depth--
			}
			if body[j].Text == ";" && depth == 0 || body[j].Text == "{" || body[j].Text == "}" {
				if body[j].Text == ";" {
					out = append(out, returnStmt{&body[i], &body[j], body[i+1 : j]})
				}
				i = j
				break
			}
		}
	}
	return out
}

// sideEffects reports whether an expression assigns or increments
// something: such an expression is evaluated once, into a local.
func sideEffects(expr []hlsl.Token) bool {
	for i := range expr {
		if expr[i].Kind != hlsl.TokPunct {
			continue
		}
		switch expr[i].Text {
		case "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "++", "--":
			return true
		}
	}
	return false
}

// topComma reports whether an expression has a comma outside brackets,
// which would split a macro argument.
func topComma(expr []hlsl.Token) bool {
	depth := 0
	for i := range expr {
		switch expr[i].Text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case ",":
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

// writeMacro writes a statement macro, one statement a line, backslash
// continued.
func writeMacro(b *strings.Builder, head string, lines []string) {
	fmt.Fprintf(b, "#define %s", head)
	for _, ln := range lines {
		fmt.Fprintf(b, " \\\n    %s", ln)
	}
	b.WriteString("\n")
}

// comment writes text as // comment lines of at most 78 columns.
func comment(b *strings.Builder, text string) {
	line := "//"
	for _, w := range strings.Fields(text) {
		if len(line)+1+len(w) > 78 && line != "//" {
			b.WriteString(line + "\n")
			line = "//"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return "the vertex shader"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
