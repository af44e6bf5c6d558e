package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// A catalogueEntry is one example of docs/errors.md: the files of a section
// and the commands run on them, with their expected stderr and exit status.
type catalogueEntry struct {
	title    string
	line     int
	files    map[string]string
	commands []catalogueCommand
}

type catalogueCommand struct {
	args   []string
	stderr string
	exit   int
	// from, to are the file's lines (1-based, to exclusive) of the
	// expected stderr, which -update rewrites.
	from, to int
}

// readCatalogue splits docs/errors.md into entries: a "###" heading starts
// one; "```hlsl file=NAME" blocks are its files; "```console" blocks hold
// "$ shpack ARGS", the expected stderr lines, and "exit N".
func readCatalogue(t *testing.T, path string) []catalogueEntry {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var entries []catalogueEntry
	var cur *catalogueEntry
	sc := bufio.NewScanner(f)
	lineNo := 0
	next := func() (string, bool) {
		ok := sc.Scan()
		lineNo++
		return sc.Text(), ok
	}
	for {
		line, ok := next()
		if !ok {
			break
		}
		switch {
		case strings.HasPrefix(line, "### "):
			entries = append(entries, catalogueEntry{title: line[4:], line: lineNo, files: map[string]string{}})
			cur = &entries[len(entries)-1]
		case strings.HasPrefix(line, "```") && strings.Contains(line, "file="):
			require.NotNil(t, cur, "%s:%d: file outside an entry", path, lineNo)
			name := line[strings.Index(line, "file=")+5:]
			var body strings.Builder
			for {
				l, ok := next()
				require.True(t, ok, "unterminated block")
				if l == "```" {
					break
				}
				body.WriteString(l + "\n")
			}
			cur.files[name] = body.String()
		case line == "```console":
			require.NotNil(t, cur, "%s:%d: command outside an entry", path, lineNo)
			var cmd catalogueCommand
			var stderr []string
			for {
				l, ok := next()
				require.True(t, ok, "unterminated block")
				if l == "```" {
					break
				}
				switch {
				case strings.HasPrefix(l, "$ shpack"):
					// Arguments are split at spaces; the catalogue uses no quoting.
					cmd.args = strings.Fields(strings.TrimPrefix(l, "$ shpack"))
					cmd.from = lineNo + 1
				case strings.HasPrefix(l, "exit "):
					cmd.exit, err = strconv.Atoi(l[5:])
					require.NoError(t, err)
					cmd.to = lineNo
				default:
					stderr = append(stderr, l)
				}
			}
			if len(stderr) > 0 {
				cmd.stderr = strings.Join(stderr, "\n") + "\n"
			}
			cur.commands = append(cur.commands, cmd)
		}
	}
	require.NoError(t, sc.Err())
	return entries
}

// TestCatalogue runs every example of docs/errors.md. With -update it
// writes what each command printed into the file instead (review the
// diff).
func TestCatalogue(t *testing.T) {
	path := filepath.Join(testenv.Root(t), "docs", "errors.md")
	entries := readCatalogue(t, path)
	require.NotEmpty(t, entries)
	got := map[int]catalogueCommand{} // by from line, with the stderr printed
	if *update {
		defer func() { rewriteCatalogue(t, path, got) }()
	}
	for _, en := range entries {
		t.Run(en.title, func(t *testing.T) {
			require.NotEmpty(t, en.commands, "docs/errors.md:%d: an entry needs a console block", en.line)
			dir := testenv.TempDir(t)
			for name, body := range en.files {
				p := filepath.Join(dir, name)
				require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
				require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
			}
			t.Chdir(dir)
			for _, c := range en.commands {
				for _, a := range c.args {
					if strings.HasPrefix(a, "/dev/") {
						testenv.LinuxOnly(t, a+", a Linux device,", "what shpack "+strings.Join(c.args, " ")+" prints")
					}
				}
				code, stdout, stderr := shpackRun(c.args...)
				if *update {
					c.stderr = stderr
					got[c.from] = c
					continue
				}
				assert.Equal(t, c.exit, code, "docs/errors.md:%d: shpack %s", en.line, strings.Join(c.args, " "))
				assert.Equal(t, localWords(c.args).Replace(c.stderr), stderr, "docs/errors.md:%d: shpack %s", en.line, strings.Join(c.args, " "))
				if c.exit != 0 {
					assert.Empty(t, stdout, "nothing on stdout when a run fails")
				}
			}
		})
	}
}

// localWords turns what the catalogue shows, Linux's output, into this
// system's (on Linux it changes nothing): the words the system has for a
// failed call (ENOENT, ENOTDIR: "File not found.", "Path not found."
// under Wine), and the separator of the names --out-dir=DIR makes, DIR
// and the input's name joined as paths are.
func localWords(args []string) *strings.Replacer {
	pairs := []string{
		": no such file or directory", ": " + syscall.ENOENT.Error(),
		": not a directory", ": " + syscall.ENOTDIR.Error(),
	}
	for _, a := range args {
		if dir, ok := strings.CutPrefix(a, "--out-dir="); ok {
			pairs = append(pairs, " "+dir+"/", " "+dir+string(filepath.Separator))
		}
	}
	return strings.NewReplacer(pairs...)
}

// rewriteCatalogue replaces the expected stderr of every command with what
// it printed.
func rewriteCatalogue(t *testing.T, path string, got map[int]catalogueCommand) {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(data), "\n")
	var out strings.Builder
	for i := 0; i < len(lines); i++ {
		c, ok := got[i+1]
		if !ok {
			out.WriteString(lines[i])
			continue
		}
		out.WriteString(c.stderr)
		out.WriteString(lines[c.to-1]) // the exit line
		i = c.to - 1
	}
	require.NoError(t, os.WriteFile(path, []byte(out.String()), 0o644))
}
