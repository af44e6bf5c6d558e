package pp

import (
	"path/filepath"
	"runtime"
	"strings"
)

// How an included file is named. Every inclusion has two names
// (IncludeCtx): the one it is displayed by, spelled as the user typed it,
// and the one it was opened by, which this system's file functions take.
//
// The display name is the including file's folder as its own display
// name spells it, joined with the #include's name as written, the way fxc
// names files in __FILE__ and its messages:
//
//   - the folder is the including name up to its last separator, '/' or
//     '\' on every system; a name without one has no folder, and the
//     #include's name stands alone;
//   - an absolute name ("/x", "\x", "C:\x"; on Windows "C:x" too) stands
//     alone;
//   - the joined name is cleaned of "." and ".." and of repeated
//     separators, lexically, as filepath.Clean would, but each separator
//     that stays is the one the user typed after that element: "Shaders/"
//     with "..\Common\Lighting.fxh" is "Common\Lighting.fxh";
//   - an include directory is the folder as given; when it does not end
//     with a separator, the one put between it and the name is its own
//     last separator, else the name's first, else this system's.
//
// The opened name is this system's: the folder the including file was
// opened in (or the include directory) joined by filepath.Join with the
// #include's name, whose '\' are '/' on systems whose separator is '/';
// on a case-sensitive file system, a name that differs from the disk's
// only in letter case is opened by the disk's spelling (see readFileFold).

// windows says whether this system is Windows: drive letters name
// folders, and names differ from the disk's in letter case only where
// the file system folds case itself.
const windows = runtime.GOOS == "windows"

// isSep reports whether c separates the folders of a name as an #include
// writes it: '/' and '\' alike on every system, as fxc reads them.
func isSep(c byte) bool { return c == '/' || c == '\\' }

// driveLen returns 2 if name starts with a drive letter and a colon, 0
// otherwise.
func driveLen(name string) int {
	if len(name) >= 2 && name[1] == ':' && 'a' <= name[0]|0x20 && name[0]|0x20 <= 'z' {
		return 2
	}
	return 0
}

// isAbsName reports whether an #include's name is searched nowhere but
// where it says: it starts with a separator, or a drive letter and a
// separator ("C:\x", a Windows path on every system), or on Windows a
// drive letter (elsewhere "g:h.fxh" is a file's name).
func isAbsName(name string) bool {
	d := driveLen(name)
	return name != "" && isSep(name[0]) || d > 0 && (windows || len(name) > d && isSep(name[d]))
}

// displayDir returns the folder of a display name, with its last
// separator ("dir/" for "dir/m.fx"), or on Windows its drive ("C:" for
// "C:m.fx"), or "" for a name without either.
func displayDir(name string) string {
	for i := len(name) - 1; i >= 0; i-- {
		if isSep(name[i]) {
			return name[:i+1]
		}
	}
	if windows {
		return name[:driveLen(name)]
	}
	return ""
}

// displayJoin returns the display name of #include name found in folder
// dir (a displayDir, or an include directory as given).
func displayJoin(dir, name string) string {
	if dir == "" || isAbsName(name) {
		return cleanDisplay(name)
	}
	if isSep(dir[len(dir)-1]) || len(dir) == driveLen(dir) {
		return cleanDisplay(dir + name)
	}
	sep := byte(filepath.Separator)
	if i := strings.LastIndexAny(dir, `/\`); i >= 0 {
		sep = dir[i]
	} else if i := strings.IndexAny(name, `/\`); i >= 0 {
		sep = name[i]
	}
	return cleanDisplay(dir + string(sep) + name)
}

// cleanDisplay cleans a display name as filepath.Clean would, lexically,
// keeping the separator the name has after each element that stays (see
// above); two separators that start a name without a drive (a network
// path) stay.
func cleanDisplay(name string) string {
	type elem struct {
		s   string
		sep byte // the separator that followed it, 0 at the end
	}
	root := driveLen(name)
	switch {
	case root == 0 && len(name) >= 2 && isSep(name[0]) && isSep(name[1]):
		root = 2
	case root < len(name) && isSep(name[root]):
		root++
	}
	rooted := root > driveLen(name)
	var elems []elem
	for i := root; i < len(name); {
		j := i
		for j < len(name) && !isSep(name[j]) {
			j++
		}
		e := elem{s: name[i:j]}
		if j < len(name) {
			e.sep = name[j]
		}
		for j < len(name) && isSep(name[j]) {
			j++
		}
		i = j
		switch {
		case e.s == "" || e.s == ".":
		case e.s == ".." && len(elems) > 0 && elems[len(elems)-1].s != "..":
			elems = elems[:len(elems)-1]
		case e.s == ".." && rooted:
		default:
			elems = append(elems, e)
		}
	}
	if len(elems) == 0 {
		if root == 0 {
			return "."
		}
		return name[:root]
	}
	var b strings.Builder
	b.Grow(len(name))
	b.WriteString(name[:root])
	for k, e := range elems {
		b.WriteString(e.s)
		if k < len(elems)-1 {
			b.WriteByte(e.sep)
		}
	}
	return b.String()
}

// hostName returns an #include's name (or an include directory) as this
// system's paths spell it: on a system whose separator is '/', a '\' is
// one too.
func hostName(name string) string {
	if filepath.Separator == '/' {
		return strings.ReplaceAll(name, `\`, "/")
	}
	return name
}

// dirForMessage returns a folder of the search as a message lists it:
// without its last separator, "." for none.
func dirForMessage(dir string) string {
	if dir == "" {
		return "."
	}
	for len(dir) > 1 && isSep(dir[len(dir)-1]) && dir[len(dir)-2] != ':' {
		dir = dir[:len(dir)-1]
	}
	return dir
}
