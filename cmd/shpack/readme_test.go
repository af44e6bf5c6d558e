package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// The documentation, checked: every example of README.md and docs/*.md
// runs as written (docs/errors.md's run in TestCatalogue), every relative
// link resolves, the README stays a guide that fits in 300 lines and shows
// the recipes docs/build.md holds, docs/cli.md is the command and flag
// tables printed, and docs/ names every flag the help prints.

// A docBlock is one fenced code block of a Markdown file.
type docBlock struct {
	file  string // from the repository's root: README.md, docs/build.md
	line  int    // line of the opening fence
	info  string // the fence's info string ("make file=Makefile")
	lines []string
}

// docBlocks returns every fenced code block of a Markdown file of the
// repository (a path from its root).
func docBlocks(t *testing.T, rel string) []docBlock {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(testenv.Root(t), filepath.FromSlash(rel)))
	require.NoError(t, err)
	var blocks []docBlock
	var cur *docBlock
	for i, line := range strings.Split(string(src), "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &docBlock{file: rel, line: i + 1, info: strings.TrimPrefix(line, "```")}
		case cur != nil && line == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, line)
		}
	}
	require.Nil(t, cur, "%s: a code block is not closed", rel)
	return blocks
}

// docFiles are the Markdown files of the documentation, from the
// repository's root: README.md, then docs/*.md in order.
func docFiles(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(testenv.Root(t), "docs", "*.md"))
	require.NoError(t, err)
	files := []string{"README.md"}
	for _, d := range docs {
		files = append(files, "docs/"+filepath.Base(d))
	}
	return files
}

// docSnippets returns the code blocks of a Markdown file that carry a file
// name ("```make file=Makefile"), by file name: the recipes the build
// tests run.
func docSnippets(t *testing.T, rel string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, b := range docBlocks(t, rel) {
		if name := infoAttr(b.info, "file"); name != "" {
			require.NotContains(t, out, name, "%s:%d: a second %s", rel, b.line, name)
			out[name] = strings.Join(b.lines, "\n") + "\n"
		}
	}
	return out
}

// infoAttr returns the value of key=VALUE in a fence's info string.
func infoAttr(info, key string) string {
	for _, f := range strings.Fields(info) {
		if v, ok := strings.CutPrefix(f, key+"="); ok {
			return v
		}
	}
	return ""
}

// docPictures are the pictures the documentation shows that its examples
// draw, by the file whose example draws them: the picture's path in the
// repository, and the file the example writes (-update copies it).
var docPictures = map[string][][2]string{
	"docs/signatures.md": {
		{"docs/map-centroid-apart.svg", "out/centroid_apart.svg"},
		{"docs/compare-corpus.svg", "out/compare.svg"},
	},
}

// TestDocExamples runs every example of README.md and docs/*.md exactly
// as written, as a reader would from a clone: a code block whose first
// line is "$ shpack ..." (continued with "\"), or "$ mkdir out", is run
// by sh in a folder where corpus/, check/ and docs/examples/ are the
// repository's, with the freshly built
// shpack on PATH and, as fxc, the stand-in compiler (internal/fxcstandin:
// it compiles as fxc lays out registers; no fxc runs here), and what it
// prints (stderr and stdout, in the order written) must be the rest of the
// block. The examples of one file run in order in one folder, so a later
// one reads what an earlier one wrote (into out/, which .gitignore lists
// and which an example makes, with --out-dir or "$ mkdir out", before
// another writes there with -o). A block "```hlsl excerpt=FILE" shows lines of a file an
// example wrote (or of the repository): they must appear in it in that
// order ("..." skips lines). The pictures the documents show are the ones
// their examples draw (-update rewrites them). docs/errors.md is
// TestCatalogue's.
func TestDocExamples(t *testing.T) {
	testenv.Heavy(t)
	testenv.LinuxTool(t, "sh", "every example of README.md and docs/ as written (sh runs its command line)")
	root := testenv.Root(t)
	bin := filepath.Dir(buildShpack(t))
	compilers := testenv.TempDir(t) // fxc alone: the compiler shpack fxc finds on PATH
	stand := standin(t)
	fxc := filepath.Join(compilers, filepath.Base(stand.fxc))
	require.NoError(t, os.Link(stand.fxc, fxc))
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "PATH" && k != "SHPACK_FXC" && k != "VKD3D_COMPILER" {
			env = append(env, kv)
		}
	}
	env = append(env, "PATH="+strings.Join([]string{bin, compilers, os.Getenv("PATH")}, string(os.PathListSeparator)))

	total := 0
	for _, file := range docFiles(t) {
		if file == "docs/errors.md" {
			continue
		}
		t.Run(file, func(t *testing.T) {
			work := testenv.TempDir(t)
			require.NoError(t, os.Mkdir(filepath.Join(work, "docs"), 0o755))
			for _, d := range []string{"corpus", "check", "docs/examples"} {
				require.NoError(t, os.Symlink(filepath.Join(root, filepath.FromSlash(d)), filepath.Join(work, filepath.FromSlash(d))))
			}
			for _, b := range docBlocks(t, file) {
				if len(b.lines) > 0 && (strings.HasPrefix(b.lines[0], "$ shpack") || b.lines[0] == "$ mkdir out") {
					total++
					cmdLine, want := exampleCommand(b.lines)
					cmd := exec.Command("sh", "-c", cmdLine)
					cmd.Dir, cmd.Env = work, env
					var got bytes.Buffer
					cmd.Stdout, cmd.Stderr = &got, &got
					err := cmd.Run()
					assert.Equal(t, want, got.String(), "%s:%d: %s", file, b.line, cmdLine)
					if !strings.Contains(want, ": error: ") && !strings.Contains(want, "): error ") {
						assert.NoError(t, err, "%s:%d: %s: an example without errors exits 0", file, b.line, cmdLine)
					}
				}
				if excerpt := infoAttr(b.info, "excerpt"); excerpt != "" {
					content, err := os.ReadFile(filepath.Join(work, excerpt))
					if assert.NoError(t, err, "%s:%d: the excerpt's file (an example before it writes it, or the repository holds it)", file, b.line) {
						assertExcerpt(t, b, strings.Split(string(content), "\n"))
					}
				}
			}
			for _, p := range docPictures[file] {
				drawn, err := os.ReadFile(filepath.Join(work, p[1]))
				require.NoError(t, err, "%s: an example draws %s", file, p[1])
				testenv.Golden(t, filepath.Join(root, filepath.FromSlash(p[0])), drawn, *update)
			}
		})
	}
	assert.GreaterOrEqual(t, total, 25, "the documents' examples were found")
}

