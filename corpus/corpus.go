// Package corpus holds shpack's own HLSL corpus: small shader files written
// for this project, each covering a feature or an error of the pipeline,
// with golden outputs under testdata/ (one per strategy) that the tests in
// cmd/shpack compare against, and that the benchmarks run over.
//
// A file may start with comment lines "// shpack: ARGS" giving the command-line
// flags it is packed with (for example --struct=NAME or --mix-color).
// Files whose name starts with "err_" are expected to fail.
package corpus

import (
	"bufio"
	"bytes"
	"embed"
	"io/fs"
	"strings"
)

//go:embed *.hlsl *.fx
var files embed.FS

// FS returns the corpus files (the HLSL sources only).
func FS() fs.FS { return files }

// Names returns the corpus file names in lexical order.
func Names() []string {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		panic("corpus: " + err.Error()) // the embedded directory always reads
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// Args returns the flags a corpus file asks for in its "// shpack:" lines.
func Args(src []byte) []string {
	var args []string
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "// shpack:"); ok {
			args = append(args, strings.Fields(rest)...)
			continue
		}
		if !strings.HasPrefix(line, "//") {
			break
		}
	}
	return args
}

// ExpectError reports whether a corpus file is expected to fail.
func ExpectError(name string) bool { return strings.HasPrefix(name, "err_") }
