package rewrite

import (
	"slices"
	"strconv"
	"strings"

	"github.com/shpack/shpack/ir"
)

// Merging the rewrites of several permutations into one source.
//
// Each permutation's rewrite of a file is a set of edits of the user's
// text (Edits), at offsets of that one text: whatever the
// permutation, what the rewrite leaves alone is the user's bytes. So the
// rewrites merge edit by edit, not line by line: the lines an edit of
// any permutation touches form a region (touching or overlapping regions
// join), and outside every region all permutations have the same text,
// written once. In a region, each permutation has its text (the user's
// lines with its edits); permutations with the same text share a branch
// of an #if chain whose conditions select them, and an #else stops the
// compiler with an #error in any permutation that none selects.
//
// A region is grown, line by line, until the text of every permutation in
// it stands on its own between #if lines: its #if, #elif, #else and
// #endif lines balance, it neither starts nor ends inside a block comment
// or a directive continued with a backslash. The rewrite keeps every
// directive of a text it takes out (commentOut) and edits whole
// tokens, so the lines it touches usually balance at once; a region that
// cannot (it would reach the file's start or end) is refused, naming its
// line. Line numbers stay the user's: each branch starts with a #line for
// its first line, and a #line follows the chain.

// A MergeVariant is one permutation's part in a merge (Merge): its
// rewrite of the file, and the conditions that select it.
type MergeVariant struct {
	// Edits are the permutation's edits of the file (Edits).
	Edits []Edit
	// Rewrote lists the entry points this variant rewrote in any file.
	Rewrote []string
	// Guards gives the permutation guard of each entry point it rewrote
	// whose interface depends on macros.
	Guards map[string]string
	// Stage is the condition that selects the stage the variant is
	// compiled for, when the variants of each stage are listed apart
	// ("" when each variant compiles both).
	Stage string
	// Fallback selects the variant by what it defines, for an entry
	// point whose interface was seen to depend on no macro.
	Fallback string
}

// cond is the condition that selects v in a region of entries, and
// whether it holds a permutation guard. A variant that rewrote none of
// them (the other stage's) has the user's text there: its stage selects
// it.
func (v *MergeVariant) cond(entries []string) (string, bool) {
	var parts []string
	if v.Stage != "" {
		parts = append(parts, v.Stage)
	}
	owns, guarded := false, false
	for _, e := range entries {
		if !slices.Contains(v.Rewrote, e) {
			continue
		}
		owns = true
		if g := v.Guards[e]; g != "" && !slices.Contains(parts, g) {
			parts, guarded = append(parts, g), true
		}
	}
	if owns && !guarded && v.Fallback != "1" {
		parts = append(parts, v.Fallback)
	}
	if len(parts) == 0 {
		return "1", false
	}
	return strings.Join(parts, " && "), guarded
}

