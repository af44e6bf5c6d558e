package pp

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/shpack/shpack/ir"
)

// #include: where a file is searched, what an inclusion is named (see
// paths.go), and how it begins.
//
// The search is fxc's, the MSVC rule that the HLSL reference gives for
// #include: "file" is looked for in the including file's folder, then in
// the folders of the files that included it, innermost to outermost (the
// main file's last), then in the include directories in order; <file> in
// the include directories only. A folder is searched once, where it comes
// first. An absolute name (isAbsName) is opened as it is; on a system
// without drive letters, a Windows path ("C:\x") is not found.

// A searchDir is a folder an #include searches, or a file it looks for
// there: as the user spelled it, and as this system opens it.
type searchDir struct {
	display string
	open    string
}

// searchDirs returns the folders an #include of the innermost file
// searches, in order, each once.
func (p *ppState) searchDirs(angle bool) []searchDir {
	var dirs []searchDir
	add := func(d searchDir) {
		for _, e := range dirs {
			if e.open == d.open {
				return
			}
		}
		dirs = append(dirs, d)
	}
	if !angle {
		for k := len(p.frames) - 1; k >= 0; k-- {
			c := &p.res.Contexts[p.frames[k].ctx]
			add(searchDir{display: displayDir(c.File), open: filepath.Dir(c.Path)})
		}
	}
	for _, d := range p.opts.IncludeDirs {
		add(searchDir{display: d, open: filepath.Clean(hostName(d))})
	}
	return dirs
}

