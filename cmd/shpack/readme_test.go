package main

import (
	"bytes"
	"flag"
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

// readmeBlock is one fenced code block of README.md.
type readmeBlock struct {
	line  int    // line of the opening fence
	info  string // the fence's info string ("make file=Makefile")
	lines []string
}

// readmeBlocks returns every fenced code block of README.md.
func readmeBlocks(t *testing.T) []readmeBlock {
	src, err := os.ReadFile(filepath.Join(testenv.Root(t), "README.md"))
	require.NoError(t, err)
	var blocks []readmeBlock
	var cur *readmeBlock
	for i, line := range strings.Split(string(src), "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &readmeBlock{line: i + 1, info: strings.TrimPrefix(line, "```")}
		case cur != nil && line == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, line)
		}
	}
	require.Nil(t, cur, "README.md: a code block is not closed")
	return blocks
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

// TestREADMEExamples runs every example of README.md exactly as written:
// a code block whose first line is "$ shpack ..." (continued with "\")
// is run by sh in a directory where corpus/ is the project's corpus and
// ../shared the shared tree, with the freshly built shpack on PATH, and
// what it prints (stderr and stdout, in the order written) must be the
// rest of the block. A block "```hlsl excerpt=FILE" shows lines of a file
// an example wrote (or of the corpus): they must appear in it in that
// order ("..." skips lines). The pictures the README shows are the ones
// its examples draw (-update rewrites them).
func TestREADMEExamples(t *testing.T) {
	testenv.Heavy(t)
	testenv.LinuxTool(t, "sh", "every example of README.md as written (sh runs its command line)")
	root := testenv.Root(t)
	bin := filepath.Dir(buildShpack(t))

	// base/work is the examples' directory: base/shared is ../shared.
	base := testenv.TempDir(t)
	work := filepath.Join(base, "work")
	require.NoError(t, os.MkdirAll(filepath.Join(work, "docs"), 0o755))
	require.NoError(t, os.Symlink(filepath.Join(root, "corpus"), filepath.Join(work, "corpus")))
	require.NoError(t, os.Symlink(filepath.Join(filepath.Dir(root), "shared"), filepath.Join(base, "shared")))
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	examples := 0
	for _, b := range readmeBlocks(t) {
		if len(b.lines) > 0 && strings.HasPrefix(b.lines[0], "$ shpack") {
			examples++
			cmdLine, want := exampleCommand(b.lines)
			t.Run(cmdLine, func(t *testing.T) {
				cmd := exec.Command("sh", "-c", cmdLine)
				cmd.Dir = work
				cmd.Env = env
				var got bytes.Buffer
				cmd.Stdout, cmd.Stderr = &got, &got
				err := cmd.Run()
				assert.Equal(t, want, got.String(), "README.md:%d: %s", b.line, cmdLine)
				if !strings.Contains(want, ": error: ") {
					assert.NoError(t, err, "README.md:%d: an example without errors exits 0", b.line)
				}
			})
		}
		if file := infoAttr(b.info, "excerpt"); file != "" {
			t.Run("excerpt "+file, func(t *testing.T) {
				content, err := os.ReadFile(filepath.Join(work, file))
				require.NoError(t, err, "README.md:%d: the excerpt's file (an example before it writes it)", b.line)
				assertExcerpt(t, b, strings.Split(string(content), "\n"))
			})
		}
	}
	assert.GreaterOrEqual(t, examples, 8, "the README's examples were found")
	// The README's register map is the one its example draws.
	m, err := os.ReadFile(filepath.Join(work, "centroid_apart.svg"))
	require.NoError(t, err)
	testenv.Golden(t, filepath.Join(root, "docs", "map-centroid-apart.svg"), m, *update)
	svg, err := os.ReadFile(filepath.Join(work, "docs", "compare-corpus-real.svg"))
	require.NoError(t, err)
	testenv.Golden(t, filepath.Join(root, "docs", "compare-corpus-real.svg"), svg, *update)
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
func assertExcerpt(t *testing.T, b readmeBlock, content []string) {
	at := 0
	for _, l := range b.lines {
		if strings.TrimSpace(l) == "..." {
			continue
		}
		j := slices.IndexFunc(content[at:], excerptLine(l))
		if !assert.GreaterOrEqual(t, j, 0, "README.md:%d: %q is not in the file (after line %d)", b.line, l, at) {
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

// flagMention matches a flag name in help text or a README table cell.
var flagMention = regexp.MustCompile("(?:^|[\\s,`(\\[])(--?[a-zA-Z][-a-zA-Z]*)")

// commandFlags runs every command with --help and returns the flags its
// flag sets define, by command ("FILE" is shpack FILE), and the help
// texts it printed.
func commandFlags(t *testing.T) (flags map[string][]string, helpText map[string]string) {
	flags, helpText = map[string][]string{}, map[string]string{}
	for _, c := range []string{"FILE", "rewrite", "repack", "link", "list", "compare"} {
		args := []string{c, "--help"}
		if c == "FILE" {
			args = args[1:]
		}
		var stdout bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: io.Discard}
		require.Equal(t, exitOK, e.run(args), "%v", args)
		helpText[c] = stdout.String()
		for _, fs := range e.flagSets {
			fs.VisitAll(func(f *flag.Flag) { flags[c] = append(flags[c], f.Name) })
		}
		require.NotEmpty(t, flags[c], c)
	}
	return flags, helpText
}

// TestHelpNamesEveryFlag checks that each command's --help names every
// flag the command takes.
func TestHelpNamesEveryFlag(t *testing.T) {
	flags, helpText := commandFlags(t)
	for c, names := range flags {
		mentioned := map[string]bool{}
		for _, m := range flagMention.FindAllStringSubmatch(helpText[c], -1) {
			mentioned[strings.TrimLeft(m[1], "-")] = true
		}
		for _, n := range names {
			assert.True(t, mentioned[n], "%s --help does not name -%s", c, n)
		}
	}
}

// TestREADMEFlagTable checks the README's table of flags ("| flag |
// commands | meaning |") against the flag sets: every flag of every
// command is listed with that command, and nothing else is. "every" in
// the commands column names all of them; --help and --version, which the
// flag package and the dispatcher answer, are not in the flag sets.
func TestREADMEFlagTable(t *testing.T) {
	flags, _ := commandFlags(t)
	want := map[string]bool{}
	for c, names := range flags {
		for _, n := range names {
			want[c+" -"+n] = true
		}
	}
	src, err := os.ReadFile(filepath.Join(testenv.Root(t), "README.md"))
	require.NoError(t, err)
	got := map[string]bool{}
	in := false
	commandWord := regexp.MustCompile(`\b(FILE|rewrite|repack|link|list|compare|every)\b`)
	for _, line := range strings.Split(string(src), "\n") {
		if line == "| flag | commands | meaning |" {
			in = true
			continue
		}
		if !in || line == "|---|---|---|" {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(strings.ReplaceAll(line, `\|`, ""), "|")
		require.GreaterOrEqual(t, len(cells), 4, line)
		var cmds []string
		for _, m := range commandWord.FindAllString(cells[2], -1) {
			if m == "every" {
				cmds = append(cmds, "FILE", "rewrite", "repack", "link", "list", "compare")
			} else {
				cmds = append(cmds, m)
			}
		}
		for _, m := range flagMention.FindAllStringSubmatch(cells[1], -1) {
			n := strings.TrimLeft(m[1], "-")
			if n == "help" || n == "version" {
				continue
			}
			for _, c := range cmds {
				got[c+" -"+n] = true
			}
		}
	}
	require.True(t, in, "README.md has a table headed | flag | commands | meaning |")
	for k := range want {
		assert.True(t, got[k], "the README's flag table does not list %s", k)
	}
	for k := range got {
		assert.True(t, want[k], "the README's flag table lists %s, which the command does not take", k)
	}
}