// exampleCommand splits an example block into its command line (the
// "$ " line and its "\" continuations, joined as sh joins them) and the
// output it shows.
func exampleCommand(lines []string) (cmdLine, want string) {
	var cmd strings.Builder
	i := 0
	for ; i < len(lines); i++ {
		l := lines[i]
		if i == 0 {
			l = strings.TrimPrefix(l, "$ ")
		}
		if cont, ok := strings.CutSuffix(l, "\\"); ok {
			cmd.WriteString(cont)
			continue
		}
		cmd.WriteString(l)
		i++
		break
	}
	if i < len(lines) {
		want = strings.Join(lines[i:], "\n") + "\n"
	}
	return strings.Join(strings.Fields(cmd.String()), " "), want
}

// assertExcerpt checks that the block's lines appear in content in order,
// each as a whole line; a line "..." stands for any number of lines, and
// "..." in a line for any text.
func assertExcerpt(t *testing.T, b docBlock, content []string) {
	t.Helper()
	at := 0
	for _, l := range b.lines {
		if strings.TrimSpace(l) == "..." {
			continue
		}
		j := slices.IndexFunc(content[at:], excerptLine(l))
		if !assert.GreaterOrEqual(t, j, 0, "%s:%d: %q is not in the file (after line %d)", b.file, b.line, l, at) {
			return
		}
		at += j + 1
	}
}

// excerptLine returns a matcher of a file's line against an excerpt's.
func excerptLine(l string) func(string) bool {
	if !strings.Contains(l, "...") {
		return func(s string) bool { return s == l }
	}
	parts := strings.Split(l, "...")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	re := regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
	return re.MatchString
}

// TestREADMEIsAGuide: the README fits in 300 lines, a first screen that
// leads to the reference in docs/; the recipes it shows (```ninja
// file=...) are those of docs/build.md, which the build tests run.
func TestREADMEIsAGuide(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(testenv.Root(t), "README.md"))
	require.NoError(t, err)
	assert.LessOrEqual(t, strings.Count(string(src), "\n"), 300, "README.md is a guide; the reference goes in docs/")
	recipes := docSnippets(t, "docs/build.md")
	shown := docSnippets(t, "README.md")
	require.NotEmpty(t, shown, "the README shows a recipe")
	for name, body := range shown {
		assert.Equal(t, recipes[name], body, "README.md's %s is docs/build.md's", name)
	}
}