// include executes "#include".
func (p *ppState) include(f *ppFrame, hash RawToken, args []RawToken) {
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
	if p.opts.Include != nil {
		p.includeHooked(f, hash, name, angle)
		return
	}
	var dirs, cands []searchDir
	switch {
	case !isAbsName(name):
		dirs = p.searchDirs(angle)
		for _, d := range dirs {
			cands = append(cands, searchDir{display: displayJoin(d.display, name), open: filepath.Join(d.open, hostName(name))})
		}
	case windows || driveLen(name) == 0:
		cands = []searchDir{{display: cleanDisplay(name), open: filepath.Clean(hostName(name))}}
	}
	var sf *ppFile
	var at searchDir
	var firstErr error
	for _, c := range cands {
		s, opened, err := p.load(c.open)
		if err == nil {
			sf, at = s, searchDir{display: c.display, open: opened}
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
	if sf == nil {
		p.notFound(f, hash, name, angle, dirs, firstErr)
		return
	}
	p.enter(f, hash, sf, at)
}

// includeHooked executes "#include" through Options.Include: the caller
// finds the file and names it; the name it gives is the file's identity
// in the run.
func (p *ppState) includeHooked(f *ppFrame, hash RawToken, name string, angle bool) {
	parent := ""
	if f.ctx != 0 {
		parent = p.res.Contexts[f.ctx].Path
	}
	file, data, err := p.opts.Include(name, angle, parent)
	switch {
	case err != nil && errors.Is(err, fs.ErrNotExist):
		p.notFound(f, hash, name, angle, nil, nil)
		return
	case err != nil:
		p.errorf(hash.Pos, hash.Ctx, "cannot open include file %s: %v", ppQ(name), err)
		return
	case file == "":
		p.errorf(hash.Pos, hash.Ctx, "cannot open include file %s: the include callback named no file", ppQ(name))
		return
	}
	l, ok := p.files[file]
	if !ok {
		if len(data) > p.lim.MaxInput {
			p.errorf(hash.Pos, hash.Ctx, "%s", (&ppTooLarge{int64(len(data)), int64(p.lim.MaxInput)}).Error())
			return
		}
		// The caller's data: the source copies it.
		l = loaded{p.newFile(file, newSource(file, data, false), nil), file}
		p.files[file] = l
	}
	p.enter(f, hash, l.sf, searchDir{display: file, open: file})
}

// enter starts reading sf, found for the #include at hash as at.
func (p *ppState) enter(f *ppFrame, hash RawToken, sf *ppFile, at searchDir) {
	if sf.utf16 != "" {
		// fxc stops at the first byte (X3000: illegal character).
		if !sf.scanned {
			sf.scanned = true
			chain := append([]ir.Pos{hash.Pos}, p.res.Chain(hash.Ctx)...)
			if len(p.errs) < ppMaxErrors {
				p.errs = append(p.errs, ir.Errorf(ir.Pos{File: at.display, Line: 1, Col: 1}, chain, "%s", utf16Msg(at.display, sf.utf16)))
			}
		}
		return
	}
	if p.once[sf] {
		return
	}
	// As in C, a file may be entered again while it is open (headers that
	// include each other behind #ifndef guards do); only the depth limit
	// stops an include that never ends, and then says which file repeats.
	if len(p.frames) > p.lim.MaxIncludeDepth {
		msg := fmt.Sprintf("#include nested too deeply (more than %d levels)", p.lim.MaxIncludeDepth)
		ctx := hash.Ctx
		for k, fr := range p.frames {
			if fr.src == sf {
				// A file that includes itself: name it, and give the
				// chain of its first entry, not every turn of the loop.
				msg += fmt.Sprintf(": %s includes itself", ppQ(p.res.Contexts[fr.ctx].File))
				ctx = fr.ctx
				if k+1 < len(p.frames) && p.frames[k+1].src != sf {
					msg += fmt.Sprintf(" through %s", ppQ(p.res.Contexts[p.frames[k+1].ctx].File))
					ctx = p.frames[k+1].ctx
				}
				break
			}
		}
		p.errorf(hash.Pos, ctx, "%s", msg)
		return
	}
	// An inclusion costs 64 units of work, and each token read from it
	// one more (take), as the token array it was read from used to.
	p.work += 64
	if p.work > p.workLimit {
		p.abortf(hash.Pos, hash.Ctx, "#include expansion too large (more than %d tokens)", p.lim.MaxTokens)
	}
	ctx := int32(len(p.res.Contexts))
	p.res.Contexts = append(p.res.Contexts, IncludeCtx{File: at.display, Path: at.open, From: hash.Pos, FromOff: hash.Off, Parent: f.ctx})
	p.push(sf, ctx)
	p.frames[len(p.frames)-1].from = hash
}

// notFound reports an #include of name that no folder of dirs has: an
// error, or a warning under Options.AllowMissingIncludes. firstErr is the
// first error other than a missing file, if any.
func (p *ppState) notFound(f *ppFrame, hash RawToken, name string, angle bool, dirs []searchDir, firstErr error) {
	if firstErr != nil {
		p.errorf(hash.Pos, hash.Ctx, "cannot open include file %s: %v", ppQ(name), firstErr)
		return
	}
	var where string // what was searched, for the error and the warning
	switch {
	case isAbsName(name) && !windows && driveLen(name) > 0: // "C:\x"
		where = "(a Windows path: its drive letter names no folder on this system)"
	case p.opts.Include != nil:
		where = "(the include callback has no such file)"
	case isAbsName(name):
	case len(dirs) == 0:
		where = "(no include directories, the only folders an #include <...> searches)"
	default:
		list := make([]string, len(dirs))
		for i, d := range dirs {
			list[i] = dirForMessage(d.display)
		}
		where = "(searched: " + strings.Join(list, ", ") + ")"
	}
	if angle && !isAbsName(name) && p.opts.Include == nil && p.exists(filepath.Join(filepath.Dir(p.res.Contexts[f.ctx].Path), hostName(name))) {
		where += fmt.Sprintf(`; it is beside the including file, where only #include "%s" looks`, name)
	}
	if p.opts.AllowMissingIncludes {
		if isAbsName(name) && where == "" {
			where = "(an absolute path)"
		}
		w := ir.Errorf(hash.Pos, p.res.Chain(hash.Ctx), "include file %s not found %s; skipped", ppQ(name), where)
		w.Warning = true
		p.res.Warnings = append(p.res.Warnings, w)
		return
	}
	if where != "" {
		where = " " + where
	}
	p.errorf(hash.Pos, hash.Ctx, "cannot open include file %s: not found%s", ppQ(name), where)
}

// exists reports whether a file can be read at path, for a message.
func (p *ppState) exists(path string) bool {
	if _, ok := p.files[path]; ok {
		return true
	}
	if p.opts.ReadFile != nil {
		_, err := p.opts.ReadFile(path)
		return err == nil
	}
	f, _, err := openFold(path, &p.dirs)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

// ppHeaderName extracts the file name of an #include: "name" or <name>.
func ppHeaderName(toks []RawToken) (name string, angle, ok bool) {
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