// Merge merges the rewrites of one file, name with contents src, by
// several permutations (see above) into one text. errorMsg gives the
// message of the #error of a region where the entry points entries are
// rewritten. Errors are an ir.ErrorList, positioned.
func Merge(name string, src []byte, vars []MergeVariant, errorMsg func(entries []string) string) ([]byte, error) {
	if len(vars) == 0 {
		return src, nil
	}
	ls := newLineIndex(src)
	var regions [][2]int
	blocks := map[int]bool{} // where a block's region starts
	for _, v := range vars {
		for _, e := range v.Edits {
			if e.Block {
				blocks[ls.start(e.Off)] = true
			}
			last := e.Off
			if e.End > e.Off {
				last = e.End - 1
			}
			regions = append(regions, [2]int{ls.start(e.Off), ls.endAfter(last)})
		}
	}
	regions = joinRegions(regions, blocks)
	// Grow every region until each variant's text in it stands alone.
	for changed := true; changed; {
		changed = false
		for i := range regions {
			r := &regions[i]
			up, down := ls.dirtyAt(r[0]), ls.dirtyAt(r[1])
			for _, v := range vars {
				u, d := cleanText(regionText(src, v.Edits, *r))
				up, down = up || u, down || d
			}
			if !up && !down {
				continue
			}
			if (up && r[0] == 0) || (down && r[1] == len(src)) {
				return nil, ir.ErrorList{ir.Errorf(ir.Pos{File: name, Line: ls.line(r[0]), Col: 1}, nil,
					"the variants edit these lines differently, and their #if lines, comments or continued lines do not balance around the edits: one source cannot hold the edits of every variant; rewrite the variants apart")}
			}
			if up {
				r[0] = ls.start(r[0] - 1)
			}
			if down {
				r[1] = ls.endAfter(r[1])
			}
			changed = true
		}
		if changed {
			regions = joinRegions(regions, blocks)
		}
	}
	var b strings.Builder
	at := 0
	for _, r := range regions {
		b.Write(src[at:r[0]])
		at = r[1]
		// The lines written around the variants' texts take the line end
		// of the region's first line, as the rewrite's own blocks do.
		nl := LineEnd(src, r[0])
		type branch struct {
			text  string
			conds []string
		}
		var branches []*branch
		var entries []string
		block, guarded := false, false
		for _, v := range vars {
			for _, e := range v.Edits {
				if inRegion(e, r) {
					block = block || e.Block
					if !slices.Contains(entries, e.Entry) {
						entries = append(entries, e.Entry)
					}
				}
			}
		}
		for i := range vars {
			v := &vars[i]
			text := regionText(src, v.Edits, r)
			c, g := v.cond(entries)
			guarded = guarded || (g && block)
			k := slices.IndexFunc(branches, func(br *branch) bool { return br.text == text })
			if k < 0 {
				branches = append(branches, &branch{text: text})
				k = len(branches) - 1
			}
			if !slices.Contains(branches[k].conds, c) {
				branches[k].conds = append(branches[k].conds, c)
			}
		}
		if len(branches) == 1 && !guarded {
			b.WriteString(branches[0].text)
			continue
		}
		first := LineDirective(name, ls.line(r[0])) + nl
		for n, br := range branches {
			kw := "#elif "
			if n == 0 {
				kw = "#if "
			}
			var parts []string
			for _, c := range br.conds {
				parts = append(parts, "("+c+")")
			}
			b.WriteString(kw + strings.Join(parts, " || ") + nl + first + br.text)
			if !strings.HasSuffix(br.text, "\n") {
				b.WriteString(nl) // the file's last line, without its line end
			}
		}
		b.WriteString("#else" + nl + "#error " + strconv.Quote(errorMsg(entries)) + nl + "#endif" + nl)
		if r[1] < len(src) {
			b.WriteString(LineDirective(name, ls.line(r[1])) + nl)
		}
	}
	b.Write(src[at:])
	return []byte(b.String()), nil
}