// mdLink matches a Markdown link or image: [text](target) and ![alt](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocLinks: every relative link of README.md and docs/*.md names a
// file the repository holds, and a #fragment a heading of that file (as
// GitHub makes its anchors). Links inside code blocks are code.
func TestDocLinks(t *testing.T) {
	root := testenv.Root(t)
	anchors := map[string]map[string]bool{}
	anchorsOf := func(rel string) map[string]bool {
		if a, ok := anchors[rel]; ok {
			return a
		}
		a := map[string]bool{}
		src, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		for _, h := range headings(string(src)) {
			a[githubAnchor(h)] = true
		}
		anchors[rel] = a
		return a
	}
	links := 0
	for _, file := range docFiles(t) {
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
		require.NoError(t, err)
		for i, line := range proseLines(string(src)) {
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				links++
				path, frag, _ := strings.Cut(target, "#")
				rel := file
				if path != "" {
					rel = filepath.ToSlash(filepath.Join(filepath.Dir(file), path))
					_, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
					assert.NoError(t, err, "%s:%d: the link %s names no file of the repository", file, i+1, target)
				}
				if frag != "" && strings.HasSuffix(rel, ".md") {
					assert.True(t, anchorsOf(rel)[frag], "%s:%d: the link %s names no heading of %s", file, i+1, target, rel)
				}
			}
		}
	}
	assert.Greater(t, links, 20, "the documents' links were found")
}

// proseLines returns the lines of a Markdown file with the lines of code
// blocks blanked, so that line numbers stay.
func proseLines(src string) []string {
	lines := strings.Split(src, "\n")
	in := false
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			in = !in
			lines[i] = ""
			continue
		}
		if in {
			lines[i] = ""
		}
	}
	return lines
}

// headings returns the text of a Markdown file's headings (# to ######).
func headings(src string) []string {
	var hs []string
	for _, l := range proseLines(src) {
		if strings.HasPrefix(l, "#") {
			if h := strings.TrimLeft(l, "#"); strings.HasPrefix(h, " ") {
				hs = append(hs, strings.TrimSpace(h))
			}
		}
	}
	return hs
}

// githubAnchor is the fragment GitHub gives a heading: lower case, spaces
// as '-', and only letters, digits, '-' and '_' kept.
func githubAnchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		}
	}
	return b.String()
}

// flagMention matches a flag name in help text or a table cell.
var flagMention = regexp.MustCompile("(?:^|[\\s,`(\\[])(--?[a-zA-Z][-a-zA-Z]*)")

// commandFlags runs every command with --help and returns the flags its
// flag sets define, by command ("FILE" is shpack FILE), and the help
// texts it printed.
func commandFlags(t *testing.T) (flags map[string][]string, helpText map[string]string) {
	flags, helpText = map[string][]string{}, map[string]string{}
	for _, c := range commandTable {
		name, args := c.title(), []string{"help", c.name}
		if c.name == "" {
			name, args = "FILE", []string{"--help"}
		}
		var stdout bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: io.Discard}
		require.Equal(t, exitOK, e.run(args), "%v", args)
		helpText[name] = stdout.String()
		if c.name != "" { // help COMMAND makes no flag set: --help does
			e = &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
			require.Equal(t, exitOK, e.run([]string{c.name, "--help"}), "%s --help", c.name)
		}
		for _, fs := range e.flagSets {
			fs.VisitAll(func(f *flag.Flag) { flags[name] = append(flags[name], f.Name) })
		}
		require.NotEmpty(t, flags[name], name)
	}
	return flags, helpText
}

// TestHelpNamesEveryFlag checks that each command's help names every flag
// the command takes.
func TestHelpNamesEveryFlag(t *testing.T) {
	flags, helpText := commandFlags(t)
	for c, names := range flags {
		mentioned := map[string]bool{}
		for _, m := range flagMention.FindAllStringSubmatch(helpText[c], -1) {
			mentioned[strings.TrimLeft(m[1], "-")] = true
		}
		for _, n := range names {
			assert.True(t, mentioned[n], "shpack help %s does not name -%s", c, n)
		}
	}
}

