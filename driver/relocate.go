package driver

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/shpack/shpack/rewrite"
)

// relocateOutputs makes each output that goes into another folder than
// its source find the includes its source found in its own folder
// (rewrite.Relocate): the README's recipes write into a build folder,
// and an output that still says #include "common.fxh" compiles there no
// more. paths are where the outputs will be written, by source ("" or
// "-": standard output, or not known; the output is left as it is).
func relocateOutputs(srcs []Source, outputs [][]byte, paths []string) {
	for i := range outputs {
		if i < len(paths) && i < len(srcs) {
			outputs[i] = relocate(srcs[i].Name, outputs[i], paths[i])
		}
	}
}

// relocate is relocateOutputs for one output.
func relocate(name string, text []byte, out string) []byte {
	if name == "" || name == "-" || out == "" || out == "-" {
		return text
	}
	from, err := filepath.Abs(filepath.Dir(name))
	if err != nil {
		return text
	}
	to, err := filepath.Abs(filepath.Dir(out))
	if err != nil || sameFolder(from, to) {
		return text
	}
	return rewrite.Relocate(text, func(inc string) string {
		p := inc
		if filepath.Separator == '/' {
			p = strings.ReplaceAll(p, `\`, "/") // as the preprocessor opens it
		}
		if filepath.IsAbs(p) || filepath.VolumeName(p) != "" {
			return ""
		}
		found, ok := findFolded(from, p)
		if !ok {
			return "" // from an -I folder, which the build still passes
		}
		rel, err := filepath.Rel(to, found)
		if err != nil {
			rel = found // another drive: the absolute path
		}
		rel = filepath.ToSlash(rel)
		if strings.Contains(inc, `\`) {
			rel = strings.ReplaceAll(rel, "/", `\`) // as the user spells them
		}
		return rel
	})
}

// sameFolder reports whether two absolute folders are one, whatever
// links or letter case reach them.
func sameFolder(a, b string) bool {
	if a == b {
		return true
	}
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// findFolded finds the file that name, relative to folder from, names as
// the preprocessor finds an include: each part of the name as the disk
// spells it, the same name first, else one that differs only in letter
// case (Windows finds those, and shpack does everywhere). The path it
// returns spells the parts as the disk does, on every platform, so that
// an output's includes are the same bytes wherever it was made and name
// the files as a case-sensitive compiler needs them.
func findFolded(from, name string) (string, bool) {
	path := from
	parts := strings.Split(filepath.ToSlash(name), "/")
	for i, part := range parts {
		switch part {
		case "", ".":
			continue
		case "..":
			path = filepath.Dir(path)
			continue
		}
		entries, err := os.ReadDir(path)
		if err != nil {
			return "", false
		}
		last := i == len(parts)-1
		match := ""
		for _, e := range entries {
			isDir := e.IsDir()
			if e.Type()&fs.ModeSymlink != 0 { // a link: what it names
				st, err := os.Stat(filepath.Join(path, e.Name()))
				isDir = err == nil && st.IsDir()
			}
			if isDir == last {
				continue
			}
			if e.Name() == part {
				match = part
				break
			}
			if match == "" && strings.EqualFold(e.Name(), part) {
				match = e.Name()
			}
		}
		if match == "" {
			return "", false
		}
		path = filepath.Join(path, match)
	}
	return path, true
}