// joinRegions sorts regions and joins those that overlap or touch, but
// for a region that starts with an entry point's generated block: the
// lines of one function share an #if chain, the next function has its
// own.
func joinRegions(rs [][2]int, blocks map[int]bool) [][2]int {
	slices.SortFunc(rs, func(a, b [2]int) int { return a[0] - b[0] })
	var out [][2]int
	for _, r := range rs {
		if n := len(out); n > 0 && (r[0] < out[n-1][1] || (r[0] == out[n-1][1] && !blocks[r[0]])) {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out
}

// regionText is src[r[0]:r[1]] with the edits that fall in it.
func regionText(src []byte, edits []Edit, r [2]int) string {
	var b strings.Builder
	at := r[0]
	for _, e := range edits {
		if !inRegion(e, r) {
			continue
		}
		b.Write(src[at:e.Off])
		b.WriteString(e.Text)
		at = e.End
	}
	b.Write(src[at:r[1]])
	return b.String()
}

// inRegion says whether edit e falls in region r: an insertion at the
// region's end belongs to the region that starts there.
func inRegion(e Edit, r [2]int) bool {
	return e.Off >= r[0] && (e.End < r[1] || (e.End == r[1] && e.End > e.Off))
}

// cleanText says whether text (whole lines, starting outside any comment
// and directive) must grow upward (an #elif, #else or #endif whose #if is
// before it) or downward (an #if not closed in it, a block comment or a
// directive continued past its end) to stand between #if lines.
func cleanText(text string) (up, down bool) {
	depth := 0
	inComment, continued := false, false
	for line := range strings.Lines(text) {
		body := strings.TrimRight(line, "\r\n")
		wasContinued := continued
		continued = strings.HasSuffix(body, "\\")
		if !inComment && !wasContinued {
			if d, ok := strings.CutPrefix(strings.TrimLeft(body, " \t"), "#"); ok {
				switch directiveWord(d) {
				case "if", "ifdef", "ifndef":
					depth++
				case "elif", "else":
					if depth == 0 {
						up = true
					}
				case "endif":
					if depth == 0 {
						up = true
					} else {
						depth--
					}
				}
			}
		}
		inComment = scanComments(body, inComment)
	}
	return up, depth > 0 || inComment || continued
}

// directiveWord is the word after a directive's '#'.
func directiveWord(d string) string {
	d = strings.TrimLeft(d, " \t")
	n := 0
	for n < len(d) && (d[n] >= 'a' && d[n] <= 'z') {
		n++
	}
	return d[:n]
}

// scanComments returns whether a block comment is open at the end of line,
// given whether one was at its start. Strings and character literals are
// stepped over; a line comment ends the scan.
func scanComments(line string, inComment bool) bool {
	for i := 0; i < len(line); i++ {
		if inComment {
			if line[i] == '*' && i+1 < len(line) && line[i+1] == '/' {
				inComment = false
				i++
			}
			continue
		}
		switch line[i] {
		case '/':
			if i+1 < len(line) && line[i+1] == '/' {
				return false
			}
			if i+1 < len(line) && line[i+1] == '*' {
				inComment = true
				i++
			}
		case '"', '\'':
			q := line[i]
			for i++; i < len(line) && line[i] != q; i++ {
				if line[i] == '\\' {
					i++
				}
			}
		}
	}
	return inComment
}

// A lineIndex finds lines in a source.
type lineIndex struct {
	src    []byte
	starts []int // offset of each line's first byte
	// dirty[i]: line i starts inside a block comment or continues a line
	// ending with a backslash.
	dirty []bool
}

func newLineIndex(src []byte) *lineIndex {
	ls := &lineIndex{src: src, starts: []int{0}}
	for i, c := range src {
		if c == '\n' && i+1 < len(src) {
			ls.starts = append(ls.starts, i+1)
		}
	}
	ls.dirty = make([]bool, len(ls.starts)+1)
	inComment := false
	for i, s := range ls.starts {
		end := len(src)
		if i+1 < len(ls.starts) {
			end = ls.starts[i+1]
		}
		body := strings.TrimRight(string(src[s:end]), "\r\n")
		inComment = scanComments(body, inComment)
		ls.dirty[i+1] = inComment || strings.HasSuffix(body, "\\")
	}
	return ls
}

// lineOf is the index of the line holding offset off.
func (ls *lineIndex) lineOf(off int) int {
	i, found := slices.BinarySearch(ls.starts, off)
	if !found {
		i--
	}
	return i
}

// start is the offset of the start of off's line.
func (ls *lineIndex) start(off int) int {
	if off >= len(ls.src) {
		return len(ls.src)
	}
	return ls.starts[ls.lineOf(off)]
}

// endAfter is the offset after the end of off's line (its line end
// included).
func (ls *lineIndex) endAfter(off int) int {
	if off >= len(ls.src) {
		return len(ls.src)
	}
	if i := ls.lineOf(off) + 1; i < len(ls.starts) {
		return ls.starts[i]
	}
	return len(ls.src)
}

// line is the 1-based number of the line starting at off.
func (ls *lineIndex) line(off int) int {
	if off >= len(ls.src) {
		return len(ls.starts) + 1
	}
	return ls.lineOf(off) + 1
}

// dirtyAt says whether the line starting at off begins inside a block
// comment or a continued line.
func (ls *lineIndex) dirtyAt(off int) bool {
	if off >= len(ls.src) {
		return false
	}
	return ls.dirty[ls.lineOf(off)]
}