// TestDocsNameEveryFlag: every flag that shpack help COMMAND prints, of
// every command, is named in docs/ (docs/cli.md names them all, as the
// help spells them: -o, --vs-entry).
func TestDocsNameEveryFlag(t *testing.T) {
	var docs strings.Builder
	for _, f := range docFiles(t) {
		if strings.HasPrefix(f, "docs/") {
			b, err := os.ReadFile(filepath.Join(testenv.Root(t), filepath.FromSlash(f)))
			require.NoError(t, err)
			docs.Write(b)
		}
	}
	named := map[string]bool{}
	for _, m := range flagMention.FindAllStringSubmatch(docs.String(), -1) {
		named[m[1]] = true
	}
	flags, helpText := commandFlags(t)
	for c, names := range flags {
		for _, n := range names {
			assert.True(t, named[dashed(n)], "docs/ does not name %s, a flag of %s", dashed(n), c)
		}
		for _, m := range flagMention.FindAllStringSubmatch(helpText[c], -1) {
			assert.True(t, named[m[1]], "docs/ does not name %s, which shpack help %s prints", m[1], c)
		}
	}
}

// TestCLIReference: docs/cli.md is the command and flag tables printed
// (cliReference); -update writes it.
func TestCLIReference(t *testing.T) {
	testenv.Golden(t, filepath.Join(testenv.Root(t), "docs", "cli.md"), []byte(cliReference()), *update)
}

// cliReference prints docs/cli.md from commandTable and flagTable: the
// commands, which command takes which flag, then each command's help as
// shpack help COMMAND prints it, its flags in tables by section.
func cliReference() string {
	var b strings.Builder
	b.WriteString(`# shpack command-line reference

<!-- Made from the command and flag tables of cmd/shpack (cli.go) by
go test ./cmd/shpack -run TestCLIReference -update: edit those, not this. -->

Every command and every flag, as ` + "`shpack help COMMAND`" + ` prints them.
Flags may come before or after the files; ` + "`--name=value`" + ` and ` + "`--name value`" + `
are one, and ` + "`-name`" + ` is ` + "`--name`" + `. Exit status: 0 success, 1 errors in the
input (nothing is written), 2 a bad command line. Messages, with inputs that
produce them: [errors.md](errors.md).

## Commands

| command | what it does |
|---|---|
`)
	for _, c := range commandTable {
		usage, _, _ := strings.Cut(c.usage, "\n")
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s |\n", strings.ReplaceAll(strings.Join(strings.Fields("shpack "+c.name+" "+usage), " "), "|", `\|`), githubAnchor(c.refTitle()), mdCell(c.summary))
	}
	b.WriteString("| `shpack help [COMMAND]` | print a command's help (also `COMMAND --help`) |\n")
	b.WriteString("| `shpack version` | print the version shpack was built as (also `--version`) |\n")
	b.WriteString("\n## Flags\n\nWhich command takes which flag (`FILE` is `shpack FILE`):\n\n| flag | commands |\n|---|---|\n")
	for _, d := range flagTable {
		var by []string
		for _, c := range commandTable {
			if slices.Contains(c.takes(), d.name) {
				by = append(by, "["+c.title()+"](#"+githubAnchor(c.refTitle())+")")
			}
		}
		if len(by) == len(commandTable) {
			by = []string{"every command"}
		}
		fmt.Fprintf(&b, "| `%s` | %s |\n", dashed(d.name), strings.Join(by, ", "))
	}
	for _, c := range commandTable {
		fmt.Fprintf(&b, "\n## %s\n\n```text\n", c.refTitle())
		for i, u := range strings.Split(c.usage, "\n") {
			word := "Usage:"
			if i > 0 {
				word = "      "
			}
			fmt.Fprintf(&b, "%s %s\n", word, strings.Join(strings.Fields("shpack "+c.name+" "+u), " "))
		}
		b.WriteString("\n" + strings.TrimRight(c.about, "\n") + "\n```\n")
		section := ""
		for _, name := range c.takes() {
			d := defOf(name)
			if d.section != section {
				section = d.section
				fmt.Fprintf(&b, "\n%s:\n\n| flag | meaning |\n|---|---|\n", section)
			}
			value, text := c.flagHelp(name)
			left := dashed(name)
			switch {
			case len(name) > 1 && value != "":
				left += "=" + value
			case value != "":
				left += " " + value
			}
			fmt.Fprintf(&b, "| `%s` | %s |\n", strings.ReplaceAll(left, "|", `\|`), mdCell(text))
		}
		if c.after != "" {
			b.WriteString("\n```text\n" + strings.TrimRight(c.after, "\n") + "\n```\n")
		}
	}
	return b.String()
}

// refTitle is a command's heading in docs/cli.md: "shpack rewrite",
// "shpack FILE".
func (c *command) refTitle() string {
	if c.name == "" {
		return c.title()
	}
	return "shpack " + c.title()
}

// mdCell escapes text for a Markdown table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "<", "&lt;", ">", "&gt;", "*", `\*`).Replace(s)
}
